import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { numberKey, toE164 } from "whatsapp-helper/phone";
import { z } from "zod";

import { OPERATOR_NAME_MAX } from "~/features/whatsapp/tool/tool";
import { selectInBatches } from "~/platform/db/batches.server";
import { db, schema } from "~/platform/db/client.server";

/**
 * The central list of people who asked not to get WhatsApp messages. Every operator's helper reports
 * the opt-outs it catches here and loads the whole list before sending, so a person who answered SAIR
 * to one operator is skipped by all of them. A person is one entry whatever way their number is
 * written: numbers are stored in E.164 ("+5531999998888", "+14155550100") and compared by the
 * helper's own key (whatsapp-helper/phone), where a Brazilian mobile with and without the ninth digit
 * are the same person and a foreign number is only itself (decision 117).
 */

/** Who recorded an opt-out: a helper that caught the reply, or someone in the admin panel. */
export type OptOutSource = "helper" | "painel";

/** Longest text kept of what a person wrote when opting out. */
export const OPT_OUT_SAID_MAX = 4096;

/** How many opt-outs one request may report. */
export const MAX_OPTOUTS_PER_REQUEST = 500;

/** The comparison key of any written form of a number ("(31)99999-8888", "553199998888", "+14155550100", ...). */
export function personKey(number: string): string {
  return numberKey(toE164(number));
}

/**
 * A number as the helpers report it, in E.164: "+" and its digits as written, or digits without "+"
 * read by the helper's rule (toE164). Refused when it has fewer than 8 or more than 20 digits.
 */
export const reportedNumberSchema = z
  .string({ error: "Número obrigatório" })
  .refine((value) => /^\+?[\d\s().-]+$/.test(value.trim()), "Número inválido")
  .transform((value) => toE164(value.trim()))
  .pipe(z.string().regex(/^\+\d{8,20}$/, "Número inválido"));

const optOutEntrySchema = z.object({
  number: reportedNumberSchema,
  at: z.iso.datetime({ offset: true, error: "Horário inválido" }),
  operator: z.string({ error: "Operador inválido" }).trim().max(OPERATOR_NAME_MAX, "Operador inválido").optional().default(""),
  /**
   * What the person wrote, sent by older helpers: checked, never kept (an opt-out keeps only the
   * number, decision 118; the words are in the person's reply, erased with her).
   */
  said: z
    .string({ error: "Texto inválido" })
    .max(OPT_OUT_SAID_MAX, `O texto pode ter até ${OPT_OUT_SAID_MAX} caracteres`)
    .optional(),
});

export const optOutReportSchema = z.object({
  entries: z
    .array(optOutEntrySchema, { error: "Envie a lista de descadastros em 'entries'" })
    .min(1, `Envie de 1 a ${MAX_OPTOUTS_PER_REQUEST} descadastros por vez`)
    .max(MAX_OPTOUTS_PER_REQUEST, `Envie de 1 a ${MAX_OPTOUTS_PER_REQUEST} descadastros por vez`),
});

/** One opt-out to store: the number, when, and the operator whose helper caught it. */
export type OptOutEntry = Omit<z.output<typeof optOutEntrySchema>, "said">;

/**
 * Stores opt-outs; a person already on the list (any variant of their number) is left as first
 * recorded. `recordedBy` names who recorded them (the helper key's owner, sent_by form; decision 071).
 * Returns how many people were added.
 */
export function recordOptOuts(entries: readonly OptOutEntry[], source: OptOutSource, recordedBy = ""): number {
  return db.transaction((tx) => {
    let inserted = 0;
    for (const entry of entries) {
      inserted += tx
        .insert(schema.whatsappOptOuts)
        .values({
          number: toE164(entry.number),
          key: personKey(entry.number),
          at: new Date(entry.at).toISOString(),
          operator: entry.operator,
          source,
          recordedBy,
        })
        .onConflictDoNothing({ target: schema.whatsappOptOuts.key })
        .run().changes;
    }
    return inserted;
  });
}

/**
 * The opt-outs undone on the site ('Desfazer', decision 071), oldest first: the number and when. A
 * helper forgets its own copy of each one it had before that moment (it was told, or caught, the
 * opt-out earlier), so the person can be messaged again by every operator, not only the site.
 */
export function undoneOptOuts(): { number: string; at: string }[] {
  return (
    db
      .select({ number: schema.whatsappOptOutChanges.number, at: schema.whatsappOptOutChanges.at })
      .from(schema.whatsappOptOutChanges)
      // undone, or a held person released ("não é pedido de saída"): helpers forget their copy
      .where(inArray(schema.whatsappOptOutChanges.action, ["desfeito", "liberado"]))
      .orderBy(asc(schema.whatsappOptOutChanges.id))
      .all()
  );
}

/** Every opted-out number, as stored (E.164), oldest first. */
export function optedOutNumbers(): string[] {
  return db
    .select({ number: schema.whatsappOptOuts.number })
    .from(schema.whatsappOptOuts)
    .orderBy(asc(schema.whatsappOptOuts.id))
    .all()
    .map((row) => row.number);
}

/**
 * What helpers skip: every opted-out number, then the people held because a reply of theirs looks
 * like a request to stop and no staff member has decided yet (decision 118), E.164, each once.
 */
export function centralListNumbers(): string[] {
  const numbers = optedOutNumbers();
  const keys = new Set(numbers.map(personKey));
  const held = db
    .select({ number: schema.whatsappReplies.number, key: schema.whatsappReplies.key })
    .from(schema.whatsappReplies)
    .where(and(eq(schema.whatsappReplies.optOutReview, "pendente"), ne(schema.whatsappReplies.key, "")))
    .orderBy(asc(schema.whatsappReplies.id))
    .all();
  for (const row of held) {
    if (keys.has(row.key)) continue;
    keys.add(row.key);
    numbers.push(row.number);
  }
  return numbers;
}

/** Whether this person (any written form of the number, ninth digit or not) asked not to get WhatsApp. */
export function isOptedOut(number: string): boolean {
  return optedOutAmong([number]).size > 0;
}

/** Of these numbers (any written form), the ones whose person is on the list (one query per 500 numbers). */
export function optedOutAmong(numbers: readonly string[]): Set<string> {
  const byKey = new Map<string, string[]>();
  for (const number of numbers) {
    const key = personKey(number);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), number]);
  }
  const rows = selectInBatches([...byKey.keys()], (batch) =>
    db
      .select({ key: schema.whatsappOptOuts.key })
      .from(schema.whatsappOptOuts)
      .where(inArray(schema.whatsappOptOuts.key, batch))
      .all(),
  );
  return new Set(rows.flatMap((row) => byKey.get(row.key) ?? []));
}

/**
 * A checker over the whole list, read once: for long walks over many numbers (the CSV export) where
 * one query per number would be slow.
 */
export function optOutChecker(): (number: string) => boolean {
  const keys = new Set(
    db
      .select({ key: schema.whatsappOptOuts.key })
      .from(schema.whatsappOptOuts)
      .all()
      .map((row) => row.key),
  );
  return (number) => keys.has(personKey(number));
}

/** The opt-outs of these person keys (the LGPD export): the number, when, and how it was recorded. */
export function optOutsOfKeys(keys: readonly string[]): { number: string; at: string; source: string }[] {
  return selectInBatches([...new Set(keys)], (batch) =>
    db
      .select({ number: schema.whatsappOptOuts.number, at: schema.whatsappOptOuts.at, source: schema.whatsappOptOuts.source })
      .from(schema.whatsappOptOuts)
      .where(inArray(schema.whatsappOptOuts.key, batch))
      .all(),
  );
}

/** How many people are on the list. */
export function countOptOuts(): number {
  return db.select({ n: count() }).from(schema.whatsappOptOuts).get()?.n ?? 0;
}

/** Leads (or anything with a phone) marked with whether their person asked not to get WhatsApp. */
export function withWhatsappOptOut<T extends { telefone: string }>(rows: readonly T[]): (T & { whatsappOptOut: boolean })[] {
  const optedOut = optedOutAmong(rows.map((row) => row.telefone));
  return rows.map((row) => ({ ...row, whatsappOptOut: optedOut.has(row.telefone) }));
}
