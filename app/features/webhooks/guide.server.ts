import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS } from "~/features/webhooks/webhooks";
import { BASE_DELAY_MS, MAX_DELAY_MS } from "~/platform/jobs/backoff";

import {
  leadEventData,
  MAX_ATTEMPTS,
  MAX_IN_FLIGHT_PER_ENDPOINT,
  MAX_TIMEOUT_ATTEMPTS,
  signWebhook,
  WEBHOOK_EVENT_TYPES,
  webhookBody,
  type WebhookEventType,
} from "./outbox.server";

/**
 * The admin's guide to receiving the webhooks (/admin/webhooks/guia), in pt-BR: what is sent, how
 * to check the signature, what an answer means. Its example body and signature are made by the same
 * functions the deliveries use, and its numbers are the outbox's constants, so the guide cannot
 * drift from what the site sends.
 */

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "lead.created":
    "Uma pessoa enviou um formulário pela primeira vez (teste vocacional, inscrição, contato, bolsa, clube). O mesmo e-mail enviando o mesmo formulário de novo atualiza o lead e não gera novo evento.",
  "lead.status_changed":
    'O status de um lead mudou no painel (um evento por lead, também em "Alterar status dos filtrados"). Traz o lead e, em data.status, o status anterior, o atual, o motivo da perda, quem alterou e quando.',
  "lead.assigned":
    "A distribuição automática deu um responsável a um lead novo, ou escalou um lead que esperava. Traz o número do lead, o responsável (id e e-mail), a regra e o prazo do primeiro contato.",
  "person.erased":
    "Um administrador excluiu os dados de uma pessoa (LGPD): apague a sua cópia. Traz só os números dos leads excluídos e o momento, sem dado pessoal.",
};

/** The example's fixed values: an example, never a real person or secret. */
const EXAMPLE = {
  eventId: "4b0d1c9e-2f1a-4c1e-9a57-0f3f8f5a2b61",
  at: new Date("2026-11-24T12:00:00.000Z"),
  secret: "whsec_exemplo_nao_use_em_producao",
  lead: {
    id: 1234,
    origem: "inscricao",
    nome: "Maria Exemplo",
    email: "maria@example.com",
    telefone: "(11)99999-0000",
    cidade: "Cidade Exemplo",
    curso_interesse: "Curso de exemplo",
    polo: "Polo de exemplo",
    criado_em: "2026-11-24T12:00:00.000Z",
    consentimento_em: "2026-11-24T12:00:00.000Z",
    consentimento_versao: "inscricao-2025-01",
    utm_source: "instagram",
    utm_medium: "social",
    utm_campaign: "vestibular",
  },
};

/** A receiver's check in Node.js, shown as text (kept on the server: the page only prints it). */
const VERIFY_CODE = `import { createHmac, timingSafeEqual } from "node:crypto";

// O segredo "whsec_…" mostrado uma vez ao cadastrar o endereço.
const SEGREDO = process.env.WEBHOOK_SECRET;

export function assinaturaValida(timestamp, corpoBruto, assinatura) {
  // Recuse um timestamp a mais de 5 minutos de agora (proteção contra repetição).
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const esperada = "sha256=" + createHmac("sha256", SEGREDO).update(\`\${timestamp}.\`).update(corpoBruto).digest("hex");
  const a = Buffer.from(assinatura ?? "");
  const b = Buffer.from(esperada);
  return a.length === b.length && timingSafeEqual(a, b);
}`;

export function webhookGuide() {
  const body = webhookBody(EXAMPLE.eventId, "lead.created", leadEventData(EXAMPLE.lead), EXAMPLE.at);
  const timestamp = Math.floor(EXAMPLE.at.getTime() / 1000);
  return {
    events: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })),
    example: {
      body: JSON.stringify(JSON.parse(body), null, 2),
      /** The compact body the signature below is over (what the site sends, byte for byte). */
      rawBody: body,
      eventId: EXAMPLE.eventId,
      secret: EXAMPLE.secret,
      timestamp,
      signature: signWebhook(EXAMPLE.secret, timestamp, body),
    },
    retries: {
      maxAttempts: MAX_ATTEMPTS,
      firstDelaySeconds: BASE_DELAY_MS / 1000,
      maxDelayMinutes: MAX_DELAY_MS / 60_000,
      timeoutAttempts: MAX_TIMEOUT_ATTEMPTS,
      perAddress: MAX_IN_FLIGHT_PER_ENDPOINT,
    },
    timeout: { default: DEFAULT_TIMEOUT_SECONDS, min: MIN_TIMEOUT_SECONDS, max: MAX_TIMEOUT_SECONDS },
    verifyCode: VERIFY_CODE,
  };
}
