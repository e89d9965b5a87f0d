import { describe, expect, it } from "vitest";

import { answersJson, countAnswered, decodeAnswers, encodeAnswers, mergePostedAnswers } from "~/features/vocational/answers";
import { dominantLetter, genericProfileName, scoreProfile, tallyAnswers } from "~/features/vocational/scoring";

/** 20 answers from a pattern like { A: 5, B: 5, C: 5, D: 5 } (in that order of question ids). */
function answersOf(counts: Partial<Record<string, number>>) {
  const answers: Record<number, string> = {};
  let id = 1;
  for (const [letter, count] of Object.entries(counts)) for (let i = 0; i < (count ?? 0); i++) answers[id++] = letter;
  return answers;
}

describe("scoring", () => {
  it("picks the most frequent letter and maps it to its result page", () => {
    expect(scoreProfile(answersOf({ A: 8, B: 4, C: 4, D: 4 }))).toBe("saude");
    expect(scoreProfile(answersOf({ A: 2, B: 10, C: 4, D: 4 }))).toBe("negocios");
    expect(scoreProfile(answersOf({ A: 2, B: 3, C: 11, D: 4 }))).toBe("tecnologia");
    expect(scoreProfile(answersOf({ A: 1, B: 1, C: 1, D: 17 }))).toBe("criatividade");
  });

  it("resolves ties in the order A, B, C, D", () => {
    expect(dominantLetter(answersOf({ A: 5, B: 5, C: 5, D: 5 }))).toBe("A");
    expect(dominantLetter(answersOf({ A: 2, B: 6, C: 6, D: 6 }))).toBe("B");
    expect(dominantLetter(answersOf({ D: 7, C: 7, A: 3, B: 3 }))).toBe("C");
    expect(dominantLetter(answersOf({ A: 4, D: 8, B: 8 }))).toBe("B");
  });

  it("counts only the letters A to D", () => {
    const answers = { 1: "D", 2: "E", 3: "E", 4: "E", 5: "a", 6: "x", 7: "", 8: null, 9: 3, 10: "AB" };
    expect(tallyAnswers(answers)).toEqual({ A: 0, B: 0, C: 0, D: 1 });
    expect(scoreProfile(answers)).toBe("criatividade");
    expect(scoreProfile({ 1: "E", 2: "Z" })).toBeNull();
    expect(scoreProfile({})).toBeNull();
  });

  it("names the generic profiles Humano, Gestor, Analítico, Criativo", () => {
    expect(genericProfileName(answersOf({ A: 20 }))).toBe("Humano");
    expect(genericProfileName(answersOf({ B: 20 }))).toBe("Gestor");
    expect(genericProfileName(answersOf({ C: 20 }))).toBe("Analítico");
    expect(genericProfileName(answersOf({ D: 20 }))).toBe("Criativo");
    expect(genericProfileName({})).toBeNull();
  });
});

describe("answers in the session", () => {
  it("packs 20 answers into 20 characters and back, dropping anything that is not A-D", () => {
    const packed = encodeAnswers({ 1: "A", 2: "B", 20: "D" });
    expect(packed).toBe("AB" + "-".repeat(17) + "D");
    expect(decodeAnswers(packed)).toEqual({ 1: "A", 2: "B", 20: "D" });
    expect(decodeAnswers("AEzC")).toEqual({ 1: "A", 4: "C" });
    expect(decodeAnswers(42)).toEqual({});
    expect(countAnswered(decodeAnswers("ABCDABCDABCDABCDABCD"))).toBe(20);
  });

  it("merges only the posted page's questions with valid letters", () => {
    const form = new FormData();
    form.set("q1", "C");
    form.set("q2", "E");
    form.set("q6", "A"); // not on this page
    expect(mergePostedAnswers({ 2: "B", 3: "D" }, form, [1, 2, 3, 4, 5])).toEqual({ 1: "C", 2: "B", 3: "D" });
  });

  it("stores the answers as JSON keyed by question id", () => {
    expect(JSON.parse(answersJson({ 1: "A", 3: "C" }))).toEqual({ "1": "A", "3": "C" });
  });
});
