import { beforeAll, describe, expect, it } from "vitest";

import { loader as coursePathLoader } from "~/features/courses/catch-all";
import { coursesContent } from "~/features/courses/courses.server";
import { faqContent, testimonialsContent } from "~/features/home/home.server";
import { institutionContent } from "~/features/institution/institution.server";
import { startAdminSession } from "~/features/staff/auth.server";
import { createAdmin } from "~/features/staff/users.server";
import { action as editAction, loader as editLoader } from "~/features/studio/../courses/studio-course";
import { action as newAction } from "~/features/studio/../courses/studio-new";
import { action as faqAction } from "~/features/studio/../home/faq-studio";
import { action as testimonialsAction } from "~/features/studio/../home/testimonials-studio";
import { contentCollections } from "~/features/studio/collections.server";
import { NO_BRACES_MESSAGE } from "~/features/studio/fields";
import { action as historyAction, loader as historyLoader } from "~/features/studio/history";
import { HISTORY_SIZE, pathTakenOnRestoreMessage } from "~/features/studio/history.server";
import { FIELD_LABELS } from "~/features/studio/history-labels";
import {
  getEntry,
  getSingleton,
  listEntries,
  listRevisions,
  saveEntry,
  SEED_AUTHOR,
  SINGLETON_ID,
} from "~/features/studio/store.server";

import { courseForm } from "../../../tests/support/course-form";
import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";

/**
 * The studio's fixes of decision 097 against a real SQLite file: list items moved to the top or
 * the end and the editor sent back to the item's anchor; Histórico in the forms' words, asking
 * before a restore; a shared course page only on purpose; a course deleted after a question, its
 * page answering 410 until Histórico brings it back.
 */

let cookie = "";

beforeAll(async () => {
  const admin = await createAdmin("historico@exemplo.com", "senha-do-marketing-1");
  cookie = cookieFrom(new Response(null, { headers: { "Set-Cookie": await startAdminSession(getRequest("/"), admin) } }));
});

const locationOf = (answer: unknown) => (answer as Response).headers.get("Location");

describe("FAQ and Depoimentos: 'Mover para o topo', 'Mover para o fim', and back to the item", () => {
  const postFaq = (fields: Record<string, string>) => faqAction(args(formRequest("/admin/conteudo/faq", fields, { cookie })));
  const order = () => listEntries(faqContent).map((entry) => entry.id);

  it("moves the last question to the top in one post, and the answer goes back to its anchor", async () => {
    const ids = order();
    const last = listEntries(faqContent).at(-1)!;
    const answer = await postFaq({ intent: "topo", item: last.id, version: String(last.version) });
    expect(statusOf(answer)).toBe(303);
    expect(locationOf(answer)).toBe(`/admin/conteudo/faq#pergunta-${last.id}`);
    expect(order()).toEqual([last.id, ...ids.slice(0, -1)]);
    // And back to the end.
    const top = listEntries(faqContent)[0];
    await postFaq({ intent: "fim", item: top.id, version: String(top.version) });
    expect(order()).toEqual(ids);
    // At the end already: nothing moves, no revision is written.
    const revisions = listRevisions({ collection: "faq" }).length;
    const end = listEntries(faqContent).at(-1)!;
    await postFaq({ intent: "fim", item: end.id, version: String(end.version) });
    expect(order()).toEqual(ids);
    expect(listRevisions({ collection: "faq" })).toHaveLength(revisions);
  });

  it("a saved or added question also goes back to its own anchor", async () => {
    const first = listEntries(faqContent)[0];
    const saved = await postFaq({
      intent: "salvar",
      item: first.id,
      version: String(first.version),
      question: first.data.question,
      answer: `${first.data.answer} Sem custo.`,
    });
    expect(locationOf(saved)).toBe(`/admin/conteudo/faq#pergunta-${first.id}`);
    const added = await postFaq({ intent: "salvar", item: "", version: "0", question: "Posso trancar?", answer: "Sim." });
    const addedId = listEntries(faqContent).at(-1)!.id;
    expect(locationOf(added)).toBe(`/admin/conteudo/faq#pergunta-${addedId}`);
  });

  it("a testimonial moved to the top goes back to its anchor", async () => {
    const last = listEntries(testimonialsContent).at(-1)!;
    const answer = await testimonialsAction(
      args(
        formRequest("/admin/conteudo/depoimentos", { intent: "topo", item: last.id, version: String(last.version) }, { cookie }),
      ),
    );
    expect(locationOf(answer)).toBe(`/admin/conteudo/depoimentos#depoimento-${last.id}`);
    expect(listEntries(testimonialsContent)[0].id).toBe(last.id);
  });
});

describe("Histórico in the studio's words, asking before a restore", () => {
  const history = async (query = "") =>
    payload(await historyLoader(args(getRequest(`/admin/conteudo/historico${query}`, { cookie }))));
  const restore = (revision: string) =>
    settle(() => historyAction(args(formRequest("/admin/conteudo/historico", { revision }, { cookie }))));

  it("every stored field of every section has a label (no field name reaches the page)", () => {
    for (const [name, collection] of Object.entries(contentCollections)) {
      for (const { data } of collection.seed()) {
        for (const field of Object.keys(data as object)) expect(FIELD_LABELS[name]?.[field], `${name}.${field}`).toBeTruthy();
      }
    }
  });

  it("names the item and the fields as the forms do: a question's text, 'Resposta', 'Ordem na lista'", async () => {
    const { rows } = await history();
    const faqRows = rows.filter((row: { section: string }) => row.section === "FAQ");
    expect(faqRows.length).toBeGreaterThan(0);
    const edited = faqRows.find((row: { changes: string }) => row.changes === "Resposta");
    expect(edited.item).toBe(listEntries(faqContent)[0].data.question);
    expect(faqRows.some((row: { changes: string }) => row.changes === "Ordem na lista")).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/\b(answer|question|position|closingText|offers)\b/);
    // No row names an item by its id.
    for (const entry of listEntries(faqContent)) expect(text).not.toContain(`"item":"${entry.id}"`);
  });

  it("the first change of a seeded item can be undone from its own versions, however many saves came since", async () => {
    const seeded = getSingleton(institutionContent);
    const rebranded = saveEntry(institutionContent, {
      id: SINGLETON_ID,
      data: { ...seeded.data, brandName: "Faculdade Curitiba Nova" },
      expectedVersion: seeded.version,
      by: "historico@exemplo.com",
    });
    expect(rebranded.ok).toBe(true);
    // A launch's worth of other saves: more than the whole history's page holds.
    const question = listEntries(faqContent).at(-1)!;
    for (let i = 0; i <= HISTORY_SIZE; i++) {
      const current = getEntry(faqContent, question.id)!;
      saveEntry(faqContent, {
        id: question.id,
        data: { ...current.data, answer: `${question.data.answer} (${i})` },
        expectedVersion: current.version,
        by: "historico@exemplo.com",
      });
    }
    const seedRevision = listRevisions({ collection: "institution", entryId: SINGLETON_ID }).find(
      (revision) => revision.savedBy === SEED_AUTHOR,
    )!;
    const everything = await history();
    expect(everything.rows.some((row: { id: number }) => row.id === seedRevision.id)).toBe(false);
    const own = await history(`?secao=institution&item=${SINGLETON_ID}`);
    expect(own.item.title).toBe("Instituição");
    expect(own.rows.map((row: { savedBy: string; current: boolean }) => [row.savedBy, row.current])).toEqual([
      ["historico@exemplo.com", true],
      [SEED_AUTHOR, false],
    ]);
    // An unknown section is the whole history, not an error.
    expect((await history("?secao=nada&item=main")).item).toBeNull();
    expect(statusOf(await restore(String(seedRevision.id)))).toBe(303);
    expect(getSingleton(institutionContent).data.brandName).toBe(seeded.data.brandName);
  });

  it("'Restaurar' first shows what changes, field by field; the post then puts the version back", async () => {
    const first = listEntries(faqContent)[0];
    const older = listRevisions({ collection: "faq", entryId: first.id }).find((revision) => revision.version < first.version)!;
    const { preview, missing } = await history(`?restaurar=${older.id}`);
    expect(missing).toBe(false);
    expect(preview).toMatchObject({ section: "FAQ", item: first.data.question, kind: "change" });
    expect(preview.differences).toEqual([
      { field: "Resposta", now: first.data.answer, then: first.data.answer.replace(/ Sem custo\.$/, "") },
    ]);
    // Looking changes nothing.
    expect(getEntry(faqContent, first.id)!.version).toBe(first.version);
    const answer = await restore(String(older.id));
    expect(statusOf(answer)).toBe(303);
    expect(getEntry(faqContent, first.id)!.data.answer).toBe(first.data.answer.replace(/ Sem custo\.$/, ""));
  });

  it("an unknown version is said on the question's place, and refused on post", async () => {
    expect(await history("?restaurar=999999")).toMatchObject({ preview: null, missing: true });
    const answer = await restore("999999");
    expect(statusOf(answer)).toBe(404);
    expect(payload(answer).error).toBe("Versão não encontrada. Recarregue a página.");
  });
});

describe("Cursos: a shared page only on purpose; deleting after a question", () => {
  const edit = (id: string, fields: Record<string, string | string[]>) =>
    settle(() => editAction(args(formRequest(`/admin/conteudo/cursos/${id}`, fields, { cookie }), { curso: id })));
  const editPage = async (id: string, query = "") =>
    payload(await editLoader(args(getRequest(`/admin/conteudo/cursos/${id}${query}`, { cookie }), { curso: id })));
  const visit = (path: string) => settle(() => coursePathLoader(args(getRequest(path), { "*": path.slice(1) })));

  it("'Mesma página de outro curso' lets a course share an active course's path; its page then starts ticked", async () => {
    const answer = await edit("77", courseForm("77", { path: "/enfermagem", samePage: "on" }));
    expect(statusOf(answer)).toBe(303);
    expect(getEntry(coursesContent, "77")!.data.path).toBe("/enfermagem");
    const page = await editPage("77");
    expect(page.sharedWith.length).toBeGreaterThan(0);
    // Saving it again with the box as the page sends it works.
    expect(statusOf(await edit("77", courseForm("77", { samePage: "on", duration: "4 anos" })))).toBe(303);
  });

  it("a restore that would put a course on a path another active course now has is refused, nothing changed", async () => {
    // Course 77 was at its own path before; move it to a free one, then let another course take the old one.
    const before = listRevisions({ collection: "courses", entryId: "77" }).find(
      (revision) => revision.data !== null && JSON.parse(revision.data).path !== "/enfermagem",
    )!;
    const oldPath = JSON.parse(before.data!).path as string;
    expect(statusOf(await edit("77", courseForm("77", { path: "/curso-77-novo" })))).toBe(303);
    const other = listEntries(coursesContent).find((entry) => entry.id !== "77" && entry.data.active)!;
    expect(statusOf(await edit(other.id, courseForm(other.id, { path: oldPath })))).toBe(303);
    const now = getEntry(coursesContent, "77")!;
    const answer = await settle(() =>
      historyAction(args(formRequest("/admin/conteudo/historico", { revision: String(before.id) }, { cookie }))),
    );
    expect(statusOf(answer)).toBe(409);
    expect(payload(answer).error).toBe(pathTakenOnRestoreMessage(oldPath));
    expect(getEntry(coursesContent, "77")).toEqual(now);
  });

  it("'Excluir curso' asks first; a stale page is refused; the deleted course's page answers 410; Histórico brings it back", async () => {
    const entry = getEntry(coursesContent, "77")!;
    expect((await editPage("77")).confirmDelete).toBe(false);
    expect((await editPage("77", "?excluir")).confirmDelete).toBe(true);

    const stale = await edit("77", { intent: "excluir", version: String(entry.version - 1) });
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).deleteError).toMatch(/^Este conteúdo foi alterado por/);
    expect(getEntry(coursesContent, "77")).toBeDefined();

    const deleted = await edit("77", { intent: "excluir", version: String(entry.version) });
    expect(statusOf(deleted)).toBe(303);
    expect(locationOf(deleted)).toBe("/admin/conteudo/cursos");
    expect(getEntry(coursesContent, "77")).toBeUndefined();
    expect(statusOf(await visit(entry.data.path))).toBe(410);
    expect(
      statusOf(await settle(() => editLoader(args(getRequest("/admin/conteudo/cursos/77", { cookie }), { curso: "77" })))),
    ).toBe(404);

    const removal = listRevisions({ collection: "courses", entryId: "77" })[0];
    expect(removal.data).toBeNull();
    const rows = payload(await historyLoader(args(getRequest("/admin/conteudo/historico", { cookie })))).rows;
    expect(rows.find((row: { id: number }) => row.id === removal.id)).toMatchObject({
      section: "Cursos",
      item: entry.data.name,
      changes: "Removido",
    });
    const lastKept = listRevisions({ collection: "courses", entryId: "77" })[1];
    const preview = payload(
      await historyLoader(args(getRequest(`/admin/conteudo/historico?restaurar=${lastKept.id}`, { cookie }))),
    ).preview;
    expect(preview.kind).toBe("bring-back");
    const back = await settle(() =>
      historyAction(args(formRequest("/admin/conteudo/historico", { revision: String(lastKept.id) }, { cookie }))),
    );
    expect(statusOf(back)).toBe(303);
    expect(getEntry(coursesContent, "77")!.data.name).toBe(entry.data.name);
    expect(statusOf(await visit(entry.data.path))).toBe(200);
  });
});

describe("braces in a text the site shows as typed", () => {
  it("a course's name or summary with { } is refused next to the field and no course is created", async () => {
    const before = listEntries(coursesContent).length;
    const answer = await settle(() =>
      newAction(
        args(
          formRequest(
            "/admin/conteudo/cursos/novo",
            { ...courseForm("78", { name: "Direito {bolsa}", path: "/direito-chaves" }), version: "0" },
            { cookie },
          ),
        ),
      ),
    );
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).result.error.name).toEqual([NO_BRACES_MESSAGE]);
    expect(listEntries(coursesContent)).toHaveLength(before);
  });
});

describe("a new course after a deletion", () => {
  it("gets an id no course ever had, so its save is not taken for a concurrent one", async () => {
    const create = (name: string, path: string) =>
      settle(() =>
        newAction(
          args(formRequest("/admin/conteudo/cursos/novo", { ...courseForm("77", { name, path }), version: "0" }, { cookie })),
        ),
      );
    const first = await create("Curso apagado", "/curso-apagado");
    expect(statusOf(first)).toBe(303);
    const id = locationOf(first)!.split("/").at(-1)!;
    const { version } = getEntry(coursesContent, id)!;
    const gone = await settle(() =>
      editAction(
        args(formRequest(`/admin/conteudo/cursos/${id}`, { intent: "excluir", version: String(version) }, { cookie }), {
          curso: id,
        }),
      ),
    );
    expect(statusOf(gone)).toBe(303);
    const second = await create("Curso novo", "/curso-novo-depois");
    expect(statusOf(second)).toBe(303);
    expect(locationOf(second)).toBe(`/admin/conteudo/cursos/${Number(id) + 1}`);
  });
});

describe("placeholders in FAQ and Depoimentos (decision 081)", () => {
  const postFaq = (fields: Record<string, string>) => faqAction(args(formRequest("/admin/conteudo/faq", fields, { cookie })));
  const postTestimonial = (fields: Record<string, string>) =>
    testimonialsAction(args(formRequest("/admin/conteudo/depoimentos", fields, { cookie })));

  it("an unknown placeholder or unbalanced braces are refused next to the field, nothing saved", async () => {
    const faqBefore = JSON.stringify(listEntries(faqContent));
    const unknown = await settle(() =>
      postFaq({ intent: "salvar", item: "", version: "0", question: "Qual a {bolsinha}?", answer: "Ver {polos polos." }),
    );
    expect(statusOf(unknown)).toBe(400);
    expect(payload(unknown).result.error.question[0]).toMatch(/^\{bolsinha\} não é um campo conhecido/);
    expect(payload(unknown).result.error.answer[0]).toMatch(/^Chaves sem par/);
    expect(JSON.stringify(listEntries(faqContent))).toBe(faqBefore);

    const testimonialsBefore = JSON.stringify(listEntries(testimonialsContent));
    const refused = await settle(() =>
      postTestimonial({ intent: "salvar", item: "", version: "0", name: "Ana", course: "Pedagogia", text: "Amei a {promo}." }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).result.error.text[0]).toMatch(/^\{promo\} não é um campo conhecido/);
    expect(JSON.stringify(listEntries(testimonialsContent))).toBe(testimonialsBefore);
  });

  it("a testimonial naming the campaign shows its current name on the home page", async () => {
    const { loader: homeLoader } = await import("~/features/home/page");
    const { getCampaign } = await import("~/features/campaign/campaign.server");
    const saved = await postTestimonial({
      intent: "salvar",
      item: "",
      version: "0",
      name: "Bia",
      course: "Letras",
      text: "Entrei na {campanha} e não me arrependo.",
    });
    expect(statusOf(saved)).toBe(303);
    const home = payload(await homeLoader(args(getRequest("/")))).home;
    expect(home.testimonials.at(-1).text).toBe(`Entrei na ${getCampaign().title} e não me arrependo.`);
  });
});

describe("the footer's states (decision 081)", () => {
  it("are the states of the active polos: a state whose polos are all deactivated leaves the list", async () => {
    const { siteClaims } = await import("~/features/home/home.server");
    const { polosContent } = await import("~/features/courses/courses.server");
    const { saveEntry } = await import("~/features/studio/store.server");
    const active = listEntries(polosContent).filter((entry) => entry.data.active);
    const { BRAZILIAN_STATES } = await import("~/features/courses/content");
    expect(siteClaims().poloStates).toEqual([...new Set(active.map((entry) => BRAZILIAN_STATES[entry.data.state]))]);
    const state = active.at(-1)!.data.state;
    for (const entry of active.filter((candidate) => candidate.data.state === state)) {
      saveEntry(polosContent, {
        id: entry.id,
        data: { ...entry.data, active: false },
        expectedVersion: entry.version,
        by: "historico@exemplo.com",
      });
    }
    expect(siteClaims().poloStates).not.toContain(BRAZILIAN_STATES[state]);
    expect(siteClaims().poloStates.length).toBeGreaterThan(0);
  });
});

describe("the home page with no campaign running (decision 081)", () => {
  it("names no campaign: no '{campanha}' badge, no text that names it", async () => {
    const { campaignContent, getCampaign } = await import("~/features/campaign/campaign.server");
    const { homePageContent } = await import("~/features/home/home.server");
    const { getSingleton, saveEntry } = await import("~/features/studio/store.server");
    const entry = getSingleton(campaignContent);
    saveEntry(campaignContent, {
      id: entry.id,
      data: { ...entry.data, endMode: "date", endDate: "2026-11-30" },
      expectedVersion: entry.version,
      by: "historico@exemplo.com",
    });
    const name = getCampaign().title;
    expect(homePageContent(new Date("2026-11-30T12:00:00Z")).hero.badge).toBe(name);
    const over = homePageContent(new Date("2026-12-01T03:00:00Z"));
    expect(over.hero.badge).toBe("");
    expect(JSON.stringify(over)).not.toContain(name);
  });
});
