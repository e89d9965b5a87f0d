/**
 * The follow-up funnel of a lead (pure, shared by the server and the pages): Novo → Em contato →
 * Inscrito → Matriculado, or Perdido with a reason from a short list. Keys are what the database,
 * the URL (?status=) and the forms carry; labels are what people read.
 */

export const LEAD_STATUSES = {
  novo: "Novo",
  em_contato: "Em contato",
  inscrito: "Inscrito",
  matriculado: "Matriculado",
  perdido: "Perdido",
} as const;

export type LeadStatus = keyof typeof LEAD_STATUSES;

export const LEAD_STATUS_KEYS = Object.keys(LEAD_STATUSES) as LeadStatus[];

/** Why a lead was lost: the only reasons accepted with "perdido". */
export const LOSS_REASONS = {
  sem_interesse: "Sem interesse",
  sem_condicoes: "Sem condições financeiras",
  outra_instituicao: "Escolheu outra instituição",
  contato_invalido: "Contato inválido",
  outro: "Outro",
} as const;

export type LossReason = keyof typeof LOSS_REASONS;

/** Statuses that end the wait for a first contact whatever the log says: the person enrolled. */
export const ENROLLED_STATUSES: readonly string[] = ["inscrito", "matriculado"];

/** Statuses that end the follow-up: a lead in one of them is never "atrasado". */
export const CLOSED_STATUSES: readonly LeadStatus[] = ["matriculado", "perdido"];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && Object.hasOwn(LEAD_STATUSES, value);
}

export function isLossReason(value: unknown): value is LossReason {
  return typeof value === "string" && Object.hasOwn(LOSS_REASONS, value);
}

export function statusLabel(status: string | null | undefined): string {
  return isLeadStatus(status) ? LEAD_STATUSES[status] : (status ?? "");
}

export function lossReasonLabel(reason: string | null | undefined): string {
  return isLossReason(reason) ? LOSS_REASONS[reason] : (reason ?? "");
}

/** "Perdido (Sem interesse)", "Em contato", ... */
export function statusWithReason(status: string, reason: string | null | undefined): string {
  return status === "perdido" && reason ? `${statusLabel(status)} (${lossReasonLabel(reason)})` : statusLabel(status);
}

/** The longest note kept, in characters (app/features/leads/follow-up.server.ts). */
export const NOTE_MAX = 2000;

export type StatusChoice = { status: LeadStatus; reason: LossReason | null };

export const STATUS_ERROR = "Escolha um status da lista.";
export const REASON_ERROR = "Escolha o motivo da perda.";

/**
 * Reads a status change from a form: `status` must be one of the list, and "perdido" needs a reason
 * from LOSS_REASONS (any other status carries none). Returns the choice or the pt-BR message per field.
 */
export function parseStatusChoice(
  status: unknown,
  reason: unknown,
): { ok: true; value: StatusChoice } | { ok: false; errors: { status?: string; motivo?: string } } {
  if (!isLeadStatus(status)) return { ok: false, errors: { status: STATUS_ERROR } };
  if (status !== "perdido") return { ok: true, value: { status, reason: null } };
  if (!isLossReason(reason)) return { ok: false, errors: { motivo: REASON_ERROR } };
  return { ok: true, value: { status, reason } };
}
