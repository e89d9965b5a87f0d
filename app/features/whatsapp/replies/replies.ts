import { z } from "zod";

/**
 * The replies inbox and the opt-out screen of the WhatsApp tool (decision 071): their addresses,
 * the intents their forms post and the undo form's schema (shared by the page and its action).
 */

export const REPLIES_PATH = "/whatsapp/respostas";
export const OPT_OUTS_PATH = "/whatsapp/descadastros";

export const REPLY_INTENTS = {
  read: "marcar-lida",
  readAll: "marcar-todas-lidas",
  lost: "marcar-perdido",
  /** "Descadastrar": the person of this reply goes on the central opt-out list (decision 118). */
  optOut: "descadastrar",
  /** "Não é pedido de saída": a held person may be messaged again. */
  release: "nao-e-saida",
} as const;

/** The query that opens the confirmation of "Marcar lead como Perdido" for one reply (works without JavaScript). */
export const CONFIRM_LOST_PARAM = "confirmar-perdido";

export const UNDO_INTENT = "desfazer";
/** The opt-out screen's search box. */
export const OPT_OUT_SEARCH_PARAM = "busca";

/** Longest reason for an undo. */
export const UNDO_REASON_MAX = 500;
export const UNDO_REASON_REQUIRED = "Informe o motivo para desfazer o descadastro.";

/** "Desfazer": which opt-out, and why (required, logged). */
export const undoOptOutSchema = z.object({
  id: z.coerce.number({ error: "Descadastro inválido" }).int("Descadastro inválido").positive("Descadastro inválido"),
  motivo: z
    .string({ error: UNDO_REASON_REQUIRED })
    .trim()
    .min(1, UNDO_REASON_REQUIRED)
    .max(UNDO_REASON_MAX, `O motivo pode ter até ${UNDO_REASON_MAX} caracteres.`),
});

/** Longest reason for a "Descadastrar" on the lead page. */
export const OPT_OUT_REASON_MAX = 500;
export const OPT_OUT_REASON_REQUIRED = "Informe o motivo do descadastro (por exemplo: pediu por telefone).";

/** The lead page's "Descadastrar do WhatsApp": why (required, logged with who and when). */
export const leadOptOutSchema = z.object({
  motivo: z
    .string({ error: OPT_OUT_REASON_REQUIRED })
    .trim()
    .min(1, OPT_OUT_REASON_REQUIRED)
    .max(OPT_OUT_REASON_MAX, `O motivo pode ter até ${OPT_OUT_REASON_MAX} caracteres.`),
});

/** The lead page's intent for "Descadastrar do WhatsApp". */
export const LEAD_OPT_OUT_INTENT = "descadastrar-whatsapp";
