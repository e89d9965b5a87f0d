import { eq, inArray, like, or, type SQL } from "drizzle-orm";

import { privateData } from "~/lib/cache-headers";

import { checkpointWal, db, schema } from "../db/client.server";
import { emailRecordsOfPerson } from "../email/person-emails.server";
import { deleteWebhookDeliveriesOfLeads } from "../webhooks/outbox.server";
import { removeLeadsFromHandoffs } from "../whatsapp/handoff.server";
import { personKey } from "../whatsapp/optouts.server";
import { leadHistory } from "./queries.server";
import { LEAD_ORIGINS } from "./save.server";

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

/** Deletes the person's lead rows, send-log rows and WhatsApp replies in one transaction; returns what was deleted. */
export function deletePerson(lead: Lead): { leads: number; sendLog: number; replies: number } {
  const deleted = db.transaction((tx) => {
    const { leads, sendLog } = recordsOfPerson(lead);
    // first: once the leads are gone, their replies would only be found by the phone
    const replyIds = whatsappRepliesOfPerson(leads).map((row) => row.id);
    const deletedReplies = replyIds.length
      ? tx.delete(schema.whatsappReplies).where(inArray(schema.whatsappReplies.id, replyIds)).run().changes
      : 0;
    const leadIds = leads.map((row) => row.id);
    const logIds = sendLog.map((row) => row.id);
    const deletedLeads = leadIds.length ? tx.delete(schema.leads).where(inArray(schema.leads.id, leadIds)).run().changes : 0;
    const deletedLog = logIds.length
      ? tx.delete(schema.whatsappSendLog).where(inArray(schema.whatsappSendLog.id, logIds)).run().changes
      : 0;
    deleteWebhookDeliveriesOfLeads(leadIds);
    removeLeadsFromHandoffs(leadIds);
    return { leads: deletedLeads, sendLog: deletedLog, replies: deletedReplies };
  });
  checkpointWal();
  return deleted;
}
