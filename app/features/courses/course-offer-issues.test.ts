import { describe, expect, it } from "vitest";

import { ACT_INCOMPLETE_MESSAGE, EVALUATION_INCOMPLETE_MESSAGE, offerIssues } from "~/features/courses/course-offer";

const EMPTY = { actType: "", actNumber: "", actDate: "", evaluationKind: "", evaluationGrade: "", evaluationYear: "" };

describe("a course's offer: the act and the evaluation are given whole or not at all", () => {
  it("nothing given, or both groups whole: no issue", () => {
    expect(offerIssues(EMPTY)).toEqual([]);
    expect(
      offerIssues({
        actType: "Reconhecimento",
        actNumber: "123",
        actDate: "01/02/2020",
        evaluationKind: "CPC",
        evaluationGrade: "4",
        evaluationYear: "2023",
      }),
    ).toEqual([]);
  });

  it("a half-filled group: each of its empty fields gets the group's message, the act's first", () => {
    expect(offerIssues({ ...EMPTY, actNumber: "123", evaluationGrade: "4" })).toEqual([
      { path: "actType", message: ACT_INCOMPLETE_MESSAGE },
      { path: "actDate", message: ACT_INCOMPLETE_MESSAGE },
      { path: "evaluationKind", message: EVALUATION_INCOMPLETE_MESSAGE },
      { path: "evaluationYear", message: EVALUATION_INCOMPLETE_MESSAGE },
    ]);
  });
});
