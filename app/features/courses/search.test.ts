import { describe, expect, it } from "vitest";

import { COURSE_AREAS, courses, findCoursesByUrl, findSpecialCourse } from "~/features/courses/courses.seed";
import { polos } from "~/features/polos/polos.seed";

import { cleanTerm, coursesInArea, featuredCourses, pagePolos, parseArea, searchCourses, searchPolos } from "./search";

const names = (list: { name: string }[]) => list.map((c) => c.name);

describe("course content", () => {
  it("has 80 courses with ids 1-80 (77 graduações, then one per other level), valid areas and the spec's facts", () => {
    expect(courses).toHaveLength(80);
    expect(courses.map((c) => c.id)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    const graduacoes = courses.filter((c) => c.level === "Graduação");
    expect(graduacoes.map((c) => c.id)).toEqual(Array.from({ length: 77 }, (_, i) => i + 1));
    expect(courses.slice(77).map((c) => [c.level, c.monthlyPrice])).toEqual([
      ["Pós-graduação", 79.9],
      ["Técnico", 89.9],
      ["Profissionalizante", 69.9],
    ]);
    for (const c of courses) {
      expect(COURSE_AREAS).toContain(c.area);
      expect(["Presencial", "Semipresencial", "EAD"]).toContain(c.modality);
      expect(c.url).toMatch(/^\/[a-z0-9/-]+$/);
      expect(c.image).toMatch(/^\/images\//);
    }
    for (const c of graduacoes) expect(c.duration).toMatch(/^(2|2,5|3|4|5) anos$/);
    expect(new Set(graduacoes.map((c) => c.duration))).toEqual(new Set(["2 anos", "2,5 anos", "3 anos", "4 anos", "5 anos"]));
    for (const area of COURSE_AREAS) expect(coursesInArea(courses, area).length).toBeGreaterThan(0);
    expect(courses.filter((c) => c.featured).map((c) => c.id)).toEqual([1, 2, 12, 13, 28, 51, 58, 72, 73]);
    expect(names(findCoursesByUrl("/educacaofisica"))).toEqual([
      "Educação Física - Licenciatura",
      "Educação Física - Bacharelado",
    ]);
    expect(courses.filter((c) => c.name === "Publicidade e Propaganda").map((c) => c.area)).toEqual(["Negócios", "Comunicação"]);
    expect(findCoursesByUrl("/administracao-nova")[0]?.name).toBe("Administração");
    expect(findCoursesByUrl("/Enfermagem/")[0]?.name).toBe("Enfermagem");
    expect(findCoursesByUrl("/nao-existe")).toEqual([]);
    expect(findSpecialCourse("agronegocio")?.url).toBe("/cursos/agronegocio");
    expect(findSpecialCourse("administracao")?.name).toBe("Administração");
    expect(findSpecialCourse("toString")).toBeUndefined();
  });

  it("has 29 polos, each with a state suffix and a phone", () => {
    expect(polos).toHaveLength(29);
    for (const p of polos) {
      expect(p.location).toMatch(/ - (MG|MS|RN|MT)$/);
      expect(p.phone).toMatch(/^\(\d{2}\) \d{4,5}-\d{4}$/);
    }
  });
});

describe("searchCourses", () => {
  it("is case-insensitive on the name", () => {
    expect(names(searchCourses(courses, "ENFERMAGEM"))).toEqual(["Enfermagem"]);
    expect(names(searchCourses(courses, "direito"))).toContain("Direito");
  });

  it("ignores accents in the term and in the data", () => {
    expect(names(searchCourses(courses, "educacao fisica"))).toEqual([
      "Educação Física - Licenciatura",
      "Educação Física - Bacharelado",
    ]);
    expect(names(searchCourses(courses, "EDUCAÇÃO FÍSICA"))).toHaveLength(2);
    const saude = searchCourses(courses, "saude");
    expect(saude.length).toBeGreaterThanOrEqual(coursesInArea(courses, "Saúde").length);
    expect(saude.map((c) => c.name)).toContain("Gestão em Saúde Pública");
    expect(names(searchCourses(courses, "nutricao"))).toEqual(["Nutrição"]);
  });

  it("matches the area", () => {
    const result = searchCourses(courses, "Meio Ambiente");
    expect(result.map((c) => c.area).every((a) => a === "Meio Ambiente")).toBe(true);
    expect(result).toHaveLength(coursesInArea(courses, "Meio Ambiente").length);
  });

  it("matches the format of offer", () => {
    const blended = searchCourses(courses, "semipresencial");
    expect(blended.length).toBe(courses.filter((c) => c.modality === "Semipresencial").length);
    // 'presencial' is in 'Presencial' and 'Semipresencial'
    expect(searchCourses(courses, "presencial")).toHaveLength(courses.filter((c) => c.modality !== "EAD").length);
    expect(searchCourses(courses, "ead")).toHaveLength(courses.filter((c) => c.modality === "EAD").length);
  });

  it("is a substring match, and finds nothing for nonsense", () => {
    expect(names(searchCourses(courses, "jornal"))).toEqual(["Jornalismo"]);
    expect(searchCourses(courses, "xyzzy123")).toEqual([]);
  });

  it("with no term gives Educação Física first, then the other featured courses", () => {
    for (const empty of ["", "   ", "\n"]) {
      const result = searchCourses(courses, empty);
      expect(result.map((c) => c.id)).toEqual([12, 13, 1, 2, 28, 51, 58, 72, 73]);
    }
    expect(featuredCourses(courses)[0]?.name).toMatch(/^Educação Física/);
  });

  it("cleans the term", () => {
    expect(cleanTerm("  engenharia   civil ")).toBe("engenharia civil");
    expect(cleanTerm(null)).toBe("");
    expect(cleanTerm("a".repeat(500))).toHaveLength(80);
    expect(names(searchCourses(courses, "  engenharia   civil "))).toEqual(["Engenharia Civil"]);
  });
});

describe("parseArea", () => {
  it("accepts slugs and names, and falls back to Educação", () => {
    expect(parseArea("saude")).toBe("Saúde");
    expect(parseArea("Saúde")).toBe("Saúde");
    expect(parseArea("direito-seguranca")).toBe("Direito e Segurança");
    expect(parseArea("Direito e Segurança")).toBe("Direito e Segurança");
    expect(parseArea("meio-ambiente")).toBe("Meio Ambiente");
    expect(parseArea(null)).toBe("Educação");
    expect(parseArea("qualquer")).toBe("Educação");
  });
});

describe("searchPolos and pagePolos", () => {
  it("searches the location only, case- and accent-insensitive", () => {
    expect(searchPolos(polos, "belo horizonte")).toHaveLength(4);
    expect(searchPolos(polos, "CUIABA").map((p) => p.location)).toEqual(["Cuiabá - Centro - MT"]);
    expect(searchPolos(polos, " - rn")).toHaveLength(4);
    expect(searchPolos(polos, "mossoró")).toHaveLength(1);
    // phones are not searched
    expect(searchPolos(polos, "3000-0101")).toEqual([]);
    expect(searchPolos(polos, "")).toHaveLength(29);
    expect(searchPolos(polos, "atlantida")).toEqual([]);
  });

  it("shows the first 12, or all", () => {
    const first = pagePolos(polos, false);
    expect(first.visible).toHaveLength(12);
    expect(first.visible[0]).toEqual(polos[0]);
    expect(first.total).toBe(29);
    expect(first.hidden).toBe(17);
    const all = pagePolos(polos, true);
    expect(all.visible).toHaveLength(29);
    expect(all.hidden).toBe(0);
    const few = pagePolos(searchPolos(polos, "natal"), false);
    expect(few.visible).toHaveLength(2);
    expect(few.hidden).toBe(0);
    expect(pagePolos([], false)).toEqual({ visible: [], total: 0, hidden: 0 });
  });
});
