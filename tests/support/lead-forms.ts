// The public lead forms as the vitest suites post them, and the messages they expect back: one valid
// enrolment and one table of the spec's field messages per form, so a field changed in the spec is
// changed here once.
import { courses } from "../../app/features/courses/courses.seed";
import {
  CITY_MESSAGE,
  CONSENT_MESSAGE,
  EMAIL_MESSAGE,
  NAME_MESSAGE,
  PHONE_MESSAGE,
  SELECT_MESSAGE,
} from "../../app/features/leads/forms/enrolment";
import { polos } from "../../app/features/polos/polos.seed";
import { HONEYPOT_FIELD } from "../../app/shared/honeypot";

/** A valid /inscricao post (a seeded course and polo, consent given, the honeypot empty); `extra` overrides fields. */
export function enrolmentPost(email: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    nome: "Maria Aparecida da Silva",
    telefone: "31 99999-8888",
    email,
    cidade: "Belo Horizonte",
    curso: courses.find((c) => c.name === "Enfermagem")!.name,
    polo: polos[0].location,
    consentimento: "on",
    origem: "inscricao",
    [HONEYPOT_FIELD]: "",
    ...extra,
  };
}

/** A valid post of the vocational test's lead form, without its e-mail (each test adds its own). */
export const VOCATIONAL_LEAD = {
  fullName: "Maria da Silva",
  phone: "31 99999-8888",
  workStatus: "carteira_assinada",
  workArea: "saude",
  workSatisfaction: "gosto_muito",
  careerGoal: "nova_area",
  desiredArea: "saude_bem_estar",
};

/** The enrolment form's message for every field (the spec's texts) when none of them is usable. */
export const ENROLMENT_ERRORS = {
  nome: [NAME_MESSAGE],
  telefone: [PHONE_MESSAGE],
  email: [EMAIL_MESSAGE],
  cidade: [CITY_MESSAGE],
  curso: [SELECT_MESSAGE],
  polo: [SELECT_MESSAGE],
  consentimento: [CONSENT_MESSAGE],
};

/** The vocational test's lead form: the spec's message for every field when none of them is usable. */
export const VOCATIONAL_LEAD_ERRORS = {
  fullName: ["Nome completo é obrigatório"],
  phone: ["Telefone inválido - Formato: (99)99999-9999"],
  email: ["E-mail inválido"],
  workStatus: ["Por favor, selecione uma opção"],
  workArea: ["Por favor, selecione uma opção"],
  workSatisfaction: ["Por favor, selecione uma opção"],
  careerGoal: ["Por favor, selecione uma opção"],
  desiredArea: ["Por favor, selecione uma opção"],
};
