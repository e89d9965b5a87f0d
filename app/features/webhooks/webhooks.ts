import { z } from "zod";

/** The webhooks admin page's form rules and post intents, shared by the page and the server (app/server/webhooks*.server.ts). */

export const WEBHOOK_INTENTS = {
  add: "adicionar",
  deactivate: "desativar",
  activate: "ativar",
  remove: "remover",
  resend: "reenviar",
  timeout: "tempo",
};

/** The endpoint URL rule: an absolute http(s) address, without user and password in it. */
export const WEBHOOK_URL_REQUIRED_MESSAGE = "Informe o endereço (URL) que recebe os eventos.";
export const WEBHOOK_URL_MESSAGE = "Informe um endereço que comece com http:// ou https://.";

export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_REQUIRED_MESSAGE })
  .trim()
  .min(1, WEBHOOK_URL_REQUIRED_MESSAGE)
  .max(2000, "O endereço pode ter até 2000 caracteres.")
  .refine(isWebhookUrl, WEBHOOK_URL_MESSAGE);

/**
 * How long a delivery waits for the receiver's answer, in whole seconds (decision 074): 15 by
 * default, 5 to 60 (a receiver that needs more should answer at once and work afterwards).
 */
export const DEFAULT_TIMEOUT_SECONDS = 15;
export const MIN_TIMEOUT_SECONDS = 5;
export const MAX_TIMEOUT_SECONDS = 60;
export const WEBHOOK_TIMEOUT_MESSAGE = `Informe um tempo de espera entre ${MIN_TIMEOUT_SECONDS} e ${MAX_TIMEOUT_SECONDS} segundos (número inteiro).`;

export const webhookTimeoutSchema = z.coerce
  .number({ error: WEBHOOK_TIMEOUT_MESSAGE })
  .int(WEBHOOK_TIMEOUT_MESSAGE)
  .min(MIN_TIMEOUT_SECONDS, WEBHOOK_TIMEOUT_MESSAGE)
  .max(MAX_TIMEOUT_SECONDS, WEBHOOK_TIMEOUT_MESSAGE);

/** The "new endpoint" form: the URL and, optionally, its timeout (15 s when left empty). */
export const webhookEndpointFormSchema = z.object({
  url: webhookUrlSchema,
  tempo: webhookTimeoutSchema.optional().default(DEFAULT_TIMEOUT_SECONDS),
});

/** The form of one endpoint's row that changes its timeout. */
export const webhookTimeoutFormSchema = z.object({ tempo: webhookTimeoutSchema });
