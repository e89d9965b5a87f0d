import { and, desc, eq, inArray } from "drizzle-orm";
import { toE164 } from "whatsapp-helper/phone";

import * as serverClock from "~/platform/clock.server";
import { parameterBatches } from "~/platform/db/batches.server";
import { db, schema } from "~/platform/db/client.server";
import { formatDateTimeBr } from "~/shared/dates";

import { describeSentBy } from "../access/access.server";
import { categoryLabel, leadIdForPerson, OPT_OUT_REVIEW } from "../replies/replies.server";
import { personKey } from "./optouts.server";

/**
 * The opt-out screen (/whatsapp/descadastros, decision 071): who asked not to get WhatsApp, when,
 * their latest reply and who recorded it; searchable by number or name; an opt-out recorded by mistake
 * may be undone with a reason, which is kept (whatsapp_optout_changes) with the entry as it was.
 */

const optOuts = schema.whatsappOptOuts;
const changes = schema.whatsappOptOutChanges;

export const OPT_OUT_GONE = "Este descadastro não existe mais: ele pode ter sido desfeito por outra pessoa. Recarregue a página.";

/** The most entries one page lists. */
export const OPT_OUT_PAGE_SIZE = 200;
export type OptOutReviewRow = {
  id: number;
  number: string;
  name: string;
  at: string;
  said: string;
  source: string;
  operator: string;
  recordedBy: string;
};

const normalize = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/**
 * Per person key: the name (the lead or WhatsApp name of the latest reply, else the most recent lead's)
 * and the latest reply's text. An opt-out keeps only the number (decision 118): what the person
 * wrote is her reply, shown from the replies (erased with her, kept as long as they are).
 */
function peopleByKey(keys: string[]): { names: Map<string, string>; said: Map<string, string> } {
  const names = new Map<string, string>();
  const said = new Map<string, string>();
  if (keys.length === 0) return { names, said };
  for (const batch of parameterBatches(keys)) {
    const replies = db
      .select({
        key: schema.whatsappReplies.key,
        name: schema.whatsappReplies.pushName,
        text: schema.whatsappReplies.text,
        leadName: schema.leads.nome,
      })
      .from(schema.whatsappReplies)
      .leftJoin(schema.leads, eq(schema.leads.id, schema.whatsappReplies.leadId))
      .where(inArray(schema.whatsappReplies.key, batch))
      .orderBy(desc(schema.whatsappReplies.receivedAt))
      .all();
    for (const row of replies) {
      const name = row.leadName || row.name;
      if (name && !names.has(row.key)) names.set(row.key, name);
      if (!said.has(row.key)) said.set(row.key, row.text);
    }
  }
  // no reply with a name: the person's most recent lead, if any
  for (const key of keys) {
    if (names.has(key)) continue;
    const leadId = leadIdForPerson(key);
    const lead =
      leadId === null
        ? undefined
        : db.select({ nome: schema.leads.nome }).from(schema.leads).where(eq(schema.leads.id, leadId)).get();
    if (lead) names.set(key, lead.nome);
  }
  return { names, said };
}

/**
 * The opt-outs, newest first, with the person's name when known; `search` keeps those whose number
 * holds the digits typed, or whose name holds the words typed (no accents or case).
 */
export function listOptOutsForReview(search = ""): { rows: OptOutReviewRow[]; total: number } {
  const all = db.select().from(optOuts).orderBy(desc(optOuts.at), desc(optOuts.id)).all();
  const { names, said } = peopleByKey([...new Set(all.map((row) => row.key))]);
  const query = search.trim().slice(0, 100);
  const digits = query.replace(/\D/g, "");
  const words = /\d/.test(query) ? "" : normalize(query);
  const matches = all
    .map((row) => ({
      id: row.id,
      number: row.number,
      name: names.get(row.key) ?? "",
      at: row.at,
      said: said.get(row.key) ?? "",
      source: row.source,
      operator: row.operator,
      recordedBy: describeSentBy(row.recordedBy) || row.recordedBy,
    }))
    .filter((row) => {
      if (!query) return true;
      if (digits.length >= 2 && row.number.includes(digits)) return true;
      return words !== "" && normalize(row.name).includes(words);
    });
  return { rows: matches.slice(0, OPT_OUT_PAGE_SIZE), total: matches.length };
}

/** Whether this opt-out is still on the list. */
export function optOutExists(id: number): boolean {
  return !!db.select({ id: optOuts.id }).from(optOuts).where(eq(optOuts.id, id)).get();
}

export type UndoResult = { ok: true; number: string } | { ok: false; message: string };

/**
 * Undoes an opt-out: the entry is deleted and kept, with who undid it, when and why, in the log, in
 * one transaction. The person may then be messaged again by helpers that load the central list anew
 * (a helper keeps its own local list: see decision 071).
 */
export function undoOptOut(id: number, reason: string, by: string, now: Date = serverClock.now()): UndoResult {
  return db.transaction((tx) => {
    const row = tx.select().from(optOuts).where(eq(optOuts.id, id)).get();
    if (!row) return { ok: false, message: OPT_OUT_GONE };
    tx.insert(changes)
      .values({
        number: row.number,
        key: row.key,
        action: "desfeito",
        reason,
        by,
        at: now.toISOString(),
        previous: JSON.stringify(row),
      })
      .run();
    tx.delete(optOuts).where(eq(optOuts.id, id)).run();
    return { ok: true, number: row.number };
  });
}

export type OptOutDecision = { ok: true; number: string; changed: boolean } | { ok: false; message: string };

export const NO_NUMBER = "Esta resposta não tem número (o WhatsApp não o informou): responda pelo celular.";
const REPLY_GONE = "Esta resposta não existe mais. Recarregue a página.";

/**
 * "Descadastrar" by a staff member or an operator: the person of this number goes on the central list
 * (source "painel", recorded by `by`), the log keeps who, when and why ("descadastrado"), and her
 * replies held as "parece pedido de saída" are decided. Undone like any opt-out ('Desfazer', with a
 * reason). A person already on the list stays as first recorded (changed: false), and nothing is logged.
 */
export function optOutByStaff(number: string, reason: string, by: string, now: Date = serverClock.now()): OptOutDecision {
  const key = personKey(number);
  const e164 = toE164(number);
  if (key.length < 8) return { ok: false, message: NO_NUMBER };
  return db.transaction((tx) => {
    const at = now.toISOString();
    const added =
      tx
        .insert(optOuts)
        .values({ number: e164, key, at, source: "painel", recordedBy: by })
        .onConflictDoNothing({ target: optOuts.key })
        .run().changes > 0;
    if (added) {
      tx.insert(changes).values({ number: e164, key, action: "descadastrado", reason, by, at, previous: "{}" }).run();
    }
    tx.update(schema.whatsappReplies)
      .set({ optOutReview: OPT_OUT_REVIEW.optedOut })
      .where(and(eq(schema.whatsappReplies.key, key), eq(schema.whatsappReplies.optOutReview, OPT_OUT_REVIEW.pending)))
      .run();
    return { ok: true, number: e164, changed: added };
  });
}

/** "Descadastrar" on a reply in Respostas: the why is the reply (when, what it looked like), never its words. */
export function optOutFromReply(replyId: number, by: string, now: Date = serverClock.now()): OptOutDecision {
  const reply = db.select().from(schema.whatsappReplies).where(eq(schema.whatsappReplies.id, replyId)).get();
  if (!reply) return { ok: false, message: REPLY_GONE };
  if (!reply.number) return { ok: false, message: NO_NUMBER };
  const reason = `Resposta no WhatsApp de ${formatDateTimeBr(reply.receivedAt)} (${categoryLabel(reply.category)})`;
  return optOutByStaff(reply.number, reason, by, now);
}

/**
 * "Não é pedido de saída": the person's held replies are released and the log keeps who, when and
 * why ("liberado"); helpers hear of it with the undone opt-outs and send to her again.
 */
export function releaseHeldPerson(replyId: number, by: string, now: Date = serverClock.now()): OptOutDecision {
  const reply = db.select().from(schema.whatsappReplies).where(eq(schema.whatsappReplies.id, replyId)).get();
  if (!reply) return { ok: false, message: REPLY_GONE };
  return db.transaction((tx) => {
    const released = tx
      .update(schema.whatsappReplies)
      .set({ optOutReview: OPT_OUT_REVIEW.released })
      .where(and(eq(schema.whatsappReplies.key, reply.key), eq(schema.whatsappReplies.optOutReview, OPT_OUT_REVIEW.pending)))
      .run().changes;
    if (released === 0) return { ok: false, message: "Esta pessoa já não está aguardando decisão. Recarregue a página." };
    tx.insert(changes)
      .values({
        number: reply.number,
        key: reply.key,
        action: "liberado",
        reason: "Não é pedido de saída",
        by,
        at: now.toISOString(),
        previous: "{}",
      })
      .run();
    return { ok: true, number: reply.number, changed: true };
  });
}

/** What a log row records, as the page says it. */
export const CHANGE_ACTIONS: Record<string, string> = {
  desfeito: "Descadastro desfeito",
  descadastrado: "Descadastrado pela equipe",
  liberado: "Não é pedido de saída",
};

export type OptOutChangeRow = {
  id: number;
  action: string;
  number: string;
  reason: string;
  by: string;
  at: string;
  optedOutAt: string;
};

/** The log (undone, recorded by staff, released), newest first. */
export function listOptOutChanges(limit = 100): OptOutChangeRow[] {
  return db
    .select()
    .from(changes)
    .orderBy(desc(changes.at), desc(changes.id))
    .limit(limit)
    .all()
    .map((row) => {
      let previous: { at?: unknown } = {};
      try {
        previous = JSON.parse(row.previous) as typeof previous;
      } catch {
        // an unreadable copy: the change itself is still shown
      }
      return {
        id: row.id,
        action: CHANGE_ACTIONS[row.action] ?? row.action,
        number: row.number,
        reason: row.reason,
        by: describeSentBy(row.by) || row.by,
        at: row.at,
        optedOutAt: typeof previous.at === "string" ? previous.at : "",
      };
    });
}
