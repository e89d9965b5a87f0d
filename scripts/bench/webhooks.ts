// Webhooks beside a receiver that never answers (decision 074): the running site
// gets two endpoints, one that holds every request open and one that answers 200 at once; leads are
// posted to /inscricao and the measure is how long after each post's answer the healthy receiver has
// that lead's event. Before decision 074 the worker waited for its whole batch, including the
// hanging request's timeout: a median of 99 s and up to 199 s for 200 leads. The budget is 1 s.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import Database from "better-sqlite3";

import { enrolment } from "../../tests/support/sessions";

/** The slowest a healthy receiver may get an event, after the visitor's post was answered. */
export const WEBHOOK_HEALTHY_BUDGET_MS = 1_000;

export type WebhookIsolation = { leads: number; received: number; medianMs: number; p95Ms: number; maxMs: number };

async function listen(handler: (body: string, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => handler(body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm`;
  const close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { url, close };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/**
 * Posts `leads` enrolments, one after another, to the site at `baseUrl`, whose database is `databasePath`
 * and whose WEBHOOK_ALLOW_HOSTS allows 127.0.0.1, with a hanging and a healthy endpoint added for the
 * measure and removed afterwards. Returns the healthy receiver's delays and the budget misses.
 */
export async function measureWebhookIsolation(
  baseUrl: string,
  databasePath: string,
  leads = 100,
): Promise<{ result: WebhookIsolation; failures: string[] }> {
  const prefix = `webhook.bench.${Date.now().toString(36)}.`;
  const answeredAt = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  let allIn: () => void = () => {};
  const done = new Promise<void>((resolve) => (allIn = resolve));
  const hanging = await listen(() => {}); // never answers
  const healthy = await listen((body, response) => {
    response.writeHead(200).end();
    const email = JSON.parse(body).data?.lead?.email as string | undefined;
    if (email?.startsWith(prefix) && !receivedAt.has(email)) receivedAt.set(email, performance.now());
    if (receivedAt.size === leads) allIn();
  });
  const sqlite = new Database(databasePath);
  const add = sqlite.prepare(
    "INSERT INTO webhook_endpoints (url, secret, active, created_at, created_by) VALUES (?, 'whsec_bench', 1, ?, 'bench@example.com')",
  );
  const ids = [hanging.url, healthy.url].map((url) => Number(add.run(url, new Date().toISOString()).lastInsertRowid));
  try {
    let next = 0;
    const post = async () => {
      while (next < leads) {
        const email = `${prefix}${next++}@example.com`;
        const answer = await fetch(`${baseUrl}/inscricao`, {
          method: "POST",
          body: new URLSearchParams(enrolment(email)),
          redirect: "manual",
        });
        answeredAt.set(email, performance.now());
        if (answer.status !== 303) throw new Error(`POST /inscricao answered ${answer.status}`);
      }
    };
    // One visitor after another, as the measure: a burst would measure SQLite's fsync
    // throughput (each post and each delivery's outcome is a synchronous write), not the worker.
    await post();
    // Bounded wait: a worker that waits for the hanging endpoint's timeout shows up as missing events.
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  } finally {
    sqlite.prepare(`DELETE FROM webhook_endpoints WHERE id IN (${ids.join(",")})`).run();
    sqlite.close();
    await hanging.close();
    await healthy.close();
  }
  // An event may even arrive before the post's answer has been read: that counts as 0 ms.
  const values = [...receivedAt].map(([email, at]) => Math.max(0, at - (answeredAt.get(email) ?? at)));
  const result: WebhookIsolation = {
    leads,
    received: values.length,
    medianMs: Math.round(percentile(values, 50) ?? Number.NaN),
    p95Ms: Math.round(percentile(values, 95) ?? Number.NaN),
    maxMs: Math.round(Math.max(...values)),
  };
  console.log(
    `Webhooks beside a hanging receiver: ${result.received}/${leads} events at the healthy one; ` +
      `median ${result.medianMs} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms after the post's answer`,
  );
  const failures: string[] = [];
  if (result.received < leads) failures.push(`webhooks: the healthy receiver got ${result.received} of ${leads} events in 60 s`);
  if (result.maxMs > WEBHOOK_HEALTHY_BUDGET_MS)
    failures.push(`webhooks: the healthy receiver waited up to ${result.maxMs} ms > ${WEBHOOK_HEALTHY_BUDGET_MS} ms`);
  return { result, failures };
}
