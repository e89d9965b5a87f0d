import { createHmac, randomBytes, randomUUID } from "node:crypto";

import { and, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";

import * as serverClock from "./clock.server";
import { db, schema } from "./db.server";

/**
 * Signed webhooks to the CRM (docs/webhooks.md, decision 054). An event is written to the outbox
 * table (one row per active endpoint) in the same transaction as the change it reports; a worker in
 * the server process posts it later, so a visitor's form post never waits for a receiver. Rows stay
 * in the database until delivered, so nothing is lost when the process dies.
 */

export const WEBHOOK_EVENT_TYPES = ["lead.created", "lead.status_changed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Attempts per delivery before it is marked failed. */
export const MAX_ATTEMPTS = 10;
/** The first retry waits about this long; each next one twice as long. */
export const BASE_DELAY_MS = 10_000;
/** No two attempts are further apart than this. */
export const MAX_DELAY_MS = 5 * 60_000;
/** A receiver that has not answered after this long counts as a failed attempt. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How often the worker looks for due deliveries (it is also woken at once by a new event). */
export const POLL_INTERVAL_MS = 1_000;
/** Deliveries sent at the same time, at most. */
const BATCH_SIZE = 20;

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** The header value of a body's signature: HMAC-SHA256 of "<timestamp>.<body>" with the endpoint's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** A new endpoint's secret: 32 random bytes, shown to the admin once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

/**
 * The wait before attempt `attempt + 1`, after `attempt` failed ones: 10 s, 20 s, 40 s, … up to
 * 5 minutes, with "equal jitter" (between half and all of it), so receivers that come back are not
 * hit by every sender at the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/**
 * Whether an answer is worth another attempt: server errors, 408 (timeout) and 429 (too many
 * requests) are; any other 4xx (the receiver refused this body) and redirects (not followed) are not.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export { WEBHOOK_URL_MESSAGE, webhookEndpointFormSchema } from "~/lib/webhooks";

// --- The outbox --------------------------------------------------------------------------------

/** The active endpoints' ids, as a statement prepared once (every new lead asks). */
let activeEndpoints: { all(): { id: number }[] } | undefined;
function activeEndpointsStatement() {
  activeEndpoints ??= db
    .select({ id: schema.webhookEndpoints.id })
    .from(schema.webhookEndpoints)
    .where(eq(schema.webhookEndpoints.active, true))
    .prepare();
  return activeEndpoints;
}

/**
 * Writes an event to the outbox, one delivery per active endpoint, and wakes the worker. Call it
 * inside the transaction of the change it reports (it is synchronous): the event then exists if and
 * only if the change does. Returns the event id, or null when no endpoint is active.
 */
export function enqueueWebhookEvent(
  type: WebhookEventType,
  payload: Record<string, unknown>,
  now: Date = serverClock.now(),
): string | null {
  const endpoints = activeEndpointsStatement().all();
  if (endpoints.length === 0) return null;
  const eventId = randomUUID();
  const body = JSON.stringify({ id: eventId, type, created_at: now.toISOString(), data: payload });
  db.insert(schema.webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId,
        eventType: type,
        body,
        status: "pending",
        // Due at once by the worker's own clock (one clock decides "due", decision 059); `now` is
        // the cause's time, which a caller may set in the past.
        nextAttemptAt: serverClock.nowMs(),
        createdAt: now.toISOString(),
      })),
    )
    .run();
  // After the caller's transaction has committed (a later tick), never inside it.
  setImmediate(() => runningWorker?.wake());
  return eventId;
}

/** The lead fields an event carries (the CRM's copy of the person and where they came from). */
export type LeadEventFields = {
  id: number;
  origem: string;
  nome: string;
  email: string;
  telefone: string;
  cidade?: string;
  curso_interesse?: string;
  polo?: string;
  perfil_trabalho?: string;
  area_atuacao?: string;
  satisfacao_area?: string;
  objetivo_carreira?: string;
  area_desejada?: string;
  criado_em: string;
  consentimento_em: string | null;
  consentimento_versao: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  referrer?: string | null;
};

/** The `data` of a "lead.created" event: `{ lead: {...} }`, every field present (empty text or null). */
export function leadEventData(lead: LeadEventFields): Record<string, unknown> {
  return {
    lead: {
      id: lead.id,
      origem: lead.origem,
      nome: lead.nome,
      email: lead.email,
      telefone: lead.telefone,
      cidade: lead.cidade ?? "",
      curso_interesse: lead.curso_interesse ?? "",
      polo: lead.polo ?? "",
      perfil_trabalho: lead.perfil_trabalho ?? "",
      area_atuacao: lead.area_atuacao ?? "",
      satisfacao_area: lead.satisfacao_area ?? "",
      objetivo_carreira: lead.objetivo_carreira ?? "",
      area_desejada: lead.area_desejada ?? "",
      criado_em: lead.criado_em,
      consentimento_em: lead.consentimento_em,
      consentimento_versao: lead.consentimento_versao,
      utm: {
        source: lead.utm_source ?? null,
        medium: lead.utm_medium ?? null,
        campaign: lead.utm_campaign ?? null,
        term: lead.utm_term ?? null,
        content: lead.utm_content ?? null,
      },
      referrer: lead.referrer ?? null,
    },
  };
}

// --- Endpoints (the admin page) --------------------------------------------------------------

export type WebhookEndpointRow = { id: number; url: string; active: boolean; createdAt: string; createdBy: string };

export function listWebhookEndpoints(): WebhookEndpointRow[] {
  return db
    .select({
      id: schema.webhookEndpoints.id,
      url: schema.webhookEndpoints.url,
      active: schema.webhookEndpoints.active,
      createdAt: schema.webhookEndpoints.createdAt,
      createdBy: schema.webhookEndpoints.createdBy,
    })
    .from(schema.webhookEndpoints)
    .orderBy(schema.webhookEndpoints.id)
    .all();
}

/** Adds an endpoint with a fresh secret; returns it with the secret (the only time it leaves the server). */
export function createWebhookEndpoint(url: string, by: string, now: Date = serverClock.now()) {
  const secret = newWebhookSecret();
  const row = db
    .insert(schema.webhookEndpoints)
    .values({ url, secret, active: true, createdAt: now.toISOString(), createdBy: by })
    .returning({ id: schema.webhookEndpoints.id })
    .get();
  return { id: row.id, url, secret };
}

/** Turns an endpoint on or off; an inactive one gets no new events and its pending deliveries wait. Returns whether it exists. */
export function setWebhookEndpointActive(id: number, active: boolean): boolean {
  return db.update(schema.webhookEndpoints).set({ active }).where(eq(schema.webhookEndpoints.id, id)).run().changes > 0;
}

/** Removes an endpoint and its delivery log. Returns whether it existed. */
export function removeWebhookEndpoint(id: number): boolean {
  return db.delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, id)).run().changes > 0;
}

export type WebhookDeliveryRow = {
  id: number;
  endpointUrl: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: number;
};

/** The delivery log, newest first. */
export function listWebhookDeliveries(limit = 50): WebhookDeliveryRow[] {
  return db
    .select({
      id: schema.webhookDeliveries.id,
      endpointUrl: schema.webhookEndpoints.url,
      eventId: schema.webhookDeliveries.eventId,
      eventType: schema.webhookDeliveries.eventType,
      status: schema.webhookDeliveries.status,
      attempts: schema.webhookDeliveries.attempts,
      lastStatusCode: schema.webhookDeliveries.lastStatusCode,
      lastError: schema.webhookDeliveries.lastError,
      createdAt: schema.webhookDeliveries.createdAt,
      deliveredAt: schema.webhookDeliveries.deliveredAt,
      nextAttemptAt: schema.webhookDeliveries.nextAttemptAt,
    })
    .from(schema.webhookDeliveries)
    .innerJoin(schema.webhookEndpoints, eq(schema.webhookEndpoints.id, schema.webhookDeliveries.endpointId))
    .orderBy(desc(schema.webhookDeliveries.id))
    .limit(limit)
    .all();
}

/**
 * "Reenviar": the delivery goes back to the queue, due now, with a fresh count of attempts (the
 * same event id and body, so a receiver that already has it can recognise it). Returns whether it exists.
 */
export function resendWebhookDelivery(id: number, now: Date = serverClock.now()): boolean {
  const changed =
    db
      .update(schema.webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now.getTime(), deliveredAt: null })
      .where(eq(schema.webhookDeliveries.id, id))
      .run().changes > 0;
  if (changed) setImmediate(() => runningWorker?.wake());
  return changed;
}

// --- LGPD ------------------------------------------------------------------------------------

/**
 * The outbox holds copies of people's data: deleting a person (LGPD request) deletes the deliveries
 * about their leads too, sent or not (a pending one is then never sent). Returns how many rows went.
 */
export function deleteWebhookDeliveriesOfLeads(leadIds: number[]): number {
  if (leadIds.length === 0) return 0;
  return db
    .delete(schema.webhookDeliveries)
    .where(inArray(sql`json_extract(${schema.webhookDeliveries.body}, '$.data.lead.id')`, leadIds))
    .run().changes;
}

/** The retention period applies to the outbox as to the leads: rows created before `cutoffIso` are deleted. */
export function purgeWebhookDeliveriesBefore(cutoffIso: string): number {
  return db.delete(schema.webhookDeliveries).where(lt(schema.webhookDeliveries.createdAt, cutoffIso)).run().changes;
}

// --- The worker -------------------------------------------------------------------------------

export type WebhookWorkerOptions = {
  /** The HTTP client (tests pass one that records; production uses the global fetch). */
  fetch?: typeof globalThis.fetch;
  random?: () => number;
  timeoutMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
};

export type WebhookWorker = {
  /** Sends every delivery due now (those of active endpoints); resolves with how many were attempted. */
  runDue(): Promise<number>;
  /** Starts polling (and sending whatever is already due, e.g. after a restart). */
  start(): void;
  stop(): void;
  /** Runs at once instead of at the next poll (a new event). */
  wake(): void;
};

type DueDelivery = { id: number; body: string; eventId: string; attempts: number; url: string; secret: string };

function dueDeliveries(nowMs: number): DueDelivery[] {
  return db
    .select({
      id: schema.webhookDeliveries.id,
      body: schema.webhookDeliveries.body,
      eventId: schema.webhookDeliveries.eventId,
      attempts: schema.webhookDeliveries.attempts,
      url: schema.webhookEndpoints.url,
      secret: schema.webhookEndpoints.secret,
    })
    .from(schema.webhookDeliveries)
    .innerJoin(schema.webhookEndpoints, eq(schema.webhookEndpoints.id, schema.webhookDeliveries.endpointId))
    .where(
      and(
        eq(schema.webhookDeliveries.status, "pending"),
        lte(schema.webhookDeliveries.nextAttemptAt, nowMs),
        eq(schema.webhookEndpoints.active, true),
      ),
    )
    .orderBy(schema.webhookDeliveries.nextAttemptAt, schema.webhookDeliveries.id)
    .limit(BATCH_SIZE)
    .all();
}

type AttemptOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string; retry: boolean };

/**
 * One POST of a delivery: the signed JSON body, no cookie or credential of any kind (server-side
 * fetch has no cookie jar, and `credentials: "omit"` says so), redirects not followed, cut off after
 * the timeout.
 */
async function attempt(delivery: DueDelivery, fetchImpl: typeof globalThis.fetch, nowMs: number, timeoutMs: number) {
  const timestamp = Math.floor(nowMs / 1000);
  try {
    const response = await fetchImpl(delivery.url, {
      method: "POST",
      body: delivery.body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "site-webhooks/1",
        "X-Webhook-Id": delivery.eventId,
        "X-Webhook-Timestamp": String(timestamp),
        "X-Webhook-Signature": signWebhook(delivery.secret, timestamp, delivery.body),
      },
      credentials: "omit",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is not needed: read and drop it so the connection is released.
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status } as const;
    return {
      ok: false,
      status: response.status,
      error: `HTTP ${response.status}`,
      retry: isRetryableStatus(response.status),
    } as const;
  } catch (error) {
    const name = (error as Error).name;
    const message = name === "TimeoutError" ? `sem resposta em ${timeoutMs / 1000} s` : (error as Error).message;
    return { ok: false, status: null, error: message.slice(0, 500), retry: true } as const;
  }
}

/** Writes an attempt's outcome: delivered, failed for good, or pending again after the backoff. */
function recordOutcome(delivery: DueDelivery, outcome: AttemptOutcome, nowMs: number, random: () => number) {
  const attempts = delivery.attempts + 1;
  const where = eq(schema.webhookDeliveries.id, delivery.id);
  if (outcome.ok) {
    db.update(schema.webhookDeliveries)
      .set({
        status: "delivered",
        attempts,
        lastStatusCode: outcome.status,
        lastError: null,
        deliveredAt: new Date(nowMs).toISOString(),
      })
      .where(where)
      .run();
    return;
  }
  const giveUp = !outcome.retry || attempts >= MAX_ATTEMPTS;
  db.update(schema.webhookDeliveries)
    .set({
      status: giveUp ? "failed" : "pending",
      attempts,
      lastStatusCode: outcome.status,
      lastError: outcome.error,
      nextAttemptAt: giveUp ? nowMs : nowMs + retryDelayMs(attempts, random),
    })
    .where(where)
    .run();
}

export function createWebhookWorker(options: WebhookWorkerOptions = {}): WebhookWorker {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  async function sendDue(): Promise<number> {
    // One clock for "due" and for the outbox's stamps (decision 059): tests move it, not the worker.
    const nowMs = serverClock.nowMs();
    const due = dueDeliveries(nowMs);
    await Promise.all(
      due.map(async (delivery) => {
        const outcome = await attempt(delivery, fetchImpl, nowMs, timeoutMs);
        // An endpoint removed while the request was out: its row is gone, nothing to record.
        recordOutcome(delivery, outcome, serverClock.nowMs(), random);
        if (!outcome.ok) log(`webhooks: entrega ${delivery.id} falhou (${outcome.error}).`);
      }),
    );
    return due.length;
  }

  /** One pass at a time; a wake during a pass runs one more pass after it. */
  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = sendDue()
      .catch((error: Error) => {
        log(`webhooks: o envio falhou: ${error.message}`);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void runDue();
        }
      });
    return running;
  }

  return {
    runDue,
    start() {
      if (timer) return;
      timer = setInterval(() => void runDue(), pollMs);
      timer.unref();
      void runDue();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    wake() {
      void runDue();
    },
  };
}

let runningWorker: WebhookWorker | null = null;

/** Starts this process's worker (server start-up): pending deliveries left by a previous process are sent now. */
export function startWebhookWorker(options: WebhookWorkerOptions = {}): WebhookWorker {
  runningWorker?.stop();
  runningWorker = createWebhookWorker(options);
  runningWorker.start();
  return runningWorker;
}

export function stopWebhookWorker() {
  runningWorker?.stop();
  runningWorker = null;
}
