import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { courses } from "~/features/courses/courses.seed";
import { action as enrolmentAction } from "~/features/leads/forms/enrolment-page";
import { deletePerson, findLead } from "~/features/leads/privacy.server";
import { saveLead } from "~/features/leads/save.server";
import { purgeExpiredLeads } from "~/features/operations/retention.server";
import { action as vocationalLeadAction } from "~/features/vocational/form";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";
import { MAX_DELAY_MS, retryDelayMs } from "~/platform/jobs/backoff";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { enrolmentPost } from "../../../tests/support/lead-forms";
import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { signedInStaff } from "../../../tests/support/staff-login";
import {
  createWebhookEndpoint,
  createWebhookWorker,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_ATTEMPTS,
  MAX_IN_FLIGHT_PER_ENDPOINT,
  MAX_TIMEOUT_ATTEMPTS,
  startWebhookWorker,
  stopWebhookWorker,
  WEBHOOK_URL_MESSAGE,
} from "./outbox.server";
import { action as webhooksPageAction, loader as webhooksPageLoader } from "./page";
import { WEBHOOK_TIMEOUT_MESSAGE } from "./webhooks";

/**
 * Signed webhooks (decision 054) against a real HTTP receiver started here (node:http on a free
 * port): the event a new lead writes to the outbox, its signature, the retry rules (500, 408, 429
 * retried; 400 not), and a form post that never waits for the receiver. Time is the server clock
 * (clock.server.ts), pinned here to a fixed day: the outbox stamps and the worker's "due" both read
 * it, so the tests mean the same on any real date (decision 059).
 */

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver whose answers the test decides, one per request (200 once the list is empty). */
function receiver() {
  const received: Received[] = [];
  const answers: (number | "hold")[] = [];
  const held: ServerResponse[] = [];
  /** Requests whose connection is still open (answered or not). */
  const open = new Set<ServerResponse>();
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const answer = answers.shift() ?? 200;
      if (answer === "hold") held.push(response);
      else response.writeHead(answer).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  return {
    received,
    answers,
    held,
    open,
    server,
    url: "",
    /** Resolves once `count` requests have arrived. */
    until(count: number) {
      return new Promise<void>((resolve) => {
        const check = () => (received.length >= count ? resolve() : waiters.push(check));
        check();
      });
    },
  };
}

let hook: ReturnType<typeof receiver>;
let now = Date.parse("2026-11-24T12:00:00Z");
const clock = () => now;

beforeAll(async () => {
  setClockForTests(clock);
  hook = receiver();
  await new Promise<void>((resolve) => hook.server.listen(0, "127.0.0.1", resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/crm/webhook`;
});
afterAll(async () => {
  resetClock();
  hook.held.forEach((response) => response.end());
  hook.server.closeAllConnections();
  await new Promise((resolve) => hook.server.close(resolve));
});

let secret = "";
beforeEach(() => {
  resetAllRateLimits();
  db.delete(schema.webhookEndpoints).run();
  hook.received.length = 0;
  hook.answers.length = 0;
  hook.held.splice(0).forEach((response) => response.destroy());
  secret = createWebhookEndpoint(hook.url, "admin@example.com").secret;
});
afterEach(() => stopWebhookWorker());

const course = courses.find((c) => c.name === "Enfermagem")!.name;
const postEnrolment = (email: string) =>
  enrolmentAction(args(formRequest("/inscricao", enrolmentPost(email), { headers: { "X-Client-Ip": "203.0.113.77" } })));

/** Timers the test fires itself (the worker's request timeouts), so no test waits for the wall clock. */
function manualTimers() {
  const pending: { ms: number; fire: () => void }[] = [];
  return {
    pending,
    start: (fire: () => void, ms: number) => {
      const timer = { ms, fire };
      pending.push(timer);
      return () => {
        const index = pending.indexOf(timer);
        if (index >= 0) pending.splice(index, 1);
      };
    },
    fireAll: () => pending.splice(0).forEach((timer) => timer.fire()),
  };
}

function deliveries() {
  return db.select().from(schema.webhookDeliveries).orderBy(schema.webhookDeliveries.id).all();
}

function expectValidSignature(request: Received, key: string) {
  const timestamp = request.headers["x-webhook-timestamp"] as string;
  const expected = createHmac("sha256", key).update(`${timestamp}.${request.body}`).digest("hex");
  expect(request.headers["x-webhook-signature"]).toBe(`sha256=${expected}`);
}

describe("lead.created", () => {
  it("a new lead from /inscricao posts one signed JSON event to the endpoint; a repeated submission posts none", async () => {
    const answer = await postEnrolment("webhook.nova@example.com");
    expect(statusOf(answer)).toBe(303);
    expect(deliveries()).toHaveLength(1);

    const worker = createWebhookWorker();
    expect(await worker.runDue()).toBe(1);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-webhook-timestamp"]).toBe(String(Math.floor(now / 1000)));
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers.authorization).toBeUndefined();
    expectValidSignature(request, secret);
    const event = JSON.parse(request.body);
    expect(event).toMatchObject({ type: "lead.created", id: request.headers["x-webhook-id"] });
    expect(event.data.lead).toMatchObject({
      origem: "inscricao",
      nome: "Maria Aparecida da Silva",
      email: "webhook.nova@example.com",
      telefone: "(31)99999-8888",
      cidade: "Belo Horizonte",
      curso_interesse: course,
      consentimento_versao: expect.any(String),
    });
    expect(deliveries()[0]).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });

    // The same person again: the lead is updated, not created, and the CRM hears nothing new.
    await postEnrolment("webhook.nova@example.com");
    expect(deliveries()).toHaveLength(1);
    expect(await worker.runDue()).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it("a new lead from the vocational test's form posts one event with the form's answers", async () => {
    const fields = {
      fullName: "Lia Vocacional",
      phone: "31 98888-1212",
      email: "lia.vocacional@example.com",
      workStatus: "carteira_assinada",
      workArea: "saude",
      workSatisfaction: "gosto_muito",
      careerGoal: "nova_area",
      desiredArea: "saude_bem_estar",
    };
    const answer = await settle(() =>
      vocationalLeadAction(args(formRequest("/teste-vocacional", fields, { headers: { "X-Client-Ip": "203.0.113.78" } }))),
    );
    expect(statusOf(answer)).toBe(303);
    await createWebhookWorker().runDue();
    expect(hook.received).toHaveLength(1);
    expectValidSignature(hook.received[0], secret);
    expect(JSON.parse(hook.received[0].body).data.lead).toMatchObject({
      origem: "teste_vocacional",
      nome: "Lia Vocacional",
      email: "lia.vocacional@example.com",
      perfil_trabalho: "carteira_assinada",
      area_desejada: "saude_bem_estar",
      objetivo_carreira: "nova_area",
    });
  });

  it("writes no event when no endpoint is active, and one per active endpoint otherwise", async () => {
    db.update(schema.webhookEndpoints).set({ active: false }).run();
    saveLead({ origem: "contato", nome: "Sem Destino", telefone: "31 98888-7777", email: "sem.destino@example.com" });
    expect(deliveries()).toHaveLength(0);
    db.update(schema.webhookEndpoints).set({ active: true }).run();
    createWebhookEndpoint(hook.url + "?segundo=1", "admin@example.com");
    saveLead({ origem: "contato", nome: "Dois Destinos", telefone: "31 98888-6666", email: "dois.destinos@example.com" });
    const rows = deliveries();
    expect(rows).toHaveLength(2);
    expect(rows[0].eventId).toBe(rows[1].eventId);
  });
});

describe("retries", () => {
  it("a 500 is retried after the backoff, with the same event id and a fresh signature", async () => {
    hook.answers.push(500);
    saveLead({ origem: "contato", nome: "Ana Retry", telefone: "31 97777-1111", email: "ana.retry@example.com" });
    const worker = createWebhookWorker({ random: () => 1 });
    await worker.runDue();
    expect(deliveries()[0]).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(deliveries()[0].nextAttemptAt).toBe(now + retryDelayMs(1, () => 1));

    // Not yet due: nothing is sent.
    now += retryDelayMs(1, () => 1) - 1;
    expect(await worker.runDue()).toBe(0);
    now += 1;
    expect(await worker.runDue()).toBe(1);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1].headers["x-webhook-id"]).toBe(hook.received[0].headers["x-webhook-id"]);
    expect(hook.received[1].headers["x-webhook-timestamp"]).toBe(String(Math.floor(now / 1000)));
    expectValidSignature(hook.received[1], secret);
    expect(deliveries()[0]).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
  });

  it("a 400 is not retried: the delivery fails at once", async () => {
    hook.answers.push(400);
    saveLead({ origem: "contato", nome: "Bia Recusa", telefone: "31 97777-2222", email: "bia.recusa@example.com" });
    const worker = createWebhookWorker();
    await worker.runDue();
    expect(deliveries()[0]).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 400 });
    now += MAX_DELAY_MS * 10;
    expect(await worker.runDue()).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it.each([408, 429, 503])("a %i is retried", async (status) => {
    hook.answers.push(status);
    saveLead({ origem: "contato", nome: "Caio Espera", telefone: "31 97777-3333", email: `caio.${status}@example.com` });
    const worker = createWebhookWorker();
    await worker.runDue();
    expect(deliveries()[0]).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: status });
    now += MAX_DELAY_MS;
    await worker.runDue();
    expect(hook.received).toHaveLength(2);
    expect(deliveries()[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, never more than 5 minutes apart`, async () => {
    hook.answers.push(...Array<number>(MAX_ATTEMPTS).fill(500));
    saveLead({ origem: "contato", nome: "Davi Fora", telefone: "31 97777-4444", email: "davi.fora@example.com" });
    const worker = createWebhookWorker();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const before = now;
      expect(await worker.runDue()).toBe(1);
      const row = deliveries()[0];
      if (row.status === "pending") {
        expect(row.nextAttemptAt - before).toBeLessThanOrEqual(MAX_DELAY_MS);
        expect(row.nextAttemptAt - before).toBeGreaterThan(0);
      }
      now = Math.max(now, row.nextAttemptAt);
    }
    expect(deliveries()[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastStatusCode: 500 });
    now += MAX_DELAY_MS;
    expect(await worker.runDue()).toBe(0);
    expect(hook.received).toHaveLength(MAX_ATTEMPTS);
  });

  it("the backoff doubles from 10 s, keeps a jitter and stops growing at 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(retryDelayMs(3, () => 0)).toBe(20_000);
  });

  it("a receiver that does not answer within its endpoint's timeout (15 s by default) counts as a failed attempt, retried later", async () => {
    hook.answers.push("hold");
    saveLead({ origem: "contato", nome: "Eva Lenta", telefone: "31 97777-5555", email: "eva.lenta@example.com" });
    const timers = manualTimers();
    const worker = createWebhookWorker({ startTimer: timers.start });
    const run = worker.runDue();
    await hook.until(1);
    // The request is out with the default timeout; the test, not the wall clock, says it ran out.
    expect(timers.pending.map((timer) => timer.ms)).toEqual([DEFAULT_TIMEOUT_SECONDS * 1000]);
    expect(DEFAULT_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(15);
    timers.fireAll();
    expect(await run).toBe(1);
    expect(deliveries()[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "Tempo esgotado (15 s): entregue após o tempo limite?",
    });
  });

  it("the log tells a timeout from a refusal: 'Tempo esgotado (20 s): entregue após o tempo limite?' and 'Recusado: HTTP 500'", async () => {
    const [endpoint] = db.select().from(schema.webhookEndpoints).all();
    db.update(schema.webhookEndpoints).set({ timeoutSeconds: 20 }).where(eq(schema.webhookEndpoints.id, endpoint.id)).run();
    hook.answers.push("hold", 500);
    saveLead({ origem: "contato", nome: "Eva Lenta", telefone: "31 97777-5555", email: "eva.espera@example.com" });
    saveLead({ origem: "contato", nome: "Rui Recusado", telefone: "31 97777-5556", email: "rui.recusado@example.com" });
    const timers = manualTimers();
    const lines: string[] = [];
    const worker = createWebhookWorker({ startTimer: timers.start, log: (line) => lines.push(line) });
    const run = worker.runDue();
    await hook.until(2);
    await expect.poll(() => deliveries()[1].attempts).toBe(1);
    // The refused one's timer goes once its connection has closed; the held one's waits.
    await expect.poll(() => timers.pending.map((timer) => timer.ms)).toEqual([20_000]);
    timers.fireAll();
    await run;
    const [slow, refused] = deliveries();
    expect(slow).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "Tempo esgotado (20 s): entregue após o tempo limite?",
    });
    expect(refused).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "Recusado: HTTP 500" });
    expect(lines).toEqual(
      expect.arrayContaining([
        `webhooks: entrega ${slow.id} sem resposta a tempo (Tempo esgotado (20 s): entregue após o tempo limite?).`,
        `webhooks: entrega ${refused.id} falhou (Recusado: HTTP 500).`,
      ]),
    );
  });
});

describe("a receiver slower than its timeout", () => {
  it(`gets the event ${MAX_TIMEOUT_ATTEMPTS} times at most; the log and the page say 'entregue após o tempo limite?'`, async () => {
    saveLead({ origem: "contato", nome: "Lia Lenta", telefone: "31 97777-7777", email: "lia.lenta@example.com" });
    const timers = manualTimers();
    const lines: string[] = [];
    const worker = createWebhookWorker({ startTimer: timers.start, log: (line) => lines.push(line) });
    // The real receiver takes every request and answers none of them before the timeout runs out.
    for (let round = 0; round < MAX_ATTEMPTS + 2; round++) {
      hook.answers.push("hold");
      const run = worker.runDue();
      if (deliveries()[0].status === "pending") {
        // The request has reached the receiver; then its timeout runs out.
        await hook.until(hook.received.length + 1);
        await expect.poll(() => timers.pending.length).toBe(1);
        timers.fireAll();
      }
      await run;
      now = Math.max(now, deliveries()[0].nextAttemptAt) + MAX_DELAY_MS;
    }
    expect(MAX_TIMEOUT_ATTEMPTS).toBeLessThan(MAX_ATTEMPTS);
    expect(hook.received).toHaveLength(MAX_TIMEOUT_ATTEMPTS);
    // The same event each time (the receiver can tell it already has it).
    expect(new Set(hook.received.map((request) => request.headers["x-webhook-id"])).size).toBe(1);
    const [row] = deliveries();
    expect(row).toMatchObject({
      status: "failed",
      attempts: MAX_TIMEOUT_ATTEMPTS,
      lastStatusCode: null,
      lastError: "Tempo esgotado (15 s): entregue após o tempo limite?",
    });
    expect(lines.at(-1)).toBe(
      `webhooks: entrega ${row.id} sem resposta a tempo (Tempo esgotado (15 s): entregue após o tempo limite?); ` +
        `não será tentada de novo após ${MAX_TIMEOUT_ATTEMPTS} tentativas.`,
    );
    const admin = (await signedInStaff("admin", "webhooks.lento@example.com", "senha-forte-123")).cookie;
    const page = payload(await webhooksPageLoader(args(getRequest("/admin/webhooks", { cookie: admin }))));
    expect(page.deliveries[0]).toMatchObject({ id: row.id, status: "Sem confirmação: entregue após o tempo limite?" });
  });
});

describe("one endpoint that never answers delays no other", () => {
  it("the healthy receiver gets every event while the hanging one's requests are still open, and those are bounded", async () => {
    const hanging = receiver();
    await new Promise<void>((resolve) => hanging.server.listen(0, "127.0.0.1", resolve));
    const hangingUrl = `http://127.0.0.1:${(hanging.server.address() as AddressInfo).port}/crm/parado`;
    hanging.answers.push(...Array<"hold">(50).fill("hold"));
    db.delete(schema.webhookEndpoints).run();
    // The hanging endpoint first: its deliveries are the older ones of each event.
    createWebhookEndpoint(hangingUrl, "admin@example.com");
    createWebhookEndpoint(hook.url, "admin@example.com");
    const leads = MAX_IN_FLIGHT_PER_ENDPOINT + 2;
    try {
      startWebhookWorker({ pollMs: 60_000 });
      saveLead({ origem: "contato", nome: "Lia Primeira", telefone: "31 95555-0000", email: "lia.0@example.com" });
      await Promise.all([hanging.until(1), hook.until(1)]);
      // The hanging receiver holds the first event; every later lead still reaches the healthy one.
      for (let i = 1; i < leads; i++) {
        saveLead({ origem: "contato", nome: "Lia Seguinte", telefone: `31 95555-000${i}`, email: `lia.${i}@example.com` });
      }
      await hook.until(leads);
      // Served while the hanging requests are still open (none timed out or was answered)…
      expect(hanging.open.size).toBe(MAX_IN_FLIGHT_PER_ENDPOINT);
      expect(hanging.held.every((response) => hanging.open.has(response))).toBe(true);
      // …and the hanging endpoint holds only its own bounded share: the rest of its events wait, unsent.
      expect(hanging.received).toHaveLength(MAX_IN_FLIGHT_PER_ENDPOINT);
      await expect.poll(() => deliveries().filter((row) => row.status === "delivered").length).toBe(leads);
      const stuck = deliveries().filter((row) => row.status !== "delivered");
      expect(stuck).toHaveLength(leads);
      expect(stuck.every((row) => row.status === "pending" && row.attempts === 0)).toBe(true);
    } finally {
      await stopWebhookWorker(0);
      hanging.server.closeAllConnections();
      await new Promise((resolve) => hanging.server.close(resolve));
    }
  });
});

describe("a graceful stop (SIGTERM) finishes or releases the deliveries out", () => {
  it("stop() takes no new delivery and resolves once the one out has its answer: written as delivered, sent once", async () => {
    hook.answers.push("hold");
    saveLead({ origem: "contato", nome: "Nina Parada", telefone: "31 94444-1111", email: "nina.parada@example.com" });
    const worker = createWebhookWorker();
    const run = worker.runDue();
    await hook.until(1);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    // A new event after the stop: not taken.
    saveLead({ origem: "contato", nome: "Otto Depois", telefone: "31 94444-2222", email: "otto.depois@example.com" });
    worker.wake();
    expect(await worker.runDue()).toBe(0);
    await new Promise(setImmediate);
    expect(stopped).toBe(false);
    hook.held.shift()!.writeHead(200).end();
    await stopping;
    expect(await run).toBe(1);
    expect(deliveries()).toMatchObject([
      { status: "delivered", attempts: 1, lastStatusCode: 200 },
      { status: "pending", attempts: 0 },
    ]);
    expect(hook.received).toHaveLength(1);
  });

  it("stop({ graceMs: 0 }) releases the one out: pending, due, no attempt counted; the next worker sends it once", async () => {
    hook.answers.push("hold");
    saveLead({ origem: "contato", nome: "Paulo Solto", telefone: "31 94444-3333", email: "paulo.solto@example.com" });
    const lines: string[] = [];
    const worker = createWebhookWorker({ log: (line) => lines.push(line) });
    void worker.runDue();
    await hook.until(1);
    await worker.stop({ graceMs: 0 });
    const [released] = deliveries();
    expect(released).toMatchObject({ status: "pending", attempts: 0, lastStatusCode: null, lastError: null });
    expect(released.nextAttemptAt).toBeLessThanOrEqual(now);
    expect(lines).toEqual([`webhooks: entrega ${released.id} devolvida à fila (o servidor está parando).`]);
    expect(await worker.runDue()).toBe(0);

    expect(await createWebhookWorker().runDue()).toBe(1);
    expect(hook.received).toHaveLength(2);
    expect(deliveries()[0]).toMatchObject({ status: "delivered", attempts: 1 });
  });
});

describe("a slow receiver never delays a visitor", () => {
  it("the enrolment post is answered while the receiver still holds the event; it is delivered afterwards", async () => {
    hook.answers.push("hold");
    startWebhookWorker({ pollMs: 60_000 });
    const answer = await postEnrolment("webhook.lenta@example.com");
    expect(statusOf(answer)).toBe(303);
    expect(deliveries()[0].status).toBe("pending");
    // The worker sends it on its own (woken by the new event) and the receiver is still holding it.
    await hook.until(1);
    expect(deliveries()[0].status).toBe("pending");
    hook.held.shift()!.writeHead(200).end();
    await expect.poll(() => deliveries()[0].status).toBe("delivered");
  });
});

describe("/admin/webhooks", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signedInStaff("admin", "webhooks@exemplo.com", "senha-dos-webhooks-1")).cookie;
  });
  const post = (fields: Record<string, string>) =>
    settle(() => webhooksPageAction(args(formRequest("/admin/webhooks", fields, { cookie }))));

  it("refuses a visitor without a session (login page)", async () => {
    const answer = await settle(() => webhooksPageLoader(args(getRequest("/admin/webhooks"))));
    expect(statusOf(answer)).toBe(302);
    const posted = await settle(() =>
      webhooksPageAction(args(formRequest("/admin/webhooks", { intent: "adicionar", url: "https://a.example/" }))),
    );
    expect(statusOf(posted)).toBe(302);
  });

  it("adds an endpoint and shows its secret in that answer only; the page never shows a secret", async () => {
    const answer = await post({ intent: "adicionar", url: "  https://crm.example.com/hooks  " });
    expect(statusOf(answer)).toBe(200);
    const created = payload(answer).created;
    expect(created.url).toBe("https://crm.example.com/hooks");
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const stored = db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, created.id)).get();
    expect(stored?.secret).toBe(created.secret);
    const page = payload(await webhooksPageLoader(args(getRequest("/admin/webhooks", { cookie }))));
    expect(page.endpoints.map((e: { url: string }) => e.url)).toContain("https://crm.example.com/hooks");
    expect(JSON.stringify(page)).not.toContain(created.secret);
    expect(JSON.stringify(page)).not.toContain(secret);
  });

  it.each([
    "ftp://crm.example.com/",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "crm.example.com",
    "https://user:pw@crm.example.com/",
    "",
  ])("refuses %j with a message next to the field and stores nothing", async (url) => {
    const before = db.select().from(schema.webhookEndpoints).all().length;
    const answer = await post({ intent: "adicionar", url });
    expect(statusOf(answer)).toBe(400);
    expect(JSON.stringify(payload(answer).result.error.url)).toMatch(/Informe/);
    expect(db.select().from(schema.webhookEndpoints).all()).toHaveLength(before);
  });

  it("'Reenviar' puts a failed delivery back in the queue, and the worker sends it again", async () => {
    hook.answers.push(400);
    saveLead({ origem: "contato", nome: "Fabi Reenvio", telefone: "31 97777-6666", email: "fabi.reenvio@example.com" });
    const worker = createWebhookWorker();
    await worker.runDue();
    const [failed] = deliveries();
    expect(failed.status).toBe("failed");
    const page = payload(await webhooksPageLoader(args(getRequest("/admin/webhooks", { cookie }))));
    expect(page.deliveries[0]).toMatchObject({ id: failed.id, status: "Falhou", attempts: 1, lastStatusCode: 400 });

    const answer = await post({ intent: "reenviar", entrega: String(failed.id) });
    expect(statusOf(answer)).toBe(303);
    expect(deliveries()[0]).toMatchObject({ status: "pending", attempts: 0 });
    now += 1;
    await worker.runDue();
    expect(hook.received).toHaveLength(2);
    expect(deliveries()[0]).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("a deactivated endpoint gets no new event; removing it removes its log", async () => {
    const [endpoint] = db.select().from(schema.webhookEndpoints).all();
    expect(statusOf(await post({ intent: "desativar", endpoint: String(endpoint.id) }))).toBe(303);
    saveLead({ origem: "contato", nome: "Gui Inativo", telefone: "31 97777-7777", email: "gui.inativo@example.com" });
    expect(deliveries()).toHaveLength(0);
    expect(statusOf(await post({ intent: "ativar", endpoint: String(endpoint.id) }))).toBe(303);
    saveLead({ origem: "contato", nome: "Gui Ativo", telefone: "31 97777-8888", email: "gui.ativo@example.com" });
    expect(deliveries()).toHaveLength(1);
    expect(statusOf(await post({ intent: "remover", endpoint: String(endpoint.id) }))).toBe(303);
    expect(deliveries()).toHaveLength(0);
    expect(statusOf(await post({ intent: "remover", endpoint: String(endpoint.id) }))).toBe(404);
    expect(statusOf(await post({ intent: "reenviar", entrega: "abc" }))).toBe(404);
    expect(statusOf(await post({ intent: "outra" }))).toBe(400);
  });

  it("the timeout: 15 s unless set when adding, changed on the row; outside 5 to 60 s refused next to the field", async () => {
    const endpointRow = (id: number) =>
      db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, id)).get()!;
    const plain = payload(await post({ intent: "adicionar", url: "https://crm.example.com/padrao" })).created;
    expect(endpointRow(plain.id).timeoutSeconds).toBe(15);
    const set = payload(await post({ intent: "adicionar", url: "https://crm.example.com/lento", tempo: "45" })).created;
    expect(endpointRow(set.id).timeoutSeconds).toBe(45);
    for (const tempo of ["4", "61", "1.5", "abc"]) {
      const answer = await post({ intent: "adicionar", url: "https://crm.example.com/errado", tempo });
      expect(statusOf(answer)).toBe(400);
      expect(payload(answer).result.error.tempo).toEqual([WEBHOOK_TIMEOUT_MESSAGE]);
    }

    expect(statusOf(await post({ intent: "tempo", endpoint: String(plain.id), tempo: "30" }))).toBe(303);
    expect(endpointRow(plain.id).timeoutSeconds).toBe(30);
    for (const tempo of ["3", "", "trinta"]) {
      const answer = await post({ intent: "tempo", endpoint: String(plain.id), tempo });
      expect(statusOf(answer)).toBe(400);
      expect(payload(answer).timeoutError).toEqual({ endpoint: plain.id, message: WEBHOOK_TIMEOUT_MESSAGE });
    }
    expect(endpointRow(plain.id).timeoutSeconds).toBe(30);
    expect(statusOf(await post({ intent: "tempo", endpoint: "999999", tempo: "30" }))).toBe(404);
    const page = payload(await webhooksPageLoader(args(getRequest("/admin/webhooks", { cookie }))));
    expect(page.endpoints.find((e: { id: number }) => e.id === plain.id).timeoutSeconds).toBe(30);
    expect(WEBHOOK_TIMEOUT_MESSAGE).toBe("Informe um tempo de espera entre 5 e 60 segundos (número inteiro).");
  });

  it("the URL rule's message is pt-BR", () => {
    expect(WEBHOOK_URL_MESSAGE).toMatch(/http:\/\/ ou https:\/\//);
  });
});

describe("LGPD: the outbox's copies of a person", () => {
  it("deleting a person deletes the deliveries about them (a pending one is never sent), and no one else's", async () => {
    const gone = saveLead({
      origem: "contato",
      nome: "Hana Apagada",
      telefone: "31 96666-1111",
      email: "hana.apagada@example.com",
    });
    saveLead({ origem: "contato", nome: "Ivo Fica", telefone: "31 96666-2222", email: "ivo.fica@example.com" });
    expect(deliveries()).toHaveLength(2);
    deletePerson(findLead(gone)!);
    const erased = deliveries().filter((row) => JSON.parse(row.body).type === "person.erased");
    const left = deliveries().filter((row) => JSON.parse(row.body).type !== "person.erased");
    expect(left).toHaveLength(1);
    expect(left[0].body).toContain("ivo.fica@example.com");
    // The CRM is told, by lead id, with no personal data in the event.
    expect(erased).toHaveLength(1);
    expect(JSON.parse(erased[0].body).data.leads).toEqual([{ id: gone }]);
    expect(erased[0].body).not.toContain("hana.apagada");
    await createWebhookWorker().runDue();
    expect(hook.received.map((r) => r.body).join()).not.toContain("hana.apagada");
    // The erasure event reaches the receiver, signed like every other.
    const notice = hook.received.find((r) => JSON.parse(r.body).type === "person.erased");
    expect(notice?.headers["x-webhook-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("the retention purge deletes deliveries older than the period with the leads", () => {
    const longAgo = new Date(now - 400 * 24 * 60 * 60 * 1000);
    saveLead({ origem: "contato", nome: "Jonas Antigo", telefone: "31 96666-3333", email: "jonas.antigo@example.com" }, longAgo);
    saveLead({ origem: "contato", nome: "Karla Nova", telefone: "31 96666-4444", email: "karla.nova@example.com" });
    expect(deliveries()).toHaveLength(2);
    purgeExpiredLeads(new Date(now), 365);
    expect(deliveries().map((row) => row.body)).toEqual([expect.stringContaining("karla.nova@example.com")]);
  });
});
