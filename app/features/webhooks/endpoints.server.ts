import { parseWithZod } from "@conform-to/zod/v4";

import { staffPagePost } from "~/features/staff/auth.server";
import {
  WEBHOOK_INTENTS,
  WEBHOOK_TIMEOUT_MESSAGE,
  webhookEndpointFormSchema,
  webhookTimeoutSchema,
} from "~/features/webhooks/webhooks";
import { privateData } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";

import { checkWebhookUrl } from "./address.server";
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  resendWebhookDelivery,
  setWebhookEndpointActive,
  setWebhookEndpointTimeout,
  TIMEOUT_QUESTION,
} from "./outbox.server";

/** The admin page of the webhooks (app/features/webhooks/page.tsx): its path, data and form posts. */
export const WEBHOOKS_PATH = "/admin/webhooks";

const STATUS_LABELS: Record<string, string> = { pending: "Pendente", delivered: "Entregue", failed: "Falhou" };

/** A delivery given up after timeouts was probably received: it did not fail, it was never confirmed. */
function statusLabel(status: string, lastStatusCode: number | null, lastError: string | null): string {
  if (status === "failed" && lastStatusCode === null && lastError?.endsWith(TIMEOUT_QUESTION)) {
    return `Sem confirmação: ${TIMEOUT_QUESTION}`;
  }
  return STATUS_LABELS[status] ?? status;
}

export const ENDPOINT_GONE_MESSAGE = "Este endereço não existe mais. Recarregue a página.";
export const DELIVERY_GONE_MESSAGE = "Esta entrega não existe mais. Recarregue a página.";
export const UNKNOWN_INTENT_MESSAGE = "Ação desconhecida. Recarregue a página e tente novamente.";

export function webhooksPageData() {
  return {
    endpoints: listWebhookEndpoints().map((endpoint) => ({ ...endpoint, createdAt: formatDateTimeBr(endpoint.createdAt) })),
    deliveries: listWebhookDeliveries().map((delivery) => ({
      id: delivery.id,
      endpointUrl: delivery.endpointUrl,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      status: statusLabel(delivery.status, delivery.lastStatusCode, delivery.lastError),
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      createdAt: formatDateTimeBr(delivery.createdAt),
      nextAttempt: delivery.status === "pending" ? formatDateTimeBr(new Date(delivery.nextAttemptAt)) : null,
    })),
  };
}

/** A row id posted by a form: a positive whole number, or null. */
function idField(formData: FormData, name: string): number | null {
  const value = formData.get(name);
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}

function refused(message: string, status: number) {
  return privateData({ error: message } as const, { status });
}

/** A timeout that could not be saved: the message goes next to that endpoint's field. */
function timeoutRefused(endpoint: number) {
  return privateData({ timeoutError: { endpoint, message: WEBHOOK_TIMEOUT_MESSAGE } } as const, { status: 400 });
}

/**
 * The page's posts, by `intent`: add an endpoint (answered with its secret, shown this once; an
 * internal address is refused, decision 073), change one's timeout, deactivate, activate or remove
 * one, or send a delivery again. Admin only.
 */
export async function webhooksAction(request: Request) {
  const { staff: admin, formData, intent, back } = await staffPagePost(request, "webhooks", WEBHOOKS_PATH);

  if (intent === WEBHOOK_INTENTS.add) {
    const submission = parseWithZod(formData, { schema: webhookEndpointFormSchema });
    if (submission.status !== "success") {
      return privateData({ result: submission.reply() }, { status: 400 });
    }
    const address = checkWebhookUrl(submission.value.url);
    if (!address.ok) {
      console.warn(`admin ${admin.email}: webhook endpoint refused: ${address.reason}`);
      return privateData({ result: submission.reply({ fieldErrors: { url: [address.reason] } }) }, { status: 400 });
    }
    const created = createWebhookEndpoint(submission.value.url, admin.email, undefined, submission.value.tempo);
    console.info(`admin ${admin.email}: added webhook endpoint ${created.id}`);
    // Not a redirect: the secret is in this answer only, and a reload of the page no longer shows it.
    return privateData({ created, result: submission.reply({ resetForm: true }) });
  }
  if (intent === WEBHOOK_INTENTS.timeout) {
    const id = idField(formData, "endpoint");
    if (id === null) return refused(ENDPOINT_GONE_MESSAGE, 404);
    const timeout = webhookTimeoutSchema.safeParse(formData.get("tempo") ?? "");
    if (!timeout.success) return timeoutRefused(id);
    if (!setWebhookEndpointTimeout(id, timeout.data)) return refused(ENDPOINT_GONE_MESSAGE, 404);
    return back("Tempo de espera salvo", `As próximas entregas a este endereço esperam até ${timeout.data} s pela resposta.`);
  }
  if (intent === WEBHOOK_INTENTS.resend) {
    const id = idField(formData, "entrega");
    if (id === null || !resendWebhookDelivery(id)) return refused(DELIVERY_GONE_MESSAGE, 404);
    return back("Reenvio agendado", "A entrega voltou para a fila e sai em instantes.");
  }
  if (intent === WEBHOOK_INTENTS.deactivate || intent === WEBHOOK_INTENTS.activate || intent === WEBHOOK_INTENTS.remove) {
    const id = idField(formData, "endpoint");
    if (id === null) return refused(ENDPOINT_GONE_MESSAGE, 404);
    if (intent === WEBHOOK_INTENTS.remove) {
      if (!removeWebhookEndpoint(id)) return refused(ENDPOINT_GONE_MESSAGE, 404);
      console.info(`admin ${admin.email}: removed webhook endpoint ${id}`);
      return back("Endereço removido", "Ele não recebe mais eventos e as entregas dele saíram do registro.");
    }
    const active = intent === WEBHOOK_INTENTS.activate;
    if (!setWebhookEndpointActive(id, active)) return refused(ENDPOINT_GONE_MESSAGE, 404);
    return back(active ? "Endereço reativado" : "Endereço desativado", active ? undefined : "Ele não recebe novos eventos.");
  }
  return refused(UNKNOWN_INTENT_MESSAGE, 400);
}
