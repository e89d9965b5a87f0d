import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

import { saoPauloInstant } from "~/shared/dates";

import { parseHolidays } from "./business-hours";

/**
 * The Distribuição page's (/admin/distribuicao, decision 086) post intents and form rules: one zod
 * schema per intent, used by the server (conform's parseWithZod) and by the browser (useForm's
 * onValidate), so both say the same pt-BR message next to the same field. Checks that need the
 * database (a team name taken, a user who is not comercial, a row gone) run after them on the server.
 */

export const DISTRIBUTION_PATH = "/admin/distribuicao";

export const DISTRIBUTION_INTENTS = {
  switch: "ligar",
  clock: "prazo",
  availability: "disponibilidade",
  addTeam: "equipe-nova",
  removeTeam: "equipe-remover",
  shareLeads: "equipe-leads",
  addMember: "membro-adicionar",
  removeMember: "membro-remover",
  addRule: "regra-nova",
  removeRule: "regra-remover",
  summary: "resumo",
  summaryResume: "resumo-voltar",
} as const;

const I = DISTRIBUTION_INTENTS;

/** What a rule compares, with the label the page shows. */
export const RULE_FIELDS = { polo: "Polo", area: "Área do curso", origem: "Formulário" } as const;
export type RuleField = keyof typeof RULE_FIELDS;
const RULE_FIELD_KEYS = Object.keys(RULE_FIELDS) as [RuleField, ...RuleField[]];

export const DISTRIBUTION_MESSAGES = {
  target: "Informe o prazo em minutos: um número inteiro de 1 a 1440.",
  teamName: "Informe o nome da equipe (até 60 caracteres).",
  teamTaken: "Já existe uma equipe com esse nome.",
  ruleName: "Informe o nome da regra (até 80 caracteres).",
  ruleField: "Escolha o que a regra compara.",
  ruleValue: "Escolha ou informe o valor que a regra compara.",
  ruleTeam: "Escolha a equipe que recebe os leads desta regra.",
  member: "Escolha um usuário comercial.",
  awayUntil: "Informe uma data e hora futuras, ou deixe em branco.",
  summaryHour: "Escolha uma hora de 0 a 23, ou “Não enviar”.",
  gone: "Este item não existe mais. Recarregue a página.",
  unknown: "Ação desconhecida. Recarregue a página e tente novamente.",
} as const;

const M = DISTRIBUTION_MESSAGES;

/** A row's id as a form carries it (a positive whole number); the server checks the row exists. */
const rowId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number);

/** A required one-line text, trimmed, of at most `max` characters (conform turns an empty field into undefined). */
const name = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** "2026-11-25T18:30" typed in São Paulo time (a datetime-local field) as an instant, or null. */
export function saoPauloLocal(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = saoPauloInstant(value.slice(0, 10), value.slice(11));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The switch: `ativa` "1" turns distribution on, anything else off. */
export const switchSchema = z.object({
  intent: z.literal(I.switch),
  ativa: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});

/** The first-contact target (business minutes, 1 to 1440) and the holidays (DD/MM/AAAA, one a line). */
export const clockSchema = z.object({
  intent: z.literal(I.clock),
  prazo: z
    .string({ error: M.target })
    .trim()
    .regex(/^\d{1,4}$/, M.target)
    .transform(Number)
    .refine((minutes) => minutes >= 1 && minutes <= 1440, M.target),
  feriados: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parseHolidays(text ?? "");
      if (parsed.ok) return parsed.dates;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
});

/**
 * A comercial user's availability: `estado` "ausente" marks them away, with an optional end that
 * must be later than `nowMs` (the server's clock on the server, the browser's in the browser).
 */
export function availabilitySchema(nowMs: number) {
  return z.object({
    intent: z.literal(I.availability),
    usuario: rowId(M.member),
    estado: z
      .string()
      .optional()
      .transform((value) => value === "ausente"),
    ausente_ate: z
      .string()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        const until = saoPauloLocal(text);
        if (until && until.getTime() > nowMs) return until;
        ctx.addIssue({ code: "custom", message: M.awayUntil });
        return z.NEVER;
      }),
  });
}

export const addTeamSchema = z.object({ intent: z.literal(I.addTeam), nome: name(60, M.teamName) });

export const removeTeamSchema = z.object({ intent: z.literal(I.removeTeam), equipe: rowId(M.gone) });

/** Opens ("1") or closes ("0") a team's leads to all its members (decision 138). */
export const shareLeadsSchema = z.object({
  intent: z.literal(I.shareLeads),
  equipe: rowId(M.gone),
  compartilhar: z.enum(["0", "1"], { error: M.gone }).transform((value) => value === "1"),
});

export const addMemberSchema = z.object({
  intent: z.literal(I.addMember),
  equipe: rowId(M.gone),
  usuario: rowId(M.member),
});

export const removeMemberSchema = z.object({
  intent: z.literal(I.removeMember),
  equipe: rowId(M.gone),
  usuario: rowId(M.gone),
});

export const addRuleSchema = z.object({
  intent: z.literal(I.addRule),
  nome: name(80, M.ruleName),
  campo: z.enum(RULE_FIELD_KEYS, { error: M.ruleField }),
  valor: name(120, M.ruleValue),
  equipe: rowId(M.ruleTeam),
});

export const removeRuleSchema = z.object({ intent: z.literal(I.removeRule), regra: rowId(M.gone) });

/** The daily summary's hour (São Paulo, 0 to 23) as `hora`, or "nao" (no summary): null. */
export const summarySchema = z.object({
  intent: z.literal(I.summary),
  hora: z
    .string({ error: M.summaryHour })
    .trim()
    .regex(/^(nao|\d{1,2})$/, M.summaryHour)
    .transform((value) => (value === "nao" ? null : Number(value)))
    .refine((hour) => hour === null || hour <= 23, M.summaryHour),
});

/** The conform id of each form with fields: a refusal names it, so only that form shows its messages. */
export const DISTRIBUTION_FORMS = {
  clock: "prazo",
  summary: "resumo",
  addTeam: "equipe",
  addRule: "regra",
  availability: (user: number | string) => `disponibilidade-${user}`,
  addMember: (team: number | string) => `membro-${team}`,
} as const;

/** A refusal: the form refused (its conform id) and conform's reply, or a message for the whole page. */
export type DistributionAnswer = { form: string; result: SubmissionResult<string[]> } | { page: string };
