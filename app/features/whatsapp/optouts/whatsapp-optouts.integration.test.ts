import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateKey } from "whatsapp-helper/token";

import { loader as csvLoader } from "~/features/leads/csv-route";
import { loader as panelLoader } from "~/features/leads/panel";
import { saveLead } from "~/features/leads/save.server";
import { createAdmin } from "~/features/staff/users.server";
import { addAccessPassword, removeAccessPassword } from "~/features/whatsapp/access/access.server";
import { action as sentAction, loader as sentLoader } from "~/features/whatsapp/helper-api/already-sent";
import { alreadySentApi, optOutsApi, repliesApi } from "~/features/whatsapp/helper-api/helper-api.server";
import { revokeHelperKey } from "~/features/whatsapp/helper-api/helper-keys.server";
import { action as optOutsAction, loader as optOutsLoader } from "~/features/whatsapp/helper-api/optouts";
import { isOptedOut, optedOutNumbers } from "~/features/whatsapp/optouts/optouts.server";
import { action as gateAction } from "~/features/whatsapp/tool/page";
import { recentlySent, recordSendResults } from "~/features/whatsapp/tool/send-log.server";
import { action as logAction } from "~/features/whatsapp/tool/send-log-route";
import { db, schema } from "~/platform/db/client.server";

import { newHelperKey } from "../../../../tests/support/helper-key-calls";
import { args, cookieFrom, formRequest, getRequest, payload } from "../../../../tests/support/route-calls";
import { signIn } from "../../../../tests/support/staff-login";

/**
 * The central WhatsApp opt-out list and the helpers' API (/api/whatsapp-helper/...), against a real
 * SQLite file: the Bearer token, idempotence across the Brazilian ninth-digit variants, the 7-day
 * "already sent" window on an injected clock, refusals turning 'Enviado' rows into 'Erro', and the
 * "não quer WhatsApp" mark in the leads panel and its CSV.
 */

const OPT_OUTS = "http://localhost/api/whatsapp-helper/descadastros";
const ALREADY_SENT = "http://localhost/api/whatsapp-helper/ja-enviados";

/** The helper's own key (decision 070), made like a downloaded start script's. */
let KEY = "";
beforeAll(async () => {
  KEY = (await newHelperKey()).key;
});
const bearer = (key = KEY) => `Bearer ${key}`;

function api(url: string, init: { method?: string; body?: unknown; auth?: string | null; type?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.auth !== null) headers.Authorization = init.auth ?? bearer();
  if (init.body !== undefined) headers["Content-Type"] = init.type ?? "application/json";
  return new Request(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

async function answer(result: unknown) {
  const response = result as Response;
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), body: await response.json() };
}

const optOutRows = () => db.select().from(schema.whatsappOptOuts).all();

beforeEach(() => {
  db.delete(schema.whatsappOptOuts).run();
  db.delete(schema.whatsappSendLog).run();
});

describe("the helper API's token", () => {
  const report = { entries: [{ number: "5531999998888", at: "2026-11-20T12:00:00.000Z" }] };

  it("refuses a missing, malformed, unknown, revoked or orphaned key with 401, private, and stores nothing", async () => {
    const revoked = await newHelperKey("Equipe que saiu");
    revokeHelperKey(revoked.key.split(".")[0]);
    const orphaned = await newHelperKey("Senha removida");
    removeAccessPassword(orphaned.passwordId);
    const [id] = KEY.split(".");
    const wrong: Record<string, string | null> = {
      missing: null,
      "not Bearer": `Basic ${KEY}`,
      malformed: "Bearer qualquer-coisa",
      "the old site-wide token": `Bearer ${Math.floor(Date.now() / 1000) + 300}.${"A".repeat(43)}`,
      "a key the site never made": bearer(generateKey().key),
      "a live key's id with another secret": bearer(`${id}.${"B".repeat(43)}`),
      "a revoked key": bearer(revoked.key),
      "a key whose access password was removed": bearer(orphaned.key),
    };
    for (const [label, auth] of Object.entries(wrong)) {
      for (const [run, request] of [
        [optOutsAction, api(OPT_OUTS, { body: report, auth })],
        [optOutsLoader, api(OPT_OUTS, { auth })],
        [sentAction, api(ALREADY_SENT, { body: { contacts: [{ number: "5531999998888", text: "Olá" }] }, auth })],
      ] as const) {
        const { status, body, cacheControl } = await answer(await run(args(request)));
        expect(status, label).toBe(401);
        expect(body, label).toEqual({ ok: false, error: "Chave do ajudante inválida ou revogada" });
        expect(cacheControl, label).toBe("private, no-store");
      }
    }
    expect(optOutRows()).toHaveLength(0);
  });

  it("an operator's cookie is no token: the API never reads cookies", async () => {
    await addAccessPassword("senha-operador-api", "Equipe de teste");
    const gate = await gateAction(args(formRequest("/whatsapp", { intent: "entrar", password: "senha-operador-api" })));
    const cookie = cookieFrom(gate as Response);
    expect(cookie).toContain("__operador=");
    const request = new Request(OPT_OUTS, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(report),
    });
    expect((await answer(await optOutsAction(args(request)))).status).toBe(401);
    expect(optOutRows()).toHaveLength(0);
  });

  it("answers 405 to methods a route does not serve (past the token check)", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const { status, body } = await answer(await optOutsAction(args(api(OPT_OUTS, { method, body: report }))));
      expect(status, method).toBe(405);
      expect(body.ok).toBe(false);
    }
    const get = await answer(await sentLoader(args(api(ALREADY_SENT))));
    expect(get.status).toBe(405);
  });
});

describe("POST/GET /api/whatsapp-helper/descadastros", () => {
  it("stores each person once, whichever ninth-digit variant or spelling is reported, and lists them", async () => {
    const first = await answer(
      await optOutsAction(
        args(
          api(OPT_OUTS, {
            body: {
              entries: [
                { number: "5531999998888", at: "2026-11-20T12:00:00.000Z", operator: "Ana" },
                // The same person without the ninth digit (an old WhatsApp id), in the same batch.
                { number: "553199998888", at: "2026-11-20T12:05:00.000Z" },
                { number: "5521988887777", at: "2026-11-20T13:00:00-03:00" },
              ],
            },
          }),
        ),
      ),
    );
    expect(first).toMatchObject({ status: 200, cacheControl: "private, no-store", body: { ok: true, inserted: 2 } });

    // A retry (the helper did not see the answer) and other spellings of the same people add nothing.
    const again = await answer(
      await optOutsAction(
        args(
          api(OPT_OUTS, {
            body: {
              entries: [
                { number: "5531999998888", at: "2026-11-21T12:00:00.000Z" },
                { number: "(31) 99999-8888", at: "2026-11-21T12:00:00.000Z" },
                { number: "2198888-7777", at: "2026-11-21T12:00:00.000Z" },
              ],
            },
          }),
        ),
      ),
    );
    expect(again.body).toEqual({ ok: true, inserted: 0 });

    const rows = optOutRows();
    expect(rows).toMatchObject([
      { number: "+5531999998888", key: "553199998888", at: "2026-11-20T12:00:00.000Z", operator: "Ana", source: "helper" },
      { number: "+5521988887777", at: "2026-11-20T16:00:00.000Z", operator: "", source: "helper" },
    ]);

    const list = await answer(await optOutsLoader(args(api(OPT_OUTS))));
    expect(list).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    expect(list.body).toEqual({ numbers: ["+5531999998888", "+5521988887777"], undone: [] });

    // One question for the helpers and the panel: is this person on the list, however written?
    expect(isOptedOut("(31)99999-8888")).toBe(true);
    expect(isOptedOut("553199998888")).toBe(true);
    expect(isOptedOut("31 9999-8888")).toBe(true);
    expect(isOptedOut("(31)99999-8887")).toBe(false);
    expect(optedOutNumbers()).toEqual(["+5531999998888", "+5521988887777"]);
  });

  it("refuses bad bodies with 400 and a pt-BR error, storing none of a batch with one bad entry", async () => {
    const good = { number: "5531977776666", at: "2026-11-20T12:00:00.000Z" };
    const bad: [string, unknown, string?][] = [
      ["not JSON", "{entries: ["],
      ["urlencoded", "entries=5531977776666", "application/x-www-form-urlencoded"],
      ["no entries", {}],
      ["entries not a list", { entries: "5531977776666" }],
      ["empty list", { entries: [] }],
      ["over 500", { entries: Array.from({ length: 501 }, () => good) }],
      ["short number", { entries: [good, { ...good, number: "1234" }] }],
      ["no time", { entries: [good, { number: "5531977776666" }] }],
      ["a time that is no time", { entries: [{ ...good, at: "ontem" }] }],
      ["an operator name too long", { entries: [{ ...good, operator: "x".repeat(200) }] }],
      ["a number that is no string", { entries: [{ ...good, number: 5531977776666 }] }],
    ];
    for (const [label, body, type] of bad) {
      const result = await answer(await optOutsAction(args(api(OPT_OUTS, { body, type }))));
      expect(result.status, label).toBe(400);
      expect(result.body.ok, label).toBe(false);
      expect(result.body.error, label).toMatch(/JSON|Envie|Número|Horário|Operador|inválid/);
      expect(result.cacheControl, label).toBe("private, no-store");
    }
    expect(optOutRows()).toHaveLength(0);
    // 500 at once is within the limit.
    const many = Array.from({ length: 500 }, (_, i) => ({ number: `55319${String(i).padStart(8, "0")}`, at: good.at }));
    expect((await answer(await optOutsAction(args(api(OPT_OUTS, { body: { entries: many } }))))).body).toEqual({
      ok: true,
      inserted: 500,
    });
  });
});

describe("POST /api/whatsapp-helper/ja-enviados", () => {
  const TEXT = "Olá Maria, tudo bem? As inscrições abriram.";
  const NOW = new Date("2026-11-24T15:00:00.000Z");
  const daysBefore = (days: number, minutes = 0) => new Date(NOW.getTime() - days * 86_400_000 - minutes * 60_000).toISOString();

  function log(number: string, sentAt: string, extra: Record<string, string> = {}) {
    const result = recordSendResults(
      { jobId: extra.jobId ?? `job-${number}-${sentAt}`, number, message: TEXT, status: "sent", sentAt, ...extra },
      NOW,
    );
    expect(result.ok).toBe(true);
  }

  /** Asks the route's server function with the injected clock (its token signed for that time). */
  async function ask(contacts: { number: string; text: string }[], now = NOW) {
    return answer(await alreadySentApi(api(ALREADY_SENT, { body: { contacts }, auth: bearer() }), now));
  }

  it("reports the numbers (as given) that got exactly this text, 'Enviado', in the last 7 days, with the latest time", async () => {
    log("5531999998888", daysBefore(6, 23 * 60)); // 6 days 23 h ago
    log("5531999998888", daysBefore(2)); // and again 2 days ago: the latest counts
    log("553188887777", daysBefore(1)); // logged without the ninth digit
    log("5531977776666", daysBefore(7, 1)); // 7 days and 1 minute ago: outside
    log("5531966665555", daysBefore(1), { message: "Outro texto" });
    log("5531955554444", daysBefore(1), { status: "error", detail: "Número não está no WhatsApp" });
    log("31944443333", daysBefore(3)); // logged without the country code

    const result = await ask([
      { number: "(31) 99999-8888", text: TEXT },
      { number: "5531988887777", text: TEXT },
      { number: "5531977776666", text: TEXT },
      { number: "5531966665555", text: TEXT },
      { number: "5531955554444", text: TEXT },
      { number: "5531944443333", text: TEXT },
      { number: "5531999998888", text: `${TEXT} ` },
      { number: "5531900000000", text: TEXT },
    ]);
    expect(result).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    expect(result.body).toEqual({
      sent: {
        "(31) 99999-8888": daysBefore(2),
        "5531988887777": daysBefore(1),
        "5531944443333": daysBefore(3),
      },
    });
  });

  it("the window moves with the clock: a send 6 days ago stops counting a day and a minute later", async () => {
    log("5531999998888", daysBefore(6));
    const contacts = [{ number: "5531999998888", text: TEXT }];
    expect((await ask(contacts)).body.sent).toEqual({ "5531999998888": daysBefore(6) });
    const later = new Date(NOW.getTime() + 86_400_000 - 60_000);
    expect((await ask(contacts, later)).body.sent).toEqual({ "5531999998888": daysBefore(6) });
    const tooLate = new Date(NOW.getTime() + 86_400_000 + 60_000);
    expect((await ask(contacts, tooLate)).body.sent).toEqual({});
    expect(recentlySent(contacts, tooLate)).toEqual({});
  });

  it("is reachable through the route with a fresh token, and refuses bad bodies with 400", async () => {
    log("5531999998888", new Date(Date.now() - 60 * 60_000).toISOString());
    const ok = await answer(
      await sentAction(args(api(ALREADY_SENT, { body: { contacts: [{ number: "5531999998888", text: TEXT }] } }))),
    );
    expect(Object.keys(ok.body.sent)).toEqual(["5531999998888"]);
    for (const [label, body] of [
      ["empty", { contacts: [] }],
      ["over 1000", { contacts: Array.from({ length: 1001 }, () => ({ number: "5531999998888", text: TEXT })) }],
      ["no text", { contacts: [{ number: "5531999998888" }] }],
      ["letters in the number", { contacts: [{ number: "55319abc98888", text: TEXT }] }],
      ["not a list", { contacts: "5531999998888" }],
      ["not JSON", "contacts="],
    ] as const) {
      const result = await answer(await sentAction(args(api(ALREADY_SENT, { body }))));
      expect(result.status, label).toBe(400);
      expect(result.body.error, label).toMatch(/Envie|Número|Texto|JSON/);
    }
  });
});

describe("refusals after 'Enviado' in 'Registro de Envios'", () => {
  const entry = {
    jobId: "job-recusa",
    operator: "Ana",
    name: "Maria",
    number: "5531999998888",
    message: "Olá Maria",
    status: "sent",
    sentAt: "2026-11-24T12:00:00.000Z",
  };
  const row = (jobId = entry.jobId) =>
    db.select().from(schema.whatsappSendLog).where(eq(schema.whatsappSendLog.jobId, jobId)).all();

  it("a later error for the same (job, number) turns the sent row into 'Erro' with WhatsApp's reason", async () => {
    await addAccessPassword("senha-operador-log", "Equipe de teste");
    const gate = await gateAction(args(formRequest("/whatsapp", { intent: "entrar", password: "senha-operador-log" })));
    const cookie = cookieFrom(gate as Response);
    const post = (body: unknown) =>
      logAction(
        args(
          new Request("http://localhost/whatsapp/registro", {
            method: "POST",
            body: JSON.stringify(body),
            headers: { "Content-Type": "application/json", Cookie: cookie },
          }),
        ),
      );
    expect(payload(await post(entry))).toMatchObject({ ok: true, inserted: 1 });
    const reason = "WhatsApp recusou a mensagem: conta restrita";
    expect(payload(await post({ ...entry, status: "error", detail: reason, sentAt: "2026-11-24T12:00:05.000Z" }))).toMatchObject({
      ok: true,
    });
    expect(row()).toHaveLength(1);
    expect(row()[0]).toMatchObject({ status: "Erro", detail: reason, sentAt: entry.sentAt, name: "Maria", message: "Olá Maria" });
    // The refused message no longer counts as "already sent".
    expect(recentlySent([{ number: entry.number, text: entry.message }], new Date("2026-11-25T12:00:00.000Z"))).toEqual({});
  });

  it("everything else about a row stays as first recorded", () => {
    // A replayed 'Enviado' after the refusal does not hide it.
    recordSendResults(entry);
    recordSendResults({ ...entry, status: "error", detail: "recusada" });
    expect(recordSendResults(entry)).toEqual({ ok: true, inserted: 0, updated: 0 });
    expect(row()[0]).toMatchObject({ status: "Erro", detail: "recusada" });
    // A second error does not overwrite the first reason.
    expect(recordSendResults({ ...entry, status: "error", detail: "outra" })).toEqual({ ok: true, inserted: 0, updated: 0 });
    expect(row()[0].detail).toBe("recusada");
    // Another job's row for the same number is its own.
    recordSendResults({ ...entry, jobId: "job-outro" });
    expect(row("job-outro")[0]).toMatchObject({ status: "Enviado", detail: null });
  });
});

describe("the leads panel shows 'não quer WhatsApp'", () => {
  async function adminCookie() {
    const existing = db.select().from(schema.adminUsers).all()[0];
    const admin = existing ?? (await createAdmin("painel.optout@example.com", "senha-admin-forte"));
    return signIn(admin);
  }

  it("on the lead whose phone is on the list (ninth digit or not), in the table and the CSV", async () => {
    const saved = {
      quer: saveLead({
        origem: "contato",
        nome: "Pessoa Quer Optout",
        telefone: "(31)99123-4567",
        email: "quer.optout@example.com",
      }),
      naoQuer: saveLead({
        origem: "contato",
        nome: "Pessoa Naoquer Optout",
        telefone: "(31)99765-4321",
        email: "naoquer.optout@example.com",
      }),
    };
    // The helper caught "SAIR" from the old (8-digit) WhatsApp id of the second person.
    await optOutsApi(api(OPT_OUTS, { body: { entries: [{ number: "553197654321", at: "2026-11-20T12:00:00.000Z" }] } }));
    const cookie = await adminCookie();

    const panel = payload(await panelLoader(args(getRequest("/contato?busca=optout", { cookie }))));
    const marks = Object.fromEntries(panel.page.rows.map((lead: any) => [lead.id, lead.whatsappOptOut]));
    expect(marks).toEqual({ [saved.quer]: false, [saved.naoQuer]: true });
    expect(panel.optOuts).toBe(1);

    const csv = (await csvLoader(args(getRequest("/contato/leads.csv?busca=optout", { cookie })))) as Response;
    const lines = new TextDecoder()
      .decode(await csv.arrayBuffer())
      .trim()
      .split("\r\n");
    const header = lines[0].split(";");
    // The existing columns keep their order; the new one comes last.
    expect(header.slice(0, 3)).toEqual(["nome", "telefone", "email"]);
    expect(header.at(-4)).toBe("respostas");
    expect(header.at(-3)).toBe("whatsapp");
    // The follow-up status and the owner came after it (app/features/leads/lead-follow-up.integration.test.ts, lead-owner-contact.test.ts).
    expect(header.slice(-2)).toEqual(["status", "responsavel"]);
    const cell = (name: string) =>
      lines
        .find((line) => line.startsWith(name))!
        .split(";")
        .at(-3);
    expect(cell("Pessoa Naoquer Optout")).toBe("não quer");
    expect(cell("Pessoa Quer Optout")).toBe("");
  });
});

describe("every number in E.164: one person's opt-out never touches another person", () => {
  it("an American's STOP (14155550100 or +14155550100) is +14155550100 and never marks the lead (14) 95555-0100", async () => {
    db.delete(schema.whatsappReplies).run();
    const brazilian = saveLead({
      origem: "contato",
      nome: "Pessoa Catorze E164",
      telefone: "(14)95555-0100",
      email: "catorze.e164@example.com",
    });
    // an older helper reports the WhatsApp id's digits; a newer one reports E.164
    for (const number of ["14155550100", "+14155550100"]) {
      const stored = await answer(
        await optOutsApi(api(OPT_OUTS, { body: { entries: [{ number, at: "2026-11-20T12:00:00.000Z", operator: "B" }] } })),
      );
      expect(stored.status).toBe(200);
    }
    expect(optOutRows()).toMatchObject([{ number: "+14155550100", key: "14155550100" }]);
    expect(optedOutNumbers()).toEqual(["+14155550100"]);
    expect(isOptedOut("+1 415 555 0100")).toBe(true);
    expect(isOptedOut("(14)95555-0100")).toBe(false);

    // the American's reply is hers, not the Brazilian lead's
    await repliesApi(
      api("http://localhost/api/whatsapp-helper/respostas", {
        body: {
          entries: [{ messageId: "E164STOP1", number: "14155550100", text: "STOP", receivedAt: "2026-11-20T12:00:00.000Z" }],
        },
      }),
    );
    const reply = db.select().from(schema.whatsappReplies).where(eq(schema.whatsappReplies.messageId, "E164STOP1")).get();
    expect(reply).toMatchObject({ number: "+14155550100", key: "14155550100", leadId: null });

    // the Brazilian's own SAIR is hers: stored as +55, linked to her lead
    await optOutsApi(api(OPT_OUTS, { body: { entries: [{ number: "5514955550100", at: "2026-11-21T12:00:00.000Z" }] } }));
    expect(isOptedOut("(14)95555-0100")).toBe(true);
    expect(optedOutNumbers()).toEqual(["+14155550100", "+5514955550100"]);
    expect(brazilian).toBeGreaterThan(0);
  });
});
