import { and, count, desc, eq, isNull, like, type SQL, sql } from "drizzle-orm";
import { isOptOutText } from "whatsapp-helper/optout";
import { toE164 } from "whatsapp-helper/phone";
import { z } from "zod";

import { applyStatus } from "~/features/leads/follow-up.server";
import { personKey, reportedNumberSchema } from "~/features/whatsapp/optouts/optouts.server";
import * as serverClock from "~/platform/clock.server";
import { db, schema, type Tx } from "~/platform/db/client.server";

/**
 * Replies people sent to messages the WhatsApp tool sent (decision 071): the helpers forward every
 * one (POST /api/whatsapp-helper/respostas); they are stored once per WhatsApp message id, put in a
 * category by their words, linked to the person's most recent lead, and listed on /whatsapp/respostas
 * (flagged first, then newest) and on the lead's page. What a person wrote is plain text, always
 * rendered as React text, never as HTML.
 */

const replies = schema.whatsappReplies;
const optOuts = schema.whatsappOptOuts;

/** How many replies one request may carry. */
export const MAX_REPLIES_PER_REQUEST = 100;
/** Longest text kept of one reply (the helper caps it too). */
export const REPLY_TEXT_MAX = 4096;
/** Longest WhatsApp display name kept. */
export const PUSH_NAME_MAX = 200;

export const REPLY_CATEGORIES = {
  denuncia: "Reclamação ou denúncia",
  dados: "Pedido sobre dados (LGPD)",
  "sem-interesse": "Sem interesse",
  descadastro: "Pediu para sair",
  outro: "Resposta",
} as const;

export type ReplyCategory = keyof typeof REPLY_CATEGORIES;

/**
 * The words that flag a reply, by category, checked in this order (the first that matches wins):
 * a data request beats a complaint, which beats "não tenho interesse", which beats a plain opt-out.
 * Compared without accents or case, as whole words ("chega" is not "chegada"); a phrase ending in
 * "*" is a word start ("denunci*": denunciar, denúncia, denunciei).
 */
export const REPLY_FLAG_WORDS: Readonly<Record<Exclude<ReplyCategory, "outro">, readonly string[]>> = {
  dados: [
    "exclua meus dados",
    "excluam meus dados",
    "excluir meus dados",
    "apague meus dados",
    "apaguem meus dados",
    "apagar meus dados",
    "remova meus dados",
    "delete meus dados",
    "meus dados pessoais",
    "lgpd",
    "como conseguiu meu numero",
    "como conseguiram meu numero",
    "onde conseguiu meu numero",
    "onde conseguiram meu numero",
  ],
  denuncia: [
    "denunci*",
    "spam",
    "nao autorizei",
    "nao autorizo",
    "nao dei autorizacao",
    "bloquear",
    "vou bloquear",
    "bloqueado",
    "procon",
    "golpe",
    "assedio",
  ],
  "sem-interesse": [
    "nao tenho interesse",
    "sem interesse",
    "nao me interessa",
    "nao estou interessad*",
    "nao tenho mais interesse",
  ],
  descadastro: [
    // "chega" alone is read by isOptOutText; "quando chega o boleto?" is no request to stop
    "chega de",
    "chega disso",
    "pare de",
    "parem de",
    "para de mandar",
    "para de enviar",
    "para de me",
    "nao quero mais",
    "nao me mande",
    "nao mande mais",
    "me tire da lista",
    "me tirem da lista",
    "me remova",
    "descadastr*",
    "sair da lista",
  ],
};

/** Whole replies that are an opt-out by themselves (SAIR, PARAR, ...). */
const OPT_OUT_ALONE = new Set(["sair", "parar", "pare", "stop", "cancelar", "descadastrar", "remover"]);

/** Lower case, no accents, anything but letters and digits as single spaces. */
export function normalizeReplyText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const PATTERNS = Object.entries(REPLY_FLAG_WORDS).map(([category, phrases]) => ({
  category: category as ReplyCategory,
  pattern: new RegExp(
    `(?:^| )(?:${phrases.map((phrase) => (phrase.endsWith("*") ? `${escapeRegExp(phrase.slice(0, -1))}\\S*` : escapeRegExp(phrase))).join("|")})(?= |$)`,
  ),
}));

/**
 * What a reply looks like: "denuncia", "dados", "sem-interesse", "descadastro" or "outro". `optOut` is
 * the opt-out reading (the helper's isOptOutText, run here when not given): an opt-out nothing else
 * flagged is "descadastro".
 */
export function classifyReply(text: string, optOut = isOptOutText(text)): ReplyCategory {
  const normalized = normalizeReplyText(text);
  for (const { category, pattern } of PATTERNS) if (pattern.test(normalized)) return category;
  const words = normalized.split(" ");
  if (optOut || (words.length <= 3 && words.every((word) => word === words[0]) && OPT_OUT_ALONE.has(words[0]))) {
    return "descadastro";
  }
  return "outro";
}

/** The review state of a reply that looks like a request to stop (decision 118). */
export const OPT_OUT_REVIEW = { pending: "pendente", optedOut: "descadastrado", released: "liberado" } as const;

/**
 * Whether a reply "parece pedido de saída": a complaint, a data request or a flagged opt-out that
 * was not read as an opt-out by itself. Such a person is held out of every send (the central list
 * names her) until a staff member decides: "Descadastrar" or "Não é pedido de saída".
 */
export function looksLikeOptOut(category: ReplyCategory, optOut: boolean): boolean {
  return !optOut && (category === "descadastro" || category === "denuncia" || category === "dados");
}

export function isFlagged(category: string): boolean {
  return category !== "outro" && Object.hasOwn(REPLY_CATEGORIES, category);
}

export function categoryLabel(category: string): string {
  return Object.hasOwn(REPLY_CATEGORIES, category) ? REPLY_CATEGORIES[category as ReplyCategory] : REPLY_CATEGORIES.outro;
}

// ---- The helpers' report ------------------------------------------------------------------------

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

const replyEntrySchema = z.object({
  messageId: z
    .string({ error: "Identificador da mensagem obrigatório" })
    .min(1, "Identificador da mensagem obrigatório")
    // WhatsApp's ids are letters and digits; nothing else is ever one
    .regex(/^[A-Za-z0-9_.:-]{1,200}$/, "Identificador da mensagem inválido"),
  /** "" only with hiddenNumber: a chat whose number WhatsApp did not give the helper (LID). */
  number: z.union([z.literal(""), reportedNumberSchema], { error: "Número inválido" }),
  hiddenNumber: z.boolean({ error: "hiddenNumber deve ser verdadeiro ou falso" }).optional().default(false),
  text: z
    .string({ error: "Texto obrigatório" })
    .max(REPLY_TEXT_MAX, `O texto pode ter até ${REPLY_TEXT_MAX} caracteres`)
    .transform((value) => value.replace(CONTROL, ""))
    .refine((value) => value.trim() !== "", "Texto obrigatório"),
  receivedAt: z.iso.datetime({ offset: true, error: "Horário inválido" }),
  pushName: z
    .string({ error: "Nome inválido" })
    .max(PUSH_NAME_MAX, "Nome inválido")
    .transform((value) => value.replace(CONTROL, "").trim())
    .optional()
    .default(""),
  optOut: z.boolean({ error: "optOut deve ser verdadeiro ou falso" }).optional().default(false),
  jobId: z
    .string({ error: "Envio inválido" })
    .max(100, "Envio inválido")
    .nullish()
    .transform((value) => value || null),
});

const replyWithNumberSchema = replyEntrySchema.refine((entry) => entry.number !== "" || entry.hiddenNumber, {
  message: "Número obrigatório",
  path: ["number"],
});

export const repliesReportSchema = z.object({
  entries: z
    .array(replyWithNumberSchema, { error: "Envie as respostas em 'entries'" })
    .min(1, `Envie de 1 a ${MAX_REPLIES_PER_REQUEST} respostas por vez`)
    .max(MAX_REPLIES_PER_REQUEST, `Envie de 1 a ${MAX_REPLIES_PER_REQUEST} respostas por vez`),
});

export type ReplyEntry = z.output<typeof replyEntrySchema>;

/** The phone's digits, as SQL (the stored phone may carry "(", ")", spaces, "-", "+" or "."). */
const phoneDigitsSql = sql`replace(replace(replace(replace(replace(replace(${schema.leads.telefone}, '(', ''), ')', ''), ' ', ''), '-', ''), '+', ''), '.', '')`;

/**
 * The most recent lead whose phone is this person (person key: 55 + DDD + last 8 digits, so with or
 * without the ninth digit), or null.
 */
export function leadIdForPerson(key: string, tx: Tx | typeof db = db): number | null {
  if (key.length < 8) return null;
  const candidates = tx
    .select({ id: schema.leads.id, telefone: schema.leads.telefone })
    .from(schema.leads)
    .where(like(phoneDigitsSql, `%${key.slice(-8)}`))
    .orderBy(desc(schema.leads.id))
    .all();
  return candidates.find((lead) => personKey(lead.telefone) === key)?.id ?? null;
}

/**
 * Stores replies reported by a helper, all or nothing (one transaction); a message id already stored
 * is left as it was. `helperKeyId` names the helper key that reported them (decision 070), when the
 * API knows it; `helperRecorder` the key's owner (sent_by form), who records an opt-out read in a
 * reply. A reply that looks like a request to stop holds the person (decision 118). Returns how many
 * were new.
 */
export function recordReplies(
  entries: readonly ReplyEntry[],
  helperKeyId: string | null = null,
  now: Date = serverClock.now(),
  helperRecorder = "",
): number {
  const at = now.toISOString();
  return db.transaction((tx) => {
    let inserted = 0;
    for (const entry of entries) {
      // a hidden number is nobody's key: the reply links to no lead and no opt-out
      const number = entry.number === "" ? "" : toE164(entry.number);
      const key = number === "" ? "" : personKey(number);
      // the helper's reading, or this one (the same rules, newer than an older helper's)
      const optOut = entry.optOut || isOptOutText(entry.text);
      const category = classifyReply(entry.text, optOut);
      const optedOut = key !== "" && !!tx.select({ id: optOuts.id }).from(optOuts).where(eq(optOuts.key, key)).get();
      const receivedAt = new Date(entry.receivedAt).toISOString();
      const added = tx
        .insert(replies)
        .values({
          messageId: entry.messageId,
          number,
          key,
          pushName: entry.pushName,
          text: entry.text,
          receivedAt,
          category,
          jobId: entry.jobId,
          leadId: leadIdForPerson(key, tx),
          helperKeyId,
          optOutReview: key !== "" && !optedOut && looksLikeOptOut(category, optOut) ? OPT_OUT_REVIEW.pending : null,
          recordedAt: at,
        })
        .onConflictDoNothing({ target: replies.messageId })
        .run().changes;
      inserted += added;
      // an opt-out is recorded with the reply that asked for it, whatever helper reported it (only the number)
      if (added > 0 && optOut && key !== "" && !optedOut) {
        tx.insert(optOuts)
          .values({ number, key, at: receivedAt, source: "helper", recordedBy: helperRecorder })
          .onConflictDoNothing({ target: optOuts.key })
          .run();
      }
    }
    return inserted;
  });
}

// ---- Reading and acting -------------------------------------------------------------------------

/** Flagged first (anything but "outro"), then newest. */
const INBOX_ORDER: SQL[] = [
  sql`CASE WHEN ${replies.category} = 'outro' THEN 1 ELSE 0 END`,
  desc(replies.receivedAt),
  desc(replies.id),
];

/** The most replies one page lists. */
export const REPLIES_PAGE_SIZE = 100;

export type ReplyRow = {
  id: number;
  number: string;
  pushName: string;
  text: string;
  receivedAt: string;
  category: ReplyCategory;
  categoryLabel: string;
  flagged: boolean;
  leadId: number | null;
  leadName: string | null;
  leadStatus: string | null;
  readAt: string | null;
  readBy: string | null;
  handledAt: string | null;
  handledBy: string | null;
  optOutReview: string | null;
};

function toRow(row: Omit<ReplyRow, "category" | "categoryLabel" | "flagged"> & { category: string }): ReplyRow {
  const category = (Object.hasOwn(REPLY_CATEGORIES, row.category) ? row.category : "outro") as ReplyCategory;
  return { ...row, category, categoryLabel: categoryLabel(category), flagged: isFlagged(category) };
}

/** Newest first (a lead's page). */
const NEWEST_FIRST: SQL[] = [desc(replies.receivedAt), desc(replies.id)];

function selectReplies(where: SQL | undefined, limit: number, order: SQL[] = INBOX_ORDER) {
  return db
    .select({
      id: replies.id,
      number: replies.number,
      pushName: replies.pushName,
      text: replies.text,
      receivedAt: replies.receivedAt,
      category: replies.category,
      leadId: replies.leadId,
      leadName: schema.leads.nome,
      leadStatus: schema.leads.status,
      readAt: replies.readAt,
      readBy: replies.readBy,
      handledAt: replies.handledAt,
      handledBy: replies.handledBy,
      optOutReview: replies.optOutReview,
    })
    .from(replies)
    .leftJoin(schema.leads, eq(schema.leads.id, replies.leadId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .all()
    .map(toRow);
}

/** The inbox: flagged first, then newest; `unread` only the ones nobody read. */
export function listReplies({
  unread = false,
  limit = REPLIES_PAGE_SIZE,
}: { unread?: boolean; limit?: number } = {}): ReplyRow[] {
  return selectReplies(unread ? isNull(replies.readAt) : undefined, limit);
}

/** A lead's replies, newest first (the lead's page). */
export function leadReplies(leadId: number): ReplyRow[] {
  return selectReplies(eq(replies.leadId, leadId), 500, NEWEST_FIRST);
}

/** How many replies nobody read yet; and of them, how many are flagged. */
export function unreadReplyCounts(): { unread: number; flagged: number } {
  const row = db
    .select({
      unread: count(),
      flagged: sql<number>`coalesce(sum(CASE WHEN ${replies.category} = 'outro' THEN 0 ELSE 1 END), 0)`,
    })
    .from(replies)
    .where(isNull(replies.readAt))
    .get();
  return { unread: row?.unread ?? 0, flagged: Number(row?.flagged ?? 0) };
}

/** A lead's replies nobody read yet. */
export function unreadRepliesOfLead(leadId: number): number {
  return (
    db
      .select({ n: count() })
      .from(replies)
      .where(and(eq(replies.leadId, leadId), isNull(replies.readAt)))
      .get()?.n ?? 0
  );
}

/** Whether a reply with this id is stored. */
export function replyExists(id: number): boolean {
  return !!db.select({ id: replies.id }).from(replies).where(eq(replies.id, id)).get();
}

/** Marks a reply as read by `by` (sent_by form); false when there is no such reply or it was read already. */
export function markReplyRead(id: number, by: string, now: Date = serverClock.now()): boolean {
  return (
    db
      .update(replies)
      .set({ readAt: now.toISOString(), readBy: by })
      .where(and(eq(replies.id, id), isNull(replies.readAt)))
      .run().changes > 0
  );
}

/** Marks every unread reply as read; returns how many. */
export function markAllRepliesRead(by: string, now: Date = serverClock.now()): number {
  return db.update(replies).set({ readAt: now.toISOString(), readBy: by }).where(isNull(replies.readAt)).run().changes;
}

/** The note written on the lead when a "não tenho interesse" reply marks it Perdido. */
export const LOST_FROM_REPLY_NOTE = "Respondeu no WhatsApp: não tenho interesse";

export type MarkLostResult = { ok: true; leadId: number; changed: boolean } | { ok: false; message: string };

/**
 * "Marcar lead como Perdido": the lead of a "sem-interesse" reply becomes Perdido (Sem interesse),
 * with the history row, the webhook event, a note saying why and the reply marked handled and read,
 * in one transaction. Only on this explicit confirmation, never automatically.
 */
export function markLeadLostFromReply(replyId: number, by: string, now: Date = serverClock.now()): MarkLostResult {
  return db.transaction((tx) => {
    const reply = tx.select().from(replies).where(eq(replies.id, replyId)).get();
    if (!reply) return { ok: false, message: "Resposta não encontrada." };
    if (reply.category !== "sem-interesse") {
      return { ok: false, message: 'Só uma resposta de "não tenho interesse" marca o lead como Perdido.' };
    }
    const lead =
      reply.leadId === null ? undefined : tx.select().from(schema.leads).where(eq(schema.leads.id, reply.leadId)).get();
    if (!lead) return { ok: false, message: "Esta resposta não está ligada a nenhum lead." };
    const at = now.toISOString();
    const changed = applyStatus(tx, [lead.id], { status: "perdido", reason: "sem_interesse" }, by, now) > 0;
    if (changed)
      tx.insert(schema.leadNotes).values({ leadId: lead.id, text: LOST_FROM_REPLY_NOTE, author: by, createdAt: at }).run();
    tx.update(replies)
      .set({ handledAt: at, handledBy: by, readAt: reply.readAt ?? at, readBy: reply.readBy ?? by })
      .where(eq(replies.id, reply.id))
      .run();
    return { ok: true, leadId: lead.id, changed };
  });
}
