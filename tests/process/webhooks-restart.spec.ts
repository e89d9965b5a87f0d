import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { startServer } from "../support/server-process";
import { enrolment } from "../support/sessions";

/**
 * The webhook outbox survives a SIGKILL (issue 19, item 6): a new lead's event is out to a receiver
 * that has not answered when the server is killed; the server restarted on the same database file
 * sends it again at start-up (same event id, fresh valid signature), and the receiver's 200 marks it
 * delivered. The receiver is a real HTTP server started by the test.
 */

const SECRET = "whsec_teste_de_reinicio";

type Received = { headers: IncomingHttpHeaders; body: string };

test("a pending webhook delivery is sent again after the server is killed and restarted", async () => {
  test.setTimeout(90_000);
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  let holdNext = true;
  const waiters: (() => void)[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      if (holdNext) {
        holdNext = false;
        held.push(response);
      } else response.writeHead(200).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm`;
  const arrived = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (received.length >= count ? resolve() : waiters.push(check));
      check();
    });

  const first = await startServer({}, { quiet: true });
  const { databasePath } = first;
  const sqlite = new Database(databasePath);
  try {
    sqlite
      .prepare("INSERT INTO webhook_endpoints (url, secret, active, created_at, created_by) VALUES (?, ?, 1, ?, ?)")
      .run(hookUrl, SECRET, new Date().toISOString(), "teste@example.com");

    const email = `reinicio.${Date.now()}@example.com`;
    const posted = await fetch(`${first.url}/inscricao`, {
      method: "POST",
      body: new URLSearchParams(enrolment(email)),
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(303);

    // The event is out and the receiver holds it: the server dies before any answer.
    await arrived(1);
    expect(await first.stop("SIGKILL")).toBeNull();
    const row = sqlite.prepare("SELECT status, attempts FROM webhook_deliveries").all();
    expect(row).toEqual([{ status: "pending", attempts: 0 }]);

    const second = await startServer({}, { databasePath, quiet: true });
    try {
      await arrived(2);
      const [before, after] = received;
      expect(after.headers["x-webhook-id"]).toBe(before.headers["x-webhook-id"]);
      expect(after.body).toBe(before.body);
      const signed = createHmac("sha256", SECRET).update(`${after.headers["x-webhook-timestamp"]}.${after.body}`).digest("hex");
      expect(after.headers["x-webhook-signature"]).toBe(`sha256=${signed}`);
      expect(after.headers.cookie).toBeUndefined();
      expect(JSON.parse(after.body)).toMatchObject({ type: "lead.created", data: { lead: { email } } });
      await expect
        .poll(() => sqlite.prepare("SELECT status, attempts, last_status_code AS code FROM webhook_deliveries").all())
        .toEqual([{ status: "delivered", attempts: 1, code: 200 }]);
      expect(received).toHaveLength(2);
    } finally {
      await second.stop();
      second.cleanup();
    }
  } finally {
    sqlite.close();
    held.forEach((response) => response.destroy());
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
