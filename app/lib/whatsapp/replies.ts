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
