import { parseWithZod } from "@conform-to/zod/v4";

import { isOptedOut as isEmailOptedOut } from "~/features/email/person-emails.server";
import { getInstitution } from "~/features/institution/institution.server";
import { firstContactState } from "~/features/leads/distribution/business-hours";
import { isLeadLate } from "~/features/leads/distribution/late";
import { can } from "~/features/staff/roles";
import { SURVEY_FIELDS, surveyLabel } from "~/features/vocational/vocational-form.seed";
import { optOutByStaff } from "~/features/whatsapp/optouts/optout-review.server";
import { isOptedOut } from "~/features/whatsapp/optouts/optouts.server";
import { leadRepliesView } from "~/features/whatsapp/replies/inbox.server";
import { LEAD_OPT_OUT_INTENT, leadOptOutSchema } from "~/features/whatsapp/replies/replies";
import * as serverClock from "~/platform/clock.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";
import { formatDateBr, formatDateTimeBr } from "~/shared/dates";

import { CONTACT_OUTCOMES, contactNumber, mailtoHref } from "./contact";
import { contactAttempts, recordAttemptOutcome } from "./contact.server";
import { NO_OWNER_LABEL, profileLabel } from "./filters";
import { addLeadNote, changeLeadStatus, leadTimeline, setNextContact } from "./follow-up.server";
import {
  isLeadIntent,
  LEAD_INTENTS,
  type LeadFollowUp,
  type LeadFollowUpErrors,
  leadFollowUpSchema,
  OWNER_ERROR,
  UNKNOWN_INTENT,
} from "./follow-up-form";
import { LEAD_ORIGINS } from "./origins";
import { findOwner, OWNER_LOCKED_ERROR, OWNER_LOCKED_STATUS, ownerEmails, ownerOptions, setLeadOwner } from "./owner.server";
import { approveRequest, askForLead, hasPendingRequest, pendingRequests, refuseRequest } from "./owner-requests.server";
import type { Lead } from "./privacy.server";
import { type LossReason, NOTE_MAX, statusWithReason } from "./status";
import { canAskForLead, canChangeOwner, decidesLeadRequests, type LeadViewer } from "./walls.server";

/**
 * The lead page (/contato/lead/:id): what its loader shows and what its follow-up posts do. The route
 * checks the permission and the origin and finds the lead; everything else is here.
 */

/** The page's data: the person, the follow-up state, the owner choices, the history and the WhatsApp replies. */
export function leadPageView(lead: Lead, viewer: LeadViewer, now: Date = serverClock.now()) {
  const attempts = contactAttempts(lead.id);
  const pending = attempts.find((attempt) => attempt.outcome === null);
  const waiting = firstContactState(lead, now);
  return {
    // The LGPD export and erasure are for the roles holding "lgpd" (admin); the links show only to them.
    canLgpd: can(viewer.role, "lgpd"),
    lead: {
      id: lead.id,
      nome: lead.nome,
      email: lead.email,
      telefone: lead.telefone,
      cidade: lead.cidade,
      curso: lead.curso_interesse,
      polo: lead.polo,
      origem: LEAD_ORIGINS[lead.origem as keyof typeof LEAD_ORIGINS] ?? lead.origem,
      criado: formatDateTimeBr(lead.criado_em),
      perfil: lead.perfil_resultado ? profileLabel(lead.perfil_resultado) : null,
      // The vocational form's answers (the panel's table leaves them here).
      survey: SURVEY_FIELDS.map((field) => ({ label: field.logHeader, value: surveyLabel(field.name, lead[field.column]) })),
      status: lead.status,
      motivo: lead.motivo_perda,
      proximoContato: lead.proximo_contato,
      // The one rule of the panel's "Atrasados" filter and its waiting box (decision 142).
      atrasado: isLeadLate(lead, now),
      whatsappOptOut: isOptedOut(lead.telefone),
      // "Enviar e-mail" (mailto: with a first text); none for a person who asked for no more e-mails.
      mailto: isEmailOptedOut(lead.email)
        ? null
        : mailtoHref(lead.email, {
            nome: lead.nome,
            curso: lead.curso_interesse,
            perfil: lead.perfil_resultado ? profileLabel(lead.perfil_resultado) : null,
            instituicao: getInstitution().brandName,
          }),
      contactable: contactNumber(lead.telefone) !== null,
      // The first-contact clock (decision 140): when a contact first reached the person, or how long it has waited.
      firstContact: lead.first_contact_at
        ? { done: true as const, text: `Primeiro contato: ${formatDateTimeBr(lead.first_contact_at)}` }
        : waiting
          ? {
              done: false as const,
              text: `Sem contato que chegou à pessoa · ${waiting.text}${lead.first_contact_due_at ? ` · prazo ${formatDateTimeBr(lead.first_contact_due_at)}` : ""}`,
              late: waiting.late,
            }
          : null,
      owner: lead.owner_id === null ? null : { id: lead.owner_id, email: ownerEmails([lead.owner_id]).get(lead.owner_id) ?? "" },
    },
    // The owner choices: the comercial users; none once the owner is locked (Matriculado).
    owners: ownerOptions(),
    ownerLocked: lead.status === OWNER_LOCKED_STATUS ? OWNER_LOCKED_ERROR : null,
    // A colleague's lead (a shared team): no owner form, "Pedir este lead" instead (decision 146).
    ask: canAskForLead(viewer, lead) ? { asked: hasPendingRequest(lead.id, viewer.id) } : null,
    // The manager decides the pending requests for this lead here.
    requests: decidesLeadRequests(viewer) ? pendingRequests(lead.id) : [],
    timeline: leadTimeline(lead, profileLabel).map((entry) => ({ ...entry, when: formatDateTimeBr(entry.at) })),
    // What the person answered on WhatsApp (decision 071), newest first; plain text.
    replies: leadRepliesView(lead.id),
    canWhatsapp: can(viewer.role, "whatsapp"),
    // The newest attempt from the contact buttons still without its outcome, offered first.
    pendingAttempt: pending
      ? {
          id: pending.id,
          channel: pending.channel,
          channelLabel: pending.channelLabel,
          when: formatDateTimeBr(pending.at),
          choices: pending.choices,
        }
      : null,
  };
}

/** A refused post: 400 with the message per field, and the note as typed (so it is not lost). */
function refuse(intent: string, errors: LeadFollowUpErrors, values: { texto?: string } = {}, status = 400) {
  return privateData({ intent, errors, values }, { status });
}

type FollowUp<I> = Extract<LeadFollowUp, { intent: I }>;
type Post = { request: Request; lead: Lead; by: string; here: string; viewer: LeadViewer & { email: string } };

function changeStatusAction({ request, lead, by, here }: Post, form: FollowUp<"status">) {
  const reason = form.status === "perdido" ? (form.motivo as LossReason) : null;
  const change = changeLeadStatus(lead.id, { status: form.status, reason }, by);
  if (!change) return refuse(form.intent, { status: "O lead já está com este status." });
  return privateRedirectWithToast(request, here, {
    title: "Status alterado",
    description: statusWithReason(change.to, change.reason),
  });
}

function addNoteAction({ request, lead, by, here }: Post, form: FollowUp<"nota">) {
  addLeadNote(lead.id, form.texto, by);
  return privateRedirectWithToast(request, here, { title: "Nota adicionada" });
}

/** A comercial user may not take a colleague's lead by the owner form: she asks for it (decision 146). */
export const OWNER_ASK_INSTEAD = "Este lead é de outra pessoa da equipe: use “Pedir este lead” e o gestor decide.";

/** Shown when a post needs the manager (approve, refuse) or a colleague's lead (ask) and the viewer is not one. */
export const REQUEST_NOT_ALLOWED = "Você não pode fazer isto neste lead.";

function setOwnerAction({ request, lead, by, here, viewer }: Post, form: FollowUp<"responsavel">) {
  if (!canChangeOwner(viewer, lead)) return refuse(form.intent, { responsavel: OWNER_ASK_INSTEAD });
  if (lead.status === OWNER_LOCKED_STATUS) return refuse(form.intent, { responsavel: OWNER_LOCKED_ERROR });
  const owner = form.responsavel === null ? null : findOwner(Number(form.responsavel));
  if (owner === undefined) return refuse(form.intent, { responsavel: OWNER_ERROR });
  if (!setLeadOwner(lead.id, owner, by)) return refuse(form.intent, { responsavel: "O lead já está com este responsável." });
  return privateRedirectWithToast(request, here, { title: "Responsável salvo", description: owner?.email ?? NO_OWNER_LABEL });
}

function askAction({ request, lead, here, viewer }: Post, form: FollowUp<"pedir-lead">) {
  if (!canAskForLead(viewer, lead)) return refuse(form.intent, { form: REQUEST_NOT_ALLOWED }, {}, 403);
  const result = askForLead(lead, viewer, form.motivo_pedido);
  if (!result.ok) return refuse(form.intent, { [result.field]: result.error });
  return privateRedirectWithToast(request, here, {
    title: "Lead pedido",
    description: "O gestor vai decidir; você recebe um e-mail com a resposta.",
  });
}

function decideAction({ request, lead, by, here, viewer }: Post, form: FollowUp<"pedido-aprovar" | "pedido-recusar">) {
  if (!decidesLeadRequests(viewer)) return refuse(form.intent, { form: REQUEST_NOT_ALLOWED }, {}, 403);
  const approve = form.intent === LEAD_INTENTS.approve;
  const result = (approve ? approveRequest : refuseRequest)(lead, Number(form.pedido), by);
  if (!result.ok) return refuse(form.intent, { form: result.error });
  return privateRedirectWithToast(request, here, {
    title: approve ? "Pedido aprovado" : "Pedido recusado",
    description: approve
      ? `O lead agora é de ${result.asker}.`
      : `O lead continua com o responsável; ${result.asker} foi avisada.`,
  });
}

function setNextContactAction({ request, lead, here }: Post, form: FollowUp<"proximo-contato">) {
  setNextContact(lead.id, form.proximo_contato);
  const description = form.proximo_contato ? formatDateBr(form.proximo_contato) : "Sem data marcada";
  return privateRedirectWithToast(request, here, { title: "Próximo contato salvo", description });
}

function recordOutcomeAction({ request, lead, by, here }: Post, form: FollowUp<"resultado-contato">) {
  const attemptId = form.tentativa === null ? null : Number(form.tentativa);
  const result = recordAttemptOutcome(lead.id, { attemptId, channel: form.canal, outcome: form.resultado }, by);
  if (!result.ok) return refuse(form.intent, { [result.field]: result.error });
  return privateRedirectWithToast(request, here, {
    title: "Resultado registrado",
    description: result.firstContact
      ? `${CONTACT_OUTCOMES[form.resultado]}: primeiro contato registrado.`
      : CONTACT_OUTCOMES[form.resultado],
  });
}

/**
 * "Descadastrar do WhatsApp" (decision 118): the lead's phone goes on the central opt-out list with
 * who, when and the reason typed (required); a refused reason stores nothing.
 */
function optOutAction(request: Request, lead: Lead, formData: FormData, by: string) {
  const submission = parseWithZod(formData, { schema: leadOptOutSchema });
  if (submission.status !== "success") {
    return refuse(LEAD_OPT_OUT_INTENT, { motivo: submission.error?.motivo?.[0] ?? "Motivo inválido" });
  }
  const result = optOutByStaff(lead.telefone, submission.value.motivo, by);
  if (!result.ok) return refuse(LEAD_OPT_OUT_INTENT, { form: result.message });
  return privateRedirectWithToast(request, `/contato/lead/${lead.id}`, {
    title: result.changed ? "Descadastrado do WhatsApp" : "Já estava descadastrado do WhatsApp",
    description: "Nenhum ajudante envia mais mensagens para esta pessoa.",
  });
}

/**
 * A follow-up post of the lead page, by its `intent`: parsed with leadFollowUpSchema (the forms'
 * own rules), then the named change, answered with a 303 back to the page and a toast, or a 400
 * with the message next to the field.
 */
export async function leadPageAction(request: Request, lead: Lead, formData: FormData, staff: LeadViewer & { email: string }) {
  const by = staff.email;
  const intent = formData.get("intent");
  if (intent === LEAD_OPT_OUT_INTENT) return optOutAction(request, lead, formData, by);
  if (!isLeadIntent(intent)) return refuse("", { form: UNKNOWN_INTENT });
  const submission = parseWithZod(formData, { schema: leadFollowUpSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
    ) as LeadFollowUpErrors;
    const typed = formData.get("texto");
    const values = intent === LEAD_INTENTS.note ? { texto: String(typed ?? "").slice(0, NOTE_MAX + 100) } : {};
    return refuse(intent, errors, values);
  }
  const post: Post = { request, lead, by, here: `/contato/lead/${lead.id}`, viewer: staff };
  const form = submission.value;
  switch (form.intent) {
    case LEAD_INTENTS.status:
      return changeStatusAction(post, form);
    case LEAD_INTENTS.note:
      return addNoteAction(post, form);
    case LEAD_INTENTS.owner:
      return setOwnerAction(post, form);
    case LEAD_INTENTS.nextContact:
      return setNextContactAction(post, form);
    case LEAD_INTENTS.outcome:
      return recordOutcomeAction(post, form);
    case LEAD_INTENTS.ask:
      return askAction(post, form);
    case LEAD_INTENTS.approve:
    case LEAD_INTENTS.refuse:
      return decideAction(post, form);
  }
}
