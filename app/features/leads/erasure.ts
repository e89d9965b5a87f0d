import { z } from "zod";

/**
 * The erasure page's form (/contato/lead/:id/excluir), shared by the page and its action: the lead
 * rows the admin ticks among those that share the lead's e-mail or phone (the post also carries the
 * intent of the confirmation button, which the action checks first).
 */

export const ERASE_INTENT = "excluir";
export const ERASE_CONFIRM_MESSAGE = "Confirme a exclusão com o botão “Excluir definitivamente”.";
export const NOTHING_CHOSEN_MESSAGE = "Marque pelo menos um registro para excluir.";

export const eraseFormSchema = z.object({
  leads: z.preprocess(
    (value) =>
      value === undefined || value === ""
        ? []
        : (Array.isArray(value) ? value : [value]).filter((id) => typeof id === "string" && id !== ""),
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,11}$/, NOTHING_CHOSEN_MESSAGE)
          .transform(Number),
      )
      .min(1, NOTHING_CHOSEN_MESSAGE)
      .max(1000, NOTHING_CHOSEN_MESSAGE),
  ),
});
