import { eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import { emailRecordsOfPerson } from "~/features/email/person-emails.server";
import { deleteWebhookDeliveriesOfLeads, enqueueWebhookEvent } from "~/features/webhooks/outbox.server";
import { removeLeadsFromHandoffs } from "~/features/whatsapp/handoff/handoff.server";
import { optOutsOfKeys, personKey } from "~/features/whatsapp/optouts/optouts.server";
import * as serverClock from "~/platform/clock.server";
import { checkpointWal, db, schema } from "~/platform/db/client.server";
import { privateData } from "~/shared/cache-headers";

import { e164Phone, erasureMatcher, normalisedEmail, recordErasure } from "./erasures.server";
import { LEAD_ORIGINS } from "./origins";
import { leadHistory } from "./queries.server";

/**
 * LGPD rights the admin panel serves for one person: access/portability (a JSON file with every
 * record the site keeps about them) and deletion (every record, in one transaction). "One person"
 * is the lead's e-mail: the same e-mail may have a row per form (origin), and the WhatsApp tool's
 * send log may hold messages sent to their phone number.
 */

export type Lead = typeof schema.leads.$inferSelect;
export type SendLogRow = typeof schema.whatsappSendLog.$inferSelect;

/** Positive integer id from a route parameter, or null. */
export function leadIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function findLead(id: number): Lead | undefined {
  return db.select().from(schema.leads).where(eq(schema.leads.id, id)).get();
}

export const LEAD_NOT_FOUND = "Lead não encontrado. Ele pode ter sido excluído.";

/** The lead a route's `:id` names, or a thrown private 404 with `message` (a page of the admin area says it). */
export function leadOr404(idParam: string | undefined, message: string = LEAD_NOT_FOUND): Lead {
  const id = leadIdParam(idParam);
  const lead = id === null ? undefined : findLead(id);
  if (!lead) throw privateData(message, { status: 404 });
  return lead;
}

/** The phone's national digits (DDD + number), the part a send-log number ends with. */
function phoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-11) : null;
}

/** Everything tied to the lead's person: their lead rows (every origin) and send-log rows to their phones. */
export function recordsOfPerson(lead: Lead): { leads: Lead[]; sendLog: SendLogRow[] } {
  const leads = db.select().from(schema.leads).where(eq(schema.leads.email, lead.email)).all();
  const phones = [...new Set(leads.map((row) => phoneDigits(row.telefone)).filter((d): d is string => d !== null))];
  const sendLog = phones.length
    ? db
        .select()
        .from(schema.whatsappSendLog)
        .where(or(...phones.map((digits): SQL => like(schema.whatsappSendLog.number, `%${digits}`))))
        .all()
    : [];
  return { leads, sendLog };
}

export type ReplyRecord = typeof schema.whatsappReplies.$inferSelect;

/**
 * What the person answered on WhatsApp (decision 071): replies linked to one of their leads, or sent
 * from one of their phones (person key: with or without the ninth digit).
 */
export function whatsappRepliesOfPerson(leads: readonly Lead[]): ReplyRecord[] {
  const replies = schema.whatsappReplies;
  const ids = leads.map((row) => row.id);
  const keys = [...new Set(leads.map((row) => personKey(row.telefone)).filter((key) => key.length >= 10))];
  const conditions: SQL[] = [];
  if (ids.length) conditions.push(inArray(replies.leadId, ids));
  if (keys.length) conditions.push(inArray(replies.key, keys));
  return conditions.length
    ? db
        .select()
        .from(replies)
        .where(or(...conditions))
        .all()
    : [];
}

/** The JSON an admin downloads for the person (art. 18, II and V of the LGPD). */
export function personDataExport(lead: Lead, now: Date = new Date()) {
  const { leads, sendLog } = recordsOfPerson(lead);
  return {
    exportado_em: now.toISOString(),
    titular: { email: lead.email, nome: lead.nome },
    explicacao:
      "Todos os registros que o site guarda sobre este e-mail: um lead por formulário (origem), com o acompanhamento (status, notas e tentativas de contato), os e-mails enviados a este endereço e o pedido de não receber mais e-mails, se houver, as mensagens de WhatsApp enviadas aos telefones informados e as respostas recebidas deles.",
    leads: leads.map(({ busca: _searchCopy, ...row }) => ({
      ...row,
      origem_descricao: LEAD_ORIGINS[row.origem as keyof typeof LEAD_ORIGINS] ?? row.origem,
      respostas: row.respostas ? safeJson(row.respostas) : null,
      // The follow-up of this lead row: its status changes and notes (who, when).
      mudancas_de_status: leadHistory(schema.leadStatusChanges, row.id).map((change) => ({
        de: change.fromStatus,
        para: change.toStatus,
        motivo: change.reason,
        por: change.changedBy,
        em: change.changedAt,
      })),
      notas: leadHistory(schema.leadNotes, row.id).map((note) => ({ texto: note.text, por: note.author, em: note.createdAt })),
      // Calls and WhatsApp clicks from the panel to this lead (who, when).
      tentativas_de_contato: leadHistory(schema.leadContactAttempts, row.id).map((attempt) => ({
        canal: attempt.channel,
        por: attempt.by,
        em: attempt.at,
      })),
    })),
    // The e-mails written to them and their opt-out (decision 100).
    ...emailRecordsOfPerson(lead.email),
    // What the person answered on WhatsApp (decision 071), as they wrote it.
    respostas_whatsapp: whatsappRepliesOfPerson(leads).map((row) => ({
      numero: row.number,
      nome_no_whatsapp: row.pushName,
      texto: row.text,
      recebida_em: row.receivedAt,
      categoria: row.category,
      lida_em: row.readAt,
      lida_por: row.readBy,
    })),
    // Their request not to get WhatsApp messages: only the number and when (decision 118).
    descadastros_whatsapp: optOutsOfKeys(leads.map((row) => personKey(row.telefone))).map((row) => ({
      numero: row.number,
      em: row.at,
      origem: row.source,
    })),
    mensagens_whatsapp: sendLog.map((row) => ({
      nome: row.name,
      numero: row.number,
      mensagem: row.message,
      status: row.status,
      detalhe: row.detail,
      enviada_em: row.sentAt,
      operador: row.operator,
    })),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Which of the lead's details another lead row shares. */
export type ErasureMatch = "email" | "phone" | "both";

/**
 * The lead rows an erasure of this lead's person may take (the confirmation page lists them, the
 * admin chooses): every row with the same e-mail or the same phone, the lead itself first.
 */
export function erasureCandidates(lead: Lead): { lead: Lead; match: ErasureMatch }[] {
  const email = normalisedEmail(lead.email);
  const rows = db
    .select()
    .from(schema.leads)
    .where(or(sql`lower(${schema.leads.email}) = ${email}`, eq(schema.leads.telefone, lead.telefone)))
    .orderBy(schema.leads.id)
    .all();
  const sameEmail = (row: Lead) => normalisedEmail(row.email) === email;
  const samePhone = (row: Lead) => row.telefone === lead.telefone;
  return [lead, ...rows.filter((row) => row.id !== lead.id)].map((row) => ({
    lead: row,
    match: sameEmail(row) && samePhone(row) ? "both" : sameEmail(row) ? "email" : "phone",
  }));
}

/** What erasing these lead rows takes with them: the ids of every record, by table. */
export type ErasurePlan = {
  leadIds: number[];
  emails: string[];
  phones: string[];
  outbox: number[];
  webhookDeliveries: number[];
  sendLog: number[];
  replies: number[];
  handoffLists: number;
};

/** The last eight digits: the part every written form of a Brazilian number shares (a first sieve). */
const lastDigits = (phone: string) => phone.replace(/\D/g, "").slice(-8);

/**
 * Every record tied to these lead rows or to their e-mails and phones: e-mails in the outbox (to the
 * address, or about the lead), webhook copies of the leads, WhatsApp messages sent to the phones
 * (with or without the ninth digit), replies from them or linked to the leads, and the hand-off lists
 * that name the leads.
 */
export function erasurePlan(leads: readonly Pick<Lead, "id" | "email" | "telefone">[]): ErasurePlan {
  const leadIds = [...new Set(leads.map((row) => row.id))];
  const emails = [...new Set(leads.map((row) => normalisedEmail(row.email)))];
  const phones = [...new Set(leads.map((row) => row.telefone).filter((phone) => e164Phone(phone) !== null))];
  return { leadIds, emails, phones, ...recordsOfContacts(leadIds, emails, phones) };
}

function recordsOfContacts(leadIds: readonly number[], emails: readonly string[], phones: readonly string[]) {
  const outbox = schema.emailOutbox;
  const outboxConditions: SQL[] = [];
  if (emails.length) outboxConditions.push(inArray(sql`lower(${outbox.toAddress})`, [...emails]));
  if (leadIds.length) outboxConditions.push(inArray(outbox.leadId, [...leadIds]));
  const outboxIds = outboxConditions.length
    ? db
        .select({ id: outbox.id })
        .from(outbox)
        .where(or(...outboxConditions))
        .all()
        .map((row) => row.id)
    : [];

  const webhookDeliveries = leadIds.length
    ? db
        .select({ id: schema.webhookDeliveries.id })
        .from(schema.webhookDeliveries)
        .where(inArray(sql`json_extract(${schema.webhookDeliveries.body}, '$.data.lead.id')`, [...leadIds]))
        .all()
        .map((row) => row.id)
    : [];

  const wanted = new Set(phones.map((phone) => e164Phone(phone)));
  const log = schema.whatsappSendLog;
  const logConditions: SQL[] = [...new Set(phones.map(lastDigits))].map((digits) => like(log.number, `%${digits}`));
  if (leadIds.length) logConditions.push(inArray(log.leadId, [...leadIds]));
  const sendLog = logConditions.length
    ? db
        .select({ id: log.id, number: log.number, leadId: log.leadId })
        .from(log)
        .where(or(...logConditions))
        .all()
        .filter((row) => (row.leadId !== null && leadIds.includes(row.leadId)) || wanted.has(e164Phone(row.number)))
        .map((row) => row.id)
    : [];

  const replies = schema.whatsappReplies;
  const keys = [...new Set(phones.map((phone) => personKey(phone)).filter((key) => key.length >= 10))];
  const replyConditions: SQL[] = [];
  if (leadIds.length) replyConditions.push(inArray(replies.leadId, [...leadIds]));
  if (keys.length) replyConditions.push(inArray(replies.key, keys));
  const replyIds = replyConditions.length
    ? db
        .select({ id: replies.id })
        .from(replies)
        .where(or(...replyConditions))
        .all()
        .map((row) => row.id)
    : [];

  return { outbox: outboxIds, webhookDeliveries, sendLog, replies: replyIds, handoffLists: handoffListsNaming(leadIds) };
}

/** How many hand-off lists name one of these leads. */
function handoffListsNaming(leadIds: readonly number[]): number {
  if (leadIds.length === 0) return 0;
  const ids = new Set(leadIds);
  return db
    .select({ contacts: schema.whatsappHandoffs.contacts })
    .from(schema.whatsappHandoffs)
    .all()
    .filter((row) => {
      try {
        return (JSON.parse(row.contacts) as { leadId?: number }[]).some((contact) => ids.has(contact.leadId ?? -1));
      } catch {
        return false;
      }
    }).length;
}

export type ErasureCounts = { leads: number; sendLog: number; replies: number; emails: number; webhookCopies: number };

/** Deletes what the plan names, inside the caller's transaction. */
function deletePlanned(plan: Omit<ErasurePlan, "emails" | "phones" | "handoffLists">): ErasureCounts {
  const remove = <T extends { id: unknown }>(table: SQLiteTable & T, ids: readonly number[]) =>
    ids.length
      ? db
          .delete(table)
          .where(inArray(table.id as never, [...ids]))
          .run().changes
      : 0;
  // Replies first: once the leads are gone, their link to them is gone too.
  const replies = remove(schema.whatsappReplies, plan.replies);
  const emails = remove(schema.emailOutbox, plan.outbox);
  const webhookCopies = remove(schema.webhookDeliveries, plan.webhookDeliveries) + deleteWebhookDeliveriesOfLeads(plan.leadIds);
  const sendLog = remove(schema.whatsappSendLog, plan.sendLog);
  removeLeadsFromHandoffs(plan.leadIds);
  const leads = remove(schema.leads, plan.leadIds);
  return { leads, sendLog, replies, emails, webhookCopies };
}

/**
 * LGPD erasure of the lead rows the admin confirmed (ids among erasureCandidates of `subject`; any
 * other id is ignored) with every record of their e-mails and phones, in one transaction: the
 * erasure list gets the person first (recordErasure), then the rows go, a "person.erased" webhook
 * event (lead ids only) is written in the same transaction, and the WAL is emptied so the bytes leave
 * the disk. Null when no candidate was chosen.
 */
export function erasePerson(subject: Lead, chosenIds: readonly number[], now: Date = serverClock.now()): ErasureCounts | null {
  const chosen = new Set(chosenIds);
  const leads = erasureCandidates(subject)
    .map((candidate) => candidate.lead)
    .filter((row) => chosen.has(row.id));
  if (leads.length === 0) return null;
  const planned = erasurePlan(leads);
  recordErasure({ emails: planned.emails, phones: planned.phones }, now);
  const counts = db.transaction(() => {
    // Planned again inside the transaction: a record written since the page was built goes too.
    const plan = erasurePlan(leads);
    const deleted = deletePlanned(plan);
    enqueueWebhookEvent("person.erased", { leads: plan.leadIds.map((id) => ({ id })), erased_at: now.toISOString() }, now);
    return deleted;
  });
  checkpointWal();
  return counts;
}

/** Deletes the person's lead rows (every row of the e-mail or the phone) and every record of them. */
export function deletePerson(lead: Lead, now: Date = serverClock.now()): ErasureCounts {
  const ids = erasureCandidates(lead).map((candidate) => candidate.lead.id);
  return erasePerson(lead, ids, now)!;
}

/**
 * Applies the erasure list again (after a restore, daily with the retention run, and by `npm run
 * admin -- reapply-erasures`): every lead row whose e-mail or phone the list names, and every
 * record of those e-mails and phones, is deleted as at the erasure. Returns what went.
 */
export function reapplyErasures(): ErasureCounts {
  const none: ErasureCounts = { leads: 0, sendLog: 0, replies: 0, emails: 0, webhookCopies: 0 };
  const matcher = erasureMatcher();
  if (!matcher) return none;
  const phoneErased = new Map<string, boolean>();
  const isErasedPhone = (phone: string) => {
    let erased = phoneErased.get(phone);
    if (erased === undefined) phoneErased.set(phone, (erased = matcher.isErasedPhone(phone)));
    return erased;
  };
  const leads = db
    .select({ id: schema.leads.id, email: schema.leads.email, telefone: schema.leads.telefone })
    .from(schema.leads)
    .all()
    .filter((row) => matcher.isErasedEmail(row.email) || isErasedPhone(row.telefone));
  const sendLogNumbers = db
    .selectDistinct({ number: schema.whatsappSendLog.number })
    .from(schema.whatsappSendLog)
    .all()
    .map((row) => row.number)
    .filter(isErasedPhone);
  const replyNumbers = db
    .selectDistinct({ number: schema.whatsappReplies.number })
    .from(schema.whatsappReplies)
    .all()
    .map((row) => row.number)
    .filter(isErasedPhone);
  const addresses = db
    .selectDistinct({ address: schema.emailOutbox.toAddress })
    .from(schema.emailOutbox)
    .all()
    .map((row) => row.address)
    .filter((address) => matcher.isErasedEmail(address));
  if (!leads.length && !sendLogNumbers.length && !replyNumbers.length && !addresses.length) return none;
  const counts = db.transaction(() => {
    const plan = erasurePlan(leads);
    const extra = recordsOfContacts([], addresses, [...sendLogNumbers, ...replyNumbers]);
    const union = (a: number[], b: number[]) => [...new Set([...a, ...b])];
    return deletePlanned({
      leadIds: plan.leadIds,
      outbox: union(plan.outbox, extra.outbox),
      webhookDeliveries: plan.webhookDeliveries,
      sendLog: union(plan.sendLog, extra.sendLog),
      replies: union(plan.replies, extra.replies),
    });
  });
  checkpointWal();
  return counts;
}

const MATCH_LABELS: Record<ErasureMatch, string> = {
  both: "mesmo e-mail e telefone",
  email: "mesmo e-mail",
  phone: "mesmo telefone",
};

/** The erasure page's view: the lead rows found by e-mail or phone, and what erasing all of them takes. */
export function erasurePageData(lead: Lead) {
  const candidates = erasureCandidates(lead);
  const plan = erasurePlan(candidates.map((candidate) => candidate.lead));
  return {
    candidates: candidates.map(({ lead: row, match }) => ({
      id: row.id,
      nome: row.nome,
      email: row.email,
      telefone: row.telefone,
      origem: LEAD_ORIGINS[row.origem as keyof typeof LEAD_ORIGINS] ?? row.origem,
      data: row.data_criacao,
      match: row.id === lead.id ? "este lead" : MATCH_LABELS[match],
    })),
    records: {
      emails: plan.outbox.length,
      webhookCopies: plan.webhookDeliveries.length,
      sendLog: plan.sendLog.length,
      replies: plan.replies.length,
      handoffLists: plan.handoffLists,
    },
  };
}
