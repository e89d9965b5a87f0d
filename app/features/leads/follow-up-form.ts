import { z } from "zod";

import { CONTACT_CHANNELS, CONTACT_OUTCOMES, type ContactChannel, type ContactOutcome } from "./contact";
import { isLossReason, LEAD_STATUS_KEYS, type LeadStatus, NOTE_MAX, REASON_ERROR, STATUS_ERROR } from "./status";

/**
 * The lead page's follow-up forms (/contato/lead/:id: status, note, owner, next contact) as ONE zod
 * schema, a discriminated union on the hidden `intent` field: the server parses every post with it, and
 * the browser can validate the same forms with it (conform's parseWithZod). Pure: shared by both.
 */

/** The hidden `intent` of each form (what the page posts). */
export const LEAD_INTENTS = {
  status: "status",
  note: "nota",
  owner: "responsavel",
  nextContact: "proximo-contato",
  outcome: "resultado-contato",
  // A comercial user asks for a colleague's lead; an admin approves or refuses (decision 146).
  ask: "pedir-lead",
  approve: "pedido-aprovar",
  refuse: "pedido-recusar",
} as const;

export type LeadIntent = (typeof LEAD_INTENTS)[keyof typeof LEAD_INTENTS];

export function isLeadIntent(value: unknown): value is LeadIntent {
  return typeof value === "string" && Object.values<string>(LEAD_INTENTS).includes(value);
}

export const NOTE_REQUIRED = "Escreva a nota.";
export const NOTE_TOO_LONG = `A nota pode ter até ${NOTE_MAX} caracteres.`;
export const NOTE_INVALID = "A nota tem caracteres inválidos.";
export const DATE_INVALID = "Data inválida. Escolha um dia no calendário.";
export const OWNER_ERROR = "Escolha um responsável da lista (um usuário comercial) ou “Sem responsável”.";
export const OUTCOME_REQUIRED = "Escolha como foi o contato.";
export const CHANNEL_REQUIRED = "Escolha o canal: ligação ou WhatsApp.";
/** The longest reason a request for a colleague's lead may carry. */
export const ASK_REASON_MAX = 300;
export const ASK_REASON_TOO_LONG = `O motivo pode ter até ${ASK_REASON_MAX} caracteres.`;
export const ASK_REASON_INVALID = "O motivo tem caracteres inválidos.";
export const REQUEST_UNKNOWN = "Este pedido não existe mais ou já foi decidido. Recarregue a página.";
export const UNKNOWN_INTENT = "Ação desconhecida. Recarregue a página e tente novamente.";

/** Line breaks and tabs are kept; other control characters (NUL, escape, ...) are refused, never stored. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A next-contact date: YYYY-MM-DD, a real day between 2000 and 2100. */
export function isContactDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text && year >= 2000 && year <= 2100;
}

/** An owner's id as a form carries it (a positive whole number); the server checks the user exists. */
export const OWNER_ID = /^[1-9]\d{0,9}$/;

/** An optional field: absent or blank is "none" (conform already turns an empty field into undefined). */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || null);

const statusForm = z.object({
  intent: z.literal(LEAD_INTENTS.status),
  status: z.enum(LEAD_STATUS_KEYS as [LeadStatus, ...LeadStatus[]], { error: STATUS_ERROR }),
  motivo: z.string().optional(),
});

const noteForm = z.object({
  intent: z.literal(LEAD_INTENTS.note),
  texto: z
    .string({ error: NOTE_REQUIRED })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    // conform's parseWithZod turns an empty string into undefined at every string step, this one too.
    .pipe(
      z
        .string({ error: NOTE_REQUIRED })
        .min(1, NOTE_REQUIRED)
        .max(NOTE_MAX, NOTE_TOO_LONG)
        .refine((text) => !CONTROL_CHARACTERS.test(text), NOTE_INVALID),
    ),
});

const ownerForm = z.object({
  intent: z.literal(LEAD_INTENTS.owner),
  responsavel: optionalText.refine((id) => id === null || OWNER_ID.test(id), OWNER_ERROR),
});

const nextContactForm = z.object({
  intent: z.literal(LEAD_INTENTS.nextContact),
  proximo_contato: optionalText.refine((date) => date === null || isContactDate(date), DATE_INVALID),
});

const outcomeForm = z.object({
  intent: z.literal(LEAD_INTENTS.outcome),
  // The attempt the outcome is for; none: a contact made outside the panel's buttons.
  tentativa: optionalText.refine((id) => id === null || OWNER_ID.test(id), UNKNOWN_INTENT),
  canal: z.enum(Object.keys(CONTACT_CHANNELS) as [ContactChannel, ...ContactChannel[]], { error: CHANNEL_REQUIRED }),
  resultado: z.enum(Object.keys(CONTACT_OUTCOMES) as [ContactOutcome, ...ContactOutcome[]], { error: OUTCOME_REQUIRED }),
});

const askForm = z.object({
  intent: z.literal(LEAD_INTENTS.ask),
  motivo_pedido: optionalText
    .refine((text) => text === null || text.length <= ASK_REASON_MAX, ASK_REASON_TOO_LONG)
    .refine((text) => text === null || !CONTROL_CHARACTERS.test(text), ASK_REASON_INVALID),
});

const requestId = optionalText.refine((id) => id !== null && OWNER_ID.test(id), REQUEST_UNKNOWN);
const approveForm = z.object({ intent: z.literal(LEAD_INTENTS.approve), pedido: requestId });
const refuseForm = z.object({ intent: z.literal(LEAD_INTENTS.refuse), pedido: requestId });

/** Every follow-up post of the lead page; "perdido" needs a reason from the list, any other status carries none. */
export const leadFollowUpSchema = z
  .discriminatedUnion(
    "intent",
    [statusForm, noteForm, ownerForm, nextContactForm, outcomeForm, askForm, approveForm, refuseForm],
    { error: UNKNOWN_INTENT },
  )
  .superRefine((form, ctx) => {
    if (form.intent === LEAD_INTENTS.status && form.status === "perdido" && !isLossReason(form.motivo)) {
      ctx.addIssue({ code: "custom", path: ["motivo"], message: REASON_ERROR });
    }
  });

export type LeadFollowUp = z.output<typeof leadFollowUpSchema>;

/** The message per field of a refused post (`form`: not tied to a field), as the page shows them. */
export type LeadFollowUpErrors = Partial<
  Record<
    | "status"
    | "motivo"
    | "texto"
    | "proximo_contato"
    | "responsavel"
    | "canal"
    | "resultado"
    | "motivo_pedido"
    | "pedido"
    | "form",
    string
  >
>;
