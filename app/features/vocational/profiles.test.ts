import { describe, expect, it } from "vitest";

import { courseFor, courses } from "~/features/courses/courses.seed";
import { GENERIC_PROFILES, RESULT_PAGES, RESULT_SLUGS } from "~/features/vocational/profiles.seed";
import { QUESTION_CATEGORIES, QUESTION_PAGES, QUESTIONS, questionsOfPage } from "~/features/vocational/questions.seed";
import { LETTER_PROFILE, LETTERS } from "~/features/vocational/scoring";

describe("questions", () => {
  it("has 20 questions, ids 1-20, 4 categories of 5, options A-D, 5 per page over 4 pages", () => {
    expect(QUESTIONS.map((q) => q.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const category of QUESTION_CATEGORIES) {
      expect(QUESTIONS.filter((q) => q.categoryId === category.id)).toHaveLength(5);
    }
    for (const q of QUESTIONS) expect(Object.keys(q.options)).toEqual([...LETTERS]);
    expect(QUESTION_PAGES).toBe(4);
    expect(questionsOfPage(4).map((q) => q.id)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe("profiles and recommended courses", () => {
  it("has a result page for every spec profile and for every scored letter", () => {
    expect(Object.keys(RESULT_PAGES).sort()).toEqual([...RESULT_SLUGS].sort());
    for (const slug of Object.values(LETTER_PROFILE)) expect(RESULT_PAGES[slug]).toBeDefined();
  });

  it("recommends six courses per page (saúde: its 8 + 4 + 4 groups), each resolving to a catalogue course page", () => {
    const catalogueUrls = new Set(courses.map((c) => c.url));
    expect(RESULT_PAGES.saude.recommended).toBeUndefined();
    expect(RESULT_PAGES.saude.groups).toBeDefined();
    for (const page of Object.values(RESULT_PAGES)) {
      if (page.slug === "saude") continue;
      expect(page.recommended, page.slug).toHaveLength(6);
      expect(new Set(page.recommended).size).toBe(6);
      for (const id of page.recommended ?? []) {
        const course = courseFor(id);
        expect(catalogueUrls.has(course.url)).toBe(true);
        expect(course.url).toMatch(/^\/[a-z0-9/-]+$/);
      }
    }
  });

  it("groups the health and business catalogues as 8 + 4 + 4", () => {
    for (const slug of ["saude", "negocios"] as const) {
      const groups = RESULT_PAGES[slug].groups!;
      expect(groups.graduacao).toHaveLength(8);
      expect(groups.tecnicos).toHaveLength(4);
      expect(groups.profissionalizantes).toHaveLength(4);
      for (const id of groups.graduacao) expect(courseFor(id).url).toBeTruthy();
    }
  });

  it("gives each generic profile 8 catalogue courses", () => {
    for (const profile of Object.values(GENERIC_PROFILES)) {
      expect(profile.courses, profile.key).toHaveLength(8);
      for (const id of profile.courses) expect(courseFor(id).url).toBeTruthy();
    }
    expect(Object.values(GENERIC_PROFILES).map((p) => p.key)).toEqual(["Saude", "Gestor", "Tecnologia", "Criativo"]);
  });

  it("throws for a course id that is not in the catalogue", () => {
    expect(() => courseFor(9999)).toThrow();
  });
});
