import { createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

import { and, desc, eq, inArray, lt, lte, notInArray, sql } from "drizzle-orm";

import { DEFAULT_TIMEOUT_SECONDS } from "~/features/webhooks/webhooks";
import * as serverClock from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";
import { retryDelayMs } from "~/platform/jobs/backoff";
import { SHUTDOWN_GRACE_MS } from "~/platform/jobs/worker.server";
import { isOutgoingHeld } from "~/platform/site-identity.server";

import { type HostLookup, type ResolvedAddress, resolveWebhookHost, systemLookup } from "./address.server";

/**
 * Signed webhooks to the CRM (docs/webhooks.md, decision 054). An event is written to the outbox
 * table (one row per active endpoint) in the same transaction as the change it reports; a worker in
 * the server process posts it later, so a visitor's form post never waits for a receiver. Rows stay
 * in the database until delivered, so nothing is lost when the process dies.
 */

export const WEBHOOK_EVENT_TYPES = ["lead.created", "lead.status_changed", "lead.assigned", "person.erased"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Attempts per delivery before it is marked failed. */
export const MAX_ATTEMPTS = 10;
/**
 * Attempts after which a delivery whose last attempt ran out of time is not tried again: a receiver
 * slower than its timeout has most likely received the event each time, so sending it ten times
 * would only repeat it.
 */
export const MAX_TIMEOUT_ATTEMPTS = 3;
/** What a timeout's log line and the admins' page add: the receiver may well have the event. */
export const TIMEOUT_QUESTION = "entregue após o tempo limite?";
/** How often the worker looks for due deliveries (it is also woken at once by a new event). */
export const POLL_INTERVAL_MS = 1_000;
/**
 * Deliveries out at the same time to one endpoint, at most: a receiver that never answers holds
 * these and no more, and never delays another endpoint (decision 074).
 */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 4;
/** Deliveries out at the same time in all, at most. */
export const MAX_IN_FLIGHT = 32;
/** A receiver that has not answered after its endpoint's timeout (this, unless the admin changed it) counts as a failed attempt. */
export { DEFAULT_TIMEOUT_SECONDS };

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
 * Whether an answer is worth another attempt: server errors, 408 (timeout) and 429 (too many
 * requests) are; any other 4xx (the receiver refused this body) and redirects (not followed) are not.
 */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export { WEBHOOK_URL_MESSAGE, webhookEndpointFormSchema } from "~/features/webhooks/webhooks";

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

/** An event's body as every delivery of it carries it (the exact bytes the signature covers). */
export function webhookBody(eventId: string, type: WebhookEventType, payload: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ id: eventId, type, created_at: at.toISOString(), data: payload });
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
  const body = webhookBody(eventId, type, payload, now);
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

export type WebhookEndpointRow = {
  id: number;
  url: string;
  active: boolean;
  createdAt: string;
  createdBy: string;
  timeoutSeconds: number;
};

export function listWebhookEndpoints(): WebhookEndpointRow[] {
  return db
    .select({
      id: schema.webhookEndpoints.id,
      url: schema.webhookEndpoints.url,
      active: schema.webhookEndpoints.active,
      createdAt: schema.webhookEndpoints.createdAt,
      createdBy: schema.webhookEndpoints.createdBy,
      timeoutSeconds: schema.webhookEndpoints.timeoutSeconds,
    })
    .from(schema.webhookEndpoints)
    .orderBy(schema.webhookEndpoints.id)
    .all();
}

/** Adds an endpoint with a fresh secret; returns it with the secret (the only time it leaves the server). */
export function createWebhookEndpoint(
  url: string,
  by: string,
  now: Date = serverClock.now(),
  timeoutSeconds: number = DEFAULT_TIMEOUT_SECONDS,
) {
  const secret = newWebhookSecret();
  const row = db
    .insert(schema.webhookEndpoints)
    .values({ url, secret, active: true, createdAt: now.toISOString(), createdBy: by, timeoutSeconds })
    .returning({ id: schema.webhookEndpoints.id })
    .get();
  return { id: row.id, url, secret };
}

/** Sets how long deliveries to an endpoint wait for its answer. Returns whether it exists. */
export function setWebhookEndpointTimeout(id: number, timeoutSeconds: number): boolean {
  return db.update(schema.webhookEndpoints).set({ timeoutSeconds }).where(eq(schema.webhookEndpoints.id, id)).run().changes > 0;
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

/** Starts a timer that calls `fire` after `ms`; returns its cancel. Tests pass one they fire themselves. */
export type StartTimer = (fire: () => void, ms: number) => () => void;

const realTimer: StartTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

export type WebhookWorkerOptions = {
  random?: () => number;
  pollMs?: number;
  log?: (line: string) => void;
  /** How a host name becomes addresses (tests inject one; production asks the system resolver). */
  lookup?: HostLookup;
  /** The timer of each request's timeout (the endpoint's own, 15 s unless the admin changed it). */
  startTimer?: StartTimer;
};

export type WebhookWorker = {
  /**
   * Sends every delivery due now (those of active endpoints, within the limits of deliveries out
   * at once) and resolves, once those have an outcome, with how many were attempted.
   */
  runDue(): Promise<number>;
  /** Starts polling (and sending whatever is already due, e.g. after a restart). */
  start(): void;
  /**
   * Stops taking deliveries and resolves once none is out: each one out finishes (its outcome is
   * written) or, after `graceMs`, is released (back to the queue, due, the attempt not counted).
   * A stopped worker does not start again.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Runs at once instead of at the next poll (a new event). */
  wake(): void;
};

type DueDelivery = {
  id: number;
  endpointId: number;
  body: string;
  eventId: string;
  attempts: number;
  url: string;
  secret: string;
  timeoutSeconds: number;
};

const dueWhere = (nowMs: number) =>
  and(
    eq(schema.webhookDeliveries.status, "pending"),
    lte(schema.webhookDeliveries.nextAttemptAt, nowMs),
    eq(schema.webhookEndpoints.active, true),
  );

/** The endpoints that have a delivery due now, the longest-waiting first. */
function endpointsWithDue(nowMs: number): number[] {
  return db
    .select({
      endpointId: schema.webhookDeliveries.endpointId,
      first: sql<number>`min(${schema.webhookDeliveries.nextAttemptAt})`,
    })
    .from(schema.webhookDeliveries)
    .innerJoin(schema.webhookEndpoints, eq(schema.webhookEndpoints.id, schema.webhookDeliveries.endpointId))
    .where(dueWhere(nowMs))
    .groupBy(schema.webhookDeliveries.endpointId)
    .orderBy(sql`2`)
    .all()
    .map((row) => row.endpointId);
}

/** Up to `limit` deliveries of one endpoint due now, oldest first, leaving out those in `skip`. */
function dueDeliveriesOf(endpointId: number, nowMs: number, skip: number[], limit: number): DueDelivery[] {
  return db
    .select({
      id: schema.webhookDeliveries.id,
      endpointId: schema.webhookDeliveries.endpointId,
      body: schema.webhookDeliveries.body,
      eventId: schema.webhookDeliveries.eventId,
      attempts: schema.webhookDeliveries.attempts,
      url: schema.webhookEndpoints.url,
      secret: schema.webhookEndpoints.secret,
      timeoutSeconds: schema.webhookEndpoints.timeoutSeconds,
    })
    .from(schema.webhookDeliveries)
    .innerJoin(schema.webhookEndpoints, eq(schema.webhookEndpoints.id, schema.webhookDeliveries.endpointId))
    .where(
      and(
        dueWhere(nowMs),
        eq(schema.webhookDeliveries.endpointId, endpointId),
        skip.length ? notInArray(schema.webhookDeliveries.id, skip) : undefined,
      ),
    )
    .orderBy(schema.webhookDeliveries.nextAttemptAt, schema.webhookDeliveries.id)
    .limit(limit)
    .all();
}

type AttemptOutcome =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; retry: boolean; timedOut?: boolean };
/** A delivery given back on a graceful stop: nothing is written, it stays pending and due. */
const RELEASED = "released" as const;

/** Seconds as the log says them: "15 s", "0,5 s". */
function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 3 })} s`;
}

/** The log's words for a failed connection (pt-BR, with the system's code for whoever debugs it). */
function connectionError(error: NodeJS.ErrnoException): string {
  const code = error.code ?? "";
  if (code === "ECONNREFUSED") return "Conexão recusada (ECONNREFUSED)";
  if (code === "ECONNRESET") return "Conexão encerrada pelo receptor (ECONNRESET)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Nome não encontrado (${code})`;
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) return `Falha no certificado TLS (${code})`;
  return `Falha de conexão: ${error.message}`.slice(0, 500);
}

/** A `lookup` for http.request that answers only the address already checked (no second DNS query). */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

type AttemptDeps = { lookup: HostLookup; startTimer: StartTimer };

/**
 * One POST of a delivery: the signed JSON body, no cookie or credential of any kind, to the address
 * checked after DNS resolution (an internal one is refused: decision 073), redirects not followed
 * (http.request never follows one), cut off after the endpoint's timeout ("Tempo esgotado (15 s)").
 * `release` aborting gives the delivery back untouched (a graceful stop).
 */
async function attempt(
  delivery: DueDelivery,
  nowMs: number,
  deps: AttemptDeps,
  release: AbortSignal,
): Promise<AttemptOutcome | typeof RELEASED> {
  const url = new URL(delivery.url);
  let target: Awaited<ReturnType<typeof resolveWebhookHost>>;
  try {
    target = await resolveWebhookHost(url.hostname, deps.lookup);
  } catch (error) {
    return { ok: false, status: null, error: connectionError(error as NodeJS.ErrnoException), retry: true };
  }
  if (release.aborted) return RELEASED;
  if (!target.ok) return { ok: false, status: null, error: `Bloqueado: ${target.reason}`, retry: false };
  const address = target.address;

  const timestamp = Math.floor(nowMs / 1000);
  const timeoutMs = delivery.timeoutSeconds * 1000;
  return new Promise((resolve) => {
    let done = false;
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        // One connection per delivery: a pooled socket would outlive the address check.
        agent: false,
        lookup: pinnedLookup(address),
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(delivery.body),
          "User-Agent": "site-webhooks/1",
          "X-Webhook-Id": delivery.eventId,
          "X-Webhook-Timestamp": String(timestamp),
          "X-Webhook-Signature": signWebhook(delivery.secret, timestamp, delivery.body),
        },
      },
      (response) => {
        // The answer's body is not needed: read and drop it.
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) finish({ ok: true, status });
        else {
          const note = status >= 300 && status < 400 ? " (redirecionamentos não são seguidos)" : "";
          finish({ ok: false, status, error: `Recusado: HTTP ${status}${note}`, retry: isRetryableStatus(status) });
        }
      },
    );
    // The timer also bounds a connection whose answer's body never ends (the outcome is already
    // known from its status line): it is cut at the timeout, and the timer is dropped once it closes.
    const cancelTimer = deps.startTimer(() => {
      finish({
        ok: false,
        status: null,
        error: `Tempo esgotado (${seconds(timeoutMs)}): ${TIMEOUT_QUESTION}`,
        retry: true,
        timedOut: true,
      });
      request.destroy();
    }, timeoutMs);
    request.on("close", cancelTimer);
    const onRelease = () => {
      finish(RELEASED);
      request.destroy();
    };
    release.addEventListener("abort", onRelease, { once: true });
    request.on("error", (error) => finish({ ok: false, status: null, error: connectionError(error), retry: true }));
    request.end(delivery.body);

    function finish(outcome: AttemptOutcome | typeof RELEASED) {
      if (done) return;
      done = true;
      release.removeEventListener("abort", onRelease);
      resolve(outcome);
    }
  });
}

/**
 * Writes an attempt's outcome: delivered, failed for good, or pending again after the backoff.
 * Returns whether the delivery was given up.
 */
function recordOutcome(delivery: DueDelivery, outcome: AttemptOutcome, nowMs: number, random: () => number): boolean {
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
    return false;
  }
  const giveUp = !outcome.retry || attempts >= (outcome.timedOut ? MAX_TIMEOUT_ATTEMPTS : MAX_ATTEMPTS);
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
  return giveUp;
}

/**
 * The delivery worker (decision 074): each delivery is sent on its own, up to
 * MAX_IN_FLIGHT_PER_ENDPOINT per endpoint and MAX_IN_FLIGHT in all, and a free slot is filled as
 * soon as one finishes, so an endpoint that never answers holds its own slots and nobody else's.
 */
export function createWebhookWorker(options: WebhookWorkerOptions = {}): WebhookWorker {
  const random = options.random ?? Math.random;
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  const deps: AttemptDeps = { lookup: options.lookup ?? systemLookup, startTimer: options.startTimer ?? realTimer };
  const inFlight = new Map<number, { endpointId: number; release: AbortController; done: Promise<void> }>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let polling = false;
  let stopping: Promise<void> | null = null;

  function send(delivery: DueDelivery): Promise<void> {
    const release = new AbortController();
    const done = attempt(delivery, serverClock.nowMs(), deps, release.signal)
      .catch((error: Error): AttemptOutcome => ({ ok: false, status: null, error: error.message.slice(0, 500), retry: true }))
      .then((outcome) => {
        if (outcome === RELEASED) {
          log(`webhooks: entrega ${delivery.id} devolvida à fila (o servidor está parando).`);
          return;
        }
        // An endpoint removed while the request was out: its row is gone, nothing is written.
        const giveUp = recordOutcome(delivery, outcome, serverClock.nowMs(), random);
        if (outcome.ok) return;
        if (!outcome.timedOut) log(`webhooks: entrega ${delivery.id} falhou (${outcome.error}).`);
        else if (!giveUp) log(`webhooks: entrega ${delivery.id} sem resposta a tempo (${outcome.error}).`);
        else {
          log(
            `webhooks: entrega ${delivery.id} sem resposta a tempo (${outcome.error}); ` +
              `não será tentada de novo após ${delivery.attempts + 1} tentativas.`,
          );
        }
      })
      .catch((error: Error) => log(`webhooks: o registro da entrega ${delivery.id} falhou: ${error.message}`))
      .finally(() => {
        inFlight.delete(delivery.id);
        // A slot is free: the next due delivery goes out now, not at the next poll.
        if (polling) fill();
      });
    inFlight.set(delivery.id, { endpointId: delivery.endpointId, release, done });
    return done;
  }

  /** Sends due deliveries into the free slots (leaving out `skip`); returns the sends started. */
  function fill(skip: Set<number> = new Set()): Promise<void>[] {
    if (stopping) return [];
    const started: Promise<void>[] = [];
    try {
      // A copy of the database waits for an admin's confirmation before it calls a CRM (decision 139).
      if (isOutgoingHeld()) return started;
      const nowMs = serverClock.nowMs();
      for (const endpointId of endpointsWithDue(nowMs)) {
        let out = 0;
        for (const sending of inFlight.values()) if (sending.endpointId === endpointId) out++;
        const free = Math.min(MAX_IN_FLIGHT_PER_ENDPOINT - out, MAX_IN_FLIGHT - inFlight.size);
        if (free <= 0) continue;
        for (const delivery of dueDeliveriesOf(endpointId, nowMs, [...inFlight.keys(), ...skip], free)) {
          skip.add(delivery.id);
          started.push(send(delivery));
        }
      }
    } catch (error) {
      log(`webhooks: o envio falhou: ${(error as Error).message}`);
    }
    return started;
  }

  async function runDue(): Promise<number> {
    const attempted = new Set<number>();
    for (;;) {
      const started = fill(attempted);
      if (started.length === 0) return attempted.size;
      await Promise.all(started);
    }
  }

  return {
    runDue,
    start() {
      if (timer || stopping) return;
      polling = true;
      timer = setInterval(() => void fill(), pollMs);
      timer.unref();
      fill();
    },
    stop({ graceMs = Number.POSITIVE_INFINITY } = {}) {
      clearInterval(timer);
      timer = undefined;
      polling = false;
      stopping ??= (async () => {
        const out = [...inFlight.values()];
        if (out.length === 0) return;
        const cancel = Number.isFinite(graceMs)
          ? realTimer(() => out.forEach((sending) => sending.release.abort()), graceMs)
          : () => {};
        await Promise.all(out.map((sending) => sending.done));
        cancel();
      })();
      return stopping;
    },
    wake() {
      void fill();
    },
  };
}

let runningWorker: WebhookWorker | null = null;

/** Starts this process's worker (server start-up): pending deliveries left by a previous process are sent now. */
export function startWebhookWorker(options: WebhookWorkerOptions = {}): WebhookWorker {
  void runningWorker?.stop({ graceMs: SHUTDOWN_GRACE_MS });
  runningWorker = createWebhookWorker(options);
  runningWorker.start();
  return runningWorker;
}

/** Wakes this process's worker (an admin's confirmation released the held deliveries). */
export function wakeWebhookWorker(): void {
  runningWorker?.wake();
}

/**
 * Stops this process's worker (SIGTERM, before the database closes): no new delivery goes out; those
 * out get `graceMs` to finish, then are released to the queue without counting an attempt.
 */
export function stopWebhookWorker(graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  const worker = runningWorker;
  runningWorker = null;
  // A second call (the signal, then the shutdown's last step) waits for the same stop.
  if (worker) lastStop = worker.stop({ graceMs });
  return lastStop;
}
let lastStop: Promise<void> = Promise.resolve();
