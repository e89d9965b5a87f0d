import { and, count, desc, eq, gte, inArray } from "drizzle-orm";
import type { z } from "zod";

import type { SendLogPage, SendLogRow } from "~/features/whatsapp/tool/send-log";
import {
  LOG_STATUS,
  logStatusOf,
  SEND_LOG_PAGE_SIZE,
  type SendLogEntryInput,
  sendLogEntrySchema,
} from "~/features/whatsapp/tool/tool";
import { parameterBatches } from "~/platform/db/batches.server";
import { db, schema } from "~/platform/db/client.server";

import { describeSentBy } from "../access/access.server";
import { handoffLeadsByPerson } from "../handoff/handoff.server";
import { personKey } from "../optouts/optouts.server";

/**
 * 'Registro de Envios': every per-message result the /whatsapp page receives from the helper is
 * recorded here, once per (bulk job, number). A reload, a second tab or a reconnecting page that
 * receives the same statuses again never duplicates a row; a refusal that comes after 'Enviado'
 * turns the row into 'Erro'. A contact the helper skipped on purpose ("já enviado em dd/mm") is
 * 'Ignorado', as in 'Status dos Envios'; it is neither a send nor a failure.
 */

export type { SendLogPage, SendLogRow } from "~/features/whatsapp/tool/send-log";

export type RecordResult = { ok: true; inserted: number; updated: number } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Validates and stores results (one object or a batch); idempotent on (jobId, number). A batch is
 * all or nothing: one invalid entry stores none. `sentBy` (whatsapp-access.server `sentByOf`) is who
 * posted them, from the session, never from the body (decision 069).
 */
export function recordSendResults(input: unknown, now: Date = new Date(), sentBy: string | null = null): RecordResult {
  const items = Array.isArray(input) ? input : [input];
  const entries: z.output<typeof sendLogEntrySchema>[] = [];
  for (const item of items) {
    const parsed = sendLogEntrySchema.safeParse(item);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
      return { ok: false, fieldErrors };
    }
    entries.push(parsed.data);
  }
  const leadsByList = handoffLeadsByPerson(entries.flatMap((entry) => (entry.lista ? [entry.lista] : [])));
  return db.transaction((tx) => {
    let inserted = 0;
    let updated = 0;
    for (const entry of entries) {
      const status = logStatusOf(entry.status);
      // A send of a job started from a hand-off list goes to that list's lead for this person.
      const leadId = (entry.lista && leadsByList.get(entry.lista)?.get(personKey(entry.number))) || null;
      const added = tx
        .insert(schema.whatsappSendLog)
        .values({
          jobId: entry.jobId,
          operator: entry.operator || "Sistema",
          name: entry.name || "Desconhecido",
          number: entry.number,
          message: entry.message,
          status,
          detail: entry.detail ?? null,
          sentAt: entry.sentAt ? new Date(entry.sentAt).toISOString() : now.toISOString(),
          leadId,
          sentBy,
        })
        .onConflictDoNothing({ target: [schema.whatsappSendLog.jobId, schema.whatsappSendLog.number] })
        .run().changes;
      inserted += added;
      if (!added && status === LOG_STATUS.error) updated += markRefused(tx, entry.jobId, entry.number, entry.detail);
    }
    return { ok: true as const, inserted, updated };
  });
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * WhatsApp can refuse a message after accepting it (a restricted account, ...): the refusal arrives
 * as an error for a (job, number) already logged 'Enviado', and turns that row into 'Erro' with the
 * reason. Anything else about an existing row stays as first recorded (an 'Erro' is never overwritten,
 * a late 'Enviado' never hides an error).
 */
function markRefused(tx: Transaction, jobId: string, number: string, detail: string | undefined): number {
  const log = schema.whatsappSendLog;
  return tx
    .update(log)
    .set({ status: LOG_STATUS.error, detail: detail ?? null })
    .where(and(eq(log.jobId, jobId), eq(log.number, number), eq(log.status, LOG_STATUS.sent)))
    .run().changes;
}

export type { SendLogEntryInput };

/** One page of the log, newest first. Page numbers start at 1 and are clamped. */
export function listSendLog(page = 1, pageSize = SEND_LOG_PAGE_SIZE): SendLogPage {
  const total = db.select({ n: count() }).from(schema.whatsappSendLog).get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows: SendLogRow[] = db
    .select({
      sentByRaw: schema.whatsappSendLog.sentBy,
      id: schema.whatsappSendLog.id,
      jobId: schema.whatsappSendLog.jobId,
      operator: schema.whatsappSendLog.operator,
      name: schema.whatsappSendLog.name,
      number: schema.whatsappSendLog.number,
      message: schema.whatsappSendLog.message,
      status: schema.whatsappSendLog.status,
      detail: schema.whatsappSendLog.detail,
      sentAt: schema.whatsappSendLog.sentAt,
      leadId: schema.whatsappSendLog.leadId,
    })
    .from(schema.whatsappSendLog)
    .orderBy(desc(schema.whatsappSendLog.sentAt), desc(schema.whatsappSendLog.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all()
    .map(({ sentByRaw, ...row }) => ({ ...row, sentBy: describeSentBy(sentByRaw) }));
  return { rows, page: current, pages, total, pageSize };
}

/** How far back a send counts as "already sent" for the same text: 7 days. */
export const ALREADY_SENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The numbers among `contacts` that got exactly this text ('Enviado') in the 7 days before `now`,
 * each with the time of its latest such send, keyed by the number as given. Numbers match with and
 * without the Brazilian ninth digit, and however they were written in the log. A send stamped a little
 * after `now` (the operator's computer clock runs ahead) still counts: better skipped than sent twice.
 */
export function recentlySent(
  contacts: readonly { number: string; text: string }[],
  now: Date = new Date(),
): Record<string, string> {
  const log = schema.whatsappSendLog;
  const since = new Date(now.getTime() - ALREADY_SENT_WINDOW_MS).toISOString();
  const texts = [...new Set(contacts.map((contact) => contact.text))];
  /** Latest send per (person, text). */
  const latest = new Map<string, string>();
  for (const batch of parameterBatches(texts)) {
    const rows = db
      .select({ number: log.number, message: log.message, sentAt: log.sentAt })
      .from(log)
      .where(and(eq(log.status, LOG_STATUS.sent), gte(log.sentAt, since), inArray(log.message, batch)))
      .all();
    for (const row of rows) {
      const id = sendKey(row.number, row.message);
      const previous = latest.get(id);
      if (!previous || row.sentAt > previous) latest.set(id, row.sentAt);
    }
  }
  const sent: Record<string, string> = {};
  for (const contact of contacts) {
    const at = latest.get(sendKey(contact.number, contact.text));
    if (at) sent[contact.number] = at;
  }
  return sent;
}

function sendKey(number: string, text: string): string {
  return `${personKey(number)}\u0000${text}`;
}
