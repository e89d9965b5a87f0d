import { count, desc } from "drizzle-orm";
import type { z } from "zod";

import { logStatusOf, SEND_LOG_PAGE_SIZE, type SendLogEntryInput, sendLogEntrySchema } from "~/lib/whatsapp";

import { db, schema } from "./db.server";

/**
 * 'Registro de Envios': every per-message result the /whatsapp page receives from the helper is
 * recorded here, once per (bulk job, number). A reload, a second tab or a reconnecting page that
 * receives the same statuses again never duplicates a row.
 */

export type SendLogRow = {
  id: number;
  jobId: string;
  operator: string;
  name: string;
  number: string;
  message: string;
  status: string;
  detail: string | null;
  sentAt: string;
};

export type RecordResult = { ok: true; inserted: number } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Validates and stores results (one object or a batch); idempotent on (jobId, number). A batch is
 * all or nothing: one invalid entry stores none.
 */
export function recordSendResults(input: unknown, now: Date = new Date()): RecordResult {
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
  const inserted = db.transaction((tx) => {
    let changes = 0;
    for (const entry of entries) {
      changes += tx
        .insert(schema.whatsappSendLog)
        .values({
          jobId: entry.jobId,
          operator: entry.operator || "Sistema",
          name: entry.name || "Desconhecido",
          number: entry.number,
          message: entry.message,
          status: logStatusOf(entry.status),
          detail: entry.detail ?? null,
          sentAt: entry.sentAt ? new Date(entry.sentAt).toISOString() : now.toISOString(),
        })
        .onConflictDoNothing({ target: [schema.whatsappSendLog.jobId, schema.whatsappSendLog.number] })
        .run().changes;
    }
    return changes;
  });
  return { ok: true, inserted };
}

export type { SendLogEntryInput };

/** One page of the log, newest first. Page numbers start at 1 and are clamped. */
export function listSendLog(page = 1, pageSize = SEND_LOG_PAGE_SIZE) {
  const total = db.select({ n: count() }).from(schema.whatsappSendLog).get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows: SendLogRow[] = db
    .select({
      id: schema.whatsappSendLog.id,
      jobId: schema.whatsappSendLog.jobId,
      operator: schema.whatsappSendLog.operator,
      name: schema.whatsappSendLog.name,
      number: schema.whatsappSendLog.number,
      message: schema.whatsappSendLog.message,
      status: schema.whatsappSendLog.status,
      detail: schema.whatsappSendLog.detail,
      sentAt: schema.whatsappSendLog.sentAt,
    })
    .from(schema.whatsappSendLog)
    .orderBy(desc(schema.whatsappSendLog.sentAt), desc(schema.whatsappSendLog.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .all();
  return { rows, page: current, pages, total, pageSize };
}
