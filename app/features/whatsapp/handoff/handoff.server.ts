import { randomBytes } from "node:crypto";

import { eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";

import { type LeadFilters, leadFiltersToParams } from "~/features/leads/filters";
import { leadPhonesOfSelection } from "~/features/leads/queries.server";
import { optedOutAmong, optOutChecker, personKey } from "~/features/whatsapp/optouts/optouts.server";
import { CONTACTS_MAX } from "~/features/whatsapp/tool/tool";
import { selectInBatches } from "~/platform/db/batches.server";
import { db, schema } from "~/platform/db/client.server";
import { SITE_TIME_ZONE } from "~/shared/dates";
import { normalizePhone } from "~/shared/phone";

/**
 * Hand-off from the leads panel to the WhatsApp tool: "Enviar pelo WhatsApp" turns the panel's
 * filtered selection into a contact list stored here, which an operator opens on /whatsapp
 * (?lista=<id>) already pasted as "Nome, Número" lines. A list holds one line per person with a
 * usable mobile number who did not opt out of WhatsApp; it opens for 7 days, and the opt-outs are
 * applied again when it is opened. Sends of a job started from it link back to the leads through
 * the list's contacts (whatsapp-log.server.ts).
 */

const handoffs = schema.whatsappHandoffs;

/** The query parameter of /whatsapp that names a list. */
export const HANDOFF_PARAM = "lista";
/** A list opens for 7 days after it is created. */
export const HANDOFF_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * After it expires a list is kept 7 more days (it no longer opens), so the results of a long job
 * started on its last day still find their leads; then it is deleted.
 */
export const HANDOFF_KEPT_AFTER_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one job's worth of contacts: the page and the helper both refuse more than this in one send. */
export const HANDOFF_MAX_CONTACTS = CONTACTS_MAX;
/** The longest name written in a line (the send log keeps 200 characters). */
const NAME_MAX = 120;

export type HandoffContact = { leadId: number; name: string; number: string };

/** 22 URL-safe characters from 16 random bytes. */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isHandoffId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

export function newHandoffId(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * The number to send to, with Brazil's 55: only a mobile (area code, then nine digits starting
 * with 9); a landline or a malformed phone gives null.
 */
export function mobileNumberOf(telefone: string | null | undefined): string | null {
  const canonical = normalizePhone(telefone);
  if (!canonical) return null;
  const digits = canonical.replace(/\D/g, "");
  return digits[2] === "9" ? `55${digits}` : null;
}

/** A name the "Nome, Número" line can carry: no commas or line breaks (they split the line), trimmed and capped. */
export function lineName(nome: string): string {
  return nome
    .replace(/[,\s]+/g, " ")
    .trim()
    .slice(0, NAME_MAX)
    .trim();
}

/** One line of the tool's contacts box. */
export function contactLine(contact: Pick<HandoffContact, "name" | "number">): string {
  return `${contact.name}, ${contact.number}`;
}

export function contactLines(contacts: readonly Pick<HandoffContact, "name" | "number">[]): string {
  return contacts.map(contactLine).join("\n");
}

/**
 * What a selection gives, every selected lead counted once in one bucket:
 * `total` = `noNumber` + `duplicates` + `optedOut` + `contacts.length` + `overCap`.
 */
export type HandoffSelection = {
  total: number;
  contacts: HandoffContact[];
  /** Leads without a usable mobile number. */
  noNumber: number;
  /** Leads whose number (ninth digit or not) is the same person as an earlier lead's: merged into one line. */
  duplicates: number;
  /** People who asked not to get WhatsApp (the central opt-out list). */
  optedOut: number;
  /** People left out because the list is full (HANDOFF_MAX_CONTACTS). */
  overCap: number;
};

/**
 * Sorts the selected leads (newest first) into the list and the counts: no usable number, the same
 * person as a lead already seen, opted out, beyond the cap, or a line of the list.
 */
export function buildHandoffSelection(
  leads: readonly { id: number; nome: string; telefone: string }[],
  isOptedOut: (number: string) => boolean,
  cap: number = HANDOFF_MAX_CONTACTS,
): HandoffSelection {
  const selection: HandoffSelection = { total: leads.length, contacts: [], noNumber: 0, duplicates: 0, optedOut: 0, overCap: 0 };
  const seen = new Set<string>();
  for (const lead of leads) {
    const number = mobileNumberOf(lead.telefone);
    if (!number) {
      selection.noNumber++;
      continue;
    }
    const key = personKey(number);
    if (seen.has(key)) {
      selection.duplicates++;
      continue;
    }
    seen.add(key);
    if (isOptedOut(number)) selection.optedOut++;
    else if (selection.contacts.length >= cap) selection.overCap++;
    else selection.contacts.push({ leadId: lead.id, name: lineName(lead.nome), number });
  }
  return selection;
}

/** The hand-off the panel's filters select now. */
export function selectHandoffContacts(filters: LeadFilters, now: Date = new Date()): HandoffSelection {
  return buildHandoffSelection(leadPhonesOfSelection({ ...filters, pagina: 1 }, now), optOutChecker());
}

/**
 * Stores the list the filters select, created by `by` (an e-mail), and returns its id with what it
 * holds; null when no one is left to send to (nothing is stored). Old lists are purged first.
 */
export function createHandoff(filters: LeadFilters, by: string, now: Date = new Date()) {
  purgeOldHandoffs(now);
  const selection = selectHandoffContacts(filters, now);
  if (selection.contacts.length === 0) return null;
  const id = newHandoffId();
  db.insert(handoffs)
    .values({
      id,
      createdBy: by,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
      filters: leadFiltersToParams({ ...filters, pagina: 1 }).toString(),
      contacts: JSON.stringify(selection.contacts),
      removedOptOuts: selection.optedOut,
    })
    .run();
  return { id, selection };
}

/** Deletes the lists whose keeping time after expiry is over. */
export function purgeOldHandoffs(now: Date = new Date()): number {
  const before = new Date(now.getTime() - HANDOFF_KEPT_AFTER_EXPIRY_MS).toISOString();
  return db.delete(handoffs).where(lt(handoffs.expiresAt, before)).run().changes;
}

/**
 * LGPD erasure: the erased leads leave every stored list, their names and numbers with them
 * (called by deletePerson, in its transaction). Returns how many lists changed.
 */
export function removeLeadsFromHandoffs(leadIds: readonly number[]): number {
  if (leadIds.length === 0) return 0;
  const erased = new Set(leadIds);
  let changed = 0;
  for (const row of db.select({ id: handoffs.id, contacts: handoffs.contacts }).from(handoffs).all()) {
    const contacts = storedContacts(row.contacts);
    const kept = contacts.filter((contact) => !erased.has(contact.leadId));
    if (kept.length === contacts.length) continue;
    db.update(handoffs)
      .set({ contacts: JSON.stringify(kept) })
      .where(eq(handoffs.id, row.id))
      .run();
    changed++;
  }
  return changed;
}

const storedContactsSchema = z.array(z.object({ leadId: z.number().int(), name: z.string(), number: z.string() }));

/** A stored list's contacts (an unreadable value gives none rather than an error). */
function storedContacts(json: string): HandoffContact[] {
  try {
    const parsed = storedContactsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The ids among these that are still leads (a lead erased since the list was made drops out). */
function existingLeadIds(ids: readonly number[]): Set<number> {
  const rows = selectInBatches(ids, (batch) =>
    db.select({ id: schema.leads.id }).from(schema.leads).where(inArray(schema.leads.id, batch)).all(),
  );
  return new Set(rows.map((row) => row.id));
}

export type OpenedHandoff =
  | {
      ok: true;
      id: string;
      contacts: HandoffContact[];
      /** The contacts as the tool's "Nome, Número" lines. */
      text: string;
      /** Opted out when the list was made, plus those who opted out since. */
      removedOptOuts: number;
      /** The panel with the filters the list came from. */
      panelHref: string;
      expiresAt: string;
    }
  | { ok: false; reason: "unknown" | "expired"; message: string };

const expiryFormat = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: SITE_TIME_ZONE,
});

export const HANDOFF_UNKNOWN_MESSAGE =
  "Lista não encontrada. Confira o endereço ou crie uma nova lista com “Enviar pelo WhatsApp” no painel de leads.";

export function handoffExpiredMessage(expiresAt: string): string {
  return `Esta lista expirou em ${expiryFormat.format(new Date(expiresAt))}. Crie uma nova com “Enviar pelo WhatsApp” no painel de leads.`;
}

/**
 * The list an operator opens: its contacts minus anyone who opted out since it was made (and any
 * lead erased since), or why it cannot open (unknown id, or past its 7 days).
 */
export function openHandoff(id: unknown, now: Date = new Date()): OpenedHandoff {
  const row = isHandoffId(id) ? db.select().from(handoffs).where(eq(handoffs.id, id)).get() : undefined;
  if (!row) return { ok: false, reason: "unknown", message: HANDOFF_UNKNOWN_MESSAGE };
  if (now.getTime() >= Date.parse(row.expiresAt)) {
    return { ok: false, reason: "expired", message: handoffExpiredMessage(row.expiresAt) };
  }
  const stored = storedContacts(row.contacts);
  const alive = existingLeadIds(stored.map((contact) => contact.leadId));
  const present = stored.filter((contact) => alive.has(contact.leadId));
  const optedOut = optedOutAmong(present.map((contact) => contact.number));
  const contacts = present.filter((contact) => !optedOut.has(contact.number));
  return {
    ok: true,
    id: row.id,
    contacts,
    text: contactLines(contacts),
    removedOptOuts: row.removedOptOuts + (present.length - contacts.length),
    panelHref: `/contato${row.filters ? `?${row.filters}` : ""}`,
    expiresAt: row.expiresAt,
  };
}

/**
 * For the send log: the lead of each person on these lists (by the comparison key of the number,
 * ninth digit or not), leads erased since left out. Unknown ids give nothing; a list past its
 * expiry still answers until it is purged.
 */
export function handoffLeadsByPerson(ids: readonly string[]): Map<string, Map<string, number>> {
  const valid = [...new Set(ids.filter(isHandoffId))];
  const result = new Map<string, Map<string, number>>();
  if (valid.length === 0) return result;
  const rows = db
    .select({ id: handoffs.id, contacts: handoffs.contacts })
    .from(handoffs)
    .where(inArray(handoffs.id, valid))
    .all();
  const lists = rows.map((row) => ({ id: row.id, contacts: storedContacts(row.contacts) }));
  const alive = existingLeadIds(lists.flatMap((list) => list.contacts.map((contact) => contact.leadId)));
  for (const list of lists) {
    const byPerson = new Map<string, number>();
    for (const contact of list.contacts) {
      const key = personKey(contact.number);
      if (alive.has(contact.leadId) && !byPerson.has(key)) byPerson.set(key, contact.leadId);
    }
    result.set(list.id, byPerson);
  }
  return result;
}
