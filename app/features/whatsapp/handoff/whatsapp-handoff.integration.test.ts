import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { EMPTY_FILTERS } from "~/features/leads/filters";
import { deletePerson, findLead } from "~/features/leads/privacy.server";
import { saveLead } from "~/features/leads/save.server";
import { purgeExpired } from "~/features/operations/retention.server";
import { addAccessPassword } from "~/features/whatsapp/access/access.server";
import { recordOptOuts } from "~/features/whatsapp/optouts/optouts.server";
import * as whatsappModule from "~/features/whatsapp/tool/page";
import { listSendLog } from "~/features/whatsapp/tool/send-log.server";
import { action as logAction } from "~/features/whatsapp/tool/send-log-route";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import {
  args,
  cookieFrom,
  formRequest,
  getRequest,
  payload,
  renderPage,
  settle,
  statusOf,
} from "../../../../tests/support/route-calls";
import { signedInStaff } from "../../../../tests/support/staff-login";
import { buildHandoffSelection, createHandoff, HANDOFF_TTL_MS, openHandoff, purgeOldHandoffs } from "./handoff.server";
import * as handoffModule from "./page";

/**
 * Hand-off from the leads panel to the WhatsApp tool (decision 058), through the real loaders
 * and actions on a real SQLite file: the confirmation's counts, the stored list, opening it on
 * /whatsapp (operator session, expiry, opt-outs applied again), and the send log's link to the lead.
 */

const ADMIN = "handoff.admin@example.com";
const OPERATOR_PASSWORD = "senha-operador-handoff";
let adminCookie = "";
let marketingCookie = "";
let operatorCookie = "";

beforeAll(async () => {
  adminCookie = (await signedInStaff("admin", ADMIN, "senha-admin-forte-123")).cookie;
  marketingCookie = (await signedInStaff("marketing", "handoff.marketing@example.com", "senha-marketing-forte-123")).cookie;
  await addAccessPassword(OPERATOR_PASSWORD, "Equipe de teste");
  const gate = await whatsappModule.action(args(formRequest("/whatsapp", { intent: "entrar", password: OPERATOR_PASSWORD })));
  operatorCookie = cookieFrom(gate as Response)
    .split("; ")
    .find((c) => c.startsWith("__operador="))!;
});

beforeEach(() => {
  resetAllRateLimits();
});

let counter = 0;
/** Leads named "<label> <token>", created one minute apart in the given order (the last is the newest). */
function seed(token: string, people: [label: string, telefone: string][]): Record<string, number> {
  const ids: Record<string, number> = {};
  const start = Date.now() - 60 * 60_000;
  people.forEach(([label, telefone], i) => {
    counter += 1;
    ids[label] = saveLead(
      {
        origem: "contato",
        nome: `${label} ${token}`,
        telefone,
        email: `handoff.${counter}.${token}@example.com`,
        cidade: "Contagem",
      },
      new Date(start + i * 60_000),
    );
  });
  return ids;
}

const unique = () => `hx${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const optOut = (number: string) =>
  recordOptOuts([{ number: number.replace(/\D/g, ""), at: new Date().toISOString(), operator: "Teste" }], "painel");

const confirmation = (query: string, cookie = adminCookie) =>
  settle(() => handoffModule.loader(args(getRequest(`/contato/enviar-whatsapp${query}`, { cookie }))));
const create = (query: string, fields: Record<string, string>, cookie = adminCookie, headers: Record<string, string> = {}) =>
  settle(() =>
    handoffModule.action(
      args(formRequest(`/contato/enviar-whatsapp${query}`, { intent: "criar", ...fields }, { cookie, headers })),
    ),
  );
const openPage = (query: string, cookie = operatorCookie) =>
  settle(() => whatsappModule.loader(args(getRequest(`/whatsapp${query}`, { cookie }))));
const handoffRows = () => db.select().from(schema.whatsappHandoffs).all();

/** Renders a route's page as the server does (static handler, no hydration data). */

/** The people of one test: newest last in this list, so the list's lines come in reverse. */
function mixedSelection(token: string) {
  const ids = seed(token, [
    ["Ana", "(31)99999-0001"], // opted out, written another way
    ["Bia", "(31)3333-4444"], // a landline: no usable mobile
    ["Caio", "(31)98888-7777"], // opted out without the ninth digit
    ["Duda", "(31)97777-1111"],
    ["Duda de novo", "31 97777-1111"], // the same number as Duda, newer: Duda's line goes
    ["Edu", "telefone"], // not a number
    ["Fabi, da Silva", "(21)96666-2222"], // a comma in the name
  ]);
  optOut("+55 (31) 99999-0001");
  optOut("553188887777");
  return ids;
}

describe("the confirmation page (/contato/enviar-whatsapp)", () => {
  it("counts the filtered leads, the opted out (ninth digit or not), those without a mobile and the duplicates", async () => {
    const token = unique();
    mixedSelection(token);
    const result = await confirmation(`?busca=${token}`);
    expect(statusOf(result)).toBe(200);
    expect(payload(result).counts).toEqual({ total: 7, contacts: 2, optedOut: 2, noNumber: 2, duplicates: 1, overCap: 0 });
    expect(payload(result).filterWords).toEqual([`Busca: “${token}”`]);
    expect(payload(result).backHref).toBe(`/contato?busca=${token}`);
    // Every filter of the panel selects, the owner filter too (these leads have no owner).
    const unowned = await confirmation(`?busca=${token}&responsavel=sem`);
    expect(payload(unowned).counts.total).toBe(7);
    expect(payload(unowned).filterWords).toEqual([`Busca: “${token}”`, expect.stringMatching(/^Responsável: /)]);
    expect(payload(unowned).hidden).toEqual([
      ["busca", token],
      ["responsavel", "sem"],
    ]);
    // The page only counts: nothing is stored before the confirmation.
    expect(handoffRows().filter((row) => row.filters.includes(token))).toEqual([]);
  });

  it("says so when the selection is larger than one send's limit (1000): the newest 1000 go", async () => {
    const token = unique();
    const now = new Date().toISOString();
    db.transaction((tx) => {
      for (let i = 0; i < 1002; i++) {
        const telefone = `(11)9${String(10_000_000 + i).slice(0, 4)}-${String(10_000_000 + i).slice(4)}`;
        tx.insert(schema.leads)
          .values({
            origem: "contato",
            nome: `Muitos ${i} ${token}`,
            telefone,
            email: `muitos.${i}.${token}@example.com`,
            busca: `muitos ${i} ${token}`,
            data_criacao: now.slice(0, 10),
            criado_em: new Date(Date.parse(now) + i).toISOString(),
            atualizado_em: now,
          })
          .run();
      }
    });
    const result = await confirmation(`?busca=${token}`);
    expect(payload(result).counts).toMatchObject({ total: 1002, contacts: 1000, overCap: 2 });
    const { html } = await renderPage(
      handoffModule,
      "/contato/enviar-whatsapp",
      getRequest(`/contato/enviar-whatsapp?busca=${token}`, { cookie: adminCookie }),
    );
    expect(html).toContain("A seleção passa de 1000 contatos, o máximo de um envio");
    expect(html).toContain("1000 contatos irão para a lista.");

    const created = await create(`?busca=${token}`, { busca: token });
    const id = new URL((created as Response).headers.get("Location")!, "http://localhost").searchParams.get("lista");
    const opened = openHandoff(id);
    expect(opened.ok && opened.contacts.length).toBe(1000);
    // The newest first, as the panel lists them.
    expect(opened.ok && opened.contacts[0].name).toBe(`Muitos 1001 ${token}`);
  });

  it("the cap leaves out people, not duplicates or opt-outs (pure selection)", () => {
    const leads = [
      { id: 1, nome: "Um", telefone: "(31)91111-1111" },
      { id: 2, nome: "Um de novo", telefone: "(31)91111-1111" },
      { id: 3, nome: "Dois", telefone: "(31)92222-2222" },
      { id: 4, nome: "Três", telefone: "(31)93333-3333" },
      { id: 5, nome: "Quatro", telefone: "(31)94444-4444" },
    ];
    const selection = buildHandoffSelection(leads, (number) => number === "5531922222222", 2);
    expect(selection).toMatchObject({ total: 5, duplicates: 1, optedOut: 1, overCap: 1, noNumber: 0 });
    expect(selection.contacts.map((c) => c.leadId)).toEqual([1, 4]);
  });
});

describe("creating the list", () => {
  it("stores one line per person, without the opted out, for 7 days, and opens /whatsapp?lista=<id>", async () => {
    const token = unique();
    const ids = mixedSelection(token);
    const before = Date.now();
    const result = await create(`?busca=${token}`, { busca: token });
    expect(statusOf(result)).toBe(303);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/whatsapp\?lista=[A-Za-z0-9_-]{22}$/);
    const id = location.split("=")[1];
    const [row] = db.select().from(schema.whatsappHandoffs).where(eq(schema.whatsappHandoffs.id, id)).all();
    expect(row).toMatchObject({ createdBy: ADMIN, filters: `busca=${token}`, removedOptOuts: 2 });
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(HANDOFF_TTL_MS);
    expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.parse(row.contacts)).toEqual([
      { leadId: ids["Fabi, da Silva"], name: `Fabi da Silva ${token}`, number: "5521966662222" },
      { leadId: ids["Duda de novo"], name: `Duda de novo ${token}`, number: "5531977771111" },
    ]);
    // Another list for the same filters is another id.
    const again = await create(`?busca=${token}`, { busca: token });
    expect((again as Response).headers.get("Location")).not.toBe(location);
  });

  it("refuses a selection with nobody to send to, a post without the confirmation and a cross-site post; stores nothing", async () => {
    const token = unique();
    seed(token, [["Fixo", "(31)3333-5555"]]);
    const rows = handoffRows().length;
    const empty = await create(`?busca=${token}`, { busca: token });
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).error).toMatch(/^Nenhum contato para enviar/);
    const token2 = unique();
    seed(token2, [["Celular", "(31)95555-0000"]]);
    const unconfirmed = await settle(() =>
      handoffModule.action(args(formRequest(`/contato/enviar-whatsapp`, { busca: token2 }, { cookie: adminCookie }))),
    );
    expect(statusOf(unconfirmed)).toBe(400);
    const crossSite = await create(`?busca=${token2}`, { busca: token2 }, adminCookie, { Origin: "https://mal.example" });
    expect(statusOf(crossSite)).toBe(403);
    expect(handoffRows()).toHaveLength(rows);
  });

  it("needs the leads permission: a marketing user gets 403 on the page and the post; no session goes to the login", async () => {
    const token = unique();
    seed(token, [["Mkt", "(31)95555-1234"]]);
    const rows = handoffRows().length;
    expect(statusOf(await confirmation(`?busca=${token}`, marketingCookie))).toBe(403);
    const post = await create(`?busca=${token}`, { busca: token }, marketingCookie);
    expect(statusOf(post)).toBe(403);
    expect(JSON.stringify(payload(post))).not.toContain("95555");
    const anonymous = await confirmation(`?busca=${token}`, "");
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login-admin\?redirectTo=/);
    expect(statusOf(await create(`?busca=${token}`, { busca: token }, ""))).toBe(302);
    expect(handoffRows()).toHaveLength(rows);
  });
});

describe("opening the list on /whatsapp", () => {
  async function listFor(token: string): Promise<string> {
    const result = await create(`?busca=${token}`, { busca: token });
    return (result as Response).headers.get("Location")!.split("=")[1];
  }

  it("an operator gets the contacts box filled with the 'Nome, Número' lines, the count and the way back to the panel", async () => {
    const token = unique();
    mixedSelection(token);
    const id = await listFor(token);
    const page = payload(await openPage(`?lista=${id}`));
    expect(page.view).toBe("mirror");
    expect(page.handoff).toEqual({
      ok: true,
      id,
      text: `Fabi da Silva ${token}, 5521966662222\nDuda de novo ${token}, 5531977771111`,
      count: 2,
      removedOptOuts: 2,
      panelHref: `/contato?busca=${token}`,
    });
    // Server-rendered: the box is filled before any JavaScript runs.
    const { html } = await renderPage(
      whatsappModule,
      "/whatsapp",
      getRequest(`/whatsapp?lista=${id}`, { cookie: operatorCookie }),
    );
    expect(html).toContain(`Fabi da Silva ${token}, 5521966662222\nDuda de novo ${token}, 5531977771111</textarea>`);
    expect(html).toContain("Lista do painel de leads: 2 contatos (2 removidos por não quererem WhatsApp)");
    expect(html).toContain(`href="/contato?busca=${token}"`);
  });

  it("removes again whoever opted out since (ninth digit or not), and a lead erased since; the count says so", async () => {
    const token = unique();
    const ids = seed(token, [
      ["Gabi", "(31)96666-1000"],
      ["Hugo", "(31)96666-2000"],
      ["Iris", "(31)96666-3000"],
    ]);
    const id = await listFor(token);
    optOut("553166661000"); // Gabi, without the ninth digit
    deletePerson(findLead(ids.Hugo)!);
    const page = payload(await openPage(`?lista=${id}`));
    expect(page.handoff).toMatchObject({ ok: true, text: `Iris ${token}, 5531966663000`, count: 1, removedOptOuts: 1 });
    // The erasure (LGPD) took Hugo's name and number out of the stored list too.
    const [row] = db.select().from(schema.whatsappHandoffs).where(eq(schema.whatsappHandoffs.id, id)).all();
    expect(row.contacts).not.toContain("Hugo");
    expect(row.contacts).not.toContain("5531966662000");
    expect(row.contacts).toContain("Gabi");
  });

  it("without the operator session the gate shows (no contact in the answer) and the password brings back the same list", async () => {
    const token = unique();
    seed(token, [["Jade", "(31)96666-4000"]]);
    const id = await listFor(token);
    const gate = await openPage(`?lista=${id}`, "");
    expect(payload(gate).view).toBe("gate");
    expect(JSON.stringify(payload(gate))).not.toContain("96666");
    const entered = await whatsappModule.action(
      args(formRequest(`/whatsapp?lista=${id}`, { intent: "entrar", password: OPERATOR_PASSWORD })),
    );
    expect(statusOf(entered)).toBe(303);
    expect((entered as Response).headers.get("Location")).toBe(`/whatsapp?lista=${id}`);
    // Without a list the gate goes back to /whatsapp as before.
    const plain = await whatsappModule.action(args(formRequest("/whatsapp", { intent: "entrar", password: OPERATOR_PASSWORD })));
    expect((plain as Response).headers.get("Location")).toBe("/whatsapp");
  });

  it("an expired or unknown list shows a clear pt-BR message and an empty box, no error", async () => {
    const token = unique();
    seed(token, [["Kaio", "(31)96666-5000"]]);
    const made = new Date(Date.now() - HANDOFF_TTL_MS - 60_000);
    const created = createHandoff({ ...EMPTY_FILTERS, busca: token }, ADMIN, made)!;
    // Open until the 7 days are over (injected clock), then expired.
    expect(openHandoff(created.id, new Date(made.getTime() + HANDOFF_TTL_MS - 1)).ok).toBe(true);
    expect(openHandoff(created.id, new Date(made.getTime() + HANDOFF_TTL_MS))).toMatchObject({ ok: false, reason: "expired" });

    const expired = await openPage(`?lista=${created.id}`);
    expect(statusOf(expired)).toBe(200);
    expect(payload(expired).handoff).toEqual({
      ok: false,
      message: expect.stringMatching(/^Esta lista expirou em \d{2}\/\d{2}\/\d{4}/),
    });
    for (const unknown of ["AAAAAAAAAAAAAAAAAAAAAA", "<script>", "x".repeat(500)]) {
      const page = await openPage(`?lista=${encodeURIComponent(unknown)}`);
      expect(statusOf(page), unknown).toBe(200);
      expect(payload(page).handoff).toEqual({ ok: false, message: expect.stringMatching(/^Lista não encontrada/) });
    }
    const { html } = await renderPage(
      whatsappModule,
      "/whatsapp",
      getRequest(`/whatsapp?lista=${created.id}`, { cookie: operatorCookie }),
    );
    expect(html).toContain("Esta lista expirou em");
    expect(html).toMatch(/<textarea[^>]*id="contatos"[^>]*><\/textarea>/);
  });

  it("old lists are deleted 7 days after they expire, by the next list and by the daily retention purge", () => {
    const token = unique();
    seed(token, [["Lia", "(31)96666-6000"]]);
    const now = Date.now();
    const old = createHandoff({ ...EMPTY_FILTERS, busca: token }, ADMIN, new Date(now - 2 * HANDOFF_TTL_MS - 60_000))!;
    const recent = createHandoff({ ...EMPTY_FILTERS, busca: token }, ADMIN, new Date(now - HANDOFF_TTL_MS - 60_000))!;
    purgeOldHandoffs(new Date(now));
    const ids = handoffRows().map((row) => row.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    // The server's daily purge (and npm run purge-leads) deletes them too.
    purgeExpired(new Date(now + HANDOFF_TTL_MS));
    expect(handoffRows().map((row) => row.id)).not.toContain(recent.id);
  });
});

describe("the send log links back to the leads", () => {
  it("records lead_id for the sends of a list (ninth digit or not), none otherwise; old clients keep working", async () => {
    const token = unique();
    const ids = seed(token, [
      ["Malu", "(31)95555-1000"],
      ["Nina", "(31)95555-2000"],
    ]);
    const created = await create(`?busca=${token}`, { busca: token });
    const id = (created as Response).headers.get("Location")!.split("=")[1];
    const jobId = `job-${token}`;
    const entry = (number: string, extra: Record<string, unknown> = {}) => ({
      jobId,
      operator: "Operadora Lista",
      name: "Alguém",
      number,
      message: "Olá",
      status: "sent",
      ...extra,
    });
    const post = (body: unknown) =>
      logAction(
        args(
          new Request("http://localhost/whatsapp/registro", {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: operatorCookie },
            body: JSON.stringify(body),
          }),
        ),
      );
    const answer = await post([
      entry("5531955551000", { lista: id }),
      entry("553155552000", { lista: id }), // Nina without the ninth digit
      entry("5531944449999", { lista: id }), // not on the list
      entry("5531955551000", { jobId: `${jobId}-sem-lista` }), // an older page: no list
      entry("5531955552000", { jobId: `${jobId}-lixo`, lista: "<script>" }), // a malformed list is ignored
    ]);
    expect(statusOf(answer)).toBe(200);
    expect(payload(answer)).toMatchObject({ ok: true, inserted: 5 });
    const stored = db
      .select({
        jobId: schema.whatsappSendLog.jobId,
        number: schema.whatsappSendLog.number,
        leadId: schema.whatsappSendLog.leadId,
      })
      .from(schema.whatsappSendLog)
      .all()
      .filter((row) => row.jobId.startsWith(jobId));
    expect(stored.map((row) => [row.jobId.slice(jobId.length), row.number, row.leadId])).toEqual([
      ["", "5531955551000", ids.Malu],
      ["", "553155552000", ids.Nina],
      ["", "5531944449999", null],
      ["-sem-lista", "5531955551000", null],
      ["-lixo", "5531955552000", null],
    ]);

    // 'Registro de Envios' carries the lead and links to its page.
    expect(listSendLog(1, 100).rows.find((row) => row.jobId === jobId && row.number === "5531955551000")?.leadId).toBe(ids.Malu);
    const { html } = await renderPage(whatsappModule, "/whatsapp", getRequest("/whatsapp", { cookie: operatorCookie }));
    expect(html).toContain(`href="/contato/lead/${ids.Malu}"`);
    expect(html).toContain(`href="/contato/lead/${ids.Nina}"`);
    expect(html).toContain("Ver lead");
  });
});
