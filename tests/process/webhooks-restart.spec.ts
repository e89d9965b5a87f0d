import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { startServer } from "../support/server-process";
import { enrolment, postForm } from "../support/sessions";

/**
 * The webhook outbox across restarts (decision 054), against a real HTTP receiver started by the
 * test:
 * - a new lead's event is out to a receiver that has not answered when the server is killed; the
 *   server restarted on the same database file sends it again at start-up (same event id, fresh
 *   valid signature), and the receiver's 200 marks it delivered;
 * - an event the receiver answered with a 500 waits for its retry time across a restart: the
 *   restarted server does not send it early, and sends it once it is due;
 * - on SIGTERM, a delivery already out finishes before the process exits: its answer is
 *   written, so the restarted server does not send it again.
 */

const SECRET = "whsec_teste_de_reinicio";
/** The receivers listen on 127.0.0.1, an internal address the site refuses unless allowed (decision 073). */
const ENV = { WEBHOOK_ALLOW_HOSTS: "127.0.0.1" };

type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A receiver that records every request and answers each with `answer(n)` (n = 1 for the first
 * request): a status code, or "hold" to keep the request open without an answer.
 */
async function startReceiver(answer: (n: number) => number | "hold") {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const reply = answer(received.length);
      if (reply === "hold") held.push(response);
      else response.writeHead(reply).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm`,
    /** Resolves once `count` requests have arrived. */
    arrived: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (received.length >= count ? resolve() : waiters.push(check));
        check();
      }),
    /** Answers the requests held so far with `status`. */
    answerHeld(status: number) {
      held.splice(0).forEach((response) => response.writeHead(status).end());
    },
    async close() {
      held.forEach((response) => response.destroy());
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The signature the site must send for a request, recomputed from the secret. */
function expectedSignature(request: Received) {
  const signed = createHmac("sha256", SECRET).update(`${request.headers["x-webhook-timestamp"]}.${request.body}`).digest("hex");
  return `sha256=${signed}`;
}

/** The same event sent again: its id and body as before, under a fresh valid signature. */
function expectSentAgain(before: Received, again: Received) {
  expect(again.headers["x-webhook-id"]).toBe(before.headers["x-webhook-id"]);
  expect(again.body).toBe(before.body);
  expect(again.headers["x-webhook-signature"]).toBe(expectedSignature(again));
}

async function postEnrolment(baseUrl: string, email: string) {
  expect((await postForm(baseUrl, "/inscricao", enrolment(email))).status).toBe(303);
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A receiver answering with `answer(n)`, and a first server on a new database that has it as its
 * webhook endpoint; `restart()` starts a second server on the same database file. Everything is
 * stopped, closed and removed after `run`, whatever it does.
 */
async function withReceiverAndServer(
  answer: (n: number) => number | "hold",
  run: (setup: {
    receiver: Awaited<ReturnType<typeof startReceiver>>;
    first: Server;
    sqlite: Database.Database;
    restart: () => Promise<Server>;
  }) => Promise<void>,
  firstOptions: Parameters<typeof startServer>[1] = { quiet: true },
) {
  const receiver = await startReceiver(answer);
  const first = await startServer(ENV, firstOptions);
  const sqlite = new Database(first.databasePath);
  let second: Server | undefined;
  try {
    sqlite
      .prepare("INSERT INTO webhook_endpoints (url, secret, active, created_at, created_by) VALUES (?, ?, 1, ?, ?)")
      .run(receiver.url, SECRET, new Date().toISOString(), "teste@example.com");
    await run({
      receiver,
      first,
      sqlite,
      restart: async () => (second = await startServer(ENV, { databasePath: first.databasePath, quiet: true })),
    });
  } finally {
    if (second) {
      await second.stop();
      second.cleanup();
    }
    await first.stop();
    sqlite.close();
    first.cleanup();
    await receiver.close();
  }
}

test("a pending webhook delivery is sent again after the server is killed and restarted", async () => {
  // The first request is held open (the server dies before any answer); later ones get 200.
  await withReceiverAndServer(
    (n) => (n === 1 ? "hold" : 200),
    async ({ receiver: { received, arrived }, first, sqlite, restart }) => {
      const email = `reinicio.${Date.now()}@example.com`;
      await postEnrolment(first.url, email);

      // The event is out and the receiver holds it: the server dies before any answer.
      await arrived(1);
      expect(await first.stop("SIGKILL")).toBeNull();
      const row = sqlite.prepare("SELECT status, attempts FROM webhook_deliveries").all();
      expect(row).toEqual([{ status: "pending", attempts: 0 }]);

      await restart();
      await arrived(2);
      const [before, after] = received;
      expectSentAgain(before, after);
      expect(after.headers.cookie).toBeUndefined();
      expect(JSON.parse(after.body)).toMatchObject({ type: "lead.created", data: { lead: { email } } });
      await expect
        .poll(() => sqlite.prepare("SELECT status, attempts, last_status_code AS code FROM webhook_deliveries").all())
        .toEqual([{ status: "delivered", attempts: 1, code: 200 }]);
      expect(received).toHaveLength(2);
    },
  );
});

test("a delivery answered with a 500 is retried after a restart when it is due, not before", async () => {
  // The first request gets a 500; every later one a 200.
  const deliveries = (sqlite: Database.Database) =>
    sqlite
      .prepare(
        "SELECT d.status, d.attempts, d.last_status_code AS code, json_extract(d.body, '$.data.lead.email') AS email FROM webhook_deliveries d ORDER BY d.id",
      )
      .all();

  await withReceiverAndServer(
    (n) => (n === 1 ? 500 : 200),
    async ({ receiver: { received, arrived }, first, sqlite, restart }) => {
      const failing = `quinhentos.${Date.now()}@example.com`;
      await postEnrolment(first.url, failing);
      await arrived(1);
      await expect.poll(() => deliveries(sqlite)).toEqual([{ status: "pending", attempts: 1, code: 500, email: failing }]);
      await first.stop();

      // The clock, not a sleep: while the server is down, the retry is put an hour ahead (as a long
      // backoff would), so whatever the restart takes, it is not due yet.
      sqlite.prepare("UPDATE webhook_deliveries SET next_attempt_at = ?").run(Date.now() + 3_600_000);
      const second = await restart();
      // A new lead's event goes out at once: the restarted worker runs, and it leaves the
      // not-yet-due delivery alone.
      const fresh = `depois.${Date.now()}@example.com`;
      await postEnrolment(second.url, fresh);
      await arrived(2);
      await expect
        .poll(() => deliveries(sqlite))
        .toEqual([
          { status: "pending", attempts: 1, code: 500, email: failing },
          { status: "delivered", attempts: 1, code: 200, email: fresh },
        ]);
      expect(received.map((r) => JSON.parse(r.body).data.lead.email)).toEqual([failing, fresh]);

      // Its time comes: it is sent again (same event, valid signature) and delivered.
      sqlite.prepare("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE status = 'pending'").run(Date.now() - 1000);
      await arrived(3);
      const [before, , retry] = received;
      expectSentAgain(before, retry);
      await expect
        .poll(() => deliveries(sqlite))
        .toEqual([
          { status: "delivered", attempts: 2, code: 200, email: failing },
          { status: "delivered", attempts: 1, code: 200, email: fresh },
        ]);
      expect(received).toHaveLength(3);
    },
  );
});

test("SIGTERM lets a delivery already out finish: written as delivered, never sent again after a restart", async () => {
  // The first request is held until the server has been told to stop; every later one gets 200.
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), "webhooks-sigterm-")), "server.log");
  await withReceiverAndServer(
    (n) => (n === 1 ? "hold" : 200),
    async ({ receiver, first, sqlite, restart }) => {
      const rows = () => sqlite.prepare("SELECT status, attempts, last_status_code AS code FROM webhook_deliveries").all();
      await postEnrolment(first.url, `sigterm.${Date.now()}@example.com`);
      await receiver.arrived(1);
      const exited = first.stop("SIGTERM");
      // The answer comes once the server says it is stopping (within the worker's grace): it is recorded.
      await expect.poll(() => readFileSync(logFile, "utf8")).toContain("SIGTERM recebido");
      receiver.answerHeld(200);
      expect(await exited).toBe(0);
      expect(rows()).toEqual([{ status: "delivered", attempts: 1, code: 200 }]);

      const second = await restart();
      // A new lead's event is delivered by the restarted server; the first event is not sent again.
      await postEnrolment(second.url, `depois.sigterm.${Date.now()}@example.com`);
      await receiver.arrived(2);
      await expect.poll(rows).toEqual([
        { status: "delivered", attempts: 1, code: 200 },
        { status: "delivered", attempts: 1, code: 200 },
      ]);
      expect(receiver.received).toHaveLength(2);
    },
    { logFile },
  );
});
