import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";

import { enqueueEmail } from "~/features/email/outbox.server";
import { firstName, leadAlertEmail } from "~/features/email/templates";
import { config } from "~/platform/config.server";
import { db, schema, type Tx } from "~/platform/db/client.server";

import { type LeadFilters, NO_OWNER_LABEL } from "./filters";
import { changeLeadsInBatches, updateLeadRows } from "./follow-up.server";
import { OWNER_ERROR, OWNER_ID } from "./follow-up-form";
import { LEAD_ORIGINS } from "./origins";
import { countSelection, selectionIds } from "./queries.server";

/**
 * The owner ("responsável") of a lead: a `comercial` user who follows it up, or none. It is a
 * column of the lead row (like the status: one per form origin). Every change writes, in the same
 * transaction, a note on the lead saying from whom to whom: the history shows who changed it and when,
 * and an e-mail to the previous owner when someone else moved it. A Matriculado lead keeps its owner
 * (the enrolment is credited to whoever had it; decision 138).
 */

const leads = schema.leads;
const users = schema.adminUsers;

/** The role whose users may own leads. */
export const OWNER_ROLE = "comercial";

export { OWNER_ERROR };

export type OwnerOption = { id: number; email: string };

/** The users a lead may be given to: the comercial users, by e-mail. */
export function ownerOptions(): OwnerOption[] {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, OWNER_ROLE))
    .orderBy(asc(users.email))
    .all();
}

/**
 * The e-mail of each of these user ids (owners shown in the panel and the CSV). A user whose role
 * changed later is still named: the lead keeps the owner it was given.
 */
export function ownerEmails(ids: readonly (number | null)[]): Map<number, string> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted)).all();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** How an owner filter names its user: the e-mail, or "usuário <id>" for an id that is no user. */
export function ownerLabel(id: number): string {
  return ownerEmails([id]).get(id) ?? `usuário ${id}`;
}

/** Every user's e-mail by id, read once (the CSV export names the owner of each row). */
export function allOwnerEmails(): Map<number, string> {
  return new Map(
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .all()
      .map((row) => [row.id, row.email]),
  );
}

/**
 * The owner chosen in a form: "" is no owner (null); otherwise the id of a comercial user. Anything
 * else (another role, an unknown id, text) is refused with the pt-BR message.
 */
export function parseOwnerChoice(value: unknown): { ok: true; owner: OwnerOption | null } | { ok: false; error: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return { ok: true, owner: null };
  const owner = OWNER_ID.test(text) ? findOwner(Number(text)) : undefined;
  return owner ? { ok: true, owner } : { ok: false, error: OWNER_ERROR };
}

/** The comercial user with this id, or undefined (removed, or another role). */
export function findOwner(id: number): OwnerOption | undefined {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, OWNER_ROLE)))
    .get();
}

/** The status whose leads' owner no longer changes. */
export const OWNER_LOCKED_STATUS = "matriculado";

/** Refusal shown next to the owner field of a Matriculado lead. */
export const OWNER_LOCKED_ERROR = "Lead matriculado: o responsável não pode mais ser alterado.";

/** Leads this owner choice would change (those that already have it, and Matriculado ones, are left alone). */
function differsFrom(owner: OwnerOption | null): SQL {
  return sql`${leads.owner_id} IS NOT ${owner?.id ?? null} AND ${leads.status} <> ${OWNER_LOCKED_STATUS}`;
}

type MovedLead = { id: number; owner: number | null; nome: string; curso: string | null; polo: string | null; origem: string };

/** Tells each previous owner (other than whoever moved it) that her lead went to someone else. */
function tellPreviousOwners(rows: readonly MovedLead[], names: Map<number, string>, by: string, now: Date) {
  for (const row of rows) {
    const previous = row.owner === null ? undefined : names.get(row.owner);
    if (!previous || previous.toLowerCase() === by.toLowerCase()) continue;
    const parts = leadAlertEmail("lead.reassigned", {
      firstName: firstName(row.nome),
      course: row.curso ?? "",
      polo: row.polo ?? "",
      origin: LEAD_ORIGINS[row.origem as keyof typeof LEAD_ORIGINS] ?? row.origem,
      link: `${config.siteUrl}/contato`,
      reason: `Repassado por ${by}`,
    });
    enqueueEmail({ kind: "lead.reassigned", to: previous, ...parts, leadId: row.id }, now);
  }
}

/** The history line of an owner change, written as a note by whoever changed it. */
export function ownerChangeText(from: string | null, to: string | null): string {
  return `Responsável: ${from ?? NO_OWNER_LABEL} → ${to ?? NO_OWNER_LABEL}`;
}

/** Gives these leads (ids) to the owner, with one history note per lead that changed; returns how many changed. */
function applyOwner(tx: Tx, ids: number[], owner: OwnerOption | null, by: string, now: Date): number {
  const at = now.toISOString();
  const columns = {
    id: leads.id,
    owner: leads.owner_id,
    nome: leads.nome,
    curso: leads.curso_interesse,
    polo: leads.polo,
    origem: leads.origem,
  };
  const read = { columns, differs: differsFrom(owner) };
  return changeLeadsInBatches(tx, ids, read, (before) => {
    const names = ownerEmails(before.map((row) => row.owner));
    updateLeadRows(tx, before, { owner_id: owner?.id ?? null });
    tx.insert(schema.leadNotes)
      .values(
        before.map((row) => ({
          leadId: row.id,
          kind: "responsavel",
          text: ownerChangeText(
            row.owner === null ? null : (names.get(row.owner) ?? `usuário ${row.owner}`),
            owner?.email ?? null,
          ),
          author: by,
          createdAt: at,
        })),
      )
      .run();
    tellPreviousOwners(before, names, by, now);
  });
}

/**
 * Gives one lead to the owner inside the caller's transaction (a request approved, decision 146): the
 * same change as the lead page's, with its history note and the previous owner's e-mail; a Matriculado
 * lead is left alone. True when it changed.
 */
export function moveLeadOwnerIn(tx: Tx, leadId: number, owner: OwnerOption, by: string, now: Date): boolean {
  return applyOwner(tx, [leadId], owner, by, now) > 0;
}

/** Sets (or clears) one lead's owner; true when it changed, false when it already had it or does not exist. */
export function setLeadOwner(leadId: number, owner: OwnerOption | null, by: string, now: Date = new Date()): boolean {
  return db.transaction((tx) => applyOwner(tx, [leadId], owner, by, now) > 0);
}

/** Gives every lead matching the panel's filters (all pages) to the owner, in one transaction; returns how many changed. */
export function setOwnerOfSelection(filters: LeadFilters, owner: OwnerOption | null, by: string, now: Date = new Date()): number {
  return db.transaction((tx) => applyOwner(tx, selectionIds(tx, filters, differsFrom(owner), now), owner, by, now));
}

/** How many leads matching the filters the owner choice would change (for the confirmation step). */
export function countOwnerChanges(filters: LeadFilters, owner: OwnerOption | null, now: Date = new Date()): number {
  return countSelection(filters, differsFrom(owner), now);
}
