import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { personLetters, postEnrolmentBurst } from "../support/lead-burst";
import { startLocalSmtp } from "../support/local-smtp";
import { addSalesTeam } from "../support/seed";
import { startServer } from "../support/server-process";

/**
 * Issue 30's process test: 200 leads in a burst while the e-mail worker sends the owners' alerts to
 * a real SMTP server started here (smtp-server), the server killed with SIGKILL part-way, restarted
 * on the same file; once the outbox has drained:
 * - every lead that received its redirect is stored once and has an owner (so is every other stored
 *   lead of the burst);
 * - the round robin held across the kill: the three available comercial users own within ±1 of
 *   each other (every lead is a different person, so rule (a) "same person" never applies);
 * - every message of the outbox reached the SMTP server exactly once (its Message-ID), each stored
 *   lead's `lead.assigned` alert to its owner among them (decision 101: the worker records a message
 *   as sent just before SMTP's final ".", so a kill never makes it send one again).
 */

const TOTAL = 200;
const OWNERS = ["ana.burst@example.com", "bruno.burst@example.com", "carla.burst@example.com"];

type Arrived = { messageId: string; to: string[] };

/** A local SMTP server that records each message it accepted (a message cut before its final "." is not accepted). */
async function startSmtp(onArrive: () => void) {
  const arrived: Arrived[] = [];
  const server = await startLocalSmtp({
    onMessage(mail, to) {
      arrived.push({ messageId: mail.messageId ?? "", to });
      onArrive();
    },
  });
  return { ...server, arrived };
}

/** Polls (the outbox is drained by another process) until `done()` is true or the deadline passes. */
async function until(done: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("a SIGKILL mid-burst: every acknowledged lead owned, fair within ±1, every e-mail delivered once", async () => {
  test.setTimeout(90_000);
  let killed = false;
  let kill = () => {};
  const acknowledged: string[] = [];
  // The harshest moment: the SMTP server has a message's final "." and has not answered it yet.
  const smtp = await startSmtp(() => {
    if (acknowledged.length >= TOTAL * 0.25) kill();
  });
  const env = { RATE_LIMIT_PUBLIC_FORMS: "1000000", SMTP_URL: smtp.url };
  const first = await startServer(env, { quiet: true });
  const databasePath = first.databasePath;
  const run = Date.now();
  kill = () => {
    if (killed) return;
    killed = true;
    first.process.kill("SIGKILL");
  };

  addSalesTeam(databasePath, OWNERS);

  // A different person each time (name, e-mail and phone), so only the round robin decides.
  const burst = postEnrolmentBurst({
    url: first.url,
    total: TOTAL,
    acknowledged,
    person: (i) => ({
      email: `burst.${run}.${i}@example.com`,
      fields: { nome: `Pessoa Rajada ${personLetters(i)}`, telefone: `3198765${String(i).padStart(4, "0")}` },
    }),
  });
  // If no message arrives in time, killed anyway before the burst ends.
  const killer = (async () => {
    while (!killed && acknowledged.length < TOTAL * 0.8) await new Promise((r) => setTimeout(r, 2));
    kill();
  })();
  await Promise.all([burst, killer]);
  await first.exited;
  expect(acknowledged.length).toBeGreaterThan(TOTAL / 4);
  expect(acknowledged.length).toBeLessThan(TOTAL);

  const second = await startServer(env, { quiet: true, databasePath });
  const db = new Database(databasePath, { readonly: true });
  try {
    const waiting = db.prepare("SELECT count(*) AS n FROM email_outbox WHERE status = 'pending'");
    const sent = db.prepare("SELECT count(*) AS n FROM email_outbox WHERE status = 'sent'");
    await until(
      () => (waiting.get() as { n: number }).n === 0 && smtp.arrived.length >= (sent.get() as { n: number }).n,
      "the outbox to drain",
    );
    await second.stop();
    // Anything the worker would still (wrongly) send would have arrived by now: the server is gone.

    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = db
      .prepare(
        `SELECT l.id, l.email, u.email AS owner FROM leads l LEFT JOIN admin_users u ON u.id = l.owner_id
         WHERE l.email LIKE ? ORDER BY l.id`,
      )
      .all(`burst.${run}.%`) as { id: number; email: string; owner: string | null }[];
    const byEmail = new Map<string, number>();
    for (const lead of stored) byEmail.set(lead.email, (byEmail.get(lead.email) ?? 0) + 1);
    for (const email of acknowledged) expect(byEmail.get(email), `${email} acknowledged: stored once`).toBe(1);
    expect(stored.length).toBeLessThanOrEqual(TOTAL);
    expect(
      stored.filter((lead) => lead.owner === null),
      "leads without an owner",
    ).toEqual([]);

    const perOwner = OWNERS.map((owner) => stored.filter((lead) => lead.owner === owner).length);
    expect(Math.max(...perOwner) - Math.min(...perOwner), `leads per owner: ${perOwner.join(", ")}`).toBeLessThanOrEqual(1);

    const outbox = db.prepare("SELECT message_id, kind, to_address, lead_id, status FROM email_outbox").all() as {
      message_id: string;
      kind: string;
      to_address: string;
      lead_id: number | null;
      status: string;
    }[];
    expect(outbox.filter((row) => row.status !== "sent")).toEqual([]);
    for (const lead of stored) {
      const alerts = outbox.filter((row) => row.kind === "lead.assigned" && row.lead_id === lead.id);
      expect(
        alerts.map((row) => row.to_address),
        `lead ${lead.id}'s alert`,
      ).toEqual([lead.owner]);
    }

    const timesArrived = new Map<string, number>();
    for (const mail of smtp.arrived) timesArrived.set(mail.messageId, (timesArrived.get(mail.messageId) ?? 0) + 1);
    const twice = [...timesArrived].filter(([, n]) => n > 1);
    expect(twice, "messages delivered more than once").toEqual([]);
    const missing = outbox.filter((row) => timesArrived.get(row.message_id) !== 1).map((row) => row.message_id);
    expect(missing, "outbox messages not delivered").toEqual([]);
    expect(smtp.arrived.length).toBe(outbox.length);
    for (const mail of smtp.arrived) {
      expect(mail.to).toEqual([outbox.find((row) => row.message_id === mail.messageId)?.to_address]);
    }
  } finally {
    db.close();
    await second.stop();
    second.cleanup();
    await smtp.close();
  }
});
