/**
 * Contact from the panel (pure, shared by the pages and the server): the number a lead is called
 * or messaged on, the tel: and wa.me addresses, and the WhatsApp message's pt-BR text.
 */
import { waMeUrl } from "~/features/whatsapp/contact";
import { normalizePhone } from "~/shared/phone";

/** How a lead was contacted from the panel: a call (tel:) or a WhatsApp click-to-chat (wa.me). */
export const CONTACT_CHANNELS = { telefone: "Ligação", whatsapp: "WhatsApp" } as const;

export type ContactChannel = keyof typeof CONTACT_CHANNELS;

export function isContactChannel(value: unknown): value is ContactChannel {
  return typeof value === "string" && Object.hasOwn(CONTACT_CHANNELS, value);
}

/**
 * How a contact attempt ended, as the salesperson records it. Only an attempt that reached the person
 * (an answered call, a message she confirms was sent, a reply) is the first contact (decision 140).
 */
export const CONTACT_OUTCOMES = {
  atendeu: "Atendeu",
  nao_atendeu: "Não atendeu",
  caixa_postal: "Caixa postal",
  mensagem_enviada: "Mensagem enviada",
  respondeu: "Respondeu",
} as const;

export type ContactOutcome = keyof typeof CONTACT_OUTCOMES;

/** The outcomes of an attempt that reached the person (decision 140). */
export const REACHING_OUTCOMES: readonly ContactOutcome[] = ["atendeu", "mensagem_enviada", "respondeu"];

const REACHING: ReadonlySet<ContactOutcome> = new Set(REACHING_OUTCOMES);

export function isContactOutcome(value: unknown): value is ContactOutcome {
  return typeof value === "string" && Object.hasOwn(CONTACT_OUTCOMES, value);
}

/** Whether an attempt with this outcome reached the person (and so may be the first contact). */
export function reachedPerson(outcome: string | null | undefined): boolean {
  return isContactOutcome(outcome) && REACHING.has(outcome);
}

/** The outcomes offered for a channel: a call is answered or not; a WhatsApp message is sent or answered. */
export const OUTCOMES_BY_CHANNEL: Record<ContactChannel, readonly ContactOutcome[]> = {
  telefone: ["atendeu", "nao_atendeu", "caixa_postal"],
  whatsapp: ["mensagem_enviada", "respondeu"],
};

/**
 * The number to dial, as 55 + DDD + the number (13 digits), or null when the stored phone is not a
 * usable Brazilian mobile (such a lead gets no contact buttons).
 */
export function contactNumber(telefone: string | null | undefined): string | null {
  const canonical = normalizePhone(telefone);
  return canonical ? `55${canonical.replace(/\D/g, "")}` : null;
}

/** tel:+55… for a number from contactNumber. */
export function telHref(number: string): string {
  return `tel:+${number}`;
}

/** What the WhatsApp message names: the course of interest, else the test profile (its title), else nothing. */
export type ContactTopic = { nome: string; curso?: string | null; perfil?: string | null; instituicao: string };

/** The first word of a name ("Carla Souza" → "Carla"), or "" for none. */
export function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? "";
}

/**
 * The message a comercial user starts the chat with: a greeting by first name, the institution's
 * short name, and what the person showed interest in (course first, then the test profile).
 */
export function whatsappLeadText({ nome, curso, perfil, instituicao }: ContactTopic): string {
  const name = firstName(nome);
  const hello = name ? `Olá, ${name}! Aqui é da ${instituicao}.` : `Olá! Aqui é da ${instituicao}.`;
  if (curso?.trim()) return `${hello} Vi que você tem interesse no curso de ${curso.trim()}. Posso te ajudar com a inscrição?`;
  if (perfil?.trim()) {
    return `${hello} Vi que você fez nosso teste vocacional e seu perfil é ${perfil.trim()}. Posso te ajudar a escolher o curso?`;
  }
  return `${hello} Vi que você deixou seu contato no nosso site. Posso te ajudar a escolher o curso?`;
}

/** Where the contact action sends the browser for this channel. */
export function contactHref(channel: ContactChannel, number: string, topic: ContactTopic): string {
  return channel === "telefone" ? telHref(number) : waMeUrl(number, whatsappLeadText(topic));
}

/** The contact action of a lead (a same-origin POST with `canal`). */
export function contactActionPath(leadId: number): string {
  return `/contato/lead/${leadId}/contatar`;
}

/**
 * The lead page's "Enviar e-mail": a mailto: address with a subject and a first line the salesperson
 * edits in her own e-mail program (the same topic as the WhatsApp text: course, else test profile).
 */
export function mailtoHref(email: string, topic: ContactTopic): string {
  const name = firstName(topic.nome);
  const about = topic.curso?.trim()
    ? `o curso de ${topic.curso.trim()}`
    : topic.perfil?.trim()
      ? `o resultado do seu teste vocacional (${topic.perfil.trim()})`
      : "os nossos cursos";
  const subject = `${topic.instituicao}: sobre ${about}`;
  const body = [
    `${name ? `Olá, ${name}!` : "Olá!"} Aqui é da ${topic.instituicao}.`,
    "",
    `Vi que você tem interesse em ${about} e gostaria de ajudar com a sua inscrição. Qual o melhor horário para conversarmos?`,
    "",
  ].join("\n");
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
