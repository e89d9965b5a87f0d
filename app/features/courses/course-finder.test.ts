import { describe, expect, it } from "vitest";

import { COURSE_AREAS, courses } from "~/features/courses/courses.seed";
import {
  ANY,
  durationBucketOf,
  durationYears,
  filterCourses,
  finderHref,
  finderOptions,
  finderStep,
  parseFinderAnswers,
  uniqueCourses,
} from "~/features/courses/finder";

const sample = [
  { name: "Enfermagem", area: "Saúde", modality: "Semipresencial", duration: "5 anos", url: "/enfermagem" },
  { name: "Estética", area: "Saúde", modality: "EAD", duration: "2 anos", url: "/estetica" },
  { name: "Pedagogia", area: "Educação", modality: "EAD", duration: "4 anos", url: "/pedagogia" },
  { name: "Gestão Comercial", area: "Negócios", modality: "EAD", duration: "2.5 anos", url: "/gestao-comercial" },
  { name: "Publicidade e Propaganda", area: "Negócios", modality: "EAD", duration: "4 anos", url: "/pp" },
  { name: "Publicidade e Propaganda", area: "Comunicação", modality: "EAD", duration: "4 anos", url: "/pp" },
  { name: "Direito", area: "Direito e Segurança", modality: "Presencial", duration: "5 anos", url: "/direito" },
  { name: "Ciência Política", area: "Direito e Segurança", modality: "EAD", duration: "3 anos", url: "/cp" },
];
const areas = ["Saúde", "Educação", "Negócios", "Comunicação", "Direito e Segurança", "Turismo"];

describe("durations", () => {
  it("reads the catalogue's duration texts", () => {
    expect(durationYears("4 anos")).toBe(4);
    expect(durationYears("2.5 anos")).toBe(2.5);
    expect(durationYears("2,5 anos")).toBe(2.5);
    expect(durationYears("sem duração")).toBeNaN();
  });
  it("puts each duration in one bucket", () => {
    const durations = ["2 anos", "2.5 anos", "3 anos", "4 anos", "5 anos", "???"];
    expect(durations.map(durationBucketOf)).toEqual(["ate-2-5", "ate-2-5", "3-a-4", "3-a-4", "5", undefined]);
  });
  it("covers every course of the real catalogue", () => {
    for (const course of courses) expect(durationBucketOf(course.duration), course.name).toBeDefined();
  });
});

describe("parseFinderAnswers", () => {
  it("keeps known values and 'qualquer'", () => {
    const answers = parseFinderAnswers(new URLSearchParams("area=Saúde&modalidade=EAD&duracao=5"), areas);
    expect(answers).toEqual({ area: "Saúde", modalidade: "EAD", duracao: "5" });
    expect(parseFinderAnswers(new URLSearchParams("area=qualquer"), areas)).toEqual({ area: ANY });
  });
  it("accepts an area typed without accents or in another case", () => {
    expect(parseFinderAnswers(new URLSearchParams("area=saude&modalidade=semipresencial"), areas)).toEqual({
      area: "Saúde",
      modalidade: "Semipresencial",
    });
  });
  it("drops unknown or tampered values", () => {
    expect(parseFinderAnswers(new URLSearchParams("area=Astrologia&modalidade=<script>&duracao=99"), areas)).toEqual({});
    expect(parseFinderAnswers(new URLSearchParams("area=Sa"), areas)).toEqual({});
  });
});

describe("finderStep", () => {
  it("asks the questions in order", () => {
    expect(finderStep({})).toBe("area");
    expect(finderStep({ area: "Saúde" })).toBe("modalidade");
    expect(finderStep({ area: "Saúde", modalidade: ANY })).toBe("duracao");
    expect(finderStep({ area: ANY, modalidade: ANY, duracao: ANY })).toBe("resultado");
    expect(finderStep({ modalidade: "EAD", duracao: "5" })).toBe("area");
  });
});

describe("filterCourses", () => {
  it("filters by area, modality and duration together", () => {
    const names = (list: { name: string }[]) => list.map((c) => c.name);
    expect(names(filterCourses(sample, { area: "Saúde" }))).toEqual(["Enfermagem", "Estética"]);
    expect(names(filterCourses(sample, { area: "Saúde", modalidade: "EAD" }))).toEqual(["Estética"]);
    expect(names(filterCourses(sample, { area: ANY, modalidade: "EAD", duracao: "3-a-4" }))).toEqual([
      "Pedagogia",
      "Publicidade e Propaganda",
      "Publicidade e Propaganda",
      "Ciência Política",
    ]);
    expect(names(filterCourses(sample, { area: "Direito e Segurança", modalidade: ANY, duracao: "5" }))).toEqual(["Direito"]);
  });
  it("returns everything for 'qualquer' or no answers, nothing for an impossible mix", () => {
    expect(filterCourses(sample, { area: ANY, modalidade: ANY, duracao: ANY })).toHaveLength(sample.length);
    expect(filterCourses(sample, {})).toHaveLength(sample.length);
    expect(filterCourses(sample, { area: "Turismo" })).toEqual([]);
  });
  it("finds real courses in the catalogue", () => {
    const saude = filterCourses(courses, { area: "Saúde", modalidade: ANY, duracao: ANY });
    expect(saude.length).toBeGreaterThan(3);
    expect(saude.every((c) => c.area === "Saúde")).toBe(true);
    expect(saude.map((c) => c.name)).toContain("Enfermagem");
  });
});

describe("finderOptions", () => {
  it("counts courses per option given the earlier answers and leaves out empty options", () => {
    const area = finderOptions(sample, {}, "area", areas);
    expect(area.map((o) => [o.value, o.count])).toEqual([
      ["Saúde", 2],
      ["Educação", 1],
      ["Negócios", 2],
      ["Comunicação", 1],
      ["Direito e Segurança", 2],
      [ANY, sample.length],
    ]);
    const modality = finderOptions(sample, { area: "Saúde", duracao: "5" }, "modalidade", areas);
    expect(modality.map((o) => [o.value, o.count])).toEqual([
      ["Semipresencial", 1],
      ["EAD", 1],
      [ANY, 2],
    ]);
    const duration = finderOptions(sample, { area: "Saúde", modalidade: "EAD" }, "duracao", areas);
    expect(duration.map((o) => [o.value, o.count])).toEqual([
      ["ate-2-5", 1],
      [ANY, 1],
    ]);
  });
  it("never leads to an empty result in the real catalogue", () => {
    for (const area of finderOptions(courses, {}, "area", COURSE_AREAS)) {
      for (const modalidade of finderOptions(courses, { area: area.value }, "modalidade", COURSE_AREAS)) {
        for (const duracao of finderOptions(
          courses,
          { area: area.value, modalidade: modalidade.value },
          "duracao",
          COURSE_AREAS,
        )) {
          const found = filterCourses(courses, { area: area.value, modalidade: modalidade.value, duracao: duracao.value });
          expect(found.length).toBe(duracao.count);
          expect(found.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe("helpers", () => {
  it("builds the finder URL in question order", () => {
    expect(finderHref({})).toBe("/curso-id");
    expect(finderHref({ area: "Saúde", modalidade: "EAD" })).toBe("/curso-id?area=Sa%C3%BAde&modalidade=EAD");
  });
  it("shows a course listed in two areas once", () => {
    expect(uniqueCourses(sample).filter((c) => c.name === "Publicidade e Propaganda")).toHaveLength(1);
  });
});
