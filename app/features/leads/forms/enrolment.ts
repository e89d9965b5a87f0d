import { z } from "zod";

import {
  EMAIL_MESSAGE,
  emailField,
  fullNameField,
  NAME_MESSAGE,
  PHONE_MESSAGE,
  phoneField,
  SELECT_MESSAGE,
} from "~/features/leads/contact-fields";
import { CITY_CHARS_MESSAGE, PERSON_TEXT } from "~/features/leads/person-text";

/**
 * The site's own enrolment form (/inscricao): one zod schema used by the action and, once
 * JavaScript runs, in the browser (through conform). The contact fields and their messages are
 * shared with the vocational lead form (lib/contact-fields).
 */

export { EMAIL_MESSAGE, NAME_MESSAGE, PHONE_MESSAGE, SELECT_MESSAGE };
export const CITY_MESSAGE = "Informe a sua cidade";
export const CONSENT_MESSAGE = "Para continuar, aceite a Política de Privacidade";
export const RATE_LIMIT_MESSAGE = "Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.";

/** Version of the consent text below; stored with each lead (consentimento_versao). */
export const CONSENT_VERSION = "inscricao-2025-01";
export const CONSENT_TEXT =
  "Li e aceito a Política de Privacidade e autorizo o contato por telefone, WhatsApp e e-mail sobre cursos, bolsas e matrícula.";

/** Choices that are valid when the visitor has not decided yet. */
export const UNDECIDED_COURSE = "Ainda não decidi";
export const UNDECIDED_POLO = "Ainda não sei";

/** Full name (≥ 5 characters), phone ((99)99999-9999, stored canonical) and e-mail (lower-case). */
export const leadContactFields = { nome: fullNameField, telefone: phoneField, email: emailField };

/** Lead origins this form may store (keys of LEAD_ORIGINS in ./origins.ts). */
export const ENROLMENT_ORIGINS = ["inscricao", "contato", "bolsa", "america_mg"] as const;
export type EnrolmentOrigin = (typeof ENROLMENT_ORIGINS)[number];

const QUERY_ORIGINS: Record<string, EnrolmentOrigin> = {
  lead: "inscricao",
  inscricao: "inscricao",
  contato: "contato",
  contact: "contato",
  bolsa: "bolsa",
  scholarship: "bolsa",
  america_mg: "america_mg",
  "america-mg": "america_mg",
};

/** The lead origin a form URL asks for (`?tipo=` or `?origem=`); default 'inscricao'. */
export function originFromQuery(params: URLSearchParams): EnrolmentOrigin {
  const asked = (params.get("tipo") ?? params.get("origem") ?? "").trim().toLowerCase();
  return Object.hasOwn(QUERY_ORIGINS, asked) ? QUERY_ORIGINS[asked] : "inscricao";
}

/** Texts of the form per origin. */
export const ENROLMENT_TEXTS: Record<EnrolmentOrigin, { title: string; intro: string; submit: string }> = {
  inscricao: {
    title: "Garanta sua vaga",
    intro: "Preencha o formulário para garantir sua vaga com desconto exclusivo.",
    submit: "Quero garantir minha vaga",
  },
  contato: {
    title: "Fale com um consultor",
    intro: "Deixe seus dados e um consultor entra em contato para tirar todas as suas dúvidas.",
    submit: "Quero falar com um consultor",
  },
  bolsa: {
    title: "Solicite sua bolsa",
    // {selectedBolsa}: the selected courses' scholarship the studio stores (site.claims.selectedBolsa).
    intro: "Preencha seus dados e descubra a bolsa de até {selectedBolsa} disponível para você.",
    submit: "Solicitar minha bolsa",
  },
  america_mg: {
    title: "Garanta sua vaga",
    intro: "Condição especial para torcedores: preencha seus dados e garanta sua vaga com desconto.",
    submit: "Quero garantir minha vaga",
  },
};

export type EnrolmentChoices = { courses: readonly string[]; polos: readonly string[] };

function choice(options: readonly string[], undecided: string) {
  return z.string({ error: SELECT_MESSAGE }).refine((value) => value === undecided || options.includes(value), SELECT_MESSAGE);
}

/** The enrolment form's schema; course and study centre must be among the given choices. */
export function enrolmentSchema(choices: EnrolmentChoices) {
  return z.object({
    ...leadContactFields,
    cidade: z
      .string({ error: CITY_MESSAGE })
      .trim()
      .min(2, CITY_MESSAGE)
      .max(80, CITY_MESSAGE)
      .regex(PERSON_TEXT, CITY_CHARS_MESSAGE),
    curso: choice(choices.courses, UNDECIDED_COURSE),
    polo: choice(choices.polos, UNDECIDED_POLO),
    consentimento: z.literal("on", { error: CONSENT_MESSAGE }),
    // Hidden field; a tampered value falls back to the default form's origin.
    origem: z.enum(ENROLMENT_ORIGINS).catch("inscricao"),
  });
}

export type EnrolmentInput = z.output<ReturnType<typeof enrolmentSchema>>;
/** The form's fields as typed (for conform's useForm). */
export type EnrolmentFields = z.input<ReturnType<typeof enrolmentSchema>>;
