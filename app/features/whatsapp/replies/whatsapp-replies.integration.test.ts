import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateKey } from "whatsapp-helper/token";

import { DISTRIBUTION_AUTHOR, EVERYONE_RULE } from "~/features/leads/distribution/assign.server";
import { action as leadAction, loader as leadLoader } from "~/features/leads/lead";
import { deletePerson, findLead, personDataExport } from "~/features/leads/privacy.server";
import { saveLead } from "~/features/leads/save.server";
import { purgeExpiredReplies } from "~/features/operations/retention.server";
import { addAccessPassword } from "~/features/whatsapp/access/access.server";
import { repliesApi } from "~/features/whatsapp/helper-api/helper-api.server";
import { revokeHelperKey } from "~/features/whatsapp/helper-api/helper-keys.server";
import { action as optOutsApiAction, loader as optOutsApiLoader } from "~/features/whatsapp/helper-api/optouts";
import { action as repliesApiAction, loader as repliesApiLoader } from "~/features/whatsapp/helper-api/replies";
import { action as optOutsPageAction, loader as optOutsPageLoader } from "~/features/whatsapp/optouts/page";
import { action as gateAction, loader as mirrorLoader } from "~/features/whatsapp/tool/page";
import { db, schema } from "~/platform/db/client.server";

import { newHelperKey } from "../../../../tests/support/helper-key-calls";
import { args, cookieFrom, formRequest, getRequest, payload, settle, statusOf } from "../../../../tests/support/route-calls";
import { signedInStaff } from "../../../../tests/support/staff-login";
import { action as repliesPageAction, loader as repliesPageLoader } from "./page";
import { classifyReply, LOST_FROM_REPLY_NOTE, REPLY_FLAG_WORDS } from "./replies.server";

/**
 * The replies inbox (decision 071) against a real SQLite file: the helpers' API
 * (token, validation, all-or-nothing batches, one row per WhatsApp message id, the lead found by the
 * person key), the words that flag a reply, /whatsapp/respostas (flagged first, unread counts, "Marcar
 * como lida", "Marcar lead como Perdido" only on confirmation), /whatsapp/descadastros (what was said,
 * search, undo with a required reason, logged) and the lead's page.
 */

const API = "http://localhost/api/whatsapp-helper/respostas";
const OPT_OUTS_API = "http://localhost/api/whatsapp-helper/descadastros";

/** The helper's own key (decision 070), made like a downloaded start script's. */
let KEY = "";
let KEY_ID = "";
const bearer = (key = KEY) => `Bearer ${key}`;

function api(body: unknown, { auth, url = API }: { auth?: string | null; url?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (auth !== null) headers.Authorization = auth ?? bearer();
  return new Request(url, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

async function answer(result: unknown) {
  const response = result as Response;
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), body: await response.json() };
}

let seq = 0;
function reply(
  fields: Partial<{
    messageId: string;
    number: string;
    text: string;
    receivedAt: string;
    pushName: string;
    optOut: boolean;
    jobId: string;
  }> = {},
) {
  seq += 1;
  return {
    messageId: `3EB0TEST${String(seq).padStart(6, "0")}`,
    number: "5531999990000",
    text: "Oi, tudo bem?",
    receivedAt: `2026-11-2${Math.min(seq % 9, 8)}T12:00:00.000Z`,
    ...fields,
  };
}

const replyRows = () => db.select().from(schema.whatsappReplies).all();

/** The helper posts these replies to the API. */
const postReplies = (...entries: ReturnType<typeof reply>[]) => repliesApi(api({ entries }));

/** A contact-form lead (saveLead): its id. */
const contactLead = (nome: string, telefone: string, email: string) => saveLead({ origem: "contato", nome, telefone, email });

/** /whatsapp/respostas (with the query) as the session of this cookie: the loader's data. */
const repliesPage = async (cookie: string, query = "") =>
  payload(await repliesPageLoader(args(getRequest(`/whatsapp/respostas${query}`, { cookie }))));

/** A post to /whatsapp/respostas as the session of this cookie: what the action answered or threw. */
const postRepliesPage = (fields: Record<string, string>, cookie: string, headers?: Record<string, string>) =>
  settle(() => repliesPageAction(args(formRequest("/whatsapp/respostas", fields, { cookie, headers }))));

let operatorCookie = "";
let adminCookie = "";
let comercialCookie = "";

beforeAll(async () => {
  KEY = (await newHelperKey("Equipe do ajudante")).key;
  KEY_ID = KEY.split(".")[0];
  await addAccessPassword("senha-operador-respostas", "Equipe do polo Centro");
  const gate = await gateAction(args(formRequest("/whatsapp", { intent: "entrar", password: "senha-operador-respostas" })));
  operatorCookie = cookieFrom(gate as Response);
  adminCookie = (await signedInStaff("admin", "respostas.admin@example.com", "senha-admin-forte-123")).cookie;
  comercialCookie = (await signedInStaff("comercial", "respostas.comercial@example.com", "senha-comercial-forte-123")).cookie;
});

beforeEach(() => {
  db.delete(schema.whatsappReplies).run();
  db.delete(schema.whatsappOptOuts).run();
  db.delete(schema.whatsappOptOutChanges).run();
});

describe("the words that flag a reply", () => {
  it("puts the issue's examples in their category, without accents or case, as whole words", () => {
    expect(classifyReply("Vou denunciar como spam")).toBe("denuncia");
    expect(classifyReply("Isso é SPAM")).toBe("denuncia");
    expect(classifyReply("Vou fazer uma DENÚNCIA")).toBe("denuncia");
    expect(classifyReply("Não autorizei o contato")).toBe("denuncia");
    expect(classifyReply("vou bloquear esse número")).toBe("denuncia");
    expect(classifyReply("Exclua meus dados")).toBe("dados");
    expect(classifyReply("apague meus dados, por favor")).toBe("dados");
    expect(classifyReply("Conforme a LGPD quero saber de onde veio meu número")).toBe("dados");
    expect(classifyReply("Não tenho interesse")).toBe("sem-interesse");
    expect(classifyReply("nao tenho interesse obrigado")).toBe("sem-interesse");
    expect(classifyReply("Chega!")).toBe("descadastro");
    expect(classifyReply("pare de me mandar isso")).toBe("descadastro");
    expect(classifyReply("SAIR")).toBe("descadastro");
    expect(classifyReply("Parar")).toBe("descadastro");
    // the helper's own reading of an opt-out counts too
    expect(classifyReply("me tira dessa lista aí", true)).toBe("descadastro");
    // everything else is a plain reply: "chegada" is not "chega", "sair" inside a sentence is not SAIR
    expect(classifyReply("Qual a data de chegada do material?")).toBe("outro");
    expect(classifyReply("Quando chega o boleto?")).toBe("outro");
    expect(classifyReply("Vou sair mais cedo hoje, me liga amanhã")).toBe("outro");
    expect(classifyReply("Tenho interesse em Enfermagem!")).toBe("outro");
  });

  it("keeps the list in one exported constant with the issue's words", () => {
    const all = Object.values(REPLY_FLAG_WORDS).flat();
    for (const word of [
      "denunci*",
      "spam",
      "exclua meus dados",
      "apague meus dados",
      "lgpd",
      "nao autorizei",
      "nao tenho interesse",
      "chega de",
      "pare de",
      "bloquear",
    ]) {
      expect(all).toContain(word);
    }
  });
});

describe("POST /api/whatsapp-helper/respostas", () => {
  it("refuses a missing, unknown or revoked key with 401 and stores nothing; a GET is a 405 past the key", async () => {
    const revoked = await newHelperKey("Equipe que saiu");
    revokeHelperKey(revoked.key.split(".")[0]);
    for (const auth of [
      null,
      "Bearer qualquer-coisa",
      bearer(generateKey().key),
      bearer(`${KEY_ID}.${"B".repeat(43)}`),
      bearer(revoked.key),
    ]) {
      const { status, body, cacheControl } = await answer(await repliesApiAction(args(api({ entries: [reply()] }, { auth }))));
      expect(status).toBe(401);
      expect(body).toEqual({ ok: false, error: "Chave do ajudante inválida ou revogada" });
      expect(cacheControl).toBe("private, no-store");
    }
    expect(replyRows()).toHaveLength(0);
    const get = new Request(API, { headers: { Authorization: bearer() } });
    expect((await answer(await repliesApiLoader(args(get)))).status).toBe(405);
  });

  it("stores each reply once per WhatsApp message id, classified, with the person key and the job", async () => {
    const first = reply({ text: "Não tenho interesse", pushName: "Ana", jobId: "job-1", number: "5531988887777" });
    const second = reply({ text: "Qual o valor da mensalidade?" });
    expect((await answer(await repliesApiAction(args(api({ entries: [first, second] }))))).body).toEqual({
      ok: true,
      inserted: 2,
    });
    // the helper's retry of the same batch: nothing new
    expect((await answer(await repliesApiAction(args(api({ entries: [first, second] }))))).body).toEqual({
      ok: true,
      inserted: 0,
    });
    const rows = replyRows();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.messageId === first.messageId)).toMatchObject({
      number: "+5531988887777",
      key: "553188887777",
      pushName: "Ana",
      text: "Não tenho interesse",
      category: "sem-interesse",
      jobId: "job-1",
      helperKeyId: KEY_ID,
      readAt: null,
    });
    expect(rows.find((row) => row.messageId === second.messageId)?.category).toBe("outro");
  });

  it("a chat whose number WhatsApp hid is stored without a number, linked to nobody, listed in Respostas", async () => {
    db.delete(schema.whatsappReplies).run();
    const hidden = { ...reply({ number: "", text: "Parem de me mandar isso" }), hiddenNumber: true };
    expect((await answer(await postReplies(hidden as ReturnType<typeof reply>))).status).toBe(200);
    expect(replyRows()).toMatchObject([{ number: "", key: "", leadId: null, text: "Parem de me mandar isso" }]);
    const page = await repliesPage(operatorCookie);
    expect(page.replies.map((r: any) => [r.number, r.text])).toEqual([["", "Parem de me mandar isso"]]);
    // "" is only for a hidden number
    const bare = await answer(await postReplies(reply({ number: "" })));
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatch(/Número/);
  });

  it("a batch is all or nothing: one bad entry is a 400 naming it in pt-BR, and none is stored", async () => {
    const cases: [unknown, RegExp][] = [
      [{ entries: [reply(), reply({ number: "12" })] }, /Número inválido \(item 2\)/],
      [{ entries: [reply(), reply({ text: "   " })] }, /Texto obrigatório \(item 2\)/],
      [{ entries: [reply({ text: "a".repeat(4097) })] }, /até 4096 caracteres/],
      [{ entries: [reply({ receivedAt: "ontem" })] }, /Horário inválido/],
      [{ entries: [{ ...reply(), messageId: "" }] }, /Identificador da mensagem obrigatório/],
      [{ entries: [] }, /Envie de 1 a 100 respostas por vez/],
      [{ entries: Array.from({ length: 101 }, () => reply()) }, /Envie de 1 a 100 respostas por vez/],
      [{ respostas: [reply()] }, /Envie as respostas em 'entries'/],
    ];
    for (const [body, message] of cases) {
      const result = await answer(await repliesApiAction(args(api(body))));
      expect(result.status).toBe(400);
      expect(result.body.error).toMatch(message);
    }
    expect((await answer(await repliesApiAction(args(api("{não é json"))))).status).toBe(400);
    expect(replyRows()).toHaveLength(0);
  });

  it("links the reply to the person's most recent lead, with or without the ninth digit", async () => {
    contactLead("Bia Antiga", "(31) 97777-1234", "bia.antiga@example.com");
    const recent = contactLead("Bia Recente", "(31) 97777-1234", "bia.recente@example.com");
    contactLead("Outra Pessoa", "(21) 97777-1234", "outra@example.com");
    // WhatsApp's old id of the person, without the ninth digit
    await postReplies(reply({ number: "553177771234", text: "Chega" }));
    await postReplies(reply({ number: "5511912340000" }));
    const rows = replyRows();
    expect(rows.find((row) => row.number === "+553177771234")?.leadId).toBe(recent);
    expect(rows.find((row) => row.number === "+5511912340000")?.leadId).toBeNull();
  });
});

describe("an opt-out keeps only the number", () => {
  it("what an older helper sends as `said` is checked (over 4096 characters refused) and never stored", async () => {
    const entry = { number: "5531966665555", at: "2026-11-20T12:00:00.000Z", said: "SAIR, por favor" };
    expect((await answer(await optOutsApiAction(args(api({ entries: [entry] }, { url: OPT_OUTS_API }))))).status).toBe(200);
    expect(db.select().from(schema.whatsappOptOuts).all()).toMatchObject([
      { number: "+5531966665555", said: "", recordedBy: expect.stringMatching(/^senha:\d+:Equipe do ajudante$/) },
    ]);
    const long = await answer(
      await optOutsApiAction(args(api({ entries: [{ ...entry, said: "x".repeat(4097) }] }, { url: OPT_OUTS_API }))),
    );
    expect(long.status).toBe(400);
  });
});

describe("/whatsapp/respostas", () => {
  it("sends anyone who may not use the tool to the gate (anonymous, marketing)", async () => {
    const anonymous = await settle(() => repliesPageLoader(args(getRequest("/whatsapp/respostas"))));
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toBe("/whatsapp");
    const cookie = (await signedInStaff("marketing", "respostas.marketing@example.com", "senha-marketing-forte-123")).cookie;
    for (const run of [
      () => repliesPageLoader(args(getRequest("/whatsapp/respostas", { cookie }))),
      () => repliesPageAction(args(formRequest("/whatsapp/respostas", { intent: "marcar-todas-lidas" }, { cookie }))),
    ]) {
      expect(statusOf(await settle(run))).toBe(302);
    }
  });

  it("lists flagged replies first, then the newest, with the unread counts; 'Marcar como lida' names who", async () => {
    await postReplies(
      reply({ text: "Oi, qual o valor?", receivedAt: "2026-11-25T15:00:00.000Z" }),
      reply({ text: "Vou denunciar como spam", receivedAt: "2026-11-20T10:00:00.000Z" }),
      reply({ text: "Exclua meus dados", receivedAt: "2026-11-22T10:00:00.000Z" }),
      reply({ text: "Obrigado!", receivedAt: "2026-11-24T10:00:00.000Z" }),
    );
    const page = await repliesPage(operatorCookie);
    expect(page.replies.map((r: any) => r.text)).toEqual([
      "Exclua meus dados",
      "Vou denunciar como spam",
      "Oi, qual o valor?",
      "Obrigado!",
    ]);
    expect(page.counts).toEqual({ unread: 4, flagged: 2 });

    // the mirror page's header says it too
    const mirror = payload(await mirrorLoader(args(getRequest("/whatsapp", { cookie: operatorCookie }))));
    expect(mirror.unreadReplies).toBe(4);

    const target = page.replies[0];
    const done = await postRepliesPage({ intent: "marcar-lida", id: String(target.id) }, operatorCookie);
    expect(statusOf(done)).toBe(303);
    const row = db.select().from(schema.whatsappReplies).where(eq(schema.whatsappReplies.id, target.id)).get();
    expect(row?.readBy).toMatch(/^senha:\d+:Equipe do polo Centro$/);
    const after = await repliesPage(adminCookie);
    expect(after.counts).toEqual({ unread: 3, flagged: 1 });
    expect(after.replies[0].read.by).toMatch(/Equipe do polo Centro/);

    await postRepliesPage({ intent: "marcar-todas-lidas" }, adminCookie);
    expect((await repliesPage(adminCookie)).counts).toEqual({
      unread: 0,
      flagged: 0,
    });
  });

  it("a post from another site is refused and changes nothing", async () => {
    await postReplies(reply());
    const id = String(replyRows()[0].id);
    const foreign = await postRepliesPage({ intent: "marcar-lida", id }, operatorCookie, { Origin: "https://evil.example" });
    expect(statusOf(foreign)).toBe(403);
    expect(replyRows()[0].readAt).toBeNull();
    // a reply that is not there is a 404 with a message, not a "done"
    const gone = await postRepliesPage({ intent: "marcar-lida", id: "999999" }, operatorCookie);
    expect(statusOf(gone)).toBe(404);
    expect(payload(gone).error).toMatch(/não existe mais/);
  });

  it("'Marcar lead como Perdido' only for a 'não tenho interesse' linked to a lead, after the confirmation", async () => {
    const leadId = contactLead("Caio Sem Interesse", "(31) 96666-2222", "caio@example.com");
    await postReplies(
      reply({ number: "5531966662222", text: "Não tenho interesse", receivedAt: "2026-11-25T10:00:00.000Z" }),
      reply({ number: "5531966662222", text: "Qual o polo mais perto?", receivedAt: "2026-11-24T10:00:00.000Z" }),
    );
    const [noInterest, question] = replyRows().sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
    // nothing happens on arrival
    expect(db.select().from(schema.leads).where(eq(schema.leads.id, leadId)).get()?.status).toBe("novo");

    // the confirmation is a page of its own (?confirmar-perdido=<id>): it works without JavaScript
    const confirming = await repliesPage(comercialCookie, `?confirmar-perdido=${noInterest.id}`);
    expect(confirming.confirming).toMatchObject({ id: noInterest.id, lead: { id: leadId, name: "Caio Sem Interesse" } });
    expect(confirming.leadLinks).toBe(true);
    // not for another kind of reply
    const other = await repliesPage(comercialCookie, `?confirmar-perdido=${question.id}`);
    expect(other.confirming).toBeNull();
    const refused = await postRepliesPage({ intent: "marcar-perdido", id: String(question.id) }, comercialCookie);
    expect(statusOf(refused)).toBe(409);
    expect(payload(refused).error).toMatch(/não tenho interesse/);

    const done = await postRepliesPage({ intent: "marcar-perdido", id: String(noInterest.id) }, comercialCookie);
    expect(statusOf(done)).toBe(303);
    const lead = db.select().from(schema.leads).where(eq(schema.leads.id, leadId)).get();
    expect(lead).toMatchObject({ status: "perdido", motivo_perda: "sem_interesse" });
    const notes = db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, leadId)).all();
    // The lead was the one comercial user's from the start (distribution, decision 096), then the reply's note.
    expect(notes).toMatchObject([
      {
        author: DISTRIBUTION_AUTHOR,
        text: `Responsável: Sem responsável → respostas.comercial@example.com (regra: ${EVERYONE_RULE})`,
      },
      { text: LOST_FROM_REPLY_NOTE },
    ]);
    expect(notes[1].author).toMatch(/respostas\.comercial@example\.com/);
    expect(db.select().from(schema.leadStatusChanges).where(eq(schema.leadStatusChanges.leadId, leadId)).all()).toMatchObject([
      { fromStatus: "novo", toStatus: "perdido", reason: "sem_interesse" },
    ]);
    const handled = db.select().from(schema.whatsappReplies).where(eq(schema.whatsappReplies.id, noInterest.id)).get();
    expect(handled?.handledBy).toMatch(/respostas\.comercial@example\.com/);
    expect(handled?.readAt).not.toBeNull();

    // again: the lead is already Perdido, nothing more is written
    await postRepliesPage({ intent: "marcar-perdido", id: String(noInterest.id) }, comercialCookie);
    expect(db.select().from(schema.leadStatusChanges).where(eq(schema.leadStatusChanges.leadId, leadId)).all()).toHaveLength(1);
    expect(db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, leadId)).all()).toHaveLength(2);
  });

  it("the lead's page lists that lead's replies, newest first", async () => {
    const leadId = contactLead("Duda Respostas", "(31) 95555-3333", "duda@example.com");
    await postReplies(
      reply({ number: "5531955553333", text: "Primeira", receivedAt: "2026-11-20T10:00:00.000Z" }),
      reply({ number: "5531955553333", text: "Vou denunciar", receivedAt: "2026-11-21T10:00:00.000Z" }),
      reply({ number: "5531955553333", text: "Terceira", receivedAt: "2026-11-22T10:00:00.000Z" }),
      reply({ number: "5531900001111", text: "De outra pessoa" }),
    );
    const page = payload(
      await leadLoader(args(getRequest(`/contato/lead/${leadId}`, { cookie: adminCookie }), { id: String(leadId) })),
    );
    expect(page.replies.map((r: any) => r.text)).toEqual(["Terceira", "Vou denunciar", "Primeira"]);
  });
});

describe("LGPD: the person's replies", () => {
  it("are in the person's data export and erased with the person (linked or by phone, ninth digit or not)", async () => {
    const leadId = contactLead("Gil Lgpd", "(31) 93333-7777", "gil.lgpd@example.com");
    await postReplies(
      reply({ number: "5531933337777", text: "Exclua meus dados" }),
      // the old WhatsApp id, without the ninth digit
      reply({ number: "553133337777", text: "Onde conseguiu meu número?" }),
      reply({ number: "5531900002222", text: "De outra pessoa" }),
    );
    const lead = findLead(leadId)!;
    const exported = personDataExport(lead);
    expect(exported.respostas_whatsapp.map((row) => row.texto).sort()).toEqual([
      "Exclua meus dados",
      "Onde conseguiu meu número?",
    ]);

    expect(deletePerson(lead)).toMatchObject({ leads: 1, replies: 2 });
    expect(replyRows().map((row) => row.text)).toEqual(["De outra pessoa"]);
  });

  it("her WhatsApp opt-out is in her data export: the number, when and how, never another person's", async () => {
    const leadId = contactLead("Iara Lgpd", "(31) 92222-6666", "iara.lgpd@example.com");
    await optOutsApiAction(
      args(
        api(
          {
            entries: [
              { number: "553122226666", at: "2026-11-20T12:00:00.000Z", said: "SAIR" }, // her old WhatsApp id
              { number: "5531922226667", at: "2026-11-20T12:00:00.000Z" },
            ],
          },
          { url: OPT_OUTS_API },
        ),
      ),
    );
    const exported = personDataExport(findLead(leadId)!);
    expect(exported.descadastros_whatsapp).toEqual([
      { numero: "+553122226666", em: "2026-11-20T12:00:00.000Z", origem: "helper" },
    ]);
  });

  it("follow the retention period, by when they were received", async () => {
    const now = new Date("2026-11-26T12:00:00.000Z");
    const day = 24 * 60 * 60 * 1000;
    await postReplies(
      reply({ text: "Antiga", receivedAt: new Date(now.getTime() - 31 * day).toISOString() }),
      reply({ text: "Recente", receivedAt: new Date(now.getTime() - 29 * day).toISOString() }),
    );
    expect(purgeExpiredReplies(now, 30)).toBe(1);
    expect(replyRows().map((row) => row.text)).toEqual(["Recente"]);
  });
});

describe("/whatsapp/descadastros", () => {
  const optOutsPage = async (cookie: string, query = "") =>
    payload(await optOutsPageLoader(args(getRequest(`/whatsapp/descadastros${query}`, { cookie }))));
  const undo = (id: number, motivo: string, cookie: string) =>
    settle(() =>
      optOutsPageAction(args(formRequest("/whatsapp/descadastros", { intent: "desfazer", id: String(id), motivo }, { cookie }))),
    );

  async function seedOptOuts() {
    contactLead("Élia Nascimento", "(31) 94444-1111", "elia@example.com");
    await optOutsApiAction(
      args(
        api(
          {
            entries: [
              { number: "5531944441111", at: "2026-11-20T12:00:00.000Z", said: "Não me mande mais nada", operator: "Maria" },
              { number: "5521933332222", at: "2026-11-21T12:00:00.000Z", said: "SAIR" },
            ],
          },
          { url: OPT_OUTS_API },
        ),
      ),
    );
    // what they wrote is their reply (the opt-out keeps only the number)
    await postReplies(
      reply({ number: "+5531944441111", text: "Não me mande mais nada", receivedAt: "2026-11-20T12:00:00.000Z" }),
      reply({ number: "+5521933332222", text: "SAIR", receivedAt: "2026-11-21T12:00:00.000Z" }),
    );
  }

  it("lists who, when and their latest reply; searches by number or name (no accents or case)", async () => {
    await seedOptOuts();
    const all = await optOutsPage(operatorCookie);
    expect(all.total).toBe(2);
    expect(all.optOuts.map((row: any) => [row.number, row.said])).toEqual([
      ["+5521933332222", "SAIR"],
      ["+5531944441111", "Não me mande mais nada"],
    ]);
    // recorded by the helper whose key the access password "Equipe do ajudante" downloaded
    expect(all.optOuts[1]).toMatchObject({
      name: "Élia Nascimento",
      operator: "Maria",
      recordedBy: expect.stringMatching(/^Senha #\d+ \(Equipe do ajudante\)$/),
    });

    const byName = await optOutsPage(operatorCookie, "?busca=elia");
    expect(byName.optOuts.map((row: any) => row.number)).toEqual(["+5531944441111"]);
    const byNumber = await optOutsPage(operatorCookie, "?busca=(21)%2093333");
    expect(byNumber.optOuts.map((row: any) => row.number)).toEqual(["+5521933332222"]);
  });

  it("'Desfazer' needs a reason (pt-BR, beside the field); with one, the entry leaves the list and the log keeps it", async () => {
    await seedOptOuts();
    const target = db.select().from(schema.whatsappOptOuts).where(eq(schema.whatsappOptOuts.number, "+5531944441111")).get()!;
    const empty = await undo(target.id, "  ", operatorCookie);
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).id).toBe(target.id);
    expect(payload(empty).result.error.motivo).toEqual(["Informe o motivo para desfazer o descadastro."]);
    expect(db.select().from(schema.whatsappOptOuts).all()).toHaveLength(2);
    expect(db.select().from(schema.whatsappOptOutChanges).all()).toHaveLength(0);

    const done = await undo(target.id, "Registrado por engano: a pessoa pediu para voltar", adminCookie);
    expect(statusOf(done)).toBe(303);
    const optedOut = db.select().from(schema.whatsappOptOuts).all();
    expect(optedOut.map((row) => row.number)).toEqual(["+5521933332222"]);
    const [change] = db.select().from(schema.whatsappOptOutChanges).all();
    expect(change).toMatchObject({
      number: "+5531944441111",
      key: "553144441111",
      action: "desfeito",
      reason: "Registrado por engano: a pessoa pediu para voltar",
    });
    expect(change.by).toMatch(/^usuario:\d+:respostas\.admin@example\.com$/);
    expect(JSON.parse(change.previous)).toMatchObject({ id: target.id, said: "", operator: "Maria" });
    // The helpers hear of it: the central list answers with the undo, so each forgets its own copy.
    const central = await answer(
      await optOutsApiLoader(args(new Request(OPT_OUTS_API, { headers: { Authorization: bearer() } }))),
    );
    expect(central.body.numbers).toEqual(["+5521933332222"]);
    expect(central.body.undone).toEqual([{ number: "+5531944441111", at: change.at }]);

    const page = await optOutsPage(operatorCookie);
    expect(page.changes).toMatchObject([
      {
        number: "+5531944441111",
        by: "respostas.admin@example.com",
        reason: "Registrado por engano: a pessoa pediu para voltar",
      },
    ]);

    // the same entry again: it is gone, the answer says so
    const again = await undo(target.id, "De novo", adminCookie);
    expect(statusOf(again)).toBe(404);
    expect(db.select().from(schema.whatsappOptOutChanges).all()).toHaveLength(1);
  });
});

describe("every stop stops (decision 118)", () => {
  const central = async () =>
    (await answer(await optOutsApiLoader(args(new Request(OPT_OUTS_API, { headers: { Authorization: bearer() } }))))).body as {
      numbers: string[];
      undone: { number: string; at: string }[];
    };
  const changeRows = () => db.select().from(schema.whatsappOptOutChanges).all();

  beforeEach(() => {
    db.delete(schema.whatsappReplies).run();
    db.delete(schema.whatsappOptOuts).run();
    db.delete(schema.whatsappOptOutChanges).run();
  });

  it("an opt-out in a reply is recorded by the site even when an older helper did not read it as one", async () => {
    await postReplies(reply({ number: "5531911110001", text: "Chega de mensagem!!!", optOut: false }));
    expect(db.select().from(schema.whatsappOptOuts).all()).toMatchObject([
      { number: "+5531911110001", said: "", source: "helper", recordedBy: expect.stringMatching(/^senha:/) },
    ]);
    expect(replyRows()).toMatchObject([{ category: "descadastro", optOutReview: null }]);
  });

  it("a complaint or a data request 'parece pedido de saída': held out of every send until someone decides", async () => {
    await postReplies(
      reply({ number: "5531911110002", text: "Vou denunciar no Procon" }),
      reply({ number: "5531911110003", text: "Exclua meus dados" }),
      reply({ number: "5531911110004", text: "Qual o valor?" }),
    );
    expect(replyRows().map((row) => [row.number, row.optOutReview])).toEqual([
      ["+5531911110002", "pendente"],
      ["+5531911110003", "pendente"],
      ["+5531911110004", null],
    ]);
    // the helpers skip both; neither is an opt-out yet
    expect((await central()).numbers).toEqual(["+5531911110002", "+5531911110003"]);
    expect(db.select().from(schema.whatsappOptOuts).all()).toEqual([]);
    const page = await repliesPage(operatorCookie);
    expect(
      page.replies
        .filter((r: any) => r.held)
        .map((r: any) => r.number)
        .sort(),
    ).toEqual(["+5531911110002", "+5531911110003"]);

    // "Não é pedido de saída": released, logged, and the helpers hear of it with the undone ones
    const complaint = replyRows().find((row) => row.number === "+5531911110002")!;
    const released = await postRepliesPage({ intent: "nao-e-saida", id: String(complaint.id) }, operatorCookie);
    expect(statusOf(released)).toBe(303);
    const list = await central();
    expect(list.numbers).toEqual(["+5531911110003"]);
    expect(list.undone).toEqual([{ number: "+5531911110002", at: expect.any(String) }]);
    expect(changeRows()).toMatchObject([{ number: "+5531911110002", action: "liberado", by: expect.stringMatching(/^senha:/) }]);

    // "Descadastrar" on the data request: on the list, recorded by the operator, logged with why
    const data = replyRows().find((row) => row.number === "+5531911110003")!;
    const optedOut = await postRepliesPage({ intent: "descadastrar", id: String(data.id) }, operatorCookie);
    expect(statusOf(optedOut)).toBe(303);
    expect(db.select().from(schema.whatsappOptOuts).all()).toMatchObject([
      { number: "+5531911110003", source: "painel", recordedBy: expect.stringMatching(/^senha:/), said: "" },
    ]);
    expect(changeRows()[1]).toMatchObject({
      action: "descadastrado",
      reason: expect.stringMatching(/^Resposta no WhatsApp de .+ \(Pedido sobre dados \(LGPD\)\)$/),
    });
    expect(replyRows().find((row) => row.id === data.id)?.optOutReview).toBe("descadastrado");
    expect((await central()).numbers).toEqual(["+5531911110003"]);
    const after = await repliesPage(operatorCookie);
    expect(after.replies.find((r: any) => r.id === data.id)).toMatchObject({ held: false, optedOut: true });

    // and it is undone like any opt-out, with a reason
    const row = db.select().from(schema.whatsappOptOuts).get()!;
    const undone = await settle(() =>
      optOutsPageAction(
        args(
          formRequest(
            "/whatsapp/descadastros",
            { intent: "desfazer", id: String(row.id), motivo: "Engano" },
            { cookie: adminCookie },
          ),
        ),
      ),
    );
    expect(statusOf(undone)).toBe(303);
    expect((await central()).numbers).toEqual([]);
  });

  it("'Descadastrar' on the lead page needs a reason (pt-BR, nothing stored without one) and is logged", async () => {
    const leadId = contactLead("Rita Descadastro", "(31) 91111-0005", "rita.descadastro@example.com");
    const post = (motivo: string) =>
      settle(() =>
        leadAction(
          args(formRequest(`/contato/lead/${leadId}`, { intent: "descadastrar-whatsapp", motivo }, { cookie: adminCookie }), {
            id: String(leadId),
          }),
        ),
      );
    const empty = await post("  ");
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).errors.motivo).toBe("Informe o motivo do descadastro (por exemplo: pediu por telefone).");
    expect(db.select().from(schema.whatsappOptOuts).all()).toEqual([]);

    expect(statusOf(await post("Pediu por telefone"))).toBe(303);
    expect(db.select().from(schema.whatsappOptOuts).all()).toMatchObject([
      { number: "+5531911110005", source: "painel", recordedBy: "respostas.admin@example.com" },
    ]);
    expect(changeRows()).toMatchObject([
      { action: "descadastrado", reason: "Pediu por telefone", by: "respostas.admin@example.com" },
    ]);
    const page = payload(
      await leadLoader(args(getRequest(`/contato/lead/${leadId}`, { cookie: adminCookie }), { id: String(leadId) })),
    );
    expect(page.lead.whatsappOptOut).toBe(true);
  });
});
