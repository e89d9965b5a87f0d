/**
 * The staff area's banner while outgoing webhooks and e-mails are held (decision 139): what it says
 * and the intent of its confirmation form (posted to /admin/e-mails).
 */

export const CONFIRM_OUTGOING_INTENT = "confirmar-envios";

export type OutgoingHoldView = { reason: "address" | "restore"; fromUrl: string | null; siteUrl: string };

/** Why the messages wait, in pt-BR. */
export function outgoingHoldCause(hold: OutgoingHoldView): string {
  if (hold.reason === "restore") return "Este banco de dados foi restaurado de um backup.";
  return `Este banco de dados era usado em ${hold.fromUrl ?? "outro endereço"} e agora o site está em ${hold.siteUrl}.`;
}

export const OUTGOING_HOLD_TEXT =
  "Webhooks e e-mails estão retidos: nada sai para o CRM nem para a equipe até um administrador confirmar. " +
  "Se este é um ambiente de testes ou uma cópia, não confirme.";

export const CONFIRM_OUTGOING_LABEL = "Confirmar: este é o site que envia";
