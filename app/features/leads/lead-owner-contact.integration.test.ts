import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getInstitution } from "~/features/institution/institution.server";
import * as ownerBulkModule from "~/features/leads/bulk-change";
import { OPTED_OUT_ERROR, recordContactAttempt } from "~/features/leads/contact.server";
import { loader as csvLoader } from "~/features/leads/csv-route";
import { DISTRIBUTION_AUTHOR, EVERYONE_RULE } from "~/features/leads/distribution/assign.server";
import { EMPTY_FILTERS } from "~/features/leads/filters";
import { changeLeadStatus, leadTimeline } from "~/features/leads/follow-up.server";
import * as leadModule from "~/features/leads/lead";
import * as contactModule from "~/features/leads/lead-contact";
import { OWNER_ERROR } from "~/features/leads/owner.server";
import * as panelModule from "~/features/leads/panel";
import { deletePerson, findLead, personDataExport } from "~/features/leads/privacy.server";
import { countLeadsByStatus } from "~/features/leads/queries.server";
import type { StaffUser } from "~/features/staff/users.server";
import { recordOptOuts } from "~/features/whatsapp/optouts/optouts.server";
import { db, schema, sqlite } from "~/platform/db/client.server";

import { args, formRequest, getRequest, payload, renderPage, settle, statusOf } from "../../../tests/support/route-calls";
import { contactLeads } from "../../../tests/support/saved-leads";
import { insertLead } from "../../../tests/support/seed";
import { useStaffTeam } from "../../../tests/support/staff-login";

/**
 * Decision 057: a lead's owner (a comercial user; "Meus leads"; the CSV column), the
 * contact buttons (an attempt recorded, Novo → Em contato, then tel: or wa.me), the funnel by status
 * and the history's contact attempts and WhatsApp sends, through the real loaders and actions.
 */

const { admin, ana, bruno, marketing, cookies } = useStaffTeam("dono");
let endpointId = 0;

beforeAll(async () => {
  // A CRM receiver, so status changes write their webhook events (the worker is not started here).
  [{ id: endpointId }] = db
    .insert(schema.webhookEndpoints)
    .values({ url: "http://127.0.0.1:9/crm", secret: "segredo", createdAt: new Date().toISOString(), createdBy: admin.email })
    .returning()
    .all();
});

afterAll(() => {
  db.delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpointId)).run();
});

const newLead = contactLeads("Pessoa Contatada", "Contagem");
let counter = 0;

/**
 * A lead nobody owns, put straight into the table: a form's lead is owned the moment it is saved
 * (distribution, decision 096), so an unowned one is a state a test sets on purpose (a lead saved
 * while nobody was available, or one an admin released).
 */
function unownedLead(cidade = "Contagem"): number {
  counter += 1;
  return insertLead(sqlite, { nome: `Pessoa Sem Dono ${counter}`, telefone: `(31)98866-${String(1000 + counter)}`, cidade });
}

const ownerOf = (id: number) => findLead(id)!.owner_id;
const allNotesOf = (id: number) => db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, id)).all();
/** The staff's notes: without the distribution's note that every new lead carries. */
const notesOf = (id: number) => allNotesOf(id).filter((note) => note.author !== DISTRIBUTION_AUTHOR);
/** The other comercial user of the two. */
const otherThan = (id: number | null) => (id === ana.id ? bruno : ana);
const attemptsOf = (id: number) =>
  db.select().from(schema.leadContactAttempts).where(eq(schema.leadContactAttempts.leadId, id)).all();
const statusChangesOf = (id: number) =>
  db.select().from(schema.leadStatusChanges).where(eq(schema.leadStatusChanges.leadId, id)).all();
const statusEventsOf = (id: number) =>
  db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.eventType, "lead.status_changed"))
    .all()
    .map((row) => JSON.parse(row.body))
    .filter((event) => event.data.lead.id === id);

/** Who follows a lead up in these tests: its owner (a colleague may not open it, decision 138), Ana for an unowned one. */
const ownerUser = (id: number): StaffUser => (ownerOf(id) === bruno.id ? bruno : ana);

function postLead(id: number, fields: Record<string, string>, user: StaffUser = ownerUser(id)) {
  return settle(() =>
    leadModule.action(args(formRequest(`/contato/lead/${id}`, fields, { cookie: cookies[user.email] }), { id: String(id) })),
  );
}

function contact(id: number, canal: string, user: StaffUser = ownerUser(id)) {
  return settle(() =>
    contactModule.action(
      args(formRequest(`/contato/lead/${id}/contatar`, { canal }, { cookie: cookies[user.email] }), { id: String(id) }),
    ),
  );
}

function panel(query: string, user: StaffUser = ana) {
  return settle(() => panelModule.loader(args(getRequest(`/contato${query}`, { cookie: cookies[user.email] }))));
}

/** The lead's page as the server renders it for `user`. */
async function leadPageHtml(id: number, user: StaffUser = ownerUser(id)): Promise<string> {
  const request = getRequest(`/contato/lead/${id}`, { cookie: cookies[user.email] });
  return (await renderPage(leadModule, "/contato/lead/:id", request)).html;
}

/** The leads panel as the server renders it for `user`. */
async function panelHtml(query: string, user: StaffUser = ana): Promise<string> {
  return (await renderPage(panelModule, "/contato", getRequest(`/contato${query}`, { cookie: cookies[user.email] }))).html;
}

describe("owner", () => {
  it("a new lead is owned (distribution); the lead page gives it to another comercial user and to none; each change is in the history", async () => {
    const id = newLead();
    const first = ownerOf(id);
    expect([ana.id, bruno.id]).toContain(first);
    const from = first === ana.id ? ana : bruno;
    const to = otherThan(first);
    expect(allNotesOf(id).map((note) => [note.text, note.author])).toEqual([
      [`Responsável: Sem responsável → ${from.email} (regra: ${EVERYONE_RULE})`, DISTRIBUTION_AUTHOR],
    ]);
    const before = Date.now();
    expect(statusOf(await postLead(id, { intent: "responsavel", responsavel: String(to.id) }))).toBe(303);
    expect(ownerOf(id)).toBe(to.id);
    expect(statusOf(await postLead(id, { intent: "responsavel", responsavel: "" }, admin))).toBe(303);
    expect(ownerOf(id)).toBeNull();
    const notes = notesOf(id);
    expect(notes.map((note) => [note.text, note.author])).toEqual([
      [`Responsável: ${from.email} → ${to.email}`, ana.email],
      [`Responsável: ${to.email} → Sem responsável`, admin.email],
    ]);
    expect(Date.parse(notes[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const page = payload(
      await leadModule.loader(args(getRequest(`/contato/lead/${id}`, { cookie: cookies[ana.email] }), { id: String(id) })),
    );
    expect(page.owners.map((owner: { email: string }) => owner.email)).toEqual([ana.email, bruno.email]);
    expect(
      page.timeline
        .filter((entry: { kind: string }) => entry.kind !== "formulario")
        .map((entry: { kind: string; title: string; text: string }) => [entry.kind, entry.title, entry.text]),
    ).toEqual([
      ["responsavel", "Responsável alterado", `Responsável: ${to.email} → Sem responsável`],
      ["responsavel", "Responsável alterado", `Responsável: ${from.email} → ${to.email}`],
      ["distribuicao", "Distribuição automática", `Responsável: Sem responsável → ${from.email} (regra: ${EVERYONE_RULE})`],
    ]);
  });

  it("refuses an owner who is not a comercial user (admin, marketing, unknown id, text) in pt-BR and changes nothing", async () => {
    const id = newLead();
    const first = ownerOf(id);
    expect([ana.id, bruno.id]).toContain(first);
    for (const value of [String(admin.id), String(marketing.id), "999999", "abc", "1 OR 1=1"]) {
      const result = await postLead(id, { intent: "responsavel", responsavel: value });
      expect(statusOf(result), value).toBe(400);
      expect(payload(result).errors.responsavel).toBe(OWNER_ERROR);
    }
    expect(ownerOf(id)).toBe(first);
    expect(notesOf(id)).toEqual([]);
    // The same owner again writes nothing either.
    const other = otherThan(first);
    await postLead(id, { intent: "responsavel", responsavel: String(other.id) });
    const again = await postLead(id, { intent: "responsavel", responsavel: String(other.id) });
    expect(statusOf(again)).toBe(400);
    expect(payload(again).errors.responsavel).toBe("O lead já está com este responsável.");
    expect(notesOf(id)).toHaveLength(1);
  });

  it("the panel filters by owner and by 'sem responsável'; 'Meus leads' is the signed-in comercial user's filter", async () => {
    const city = `Donópolis ${Date.now()}`;
    const [mine, theirs, nobody] = [newLead({ cidade: city }), newLead({ cidade: city }), unownedLead(city)];
    await postLead(mine, { intent: "responsavel", responsavel: String(ana.id) });
    await postLead(theirs, { intent: "responsavel", responsavel: String(bruno.id) });
    const ids = async (query: string) =>
      payload(await panel(`?busca=${encodeURIComponent(city)}${query}`, admin)).page.rows.map((row: { id: number }) => row.id);
    expect((await ids("")).sort()).toEqual([mine, theirs, nobody].sort());
    expect(await ids(`&responsavel=${ana.id}`)).toEqual([mine]);
    expect(await ids(`&responsavel=${bruno.id}`)).toEqual([theirs]);
    expect(await ids("&responsavel=sem")).toEqual([nobody]);
    // The row names its owner (the admin sees every lead; a comercial user her own and the unowned, decision 138).
    const rows = payload(await panel(`?busca=${encodeURIComponent(city)}`, admin)).page.rows;
    expect(Object.fromEntries(rows.map((row: { id: number; owner: string | null }) => [row.id, row.owner]))).toEqual({
      [mine]: ana.email,
      [theirs]: bruno.email,
      [nobody]: null,
    });

    const html = await panelHtml(`?busca=${encodeURIComponent(city)}`);
    expect(html).toContain(`href="/contato?responsavel=${ana.id}"`);
    expect(html).toContain("Meus leads");
    // An admin owns no leads: no "Meus leads" for them.
    const adminHtml = await panelHtml("", admin);
    expect(adminHtml).not.toContain('data-testid="my-leads"');
  });

  it("'Atribuir responsável aos filtrados': the GET counts and changes nothing; the POST gives exactly the filtered leads", async () => {
    const city = `Lotópolis ${Date.now()}`;
    const [a, b] = [unownedLead(city), unownedLead(city)];
    const other = unownedLead();
    const query = `busca=${encodeURIComponent(city)}&novo_responsavel=${bruno.id}`;
    const shown = payload(
      await ownerBulkModule.loader(args(getRequest(`/contato/atribuir-responsavel?${query}`, { cookie: cookies[ana.email] }))),
    );
    expect(shown.selection).toMatchObject({ total: 2, changes: 2, target: bruno.email });
    expect(ownerOf(a)).toBeNull();

    /** Ana confirms the filtered leads' new owner. */
    const confirmOwner = (owner: StaffUser) =>
      settle(() =>
        ownerBulkModule.action(
          args(
            formRequest(
              "/contato/atribuir-responsavel",
              { busca: city, novo_responsavel: String(owner.id), intent: "confirmar" },
              { cookie: cookies[ana.email] },
            ),
          ),
        ),
      );
    const refused = await confirmOwner(marketing);
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).error).toBe(OWNER_ERROR);

    const done = await confirmOwner(bruno);
    expect(statusOf(done)).toBe(303);
    expect((done as Response).headers.get("Location")).toBe(`/contato?busca=${encodeURIComponent(city).replace(/%20/g, "+")}`);
    expect([ownerOf(a), ownerOf(b), ownerOf(other)]).toEqual([bruno.id, bruno.id, null]);
    expect(notesOf(a).map((note) => [note.text, note.author])).toEqual([
      [`Responsável: Sem responsável → ${bruno.email}`, ana.email],
    ]);
  });

  it("the CSV names the owner's e-mail in its last column, 'responsavel'", async () => {
    const city = `Planilhópolis do Dono ${Date.now()}`;
    const id = newLead({ cidade: city });
    await postLead(id, { intent: "responsavel", responsavel: String(ana.id) });
    unownedLead(city);
    const response = (await csvLoader(
      args(getRequest(`/contato/leads.csv?busca=${encodeURIComponent(city)}`, { cookie: cookies[ana.email] })),
    )) as Response;
    const [header, ...rows] = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header.endsWith(";whatsapp;status;responsavel")).toBe(true);
    expect(rows.map((row) => row.split(";").at(-1)).sort()).toEqual(["", ana.email]);
  });
});

describe("contact from the panel", () => {
  it("WhatsApp: records the attempt, moves Novo → Em contato (history and webhook) and answers 303 to wa.me with the pt-BR text", async () => {
    const id = newLead({ nome: "Carla Souza Lima", telefone: "(31)98765-4321", curso: "Enfermagem" });
    db.update(schema.leads).set({ owner_id: ana.id }).where(eq(schema.leads.id, id)).run();
    const result = await contact(id, "whatsapp");
    expect(statusOf(result)).toBe(303);
    const text = `Olá, Carla! Aqui é da ${getInstitution().brandName}. Vi que você tem interesse no curso de Enfermagem. Posso te ajudar com a inscrição?`;
    expect((result as Response).headers.get("Location")).toBe(`https://wa.me/5531987654321?text=${encodeURIComponent(text)}`);
    expect((result as Response).headers.get("Cache-Control")).toBe("private, no-store");
    expect(attemptsOf(id)).toMatchObject([{ channel: "whatsapp", by: ana.email }]);
    expect(findLead(id)!.status).toBe("em_contato");
    expect(statusChangesOf(id)).toMatchObject([{ fromStatus: "novo", toStatus: "em_contato", changedBy: ana.email }]);
    expect(statusEventsOf(id)).toMatchObject([
      { type: "lead.status_changed", data: { status: { anterior: "novo", atual: "em_contato", alterado_por: ana.email } } },
    ]);
  });

  it("Ligar: 303 to tel:+55 DDD number; a lead past Novo keeps its status, the attempt is still recorded", async () => {
    const id = newLead({ telefone: "(21)99123-4567" });
    changeLeadStatus(id, { status: "inscrito", reason: null }, admin.email);
    db.update(schema.leads).set({ owner_id: bruno.id }).where(eq(schema.leads.id, id)).run();
    const result = await contact(id, "telefone", bruno);
    expect(statusOf(result)).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("tel:+5521991234567");
    expect(attemptsOf(id)).toMatchObject([{ channel: "telefone", by: bruno.email }]);
    expect(findLead(id)!.status).toBe("inscrito");
    expect(statusChangesOf(id)).toHaveLength(1);
    expect(statusEventsOf(id)).toHaveLength(1);
  });

  it("without a course the text names the test profile; the attempt's instant is the injected clock", () => {
    const id = newLead({ nome: "  joão  pedro", telefone: "(11)91234-0000" });
    db.update(schema.leads).set({ perfil_resultado: "saude" }).where(eq(schema.leads.id, id)).run();
    const now = new Date("2026-03-02T13:45:00.000Z");
    const result = recordContactAttempt(id, "whatsapp", ana.email, now);
    expect(result.ok).toBe(true);
    const href = new URL((result as { href: string }).href);
    expect(href.origin + href.pathname).toBe("https://wa.me/5511912340000");
    expect(href.searchParams.get("text")).toMatch(
      /^Olá, joão! Aqui é da .+\. Vi que você fez nosso teste vocacional e seu perfil é .+\. Posso te ajudar a escolher o curso\?$/,
    );
    expect(attemptsOf(id)).toMatchObject([{ at: now.toISOString() }]);
    expect(statusChangesOf(id)).toMatchObject([{ changedAt: now.toISOString() }]);
  });

  it("a person who opted out of WhatsApp: the WhatsApp channel is refused (403, pt-BR) and nothing is recorded; Ligar still works", async () => {
    const id = newLead({ telefone: "(31)99555-0101" });
    // Opted out with the number written without the ninth digit: the same person.
    recordOptOuts([{ number: "553195550101", at: new Date().toISOString(), operator: "Op" }], "helper");
    const refused = await contact(id, "whatsapp");
    expect(statusOf(refused)).toBe(403);
    expect(payload(refused).error).toBe(OPTED_OUT_ERROR);
    expect(attemptsOf(id)).toEqual([]);
    expect(findLead(id)!.status).toBe("novo");
    expect(statusEventsOf(id)).toEqual([]);

    const html = await leadPageHtml(id);
    expect(html).toContain('data-testid="whatsapp-optout"');
    expect(html).toContain('data-testid="contact-call"');
    expect(html).not.toContain('data-testid="contact-whatsapp"');

    expect((await contact(id, "telefone")).headers.get("Location")).toBe("tel:+5531995550101");
    expect(attemptsOf(id)).toHaveLength(1);
  });

  it("an unusable phone gets no buttons and the action refuses it; an unknown channel is refused; all write nothing", async () => {
    const id = newLead();
    db.update(schema.leads).set({ telefone: "(31)8888-12" }).where(eq(schema.leads.id, id)).run();
    const refused = await contact(id, "telefone");
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).error).toMatch(/não é um celular válido/);
    const html = await leadPageHtml(id);
    expect(html).toContain("(31)8888-12");
    expect(html).not.toContain('data-testid="contact-call"');

    const other = newLead();
    for (const canal of ["sms", "", "<script>"]) {
      const result = await contact(other, canal);
      expect(statusOf(result), canal).toBe(400);
      expect(payload(result).error).toBe("Escolha como contatar: Ligar ou WhatsApp.");
    }
    expect([...attemptsOf(id), ...attemptsOf(other)]).toEqual([]);
    expect(findLead(other)!.status).toBe("novo");
  });

  it("a post from another site, a marketing user and an anonymous visitor are refused before anything is written", async () => {
    const id = newLead();
    const crossSite = await settle(() =>
      contactModule.action(
        args(
          formRequest(
            `/contato/lead/${id}/contatar`,
            { canal: "telefone" },
            { cookie: cookies[ana.email], headers: { Origin: "https://mal.example" } },
          ),
          { id: String(id) },
        ),
      ),
    );
    expect(statusOf(crossSite)).toBe(403);
    expect(statusOf(await contact(id, "telefone", marketing))).toBe(403);
    const anonymous = await settle(() =>
      contactModule.action(args(formRequest(`/contato/lead/${id}/contatar`, { canal: "telefone" }), { id: String(id) })),
    );
    expect(statusOf(anonymous)).toBe(302);
    expect(attemptsOf(id)).toEqual([]);
  });
});

describe("the funnel by status", () => {
  it("counts the leads per status for the panel's filters, with conversion; marketing gets the totals of every lead and no row", async () => {
    const city = `Funilópolis ${Date.now()}`;
    const ids = Array.from({ length: 6 }, () => newLead({ cidade: city }));
    changeLeadStatus(ids[0], { status: "em_contato", reason: null }, admin.email);
    changeLeadStatus(ids[1], { status: "inscrito", reason: null }, admin.email);
    changeLeadStatus(ids[2], { status: "matriculado", reason: null }, admin.email);
    changeLeadStatus(ids[3], { status: "perdido", reason: "sem_interesse" }, admin.email);
    const statuses = payload(await panel(`?busca=${encodeURIComponent(city)}`, admin)).statuses;
    expect(statuses.filtered).toBe(true);
    expect(statuses.funnel).toEqual({
      total: 6,
      steps: [
        { status: "novo", n: 2, reached: 6 },
        { status: "em_contato", n: 1, reached: 3 },
        { status: "inscrito", n: 1, reached: 2 },
        { status: "matriculado", n: 1, reached: 1 },
        { status: "perdido", n: 1, reached: 1 },
      ],
    });
    const html = await panelHtml(`?busca=${encodeURIComponent(city)}`, admin);
    expect(html).toContain("Funil de acompanhamento (leads filtrados)");
    expect(html).toContain('data-testid="funnel-total">6<');

    const totals = payload(await panel("", marketing));
    expect(totals.totalsOnly).toBe(true);
    expect(totals.statuses.filtered).toBe(false);
    expect(totals.statuses.funnel.total).toBe(Object.values(countLeadsByStatus(EMPTY_FILTERS)).reduce((a, b) => a + b, 0));
    expect(JSON.stringify(totals)).not.toContain(city);
    expect(totals.page).toBeUndefined();
  });
});

describe("the lead page's history", () => {
  it("lists contact attempts and the WhatsApp tool's sends to the lead (by lead id, or by phone with or without the ninth digit)", async () => {
    const id = newLead({ telefone: "(31)97777-2020" });
    const someoneElse = newLead({ telefone: "(31)96666-3030" });
    recordContactAttempt(id, "telefone", bruno.email, new Date("2026-01-05T12:00:00Z"));
    const send = (number: string, jobId: string, leadId: number | null, status = "Enviado") =>
      db
        .insert(schema.whatsappSendLog)
        .values({
          jobId,
          operator: "Op Maria",
          name: "X",
          number,
          message: `Mensagem ${jobId}`,
          status,
          sentAt: "2026-01-06T12:00:00.000Z",
          leadId,
        })
        .run();
    send("5531977772020", "job-com-nono", null);
    send("553177772020", "job-sem-nono", null, "Erro");
    send("5599900000000", "job-da-lista", id);
    send("5531966663030", "job-de-outro", someoneElse);
    const timeline = leadTimeline(findLead(id)!, (key) => key);
    expect(timeline.filter((entry) => entry.kind === "contato")).toMatchObject([
      { title: "Tentativa de contato: ligação: resultado não registrado", by: bruno.email, at: "2026-01-05T12:00:00.000Z" },
    ]);
    expect(
      timeline
        .filter((entry) => entry.kind === "whatsapp")
        .map((entry) => entry.text)
        .sort(),
    ).toEqual(["Mensagem job-com-nono", "Mensagem job-da-lista", "Mensagem job-sem-nono"]);
    expect(timeline.find((entry) => entry.text === "Mensagem job-sem-nono")).toMatchObject({
      title: "Mensagem de WhatsApp: Erro",
      by: "operador Op Maria",
    });
    // The page shows them, with who and when.
    const html = await leadPageHtml(id);
    expect(html).toContain('data-kind="contato"');
    expect(html).toContain("Mensagem job-da-lista");
    expect(html).not.toContain("Mensagem job-de-outro");
    // Each page's history is its own: the other lead has only its own send.
    expect(leadTimeline(findLead(someoneElse)!, (key) => key).filter((entry) => entry.kind === "whatsapp")).toHaveLength(1);
  });

  it("the person's data export (LGPD) carries the contact attempts; erasing the person erases them", async () => {
    const id = newLead({ telefone: "(31)97777-4040" });
    recordContactAttempt(id, "whatsapp", ana.email, new Date("2026-02-01T10:00:00.000Z"));
    const [exported] = personDataExport(findLead(id)!).leads;
    expect(exported.tentativas_de_contato).toEqual([{ canal: "whatsapp", por: ana.email, em: "2026-02-01T10:00:00.000Z" }]);
    deletePerson(findLead(id)!);
    expect(attemptsOf(id)).toEqual([]);
  });
});

describe("the lead page's e-mail action", () => {
  it("'Enviar e-mail' is a mailto: with the institution, the course and a first line; none once the person opted out of e-mails", async () => {
    const id = insertLead(sqlite, {
      nome: "Renata Correio Silva",
      telefone: "(31)98877-1234",
      email: "renata.correio@example.com",
      curso_interesse: "Pedagogia",
    });
    const page = async () =>
      payload(
        await leadModule.loader(args(getRequest(`/contato/lead/${id}`, { cookie: cookies[admin.email] }), { id: String(id) })),
      );
    const href = (await page()).lead.mailto as string;
    expect(href.startsWith("mailto:renata.correio%40example.com?")).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf("?") + 1));
    const brand = getInstitution().brandName;
    expect(query.get("subject")).toBe(`${brand}: sobre o curso de Pedagogia`);
    expect(query.get("body")).toContain(`Olá, Renata! Aqui é da ${brand}.`);
    expect(query.get("body")).toContain("Qual o melhor horário para conversarmos?");

    db.insert(schema.emailOptouts)
      .values({ email: "renata.correio@example.com", createdAt: new Date().toISOString(), source: "page" })
      .run();
    expect((await page()).lead.mailto).toBeNull();
  });
});
