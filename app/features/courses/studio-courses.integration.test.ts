import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";

import { loader as coursePathLoader } from "~/features/courses/catch-all";
import { loader as specialLoader } from "~/features/courses/course";
import {
  activeCourseCount,
  activePoloCount,
  coursesContent,
  PATH_TAKEN_MESSAGE,
  polosContent,
  resultCourses,
} from "~/features/courses/courses.server";
import { loader as homeLoader } from "~/features/home/page";
import { enrolmentChoices } from "~/features/leads/forms/enrolment.server";
import { action as editAction, loader as editLoader } from "~/features/studio/../courses/studio-course";
import { loader as listLoader } from "~/features/studio/../courses/studio-list";
import { action as newAction } from "~/features/studio/../courses/studio-new";
import { action as polosAction } from "~/features/studio/../polos/studio";
import { getEntry } from "~/features/studio/store.server";
import { contentWarnings } from "~/features/studio/warnings.server";
import { config } from "~/platform/config.server";

import { courseForm } from "../../../tests/support/course-form";
import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { expectStaleSave } from "../../../tests/support/saved-content";
import { insertLeads } from "../../../tests/support/seed";
import { signedInStaff } from "../../../tests/support/staff-login";

describe("studio: Cursos and Polos", () => {
  let cookie = "";
  const edit = (id: string, fields: Record<string, string | string[]>) =>
    settle(() => editAction(args(formRequest(`/admin/conteudo/cursos/${id}`, fields, { cookie }), { curso: id })));
  const addCourse = (fields: Record<string, string | string[]>) =>
    settle(() => newAction(args(formRequest("/admin/conteudo/cursos/novo", fields, { cookie }))));
  const savePolo = (fields: Record<string, string>) =>
    settle(() => polosAction(args(formRequest("/admin/conteudo/polos", fields, { cookie }))));
  const visit = (path: string) => settle(() => coursePathLoader(args(getRequest(path), { "*": path.slice(1) })));

  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "cursos@exemplo.com", "senha-do-marketing-1")).cookie;
  });

  it("seeds the catalogue and the polos: 79 distinct active courses (80 entries, 3 of them not graduação), 29 active polos, each course with its own icon and a price", () => {
    expect(activeCourseCount()).toBe(79);
    expect(activePoloCount()).toBe(29);
    const educacao = payload(homeLoader(args(getRequest("/?area=educacao")))).catalogue.areaCourses;
    expect(educacao).toHaveLength(16);
    // Not one mortarboard per area: the Educação cards show several different icons.
    expect(new Set(educacao.map((card: { icon: string }) => card.icon)).size).toBeGreaterThan(8);
    expect(getEntry(coursesContent, "1")?.data).toMatchObject({
      path: "/enfermagem",
      active: true,
      monthlyPrice: expect.any(Number),
    });
  });

  it("searches the list by name, area or path (accents ignored) and pages it with ?pagina=", async () => {
    const first = payload(await listLoader(args(getRequest("/admin/conteudo/cursos", { cookie })))).list;
    expect(first).toMatchObject({ page: 1, pages: 4, total: 80 });
    expect(first.rows).toHaveLength(20);
    const last = payload(await listLoader(args(getRequest("/admin/conteudo/cursos?pagina=4", { cookie })))).list;
    expect(last.rows).toHaveLength(20);
    expect(last.rows[0].id).not.toBe(first.rows[0].id);
    const beyond = payload(await listLoader(args(getRequest("/admin/conteudo/cursos?pagina=99", { cookie })))).list;
    expect(beyond.page).toBe(4);
    const found = payload(await listLoader(args(getRequest("/admin/conteudo/cursos?q=educacao%20fisica", { cookie })))).list;
    expect(found.rows.map((row: { name: string }) => row.name)).toEqual([
      "Educação Física - Licenciatura",
      "Educação Física - Bacharelado",
    ]);
    const byPath = payload(await listLoader(args(getRequest("/admin/conteudo/cursos?q=/hotelaria", { cookie })))).list;
    expect(byPath.rows.map((row: { name: string }) => row.name)).toEqual(["Hotelaria"]);
  });

  it("refuses a path another course has, with the message next to the field, and saves nothing", async () => {
    const before = getEntry(coursesContent, "77");
    const answer = await edit("77", courseForm("77", { path: "/enfermagem" }));
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.path).toEqual([PATH_TAKEN_MESSAGE]);
    expect(payload(answer).result.initialValue.path).toBe("/enfermagem");
    expect(getEntry(coursesContent, "77")).toEqual(before);
  });

  it("refuses a new course at a path another course has", async () => {
    const answer = await addCourse({ ...courseForm("77", { path: "/psicologia", name: "Outro curso" }), version: "0" });
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.path).toEqual([PATH_TAKEN_MESSAGE]);
  });

  it("refuses a path that falls on one of the site's own pages", async () => {
    for (const path of [
      "/contato",
      "/whatsapp",
      "/admin/conteudo",
      "/inscricao",
      "/sitemap.xml",
      "/teste-vocacional/perguntas",
    ]) {
      const answer = await edit("77", courseForm("77", { path }));
      expect(statusOf(answer), path).toBe(400);
      const message = payload(answer).result.error.path[0];
      expect(message, path).toMatch(/^(Este endereço já é de uma página do site - escolha outro|Endereço inválido)/);
    }
    const answer = await edit("77", courseForm("77", { path: "/contato" }));
    expect(payload(answer).result.error.path).toEqual(["Este endereço já é de uma página do site - escolha outro"]);
  });

  it("refuses a price that is not a price", async () => {
    const answer = await edit("77", courseForm("77", { monthlyPrice: "duzentos" }));
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.monthlyPrice).toEqual(["Valor inválido - use só o número em reais, ex.: 349,90"]);
  });

  it("after a path change the old path answers 301 to the new one, which shows the course with its price and highlights", async () => {
    const answer = await edit(
      "77",
      courseForm("77", {
        path: "/hotelaria-e-hospitalidade",
        monthlyPrice: "1.049,90",
        highlights: "Gestão hoteleira\nRevenue management",
      }),
    );
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/admin/conteudo/cursos/77");
    const moved = await visit("/hotelaria");
    expect(statusOf(moved)).toBe(301);
    expect((moved as Response).headers.get("Location")).toBe("/hotelaria-e-hospitalidade");
    const page = payload(await visit("/hotelaria-e-hospitalidade")).page;
    expect(page).toMatchObject({
      title: "Hotelaria",
      monthlyPrice: 1049.9,
      highlights: ["Gestão hoteleira", "Revenue management"],
    });
    // A second change: the first old path follows to the newest.
    expect(statusOf(await edit("77", courseForm("77", { path: "/hotelaria" })))).toBe(303);
    expect(statusOf(payload(await visit("/hotelaria")))).toBe(200);
    const back = await visit("/hotelaria-e-hospitalidade");
    expect((back as Response).headers.get("Location")).toBe("/hotelaria");
  });

  it("a deactivated course's page answers 410 with a way to the catalogue, and it leaves the catalogue, the count and the enrolment form", async () => {
    const count = activeCourseCount();
    expect(statusOf(await edit("76", courseForm("76", { active: undefined })))).toBe(303);
    const gone = await visit("/gestao-de-eventos");
    expect(statusOf(gone)).toBe(410);
    expect(payload(gone)).toMatchObject({ page: null, retired: true });
    expect(activeCourseCount()).toBe(count - 1);
    expect(enrolmentChoices().courses).not.toContain("Gestão de Eventos");
    const search = payload(homeLoader(args(getRequest("/?q=eventos")))).catalogue.results;
    expect(search).toEqual([]);
    expect(statusOf(await visit("/nao-existe-curso"))).toBe(404);
    // Active again: the page is back.
    expect(statusOf(await edit("76", courseForm("76", { active: "on" })))).toBe(303);
    expect(statusOf(payload(await visit("/gestao-de-eventos")))).toBe(200);
  });

  it("a dedicated page shows a course whose path the studio set under /cursos/", async () => {
    expect(statusOf(await edit("75", courseForm("75", { path: "/cursos/gastronomia" })))).toBe(303);
    const page = payload(await specialLoader(args(getRequest("/cursos/gastronomia"), { slug: "gastronomia" }))).page;
    expect(page.title).toBe("Gastronomia");
    const old = await visit("/gastronomia");
    expect((old as Response).headers.get("Location")).toBe("/cursos/gastronomia");
  });

  it("a deactivated course with a dedicated /cursos/ page answers 410 there too", async () => {
    const special = (slug: string) => settle(() => specialLoader(args(getRequest(`/cursos/${slug}`), { slug })));
    expect(statusOf(await edit("39", courseForm("39", { active: undefined })))).toBe(303);
    const gone = await special("agronegocio");
    expect(statusOf(gone)).toBe(410);
    expect(payload(gone)).toMatchObject({ page: null, retired: true });
    expect(statusOf(await edit("39", courseForm("39", { active: "on" })))).toBe(303);
    expect(payload(await special("agronegocio")).page.title).toBe("Agronegócio");
  });

  it("a second admin saving from the old version is refused with who and when, their input kept", async () => {
    const current = getEntry(coursesContent, "74")!;
    expect(statusOf(await edit("74", courseForm("74", { name: "Turismo e Viagens" })))).toBe(303);
    const stale = await edit("74", { ...courseForm("74", { name: "Turismo Outro" }), version: String(current.version) });
    expect(expectStaleSave(stale, "cursos@exemplo.com").initialValue.name).toBe("Turismo Outro");
    expect(getEntry(coursesContent, "74")!.data.name).toBe("Turismo e Viagens");
  });

  it("adds a new course, shown at its path and in the edit page", async () => {
    const answer = await addCourse({
      name: "Odontologia",
      area: "Saúde",
      modality: "Presencial",
      duration: "5 anos",
      path: "/odontologia",
      icon: "sparkles",
      description: "Cuide da saúde bucal com clínica-escola.",
      monthlyPrice: "899,90",
      highlights: "Clínica-escola\n\nOrtodontia",
      active: "on",
      version: "0",
    });
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe("/admin/conteudo/cursos/81");
    const loaded = payload(await editLoader(args(getRequest("/admin/conteudo/cursos/81", { cookie }), { curso: "81" })));
    expect(loaded.course).toMatchObject({ name: "Odontologia", highlights: ["Clínica-escola", "Ortodontia"], featured: false });
    expect(payload(await visit("/odontologia")).page.monthlyPrice).toBe(899.9);
  });

  it("warns on the overview about a featured course without a price", async () => {
    const priceWarnings = () =>
      contentWarnings().filter((warning) => warning.section === "Cursos" && !warning.text.startsWith("Falta para publicar"));
    expect(priceWarnings()).toEqual([]);
    expect(statusOf(await edit("1", courseForm("1", { monthlyPrice: "" })))).toBe(303);
    expect(contentWarnings()).toContainEqual({
      section: "Cursos",
      to: "/admin/conteudo/cursos/1",
      text: 'O curso em destaque "Enfermagem" está sem mensalidade.',
    });
  });

  it("adds, edits and deactivates a polo: the home finder and the enrolment form list only active ones", async () => {
    const add = await savePolo({
      polo: "",
      location: "Florianópolis - Centro",
      state: "SC",
      phone: "(48) 3000-0501",
      address: "Rua Felipe Schmidt, 100",
      active: "on",
      version: "0",
    });
    expect(statusOf(add)).toBe(303);
    expect(enrolmentChoices().polos).toContain("Florianópolis - Centro - SC");
    expect(payload(homeLoader(args(getRequest("/?polo=florianopolis")))).polos.visible).toEqual([
      expect.objectContaining({
        location: "Florianópolis - Centro - SC",
        phone: "(48) 3000-0501",
        address: "Rua Felipe Schmidt, 100",
      }),
    ]);
    const entry = getEntry(polosContent, "30")!;
    const off = await savePolo({
      polo: "30",
      location: "Florianópolis - Centro",
      state: "SC",
      phone: "(48) 3000-0501",
      version: String(entry.version),
    });
    expect(statusOf(off)).toBe(303);
    expect(enrolmentChoices().polos).not.toContain("Florianópolis - Centro - SC");
    expect(activePoloCount()).toBe(29);
    const bad = await savePolo({ polo: "", location: "", state: "XX", phone: "abc", version: "0" });
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).result.error).toMatchObject({
      location: ["Campo obrigatório"],
      state: ["Escolha o estado"],
      phone: [expect.stringMatching(/^Telefone inválido/)],
    });
  });

  it("a vocational result page gets only its recommended courses, and a deactivated one is left out", async () => {
    expect(Object.keys(resultCourses([72, 73, 9999]))).toEqual(["72", "73"]);
    expect(statusOf(await edit("73", courseForm("73", { active: undefined })))).toBe(303);
    expect(Object.keys(resultCourses([72, 73]))).toEqual(["72"]);
    expect(statusOf(await edit("73", courseForm("73", { active: "on" })))).toBe(303);
  });

  it("a polo form naming a polo that does not exist is refused with a message, saving nothing", async () => {
    const answer = await savePolo({
      polo: "999",
      location: "Natal - Centro",
      state: "RN",
      phone: "(84) 3000-0399",
      active: "on",
      version: "1",
    });
    expect(statusOf(answer)).toBe(404);
    expect(payload(answer).result.error[""]).toEqual(["Este polo não existe mais. Recarregue a página."]);
    expect(getEntry(polosContent, "999")).toBeUndefined();
  });

  it("warns, beside 'Curso ativo' and in the delete question, how many leads chose the course before it is deactivated", async () => {
    const id = "5";
    const course = getEntry(coursesContent, id)!.data;
    const load = async () =>
      payload(await editLoader(args(getRequest(`/admin/conteudo/cursos/${id}`, { cookie }), { curso: id }))).leadsWarning;
    expect(await load()).toBeNull();
    const sqlite = new Database(config.databasePath);
    insertLeads(sqlite, [
      { curso_interesse: course.name, status: "novo" },
      { curso_interesse: course.name, status: "em_contato" },
      { curso_interesse: course.name, status: "matriculado" },
    ]);
    sqlite.close();
    const warning =
      "Atenção: 3 leads escolheram este curso (2 ainda em atendimento). Sem o curso no site, os leads continuam no painel com o nome dele: combine com a equipe comercial o que oferecer a eles.";
    expect(await load()).toBe(warning);
    const answer = await edit(id, courseForm(id, { active: undefined }));
    expect(statusOf(answer)).toBe(303);
    expect(getEntry(coursesContent, id)!.data.active).toBe(false);
    await edit(id, courseForm(id, { active: "on" }));
  });

  it("refuses anonymous visitors", async () => {
    const answer = await settle(() => listLoader(args(getRequest("/admin/conteudo/cursos"))));
    expect([302, 303, 401, 403]).toContain(statusOf(answer));
  });
});
