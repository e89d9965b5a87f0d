import { and, eq, isNotNull } from "drizzle-orm";

import { claimText } from "~/features/campaign/claims";
import { resultCourses } from "~/features/courses/courses.server";
import {
  enrolmentConfirmationEmail,
  type PersonEmailFrame,
  staffFirstName,
  vocationalResultEmail,
} from "~/features/email/person-email";
import { firstName } from "~/features/email/templates";
import { siteClaims } from "~/features/home/home.server";
import { getInstitution } from "~/features/institution/institution.server";
import { CONSENT_VERSION as ENROLMENT_CONSENT_VERSION } from "~/features/leads/forms/enrolment";
import { RESULT_PAGES } from "~/features/vocational/profiles.seed";
import * as serverClock from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { formatDateBr, saoPauloDate } from "~/shared/dates";

import { enqueueEmail } from "./outbox.server";
import { resultLinkExpiry, resultLinkToken, unsubscribeToken } from "./signed-links.server";

/**
 * E-mails to the person who filled a form (decision 100), queued by `enqueueEmail` inside the
 * transaction that saved what they are about (the lead, the test's result): the confirmation after
 * a lead form and the vocational test's result. Each carries the institution's identity from the
 * studio and a signed unsubscribe link (RFC 8058 one-click too). Nothing is queued to an address
 * that unsubscribed; the result e-mail (it carries the offer: courses and scholarship) only with
 * the consent the lead stored, whose text covers being contacted about courses and scholarships.
 */

/** Consent versions whose notice covers e-mail about courses and scholarships (the forms' texts). */
export const EMAIL_CONSENT_VERSIONS: ReadonlySet<string> = new Set([ENROLMENT_CONSENT_VERSION, "teste-vocacional-v1"]);

/** `transactional`: the answer to what the person just asked; `offer`: what promotes courses or scholarships. */
export type PersonEmailPurpose = "transactional" | "offer";

export const UNSUBSCRIBE_PATH = "/e-mail/descadastrar";
export const RESULT_LINK_PATH = "/teste-vocacional/resultado/acesso";

/**
 * The unsubscribe address of e-mails about this lead (no sign-in: the token is the authority; it
 * holds the lead's id and a signature, no personal data).
 */
export function unsubscribeUrl(leadId: number, email: string): string {
  return `${config.siteUrl}${UNSUBSCRIBE_PATH}/${unsubscribeToken(leadId, email)}`;
}

export function isOptedOut(email: string): boolean {
  return (
    db
      .select({ email: schema.emailOptouts.email })
      .from(schema.emailOptouts)
      .where(eq(schema.emailOptouts.email, email.trim().toLowerCase()))
      .get() !== undefined
  );
}

/**
 * Records that this address wants no more e-mail (idempotent), and stops what still waits in the
 * outbox for it: a message to the person (it has an unsubscribe link) that is pending is not sent.
 */
export function recordOptOut(email: string, source: "one-click" | "page", now: Date = serverClock.now()): void {
  const address = email.trim().toLowerCase();
  db.transaction((tx) => {
    tx.insert(schema.emailOptouts).values({ email: address, createdAt: now.toISOString(), source }).onConflictDoNothing().run();
    tx.update(schema.emailOutbox)
      .set({ status: "failed", lastError: "A pessoa pediu para não receber mais e-mails." })
      .where(
        and(
          eq(schema.emailOutbox.toAddress, address),
          eq(schema.emailOutbox.status, "pending"),
          isNotNull(schema.emailOutbox.unsubscribeUrl),
        ),
      )
      .run();
  });
}

/** Whether an e-mail of this purpose may be queued to the person (see decision 100). */
export function mayEmailPerson(email: string, purpose: PersonEmailPurpose, consentVersion: string | null): boolean {
  if (isOptedOut(email)) return false;
  if (purpose === "offer") return consentVersion !== null && EMAIL_CONSENT_VERSIONS.has(consentVersion);
  return true;
}

function frame(leadId: number, email: string): PersonEmailFrame {
  const institution = getInstitution();
  return {
    brandName: institution.brandName,
    brandArticle: institution.brandArticle,
    companyName: institution.companyName,
    phone: institution.phone,
    phoneHours: institution.phoneHours,
    siteUrl: config.siteUrl,
    unsubscribeUrl: unsubscribeUrl(leadId, email),
  };
}

export type ConfirmationLead = {
  id: number;
  nome: string;
  email: string;
  request: string;
  course: string;
  polo: string;
};

/** Who writes the lead-history note saying why no confirmation was sent. */
export const CONFIRMATION_NOTE_AUTHOR = "E-mail de confirmação";

/**
 * Why this person gets no confirmation e-mail, as a pt-BR note for the lead's history, or null when
 * they may get one: no address, an address that asked for no e-mail, or (`needsConsent`, the
 * vocational test's lead form, whose e-mails carry the test's offers) no e-mail consent stored.
 */
export function confirmationRefusal(email: string, consentVersion: string | null, needsConsent: boolean): string | null {
  const reason = !email.trim()
    ? "nenhum e-mail informado"
    : isOptedOut(email)
      ? "este endereço pediu para não receber e-mails"
      : needsConsent && !mayEmailPerson(email, "offer", consentVersion)
        ? "sem o consentimento para receber e-mails"
        : null;
  return reason ? `Confirmação por e-mail não enviada: ${reason}.` : null;
}

/** Queues the confirmation of a lead form (call it in the transaction that created the lead). */
export function queueEnrolmentConfirmation(lead: ConfirmationLead, ownerEmail: string | null, now: Date): string | null {
  if (!mayEmailPerson(lead.email, "transactional", null)) return null;
  const personFrame = frame(lead.id, lead.email);
  const parts = enrolmentConfirmationEmail(personFrame, {
    firstName: firstName(lead.nome),
    request: lead.request,
    course: lead.course,
    polo: lead.polo,
    ownerFirstName: staffFirstName(ownerEmail),
  });
  return enqueueEmail(
    { kind: "person.confirmation", to: lead.email, ...parts, leadId: lead.id, unsubscribeUrl: personFrame.unsubscribeUrl },
    now,
  );
}

const absolute = (url: string) => (url.startsWith("/") ? `${config.siteUrl}${url}` : url);

/**
 * Queues the vocational test's result for this lead (call it in the transaction that stored the
 * result): the profile, its recommended courses with links, the scholarship the result page states
 * (the studio's claims) and a signed link to the result page that works for 30 days.
 */
export function queueVocationalResult(leadId: number, now: Date): string | null {
  const lead = db
    .select({
      email: schema.leads.email,
      nome: schema.leads.nome,
      perfil: schema.leads.perfil_resultado,
      consent: schema.leads.consentimento_versao,
    })
    .from(schema.leads)
    .where(and(eq(schema.leads.id, leadId), eq(schema.leads.origem, "teste_vocacional")))
    .get();
  if (!lead?.perfil || !Object.hasOwn(RESULT_PAGES, lead.perfil)) return null;
  if (!mayEmailPerson(lead.email, "offer", lead.consent)) return null;
  const page = RESULT_PAGES[lead.perfil as keyof typeof RESULT_PAGES];
  const ids = page.recommended ?? page.groups?.graduacao ?? [];
  const found = resultCourses(ids);
  const courses = ids.flatMap((id) => (found[id] ? [{ name: found[id].name, url: absolute(found[id].url) }] : []));
  const claims = siteClaims(now);
  const institution = getInstitution();
  const scholarship =
    claimText(
      `Cursos que combinam com o perfil ${page.title}, com bolsas de até {bolsa_selecionados}.`,
      claims,
      institution.brandName,
    ) ?? null;
  const expiresAt = resultLinkExpiry(now);
  const personFrame = frame(leadId, lead.email);
  const parts = vocationalResultEmail(personFrame, {
    firstName: firstName(lead.nome),
    profileTitle: page.title,
    tagline: page.tagline,
    description: page.description,
    courses,
    scholarship: claims.selectedBolsa && claims.selectedBolsa !== "0%" ? scholarship : null,
    resultLink: `${config.siteUrl}${RESULT_LINK_PATH}/${resultLinkToken(leadId, lead.email, expiresAt)}`,
    linkValidUntil: formatDateBr(saoPauloDate(expiresAt)),
  });
  return enqueueEmail(
    { kind: "person.vocational_result", to: lead.email, ...parts, leadId, unsubscribeUrl: personFrame.unsubscribeUrl },
    now,
  );
}

/**
 * For the person's data export (LGPD art. 18, II): the e-mails the site wrote to this address (what,
 * when, whether it left) and their objection to e-mail, kept after an erasure since it is their own
 * request (decision 100).
 */
export function emailRecordsOfPerson(email: string) {
  const address = email.trim().toLowerCase();
  const outbox = schema.emailOutbox;
  const sent = db
    .select({
      tipo: outbox.kind,
      assunto: outbox.subject,
      texto: outbox.textBody,
      situacao: outbox.status,
      criado_em: outbox.createdAt,
      enviado_em: outbox.sentAt,
    })
    .from(outbox)
    .where(eq(outbox.toAddress, address))
    .orderBy(outbox.id)
    .all();
  const optOut = db
    .select({ pedido_em: schema.emailOptouts.createdAt, como: schema.emailOptouts.source })
    .from(schema.emailOptouts)
    .where(eq(schema.emailOptouts.email, address))
    .get();
  return { emails: sent, descadastro_de_email: optOut ?? null };
}
