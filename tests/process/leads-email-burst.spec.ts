import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { personLetters, postEnrolmentBurst } from "../support/lead-burst";
import { smtpRefusal, startLocalSmtp } from "../support/local-smtp";
import { addSalesTeam } from "../support/seed";
import { startServer } from "../support/server-process";

/**
 * Leads in a burst while the e-mail worker sends the owners' alerts to a real SMTP server started
 * here (smtp-server), the server killed with SIGKILL part-way, restarted on the same file; once the
 * outbox has drained:
 * - every lead that received its redirect is stored once and has an owner (so is every other stored
 *   lead of the burst);
 * - the round robin held across the kill: the three available comercial users own within ±1 of
 *   each other (every lead is a different person, so rule (a) "same person" never applies);
 * - every message of the outbox was accepted by the SMTP server at least once, each stored lead's
 *   `lead.assigned` alert to its owner among them, and every copy of a message that arrived more
 *   than once carries the Message-ID of its outbox row (decision 147: a row becomes sent only after
 *   the server's 250; a kill before that sends the message again, the same message).
 *
 * The kill comes while the SMTP server holds a message's final "." unanswered, once at least
 * `BEFORE_KILL` leads were acknowledged; the burst goes on until then (at most `TOTAL` leads). Once
 * the process is dead the server refuses that message (451) and every other one still unanswered. A worker that
 * recorded a message as sent before the server accepted it loses that one, and the test fails.
 */

/** The most leads the burst posts; the kill ends it well before. */
const TOTAL = 3000;
/** Leads acknowledged before the kill may come. */
const BEFORE_KILL = 50;
const OWNERS = ["ana.burst@example.com", "bruno.burst@example.com", "carla.burst@example.com"];

/** One message whose final "." the SMTP server read, and whether it accepted it (answered 250). */
type Arrived = { messageId: string; to: string[]; subject: string; text: string; accepted: boolean };

/**
 * A local SMTP server that records every message whose final "." it read (a message cut before it
 * never gets here) and asks `accept` whether to take it; a message it does not take is refused (451).
 */
async function startSmtp(accept: () => Promise<boolean>) {
  const arrived: Arrived[] = [];
  const server = await startLocalSmtp({
    async onMessage(mail, to) {
      const entry = { messageId: mail.messageId ?? "", to, subject: mail.subject ?? "", text: mail.text ?? "", accepted: false };
      arrived.push(entry);
      entry.accepted = await accept();
      return entry.accepted ? undefined : smtpRefusal("Try again later", 451);
    },
  });
  return { ...server, arrived };
}

/** Polls (the outbox is drained by another process) until `done()` is true or the deadline passes. */
async function until(done: () => boolean, what: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("a SIGKILL mid-burst: every acknowledged lead owned, fair within ±1, every e-mail delivered, repeats same Message-ID", async () => {
  test.setTimeout(180_000);
  let killed = false;
  let kill = () => {};
  let dead: Promise<unknown> = Promise.resolve();
  let firstGone = false;
  const acknowledged: string[] = [];
  // The harshest moment: the SMTP server has a message's final "." and has not answered it yet.
  // It answers only once the process is gone, and then refuses: the message is not taken.
  const smtp = await startSmtp(async () => {
    if (firstGone) return true;
    if (!killed && acknowledged.length < BEFORE_KILL) return true;
    kill();
    await dead;
    return false;
  });
  const env = { RATE_LIMIT_PUBLIC_FORMS: "1000000", SMTP_URL: smtp.url };
  const first = await startServer(env, { quiet: true });
  const databasePath = first.databasePath;
  const run = Date.now();
  dead = first.exited.then(() => {
    firstGone = true;
  });
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
  await burst;
  // Killed by now, unless no message reached the SMTP server during the whole burst: then here, and
  // the test fails below.
  kill();
  await first.exited;
  expect(acknowledged.length).toBeGreaterThanOrEqual(BEFORE_KILL);
  expect(acknowledged.length, "leads acknowledged before a message came and the kill").toBeLessThan(TOTAL);

  const second = await startServer(env, { quiet: true, databasePath });
  const db = new Database(databasePath, { readonly: true });
  try {
    const waiting = db.prepare("SELECT count(*) AS n FROM email_outbox WHERE status = 'pending'");
    const sent = db.prepare("SELECT message_id FROM email_outbox WHERE status = 'sent'").pluck();
    // A row is sent only once the server accepted it: each sent row's message has arrived, or it was lost.
    const neverAccepted = () => {
      const accepted = new Set(smtp.arrived.filter((mail) => mail.accepted).map((mail) => mail.messageId));
      return (sent.all() as string[]).filter((id) => !accepted.has(id));
    };
    await until(
      () => (waiting.get() as { n: number }).n === 0 && neverAccepted().length === 0,
      () =>
        `the outbox to drain; ${neverAccepted().length} rows sent that the SMTP server never accepted, as ${neverAccepted().slice(0, 3).join(", ")}`,
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

    const outbox = db
      .prepare("SELECT message_id, kind, to_address, subject, text_body, lead_id, status FROM email_outbox")
      .all() as {
      message_id: string;
      kind: string;
      to_address: string;
      subject: string;
      text_body: string;
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

    // The kill came at a message the server then refused: the test exercised what it is about.
    const refused = smtp.arrived.filter((mail) => !mail.accepted);
    expect(refused.length, "messages refused once the process was dead").toBeGreaterThan(0);

    // Every copy that reached the server is one outbox message, told apart by recipient, subject and
    // text (not by its Message-ID), and carries that message's Message-ID.
    const rowOf = (mail: Arrived) =>
      outbox.filter(
        (row) => mail.to.join() === row.to_address && mail.subject === row.subject && mail.text.trim() === row.text_body.trim(),
      );
    for (const mail of smtp.arrived) {
      const rows = rowOf(mail);
      expect(rows.length, `${mail.to.join()} "${mail.subject}": one outbox message`).toBe(1);
      expect(mail.messageId, `${mail.to.join()} "${mail.subject}": its Message-ID`).toBe(rows[0].message_id);
    }

    // At least once: every message of the outbox was accepted, the refused ones among them later.
    const timesAccepted = new Map<string, number>();
    for (const mail of smtp.arrived.filter((m) => m.accepted)) {
      timesAccepted.set(mail.messageId, (timesAccepted.get(mail.messageId) ?? 0) + 1);
    }
    const missing = outbox.filter((row) => !timesAccepted.get(row.message_id)).map((row) => `${row.kind} ${row.to_address}`);
    expect(missing, "outbox messages never accepted by the SMTP server").toEqual([]);
    const repeated = [...timesAccepted].filter(([, n]) => n > 1).length;
    test.info().annotations.push({
      type: "e-mail",
      description: `${outbox.length} messages, ${refused.length} refused at the kill, ${repeated} accepted more than once`,
    });
  } finally {
    db.close();
    await second.stop();
    second.cleanup();
    await smtp.close();
  }
});
