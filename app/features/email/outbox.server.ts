import { randomUUID } from "node:crypto";

import { desc, eq, lt, min, sql } from "drizzle-orm";
import * as nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import type { SMTPPoolOptions } from "nodemailer/lib/smtp-pool";

import { isSafeEmailAddress, oldestPendingText, oneLine } from "~/features/email/templates";
import { getInstitution } from "~/features/institution/institution.server";
import * as serverClock from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { enqueueJob, payloadOf } from "~/platform/jobs/queue.server";
import { createJobWorker, JobFailure, type JobHandler, type JobWorker, registerJobHandler } from "~/platform/jobs/worker.server";
import { isOutgoingHeld } from "~/platform/site-identity.server";

/**
 * E-mail that really leaves, without losing anything (decision 088): at least once, and a message
 * that arrives twice carries the same Message-ID both times (decision 147). A message is written to
 * the `email_outbox` table in the same transaction as its cause (a lead assigned, an escalation) by
 * `enqueueEmail`, which is synchronous; a worker in the server process sends it later over SMTP
 * (nodemailer's pooled transport, `SMTP_URL`), never inside a visitor's request. Up to
 * `EMAIL_CONCURRENCY` messages go out at once, staff alerts before messages to people (decision
 * 123), oldest first within each: when the server is down the head of the queue waits (backoff) and
 * nothing behind it overtakes it, so after an outage they arrive in order. A refusal of one address
 * (SMTP 5xx) fails that message only. Without `SMTP_URL` a message is kept ("held") and shown on
 * the admins' "E-mails" page: what would have been sent, to whom and when.
 */

export type EmailStatus = "pending" | "sent" | "failed" | "held";

/** Transient failures (server down, 4xx) before a message is given up; about four hours at the 5-minute cap. */
export const MAX_EMAIL_ATTEMPTS = 50;
/**
 * How many messages are on their way at once, each over its own SMTP connection (the size of
 * nodemailer's pool). Under page traffic every SMTP round trip waits its turn in the event loop;
 * four messages in flight pay those waits together instead of one after another (decision 128).
 */
export const EMAIL_CONCURRENCY = 4;

/** Whether messages leave (SMTP_URL set) or are kept on the "E-mails" page. Read live, so a test can set it. */
export function smtpUrl(): string | null {
  const value = process.env.SMTP_URL?.trim();
  return value ? value : null;
}

function siteHost(): string {
  try {
    return new URL(config.siteUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** The brand the studio names (decision 100: e-mails carry the institution's identity), or the configured one. */
function brandName(): string {
  try {
    return getInstitution().brandName || config.brandName;
  } catch {
    return config.brandName;
  }
}

/** The From header: EMAIL_FROM, or the studio's brand name at no-reply@<the site's host>. */
export function emailFrom(): string {
  const configured = process.env.EMAIL_FROM?.trim();
  if (configured) return configured;
  return `"${oneLine(brandName()).replace(/["\\]/g, "")}" <no-reply@${siteHost()}>`;
}

/** Queue priority: staff alerts (a lead waiting for a first contact) before messages to a person. */
export const STAFF_ALERT_PRIORITY = 0;
export const PERSON_PRIORITY = 1;

/** The priority of a kind of message: "person.*" (confirmation, vocational result) waits behind staff alerts. */
export function emailPriority(kind: string): number {
  return kind.startsWith("person.") ? PERSON_PRIORITY : STAFF_ALERT_PRIORITY;
}

export type EmailMessage = {
  /** What the message is about ("lead.assigned", "lead.escalated", "distribution.unassigned", …). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The lead this message is about: deleting the lead deletes the message (LGPD). */
  leadId?: number | null;
  /** RFC 8058 one-click unsubscribe address, for messages to a person. */
  unsubscribeUrl?: string | null;
};

/**
 * Writes a message to the outbox (call it inside the transaction of its cause: it then exists if
 * and only if the cause does) and wakes the worker after the commit. An address that is not one
 * plain e-mail address (line breaks, several addresses, display names: header injection) is never
 * written; the cause still commits. Returns the Message-ID, or null when refused.
 */
export function enqueueEmail(message: EmailMessage, now: Date = serverClock.now()): string | null {
  const to = message.to.trim().toLowerCase();
  if (!isSafeEmailAddress(to)) {
    console.error(
      `e-mail: endereço recusado (${JSON.stringify(message.to).slice(0, 80)}), mensagem "${message.kind}" não enfileirada.`,
    );
    return null;
  }
  // Generated once, here: every attempt sends it, so a receiver (or a test) sees a repeat as one message.
  const messageId = `<${randomUUID()}@${siteHost()}>`;
  const held = !smtpUrl();
  const priority = emailPriority(message.kind);
  const row = db
    .insert(schema.emailOutbox)
    .values({
      messageId,
      kind: message.kind,
      toAddress: to,
      subject: oneLine(message.subject),
      textBody: message.text,
      htmlBody: message.html,
      unsubscribeUrl: message.unsubscribeUrl ?? null,
      leadId: message.leadId ?? null,
      status: held ? "held" : "pending",
      priority,
      createdAt: now.toISOString(),
    })
    .returning({ id: schema.emailOutbox.id })
    .get();
  // Kept (no SMTP server): shown on the "E-mails" page, never sent.
  if (!held) enqueueJob({ kind: EMAIL_JOB, payload: { emailId: row.id }, priority, leadId: message.leadId ?? null }, db, now);
  return messageId;
}

// --- The admins' page ---------------------------------------------------------------------------

export type EmailRow = {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** The newest messages first, how many wait, were kept or failed, and how long the oldest waiting one has waited. */
export function emailOutboxPage(limit = 100) {
  const rows: EmailRow[] = db
    .select({
      id: schema.emailOutbox.id,
      kind: schema.emailOutbox.kind,
      toAddress: schema.emailOutbox.toAddress,
      subject: schema.emailOutbox.subject,
      textBody: schema.emailOutbox.textBody,
      status: schema.emailOutbox.status,
      attempts: schema.emailOutbox.attempts,
      lastError: schema.emailOutbox.lastError,
      createdAt: schema.emailOutbox.createdAt,
      sentAt: schema.emailOutbox.sentAt,
    })
    .from(schema.emailOutbox)
    .orderBy(desc(schema.emailOutbox.id))
    .limit(limit)
    .all();
  const counts = Object.fromEntries(
    db
      .select({ status: schema.emailOutbox.status, n: sql<number>`count(*)` })
      .from(schema.emailOutbox)
      .groupBy(schema.emailOutbox.status)
      .all()
      .map((row) => [row.status, row.n]),
  ) as Partial<Record<EmailStatus, number>>;
  const oldest = db
    .select({ createdAt: min(schema.emailOutbox.createdAt) })
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.status, "pending"))
    .get()?.createdAt;
  return {
    smtpConfigured: smtpUrl() !== null,
    oldestPending: oldest ? oldestPendingText((serverClock.nowMs() - Date.parse(oldest)) / 60_000) : null,
    rows,
    counts: { pending: counts.pending ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0, held: counts.held ?? 0 },
  };
}

/** Retention (LGPD): messages created before the cutoff go (those about a lead go with the lead anyway). */
export function purgeEmailsBefore(cutoffIso: string): number {
  return db.delete(schema.emailOutbox).where(lt(schema.emailOutbox.createdAt, cutoffIso)).run().changes;
}

// --- The worker ---------------------------------------------------------------------------------

/** One message as the worker hands it to a transport: nodemailer's message options. */
export type OutgoingEmail = SendMailOptions;

/**
 * What sends one message: nodemailer's pooled SMTP transport in production and in tests (a local
 * SMTP server). The promise resolves once the server accepted the message (its 250 to the final
 * "."), and rejects when that answer did not come: with `responseCode` when the server refused it,
 * without one when the connection failed (the server may or may not have the message).
 */
export type EmailTransport = {
  send(message: OutgoingEmail): Promise<void>;
  close?: () => void;
};

/** How long an idle SMTP connection stays open for the next message. */
export const SMTP_IDLE_MS = 2_000;

/**
 * The transport SMTP_URL (or these options) describes: nodemailer's pool of up to
 * `EMAIL_CONCURRENCY` connections. A connection that finished a message waits `idleMs` for the next
 * one (a burst of alerts does not pay a connection, greeting and TLS handshake each); nodemailer
 * drops a connection after an error and opens a new one for the next message.
 */
export function smtpTransport(target: string | SMTPPoolOptions, idleMs: number = SMTP_IDLE_MS): EmailTransport {
  const options: SMTPPoolOptions = typeof target === "string" ? { url: target } : target;
  const pool = nodemailer.createTransport({
    ...options,
    pool: true,
    maxConnections: EMAIL_CONCURRENCY,
    idleTimeout: idleMs,
  });
  return {
    async send(message) {
      await pool.sendMail(message);
    },
    close() {
      pool.close();
    },
  };
}

/** The jobs engine's kind for one message's delivery. */
export const EMAIL_JOB = "email.send";

/**
 * How long a message's claim lasts without renewal: the worker renews it each second while it
 * sends, so a process killed mid-send gives its messages to the next one within this time.
 */
export const EMAIL_LEASE_MS = 15_000;

type QueuedEmail = typeof schema.emailOutbox.$inferSelect;

/** An SMTP refusal of this message (5xx: the address or the content) is final; anything else is tried again. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string };
  if (responseCode) return `Recusado pelo servidor SMTP (${responseCode}): ${(message ?? "").slice(0, 300)}`;
  if (code === "ECONNREFUSED" || code === "ESOCKET" || code === "ECONNECTION") return `Servidor SMTP fora do ar (${code})`;
  return (message ?? String(error)).slice(0, 300);
}

/** The message as it goes on the wire: headers, the pt-BR text and HTML parts, its stored Message-ID. */
function compose(row: QueuedEmail): OutgoingEmail {
  const headers: Record<string, string> = { "Content-Language": "pt-BR" };
  if (row.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${row.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    from: emailFrom(),
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: row.messageId,
    date: new Date(row.createdAt),
    headers,
    // Plain addresses only: nodemailer must not read files or URLs named in a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export type EmailHandlerOptions = { transport?: EmailTransport };

/**
 * The e-mail kind of the jobs engine. Up to `EMAIL_CONCURRENCY` messages out at once across every
 * process, in strict order (staff alerts first, oldest first; nothing overtakes a message waiting
 * for its retry, so after an outage they arrive in order). A message's row becomes `sent` only
 * after the SMTP server accepted it (decision 147): a process killed earlier, or a connection lost
 * before the answer, leaves it pending; its lease expires and it is sent again with the Message-ID
 * its row was written with. A refusal of one address (5xx) fails that message only.
 */
export function emailJobHandler(options: EmailHandlerOptions = {}): JobHandler {
  let transport = options.transport;
  function transportNow(): EmailTransport | null {
    if (transport) return transport;
    const url = smtpUrl();
    if (!url) return null;
    transport = smtpTransport(url);
    return transport;
  }
  return {
    kind: EMAIL_JOB,
    label: "E-mails",
    concurrency: EMAIL_CONCURRENCY,
    ordered: true,
    maxAttempts: MAX_EMAIL_ATTEMPTS,
    leaseMs: EMAIL_LEASE_MS,
    // A copy of the database waits for an admin's confirmation before it e-mails anyone (decision 139).
    paused: () => isOutgoingHeld() || transportNow() === null,
    describe,
    async run(job) {
      const { emailId } = payloadOf<{ emailId: number }>(job);
      const row = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, emailId)).get();
      // Erased with its lead, stopped (the person opted out), or already accepted by the server
      // (the process died before the job's end was written): nothing to send.
      if (row?.status !== "pending") return;
      const sender = transportNow();
      if (!sender) throw new JobFailure("Nenhum servidor SMTP configurado", { retry: true });
      try {
        await sender.send(compose(row));
      } catch (error) {
        const attempts = job.attempts + 1;
        const giveUp = isPermanent(error) || attempts >= MAX_EMAIL_ATTEMPTS;
        db.update(schema.emailOutbox)
          .set({ status: giveUp ? "failed" : "pending", attempts, lastError: describe(error), sentAt: null })
          .where(eq(schema.emailOutbox.id, row.id))
          .run();
        throw new JobFailure(describe(error), { retry: !isPermanent(error) });
      }
      db.update(schema.emailOutbox)
        .set({ status: "sent", attempts: job.attempts + 1, lastError: null, sentAt: serverClock.now().toISOString() })
        .where(eq(schema.emailOutbox.id, row.id))
        .run();
    },
    close() {
      transport?.close?.();
    },
  };
}

export type EmailWorkerOptions = EmailHandlerOptions & { random?: () => number; log?: (line: string) => void };

/** A jobs-engine worker for e-mail only (tests, and scripts that send what waits). */
export function createEmailWorker(options: EmailWorkerOptions = {}): JobWorker {
  registerJobHandler(emailJobHandler(options));
  return createJobWorker({ kinds: [EMAIL_JOB], random: options.random, log: options.log });
}

/** Counts for the panel's backlog line ("3 e-mails aguardando envio"). */
export function emailBacklog(): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.status, "pending"))
      .get()?.n ?? 0
  );
}
