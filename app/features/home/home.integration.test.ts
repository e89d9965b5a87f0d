import { describe, expect, it } from "vitest";

import { loader as catchAllLoader } from "~/features/courses/catch-all";
import { loader as specialCourseLoader } from "~/features/courses/course";
import { courses } from "~/features/courses/courses.seed";
import { homeHref } from "~/features/home/home-data";
import { loader as homeLoader } from "~/features/home/page";

import { args, getRequest, payload, statusOf } from "../../../tests/support/route-calls";

function home(pathname: string) {
  return payload(homeLoader(args(getRequest(pathname))));
}

/** Runs a loader expected to throw, and returns what it threw. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("the loader did not throw");
}

describe("home loader", () => {
  it("with no query: featured block with Educação Física first and badges, the Educação tab, 12 of 29 polos", () => {
    const data = home("/");
    expect(data.catalogue.results).toBeNull();
    expect(data.catalogue.featured.map((c: { id: number }) => c.id)).toEqual([12, 13, 1, 2, 28, 51, 58, 72, 73]);
    expect(
      data.catalogue.featured.filter((c: { scholarshipBadge: boolean }) => c.scholarshipBadge).map((c: { id: number }) => c.id),
    ).toEqual([12, 13]);
    expect(data.catalogue.area).toBe("Educação");
    expect(data.catalogue.areaCourses.every((c: { area: string }) => c.area === "Educação")).toBe(true);
    expect(data.catalogue.areaCourses).toHaveLength(courses.filter((c) => c.area === "Educação").length);
    expect(data.catalogue.areas).toHaveLength(10);
    expect(data.polos.visible).toHaveLength(12);
    expect(data.polos.total).toBe(29);
    expect(data.polos.hidden).toBe(17);
    // The countdown comes from the studio's home content (seeded: the campaign's deadline, never a
    // passed date); the server's clock is sent for the first render.
    expect(new Date(data.home.countdown.view.endsAt).getTime()).toBeGreaterThan(data.home.countdown.now);
    expect(typeof data.home.countdown.now).toBe("number");
    // No course descriptions in the page data: the catalogue stays light.
    expect(JSON.stringify(data)).not.toContain("description");
  });

  it("answers a search term (accent- and case-insensitive) and a nonsense term", () => {
    const found = home("/?q=EDUCACAO%20fisica");
    expect(found.catalogue.term).toBe("EDUCACAO fisica");
    expect(found.catalogue.results.map((c: { name: string }) => c.name)).toEqual([
      "Educação Física - Licenciatura",
      "Educação Física - Bacharelado",
    ]);
    expect(found.catalogue.featured).toEqual([]);

    const none = home("/?q=qwertyzz");
    expect(none.catalogue.results).toEqual([]);
  });

  it("switches the area tab by slug or name, falling back to Educação", () => {
    expect(home("/?area=saude").catalogue.area).toBe("Saúde");
    expect(home("/?area=Sa%C3%BAde").catalogue.area).toBe("Saúde");
    expect(home("/?area=tecnologia").catalogue.areaCourses.map((c: { name: string }) => c.name)).toContain(
      "Análise e Desenvolvimento de Sistemas",
    );
    expect(home("/?area=%3Cscript%3E").catalogue.area).toBe("Educação");
  });

  it("searches polos by location and shows all with polos=todos", () => {
    expect(home("/?polos=todos").polos.visible).toHaveLength(29);
    const bh = home("/?polo=belo%20horizonte");
    expect(bh.polos.visible.map((p: { location: string }) => p.location)).toEqual([
      "Belo Horizonte - Centro - MG",
      "Belo Horizonte - Savassi - MG",
      "Belo Horizonte - Barreiro - MG",
      "Belo Horizonte - Venda Nova - MG",
    ]);
    expect(home("/?polo=zzzz").polos.total).toBe(0);
    // 'MG' matches 17 polos: the first 12 are shown until 'Ver todos os polos'.
    const mg = home("/?polo=mg");
    expect(mg.polos.visible).toHaveLength(12);
    expect(mg.polos.total).toBe(17);
    expect(home("/?polo=mg&polos=todos").polos.visible).toHaveLength(17);
  });

  it("builds links that keep the rest of the page state", () => {
    expect(homeHref({ area: "Saúde", polo: "natal" }, "cursos-por-area")).toBe("/?area=saude&polo=natal#cursos-por-area");
    expect(homeHref({ area: "Educação", allPolos: true }, "onde-estudar")).toBe("/?polos=todos#onde-estudar");
    expect(homeHref({})).toBe("/");
  });
});

describe("course page loaders", () => {
  it("every course url of the catalogue resolves to a page", () => {
    for (const course of courses) {
      const result = course.url.startsWith("/cursos/")
        ? specialCourseLoader(args(getRequest(course.url), { slug: course.url.slice("/cursos/".length) }))
        : catchAllLoader(args(getRequest(course.url), { "*": course.url.slice(1) }));
      const { page } = payload(result);
      expect(page.variants.map((v: { name: string }) => v.name)).toContain(course.name);
    }
  });

  it("renders the course data: area, modality, duration, related courses", () => {
    const { page } = payload(catchAllLoader(args(getRequest("/enfermagem"), { "*": "enfermagem" })));
    expect(page.title).toBe("Enfermagem");
    expect(page.areas).toEqual(["Saúde"]);
    expect(page.modalities).toEqual(["Presencial"]);
    expect(page.durations).toEqual(["5 anos"]);
    expect(page.related).toHaveLength(4);
    expect(page.related.every((c: { area: string }) => c.area === "Saúde")).toBe(true);
    expect(page.related.map((c: { name: string }) => c.name)).not.toContain("Enfermagem");
  });

  it("/educacaofisica shows both formations; Publicidade e Propaganda both areas", () => {
    const ef = payload(catchAllLoader(args(getRequest("/educacaofisica"), { "*": "educacaofisica" }))).page;
    expect(ef.title).toBe("Educação Física");
    expect(ef.description).toMatch(/^Educação Física em 2 formações à sua escolha: Licenciatura ou Bacharelado\./);
    expect(ef.variants.map((v: { name: string }) => v.name)).toEqual([
      "Educação Física - Licenciatura",
      "Educação Física - Bacharelado",
    ]);
    const pp = payload(catchAllLoader(args(getRequest("/publicidade-e-propaganda"), { "*": "publicidade-e-propaganda" }))).page;
    expect(pp.areas).toEqual(["Negócios", "Comunicação"]);
    expect(pp.variants).toHaveLength(1);
  });

  it("the four /cursos/ pages resolve", () => {
    for (const [slug, name] of [
      ["administracao", "Administração"],
      ["agronegocio", "Agronegócio"],
      ["analise-desenvolvimento", "Análise e Desenvolvimento de Sistemas"],
      ["biomedicina", "Biomedicina"],
    ]) {
      const { page } = payload(specialCourseLoader(args(getRequest(`/cursos/${slug}`), { slug })));
      expect(page.title).toBe(name);
    }
  });

  it("unknown paths throw a 404", () => {
    for (const path of ["nao-existe", "enfermagem/extra", "cursos/enfermagem/x", ""]) {
      expect(statusOf(thrown(() => catchAllLoader(args(getRequest(`/${path}`), { "*": path }))))).toBe(404);
    }
    expect(statusOf(thrown(() => specialCourseLoader(args(getRequest("/cursos/xyz"), { slug: "xyz" }))))).toBe(404);
    expect(statusOf(thrown(() => specialCourseLoader(args(getRequest("/cursos/constructor"), { slug: "constructor" }))))).toBe(
      404,
    );
  });

  it("/cursos/<another course> redirects to that course's page", () => {
    const error = thrown(() => specialCourseLoader(args(getRequest("/cursos/enfermagem"), { slug: "enfermagem" })));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(301);
    expect((error as Response).headers.get("Location")).toBe("/enfermagem");
  });
});
