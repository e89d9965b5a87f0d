import { z } from "zod";

/** The webhooks admin page's form rules and post intents, shared by the page and the server (app/server/webhooks*.server.ts). */

export const WEBHOOK_INTENTS = {
  add: "adicionar",
  deactivate: "desativar",
  activate: "ativar",
  remove: "remover",
  resend: "reenviar",
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

export const webhookEndpointFormSchema = z.object({ url: webhookUrlSchema });
