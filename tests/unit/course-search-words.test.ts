import { describe, expect, it } from "vitest";

import { searchCourses } from "~/lib/courses/search";
import { courses } from "~/seed/courses";

describe("the finder understands the words visitors use for a format", () => {
  it("'híbrido' finds the Semipresencial courses, 'online' and 'a distância' the EAD ones", () => {
    const hybrid = searchCourses(courses, "híbrido");
    expect(hybrid.length).toBeGreaterThan(0);
    expect(new Set(hybrid.map((course) => course.modality))).toEqual(new Set(["Semipresencial"]));
    expect(searchCourses(courses, "Hibrido")).toEqual(hybrid);

    const online = searchCourses(courses, "online");
    expect(online.length).toBeGreaterThan(0);
    expect(new Set(online.map((course) => course.modality))).toEqual(new Set(["EAD"]));
    expect(searchCourses(courses, "a distância")).toEqual(online);
    expect(searchCourses(courses, "EAD")).toEqual(online);
  });

  it("a course's own name still finds it, and a word of no format adds nothing", () => {
    expect(searchCourses(courses, "Direito").map((course) => course.name)).toContain("Direito");
    expect(searchCourses(courses, "xyzzy")).toEqual([]);
  });
});
