import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { AnySQLiteColumn, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";

import { enqueueWebhookEvent, leadEventData } from "~/features/webhooks/outbox.server";
import * as serverClock from "~/platform/clock.server";
import { parameterBatches } from "~/platform/db/batches.server";
import { db, schema, type Tx } from "~/platform/db/client.server";

import { CONTACT_OUTCOMES, isContactOutcome } from "./contact";
import type { LeadFilters } from "./filters";
import { LEAD_ORIGINS } from "./origins";
import { type Lead, recordsOfPerson } from "./privacy.server";
import { countSelection, leadHistory, selectionIds } from "./queries.server";
import { type StatusChoice, statusWithReason } from "./status";

/**
 * The follow-up of a lead: its status (with a history of every change: who and when), notes, and
 * the next-contact date. Every write is one transaction, checked before anything is written.
 */

const leads = schema.leads;

/** Leads this choice would change: a lead already in that status, with the same reason, is left alone. */
function differsFrom(choice: StatusChoice): SQL {
  return sql`NOT (${leads.status} = ${choice.status} AND ${leads.motivo_perda} IS ${choice.reason})`;
}

/**
 * A change to many leads in `tx`, a batch of ids at a time (PARAMETER_BATCH): the leads of the batch
 * that `differs` selects (those the change would alter) are read with `columns` as they are before
 * it, and `change` writes the change and its history for them. Returns how many leads changed.
 */
export function changeLeadsInBatches<S extends Record<string, AnySQLiteColumn>>(
  tx: Tx,
  ids: readonly number[],
  read: { columns: S; differs: SQL },
  change: (before: SelectResultFields<S>[]) => void,
): number {
  let changed = 0;
  for (const batch of parameterBatches(ids)) {
    const before = tx
      .select(read.columns)
      .from(leads)
      .where(and(inArray(leads.id, batch), read.differs))
      // Drizzle types the rows only for concrete columns: these are the rows of `columns`.
      .all() as SelectResultFields<S>[];
    if (before.length === 0) continue;
    change(before);
    changed += before.length;
  }
  return changed;
}

/** Writes `values` to these leads (rows just read in `tx`, by their ids). */
export function updateLeadRows(tx: Tx, rows: readonly { id: number }[], values: SQLiteUpdateSetSource<typeof leads>) {
  const ids = rows.map((row) => row.id);
  tx.update(leads).set(values).where(inArray(leads.id, ids)).run();
}

/**
 * Moves these leads (ids) to the choice and writes, for each one that changed, a history row and a
 * "lead.status_changed" webhook event (in the same transaction: the event exists if and only if
 * the change does).
 */
export function applyStatus(tx: Tx, ids: number[], choice: StatusChoice, by: string, now: Date): number {
  const at = now.toISOString();
  const read = { columns: { id: leads.id, status: leads.status }, differs: differsFrom(choice) };
  return changeLeadsInBatches(tx, ids, read, (before) => {
    // A status change never stops the first-contact clock: only a contact that reached the person does (decision 140).
    updateLeadRows(tx, before, { status: choice.status, motivo_perda: choice.reason });
    tx.insert(schema.leadStatusChanges)
      .values(
        before.map((row) => ({
          leadId: row.id,
          fromStatus: row.status,
          toStatus: choice.status,
          reason: choice.reason,
          changedBy: by,
          changedAt: at,
        })),
      )
      .run();
    for (const row of before) enqueueStatusChanged(tx, row.id, row.status, choice, by, at, now);
  });
}

/** The "lead.status_changed" event: the lead as in "lead.created", and the change (docs/webhooks.md). */
function enqueueStatusChanged(tx: Tx, leadId: number, from: string, choice: StatusChoice, by: string, at: string, now: Date) {
  const lead = tx.select().from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) return;
  enqueueWebhookEvent(
    "lead.status_changed",
    {
      ...leadEventData(lead),
      status: {
        anterior: from,
        atual: choice.status,
        atual_descricao: statusWithReason(choice.status, choice.reason),
        motivo_perda: choice.reason,
        alterado_por: by,
        alterado_em: at,
      },
    },
    now,
  );
}

/** A status change that was written: which lead, from what, to what, who and when. */
export type StatusChange = { leadId: number; from: string; to: string; reason: string | null; by: string; at: string };

/**
 * Changes one lead's status; returns the change, or null when the lead was already there (nothing
 * written). `by` is the admin's e-mail.
 */
export function changeLeadStatus(
  leadId: number,
  choice: StatusChoice,
  by: string,
  now: Date = serverClock.now(),
): StatusChange | null {
  return db.transaction((tx) => {
    const current = tx.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)).get();
    if (!current) return null;
    const changed = applyStatus(tx, [leadId], choice, by, now);
    return changed ? { leadId, from: current.status, to: choice.status, reason: choice.reason, by, at: now.toISOString() } : null;
  });
}

/**
 * Changes the status of every lead matching the panel's filters (all pages), in one transaction;
 * returns how many changed (those already in that status are left alone and not counted).
 */
export function changeStatusOfSelection(
  filters: LeadFilters,
  choice: StatusChoice,
  by: string,
  now: Date = serverClock.now(),
): number {
  return db.transaction((tx) => applyStatus(tx, selectionIds(tx, filters, differsFrom(choice), now), choice, by, now));
}

/** How many leads matching the filters the choice would change (for the confirmation step). */
export function countStatusChanges(filters: LeadFilters, choice: StatusChoice, now: Date = serverClock.now()): number {
  return countSelection(filters, differsFrom(choice), now);
}

/** Adds a note (already checked by leadFollowUpSchema) to a lead; false when the lead does not exist. */
export function addLeadNote(leadId: number, text: string, by: string, now: Date = serverClock.now()): boolean {
  return db.transaction((tx) => {
    if (!tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get()) return false;
    tx.insert(schema.leadNotes).values({ leadId, text, author: by, createdAt: now.toISOString() }).run();
    return true;
  });
}

/** Sets (or clears, with null) a lead's next-contact date; false when the lead does not exist. */
export function setNextContact(leadId: number, date: string | null): boolean {
  return db.update(leads).set({ proximo_contato: date }).where(eq(leads.id, leadId)).run().changes > 0;
}

/**
 * The ways the WhatsApp tool may have written this phone in its send log: with or without the
 * country code 55, with or without the mobile's ninth digit ("(31)99999-8888" → 5531999998888,
 * 553199998888, 31999998888, 3199998888). Empty for a phone that is not 10 or 11 digits.
 */
export function sendLogNumbers(telefone: string): string[] {
  let digits = telefone.replace(/\D/g, "");
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return [];
  const local = [digits];
  if (digits.length === 11 && digits[2] === "9") local.push(digits.slice(0, 2) + digits.slice(3));
  if (digits.length === 10) local.push(`${digits.slice(0, 2)}9${digits.slice(2)}`);
  return local.flatMap((number) => [`55${number}`, number]);
}

/** The WhatsApp tool's sends to this lead: rows linked to it (a hand-off) or to its phone (ninth digit or not), oldest first. */
export function leadWhatsappSends(lead: Pick<Lead, "id" | "telefone">) {
  const log = schema.whatsappSendLog;
  const numbers = sendLogNumbers(lead.telefone);
  return db
    .select()
    .from(log)
    .where(numbers.length ? or(eq(log.leadId, lead.id), inArray(log.number, numbers)) : eq(log.leadId, lead.id))
    .orderBy(asc(log.sentAt), asc(log.id))
    .all();
}

/** One line of a lead's history. `text` is plain text (a note as written): pages show it as text. */
/**
 * A history line's heading by its kind: a salesperson's note, an owner change, a request for the lead
 * and its decision (decision 146), the distribution's assignment or escalation.
 */
function noteHeading(note: { kind: string; text: string }): { kind: TimelineEntry["kind"]; title: string } {
  if (note.kind === "responsavel") return { kind: "responsavel", title: "Responsável alterado" };
  if (note.kind === "pedido") return { kind: "pedido", title: "Pedido do lead" };
  if (note.kind === "distribuicao") {
    return { kind: "distribuicao", title: note.text.startsWith("Escalonado") ? "Escalonamento" : "Distribuição automática" };
  }
  return { kind: "nota", title: "Nota" };
}

export type TimelineEntry = {
  at: string;
  kind:
    | "formulario"
    | "atualizacao"
    | "teste"
    | "status"
    | "nota"
    | "responsavel"
    | "distribuicao"
    | "pedido"
    | "contato"
    | "whatsapp";
  title: string;
  text?: string;
  by?: string;
};

const originLabel = (origem: string) => LEAD_ORIGINS[origem as keyof typeof LEAD_ORIGINS] ?? origem;

/**
 * The lead's history, newest first: the forms the person sent (every origin of the same e-mail,
 * created and sent again), the vocational test result, this lead's status changes, notes, contact
 * attempts from the panel, and the WhatsApp tool's sends to it.
 * `profileLabel` turns a result profile key into its title.
 */
export function leadTimeline(lead: Lead, profileLabel: (key: string) => string): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const row of recordsOfPerson(lead).leads) {
    entries.push({
      at: row.criado_em,
      kind: "formulario",
      title: `Formulário enviado: ${originLabel(row.origem)} (lead criado)`,
    });
    if (row.tentativas > 1 && row.atualizado_em !== row.criado_em) {
      entries.push({
        at: row.atualizado_em,
        kind: "atualizacao",
        title: `Formulário enviado de novo: ${originLabel(row.origem)} (lead atualizado, ${row.tentativas} envios)`,
      });
    }
    if (row.perfil_resultado && row.teste_concluido_em) {
      entries.push({
        at: row.teste_concluido_em,
        kind: "teste",
        title: `Resultado do teste: ${profileLabel(row.perfil_resultado)}`,
      });
    }
  }
  for (const change of leadHistory(schema.leadStatusChanges, lead.id)) {
    entries.push({
      at: change.changedAt,
      kind: "status",
      title: `Status: ${statusWithReason(change.fromStatus, null)} → ${statusWithReason(change.toStatus, change.reason)}`,
      by: change.changedBy,
    });
  }
  for (const note of leadHistory(schema.leadNotes, lead.id)) {
    entries.push({ at: note.createdAt, ...noteHeading(note), text: note.text, by: note.author });
  }
  for (const attempt of leadHistory(schema.leadContactAttempts, lead.id)) {
    entries.push({
      at: attempt.at,
      kind: "contato",
      title: `${attempt.channel === "whatsapp" ? "Tentativa de contato: WhatsApp" : "Tentativa de contato: ligação"}: ${
        isContactOutcome(attempt.outcome) ? CONTACT_OUTCOMES[attempt.outcome] : "resultado não registrado"
      }`,
      by: attempt.by,
    });
  }
  for (const send of leadWhatsappSends(lead)) {
    entries.push({
      at: send.sentAt,
      kind: "whatsapp",
      title: `Mensagem de WhatsApp: ${send.status}${send.detail ? ` (${send.detail})` : ""}`,
      text: send.message || undefined,
      by: `operador ${send.operator}`,
    });
  }
  // Newest first; of two entries at the same instant, the one listed later above comes first.
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.i - a.i)
    .map(({ entry }) => entry);
}
