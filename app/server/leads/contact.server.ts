import { eq, sql } from "drizzle-orm";

import { type ContactChannel, contactHref, contactNumber } from "~/lib/leads/contact";
import { profileLabel } from "~/lib/leads/filters";

import { getInstitution } from "../content/institution.server";
import { db, schema } from "../db/client.server";
import { isOptedOut } from "../whatsapp/optouts.server";
import { applyStatus } from "./follow-up.server";
import { LEAD_NOT_FOUND } from "./privacy.server";

/**
 * A contact attempt from the panel: a click on a lead's "Ligar" or "WhatsApp" button. The attempt is
 * recorded (channel, who, when), a Novo lead moves to Em contato (a normal status change: history
 * and the lead.status_changed webhook event, in the same transaction), and the caller sends the
 * browser on to tel: or wa.me. Nothing is written when the attempt is refused.
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
    // The first-contact clock stops at the first logged call or WhatsApp (decision 087).
    tx.update(schema.leads)
      .set({ first_contact_at: sql`coalesce(${schema.leads.first_contact_at}, ${now.toISOString()})` })
      .where(eq(schema.leads.id, leadId))
      .run();
    // Only a Novo lead moves; a lead further along (or lost) keeps its status.
    return lead.status === "novo" ? applyStatus(tx, [leadId], FIRST_CONTACT, by, now) > 0 : false;
  });
  return { ok: true, href, movedToContact };
}
