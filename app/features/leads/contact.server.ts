import { and, desc, eq, isNull } from "drizzle-orm";

import { getInstitution } from "~/features/institution/institution.server";
import { isOptedOut } from "~/features/whatsapp/optouts/optouts.server";
import * as serverClock from "~/platform/clock.server";
import { db, schema, type Tx } from "~/platform/db/client.server";

import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type ContactChannel,
  contactHref,
  contactNumber,
  type ContactOutcome,
  isContactOutcome,
  OUTCOMES_BY_CHANNEL,
  reachedPerson,
} from "./contact";
import { profileLabel } from "./filters";
import { applyStatus } from "./follow-up.server";
import { LEAD_NOT_FOUND } from "./privacy.server";

/**
 * A contact attempt from the panel: a click on a lead's "Ligar" or "WhatsApp" button. The attempt is
 * recorded (channel, who, when, no outcome yet), a Novo lead moves to Em contato (a normal status
 * change: history and the lead.status_changed webhook event, in the same transaction), and the caller
 * sends the browser on to tel: or wa.me. Nothing is written when the attempt is refused.
 *
 * The click is not the first contact (decision 140): the salesperson then records how it went
 * (recordAttemptOutcome), and only an outcome that reached the person stops the first-contact clock.
 */

export type ContactResult =
  { ok: true; href: string; movedToContact: boolean } | { ok: false; status: 400 | 403 | 404; error: string };

export const OPTED_OUT_ERROR = "Esta pessoa pediu para não receber mensagens de WhatsApp. Ligue ou use outro canal.";
export const NO_PHONE_ERROR = "O telefone deste lead não é um celular válido com DDD: não há como ligar nem chamar no WhatsApp.";

/** The status a first contact moves a Novo lead to. */
const FIRST_CONTACT = { status: "em_contato", reason: null } as const;

/** Records one contact attempt by `by` (the user's e-mail) at `now`; returns where to send the browser. */
export function recordContactAttempt(leadId: number, channel: ContactChannel, by: string, now: Date = new Date()): ContactResult {
  const lead = db.select().from(schema.leads).where(eq(schema.leads.id, leadId)).get();
  if (!lead) return { ok: false, status: 404, error: LEAD_NOT_FOUND };
  const number = contactNumber(lead.telefone);
  if (!number) return { ok: false, status: 400, error: NO_PHONE_ERROR };
  if (channel === "whatsapp" && isOptedOut(lead.telefone)) return { ok: false, status: 403, error: OPTED_OUT_ERROR };
  const href = contactHref(channel, number, {
    nome: lead.nome,
    curso: lead.curso_interesse,
    perfil: lead.perfil_resultado ? profileLabel(lead.perfil_resultado) : null,
    instituicao: getInstitution().brandName,
  });
  const movedToContact = db.transaction((tx) => {
    tx.insert(schema.leadContactAttempts).values({ leadId, channel, by, at: now.toISOString() }).run();
    // Only a Novo lead moves; a lead further along (or lost) keeps its status.
    return lead.status === "novo" ? applyStatus(tx, [leadId], FIRST_CONTACT, by, now) > 0 : false;
  });
  return { ok: true, href, movedToContact };
}

export const OUTCOME_CHANNEL_ERROR = "Este resultado não vale para este canal.";
export const ATTEMPT_NOT_FOUND = "Esta tentativa de contato não existe mais ou já tem resultado. Recarregue a página.";

export type OutcomeResult = { ok: true; firstContact: boolean } | { ok: false; field: "resultado" | "form"; error: string };

/**
 * Records how a contact attempt went. With `attemptId`, the outcome of that attempt (one of this
 * lead's, still without one: an outcome is written once); without, a new attempt made outside the
 * panel's buttons (a call from another phone), at `now`. An outcome that reached the person makes the
 * lead's first contact the earliest such attempt. Nothing is written when refused.
 */
export function recordAttemptOutcome(
  leadId: number,
  input: { attemptId: number | null; channel: ContactChannel; outcome: ContactOutcome },
  by: string,
  now: Date = serverClock.now(),
): OutcomeResult {
  if (!OUTCOMES_BY_CHANNEL[input.channel].includes(input.outcome)) {
    return { ok: false, field: "resultado", error: OUTCOME_CHANNEL_ERROR };
  }
  const at = now.toISOString();
  return db.transaction((tx): OutcomeResult => {
    let attemptAt = at;
    if (input.attemptId !== null) {
      const attempt = pendingAttempt(tx, leadId, input.attemptId);
      if (!attempt || attempt.channel !== input.channel) return { ok: false, field: "form", error: ATTEMPT_NOT_FOUND };
      tx.update(schema.leadContactAttempts)
        .set({ outcome: input.outcome, outcomeAt: at })
        .where(eq(schema.leadContactAttempts.id, attempt.id))
        .run();
      attemptAt = attempt.at;
    } else {
      tx.insert(schema.leadContactAttempts)
        .values({ leadId, channel: input.channel, by, at, outcome: input.outcome, outcomeAt: at })
        .run();
    }
    return { ok: true, firstContact: reachedPerson(input.outcome) && markFirstContact(tx, leadId, attemptAt) };
  });
}

function pendingAttempt(tx: Tx, leadId: number, attemptId: number) {
  const attempts = schema.leadContactAttempts;
  return tx
    .select({ id: attempts.id, channel: attempts.channel, at: attempts.at })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.leadId, leadId), isNull(attempts.outcome)))
    .get();
}

/** The first contact becomes `at` unless an earlier reaching attempt is already it; true when it changed. */
function markFirstContact(tx: Tx, leadId: number, at: string): boolean {
  const lead = tx.select({ first: schema.leads.first_contact_at }).from(schema.leads).where(eq(schema.leads.id, leadId)).get();
  if (!lead || (lead.first !== null && lead.first <= at)) return false;
  tx.update(schema.leads).set({ first_contact_at: at }).where(eq(schema.leads.id, leadId)).run();
  return true;
}

export type AttemptView = {
  id: number;
  channel: ContactChannel;
  channelLabel: string;
  by: string;
  at: string;
  outcome: ContactOutcome | null;
  outcomeLabel: string | null;
  choices: { value: ContactOutcome; label: string }[];
};

/** The lead's contact attempts, newest first, with the outcomes each one may still be given. */
export function contactAttempts(leadId: number): AttemptView[] {
  const attempts = schema.leadContactAttempts;
  return db
    .select()
    .from(attempts)
    .where(eq(attempts.leadId, leadId))
    .orderBy(desc(attempts.at), desc(attempts.id))
    .all()
    .map((row) => {
      const channel: ContactChannel = row.channel === "whatsapp" ? "whatsapp" : "telefone";
      const outcome = isContactOutcome(row.outcome) ? row.outcome : null;
      return {
        id: row.id,
        channel,
        channelLabel: CONTACT_CHANNELS[channel],
        by: row.by,
        at: row.at,
        outcome,
        outcomeLabel: outcome ? CONTACT_OUTCOMES[outcome] : null,
        choices: OUTCOMES_BY_CHANNEL[channel].map((value) => ({ value, label: CONTACT_OUTCOMES[value] })),
      };
    });
}
