import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createEmailWorker, smtpTransport } from "~/features/email/outbox.server";
import * as bulkModule from "~/features/leads/bulk-change";
import { loader as distributionLoader } from "~/features/leads/distribution/page";
import { ASK_REASON_TOO_LONG, REQUEST_UNKNOWN } from "~/features/leads/follow-up-form";
import * as leadModule from "~/features/leads/lead";
import { OWNER_ASK_INSTEAD } from "~/features/leads/lead-page.server";
import { ALREADY_ASKED, REQUEST_LOCKED_ERROR } from "~/features/leads/owner-requests.server";
import { findLead } from "~/features/leads/privacy.server";
import type { StaffUser } from "~/features/staff/users.server";
import { db, schema, sqlite } from "~/platform/db/client.server";

import { type LocalSmtp, startLocalSmtp } from "../../../tests/support/local-smtp";
import { args, formRequest, getRequest, payload, renderPage, settle, statusOf } from "../../../tests/support/route-calls";
import { insertLead, uniqueToken } from "../../../tests/support/seed";
import { signedInStaff, useStaffTeam } from "../../../tests/support/staff-login";

/**
 * Decision 146: a comercial user asks for a colleague's lead, the manager approves or refuses.
 * Through the lead page's real loader and action on the test file's SQLite database, over the role ×
 * owner matrix: Ana and Bruno share a team whose leads an admin opened; Carla is a comercial user
 * outside it. Who may ask (only a comercial user, for a shared colleague's lead), who may decide
 * (only the manager), what approving does (the owner change with its note, the Matriculado lock,
 * the e-mails through the outbox, delivered once to a real SMTP server).
 */

const team = useStaffTeam("pedidos");
const { admin, ana, bruno, marketing } = team;
let carla: StaffUser;

beforeAll(async () => {
  const signed = await signedInStaff("comercial", `carla.pedidos.${Date.now().toString(36)}@example.com`);
  carla = signed.user;
  team.cookies[carla.email] = signed.cookie;
  const [row] = db
    .insert(schema.salesTeams)
    .values({ name: `Equipe ${uniqueToken("pedidos")}`, sharedLeads: true, createdAt: new Date().toISOString() })
    .returning()
    .all();
  db.insert(schema.salesTeamMembers)
    .values([
      { teamId: row.id, userId: ana.id },
      { teamId: row.id, userId: bruno.id },
    ])
    .run();
});

type Leads = { ana: number; bruno: number; carla: number; none: number; token: string };

/** Four leads of one search token: Ana's, Bruno's (her shared team mate), Carla's (not shared), nobody's. */
function fourLeads(): Leads {
  const token = uniqueToken("pedido");
  const lead = (who: string, owner: number | null, phone: string) =>
    insertLead(sqlite, {
      nome: `Pessoa${who} Sigilosa ${token}`,
      email: `${who.toLowerCase()}.${token}@example.com`,
      telefone: phone,
      cidade: token,
      owner_id: owner,
    });
  return {
    ana: lead("Ana", ana.id, "(31)98822-2001"),
    bruno: lead("Bruno", bruno.id, "(31)98822-2002"),
    carla: lead("Carla", carla.id, "(31)98822-2003"),
    none: lead("Ninguem", null, "(31)98822-2004"),
    token,
  };
}

const as = (user: StaffUser) => ({ cookie: team.cookies[user.email] });
const post = (user: StaffUser, id: number, fields: Record<string, string>) =>
  settle(() => leadModule.action(args(formRequest(`/contato/lead/${id}`, fields, as(user)), { id: String(id) })));
const pageOf = (user: StaffUser, id: number) =>
  settle(() => leadModule.loader(args(getRequest(`/contato/lead/${id}`, as(user)), { id: String(id) })));
const ask = (user: StaffUser, id: number, reason = "") => post(user, id, { intent: "pedir-lead", motivo_pedido: reason });
const requestsOf = (id: number) =>
  db.select().from(schema.leadOwnerRequests).where(eq(schema.leadOwnerRequests.leadId, id)).all();
const notesOf = (id: number, kind: string) =>
  db
    .select()
    .from(schema.leadNotes)
    .where(and(eq(schema.leadNotes.leadId, id), eq(schema.leadNotes.kind, kind)))
    .all();
const mailsOf = (id: number) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.leadId, id))
    .all()
    .map((mail) => [mail.kind, mail.toAddress]);

describe("asking for a lead, over the role × owner matrix", () => {
  it("only a comercial user who sees a colleague's lead (a shared team) may ask for it", async () => {
    const leads = fourLeads();
    const answers = {
      anaOwn: statusOf(await ask(ana, leads.ana)),
      anaShared: statusOf(await ask(ana, leads.bruno, "A pessoa já falou comigo pelo WhatsApp.")),
      anaNotShared: statusOf(await ask(ana, leads.carla)),
      anaUnowned: statusOf(await ask(ana, leads.none)),
      admin: statusOf(await ask(admin, leads.bruno)),
      marketing: statusOf(await ask(marketing, leads.bruno)),
      carlaOutsideTeam: statusOf(await ask(carla, leads.bruno)),
    };
    expect(answers).toEqual({
      anaOwn: 403,
      anaShared: 303,
      anaNotShared: 404,
      anaUnowned: 403,
      admin: 403,
      marketing: 403,
      carlaOutsideTeam: 404,
    });
    expect(requestsOf(leads.bruno).map((row) => [row.askerId, row.status, row.reason])).toEqual([
      [ana.id, "pending", "A pessoa já falou comigo pelo WhatsApp."],
    ]);
    for (const id of [leads.ana, leads.carla, leads.none]) expect(requestsOf(id)).toEqual([]);
    // The request is in the lead's history; the owner has not changed.
    expect(notesOf(leads.bruno, "pedido").map((note) => [note.text, note.author])).toEqual([
      [`Pedido de ${ana.email}: A pessoa já falou comigo pelo WhatsApp.`, ana.email],
    ]);
    expect(findLead(leads.bruno)!.owner_id).toBe(bruno.id);
  });

  it("the page offers the form on a shared colleague's lead only; asking again says it is already asked", async () => {
    const leads = fourLeads();
    expect(payload(await pageOf(ana, leads.bruno)).ask).toEqual({ asked: false });
    for (const id of [leads.ana, leads.none]) expect(payload(await pageOf(ana, id)).ask).toBeNull();
    expect(payload(await pageOf(admin, leads.bruno)).ask).toBeNull();
    const { html } = await renderPage(leadModule, "/contato/lead/:id", getRequest(`/contato/lead/${leads.bruno}`, as(ana)));
    expect(html).toContain("Pedir este lead");
    expect(html).not.toContain("Salvar responsável");

    expect(statusOf(await ask(ana, leads.bruno))).toBe(303);
    const again = await ask(ana, leads.bruno, "De novo");
    expect(statusOf(again)).toBe(400);
    expect(payload(again).errors.motivo_pedido).toBe(ALREADY_ASKED);
    expect(requestsOf(leads.bruno)).toHaveLength(1);
    expect(payload(await pageOf(ana, leads.bruno)).ask).toEqual({ asked: true });
  });

  it("a reason over 300 characters is refused next to the field and stores nothing", async () => {
    const leads = fourLeads();
    const refused = await ask(ana, leads.bruno, "x".repeat(301));
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).errors.motivo_pedido).toBe(ASK_REASON_TOO_LONG);
    expect(requestsOf(leads.bruno)).toEqual([]);
    expect(statusOf(await ask(ana, leads.bruno, "x".repeat(300)))).toBe(303);
  });

  it("she cannot take a shared colleague's lead by the owner form or a bulk change; an unowned one she takes", async () => {
    const leads = fourLeads();
    const taken = await post(ana, leads.bruno, { intent: "responsavel", responsavel: String(ana.id) });
    expect(statusOf(taken)).toBe(400);
    expect(payload(taken).errors.responsavel).toBe(OWNER_ASK_INSTEAD);
    expect(statusOf(await post(ana, leads.none, { intent: "responsavel", responsavel: String(ana.id) }))).toBe(303);
    const unowned = fourLeads();
    const bulk = await settle(() =>
      bulkModule.action(
        args(
          formRequest(
            "/contato/atribuir-responsavel",
            { busca: unowned.token, novo_responsavel: String(ana.id), intent: "confirmar" },
            as(ana),
          ),
        ),
      ),
    );
    expect(statusOf(bulk)).toBe(303);
    expect([unowned.ana, unowned.bruno, unowned.carla, unowned.none].map((id) => findLead(id)!.owner_id)).toEqual([
      ana.id,
      bruno.id,
      carla.id,
      ana.id,
    ]);
    expect(findLead(leads.bruno)!.owner_id).toBe(bruno.id);
  });
});

describe("deciding a request", () => {
  let leads: Leads;
  let requestId: number;
  beforeEach(async () => {
    leads = fourLeads();
    expect(statusOf(await ask(ana, leads.bruno, "Já atendi esta pessoa"))).toBe(303);
    requestId = requestsOf(leads.bruno)[0].id;
  });
  const decide = (user: StaffUser, intent: "pedido-aprovar" | "pedido-recusar", id = requestId) =>
    post(user, leads.bruno, { intent, pedido: String(id) });

  it("only the manager approves or refuses: the comercial users and marketing are refused and change nothing", async () => {
    const statuses: Record<string, number> = {};
    for (const intent of ["pedido-aprovar", "pedido-recusar"] as const) {
      for (const [who, user] of Object.entries({ ana, bruno, carla, marketing })) {
        statuses[`${who} ${intent}`] = statusOf(await decide(user, intent));
      }
    }
    expect(statuses).toEqual({
      "ana pedido-aprovar": 403,
      "bruno pedido-aprovar": 403,
      "carla pedido-aprovar": 404,
      "marketing pedido-aprovar": 403,
      "ana pedido-recusar": 403,
      "bruno pedido-recusar": 403,
      "carla pedido-recusar": 404,
      "marketing pedido-recusar": 403,
    });
    expect(requestsOf(leads.bruno).map((row) => row.status)).toEqual(["pending"]);
    expect(findLead(leads.bruno)!.owner_id).toBe(bruno.id);
    expect(mailsOf(leads.bruno)).toEqual([]);
    // The manager sees it on the lead page and in the Distribuição list, with the count.
    expect(payload(await pageOf(admin, leads.bruno)).requests).toEqual([
      expect.objectContaining({ id: requestId, asker: ana.email, reason: "Já atendi esta pessoa" }),
    ]);
    expect(payload(await pageOf(bruno, leads.bruno)).requests).toEqual([]);
    const listed = payload(await distributionLoader(args(getRequest("/admin/distribuicao", as(admin))))).requests;
    expect(listed).toContainEqual(expect.objectContaining({ id: requestId, leadId: leads.bruno, asker: ana.email }));
    const { html } = await renderPage(leadModule, "/contato/lead/:id", getRequest(`/contato/lead/${leads.bruno}`, as(admin)));
    expect(html).toContain(`Pedido de ${ana.email}`);
  });

  it("approved, the lead is the asker's through the owner change; the previous owner and the asker are told", async () => {
    expect(statusOf(await decide(admin, "pedido-aprovar"))).toBe(303);
    expect(findLead(leads.bruno)!.owner_id).toBe(ana.id);
    expect(requestsOf(leads.bruno).map((row) => [row.status, row.decidedBy])).toEqual([["approved", admin.email]]);
    expect(notesOf(leads.bruno, "responsavel").map((note) => [note.text, note.author])).toEqual([
      [`Responsável: ${bruno.email} → ${ana.email}`, admin.email],
    ]);
    expect(notesOf(leads.bruno, "pedido").map((note) => note.text)).toEqual([
      `Pedido de ${ana.email}: Já atendi esta pessoa`,
      `Pedido de ${ana.email} aprovado por ${admin.email}`,
    ]);
    expect(mailsOf(leads.bruno).sort()).toEqual([
      ["lead.reassigned", bruno.email],
      ["lead.request_approved", ana.email],
    ]);
    // Decided once: deciding it again is refused.
    const again = await decide(admin, "pedido-recusar");
    expect(statusOf(again)).toBe(400);
    expect(payload(again).errors.form).toBe(REQUEST_UNKNOWN);
    expect(mailsOf(leads.bruno)).toHaveLength(2);
  });

  it("refused, the owner stays and the asker is told; the decision is in the history", async () => {
    expect(statusOf(await decide(admin, "pedido-recusar"))).toBe(303);
    expect(findLead(leads.bruno)!.owner_id).toBe(bruno.id);
    expect(requestsOf(leads.bruno).map((row) => row.status)).toEqual(["refused"]);
    expect(notesOf(leads.bruno, "pedido").map((note) => note.text)).toContain(
      `Pedido de ${ana.email} recusado por ${admin.email}`,
    );
    expect(notesOf(leads.bruno, "responsavel")).toEqual([]);
    expect(mailsOf(leads.bruno)).toEqual([["lead.request_refused", ana.email]]);
    // She may ask again once refused.
    expect(statusOf(await ask(ana, leads.bruno))).toBe(303);
  });

  it("a Matriculado lead stays locked: approving is refused with the reason and changes nothing", async () => {
    sqlite.prepare("UPDATE leads SET status = 'matriculado' WHERE id = ?").run(leads.bruno);
    const refused = await decide(admin, "pedido-aprovar");
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).errors.form).toBe(REQUEST_LOCKED_ERROR);
    expect(findLead(leads.bruno)!.owner_id).toBe(bruno.id);
    expect(requestsOf(leads.bruno).map((row) => row.status)).toEqual(["pending"]);
    expect(mailsOf(leads.bruno)).toEqual([]);
  });

  it("a request of another lead is not decided from this one", async () => {
    const other = fourLeads();
    expect(statusOf(await ask(ana, other.bruno))).toBe(303);
    const refused = await decide(admin, "pedido-aprovar", requestsOf(other.bruno)[0].id);
    expect(statusOf(refused)).toBe(400);
    expect(findLead(other.bruno)!.owner_id).toBe(bruno.id);
    expect(findLead(leads.bruno)!.owner_id).toBe(bruno.id);
  });
});

describe("the e-mails of an approval, through a real SMTP server", () => {
  const arrived: ParsedMail[] = [];
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startLocalSmtp({ onMessage: (mail) => void arrived.push(mail) });
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp.close();
  });

  async function deliver(): Promise<ParsedMail[]> {
    const worker = createEmailWorker({
      transport: smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }),
    });
    await worker.runDue();
    await worker.stop();
    return arrived.splice(0);
  }

  it("the previous owner and the asker each get one e-mail, with no e-mail or phone of the person", async () => {
    db.delete(schema.emailOutbox).run();
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    const leads = fourLeads();
    expect(statusOf(await ask(ana, leads.bruno))).toBe(303);
    const requestId = requestsOf(leads.bruno)[0].id;
    expect(statusOf(await post(admin, leads.bruno, { intent: "pedido-aprovar", pedido: String(requestId) }))).toBe(303);
    const mails = await deliver();
    const byTo = Object.fromEntries(mails.map((mail) => [(mail.to as { text: string }).text, mail]));
    expect(mails.map((mail) => (mail.to as { text: string }).text).sort()).toEqual([ana.email, bruno.email].sort());
    expect(byTo[bruno.email].subject).toBe(`Lead repassado: PessoaBruno`);
    expect(byTo[bruno.email].text).toContain(`Repassado por ${admin.email}`);
    expect(byTo[ana.email].subject).toBe(`Pedido de lead aprovado: PessoaBruno`);
    expect(byTo[ana.email].text).toContain(`/contato/lead/${leads.bruno}`);
    for (const mail of mails) {
      expect(mail.text).not.toContain(`bruno.${leads.token}@example.com`);
      expect(mail.text).not.toContain("98822-2002");
      expect(mail.text).not.toContain("Sigilosa");
    }
    // Sent once: another run delivers nothing more.
    expect(await deliver()).toEqual([]);
  });
});
