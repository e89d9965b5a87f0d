import { randomUUID } from "node:crypto";

import { asc, desc, eq, lt, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";

import { isSafeEmailAddress, oneLine } from "~/lib/email";

import { getInstitution } from "../content/institution.server";
import { db, schema } from "../db/client.server";
import * as serverClock from "../platform/clock.server";
import { config } from "../platform/config.server";
import { retryDelayMs } from "../webhooks/outbox.server";

/**
 * E-mail that really leaves, without losing anything (decision 088). A message is written to the
 * `email_outbox` table in the same transaction as its cause (a lead assigned, an escalation) by
 * `enqueueEmail`, which is synchronous; a worker in the server process sends it later over SMTP
 * (nodemailer, `SMTP_URL`), never inside a visitor's request. Messages go out one at a time, oldest
 * first: when the server is down the head of the queue waits (backoff) and nothing behind it
 * overtakes it, so after an outage they arrive in order. A refusal of one address (SMTP 5xx) fails
 * that message only. Without `SMTP_URL` a message is kept ("held") and shown on the admins'
 * "E-mails" page: what would have been sent, to whom and when.
 */

export type EmailStatus = "pending" | "sent" | "failed" | "held";

/** Transient failures (server down, 4xx) before a message is given up; about four hours at the 5-minute cap. */
export const MAX_EMAIL_ATTEMPTS = 50;
/** How often the worker looks at the queue (it is also woken at once by a new message). */
export const EMAIL_POLL_INTERVAL_MS = 1_000;

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
  const messageId = `<${randomUUID()}@${siteHost()}>`;
  db.insert(schema.emailOutbox)
    .values({
      messageId,
      kind: message.kind,
      toAddress: to,
      subject: oneLine(message.subject),
      textBody: message.text,
      htmlBody: message.html,
      unsubscribeUrl: message.unsubscribeUrl ?? null,
      leadId: message.leadId ?? null,
      status: smtpUrl() ? "pending" : "held",
      nextAttemptAt: serverClock.nowMs(),
      createdAt: now.toISOString(),
    })
    .run();
  setImmediate(() => runningWorker?.wake());
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

/** The newest messages first, and how many wait, were kept or failed. */
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
  return {
    smtpConfigured: smtpUrl() !== null,
    rows,
    counts: { pending: counts.pending ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0, held: counts.held ?? 0 },
  };
}

/** Retention (LGPD): messages created before the cutoff go (those about a lead go with the lead anyway). */
export function purgeEmailsBefore(cutoffIso: string): number {
  return db.delete(schema.emailOutbox).where(lt(schema.emailOutbox.createdAt, cutoffIso)).run().changes;
}

// --- The worker ---------------------------------------------------------------------------------

/** What sends one message: nodemailer's transport in production, the same in tests (a local SMTP server). */
export type EmailTransport = Pick<Transporter, "sendMail"> & { close?: () => void };

export type EmailWorkerOptions = {
  transport?: EmailTransport;
  random?: () => number;
  pollMs?: number;
  log?: (line: string) => void;
};

export type EmailWorker = {
  /** Sends what is due now, in order, and resolves with how many attempts were made. */
  runDue(): Promise<number>;
  start(): void;
  /** Takes no new message; resolves once the one being sent has an outcome. */
  stop(): Promise<void>;
  wake(): void;
};

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

/** The transport SMTP_URL describes (a pooled connection, reused between messages). */
export function smtpTransport(url: string): EmailTransport {
  return nodemailer.createTransport(url);
}

export function createEmailWorker(options: EmailWorkerOptions = {}): EmailWorker {
  const random = options.random ?? Math.random;
  const pollMs = options.pollMs ?? EMAIL_POLL_INTERVAL_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  let transport = options.transport;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  function transportNow(): EmailTransport | null {
    if (transport) return transport;
    const url = smtpUrl();
    if (!url) return null;
    transport = smtpTransport(url);
    return transport;
  }

  /** The head of the queue: the oldest pending message, due or not (nothing overtakes it). */
  function head(): QueuedEmail | undefined {
    return db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.status, "pending"))
      .orderBy(asc(schema.emailOutbox.id))
      .limit(1)
      .get();
  }

  async function sendOne(row: QueuedEmail, sender: EmailTransport): Promise<void> {
    const headers: Record<string, string> = { "Content-Language": "pt-BR" };
    if (row.unsubscribeUrl) {
      headers["List-Unsubscribe"] = `<${row.unsubscribeUrl}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    }
    try {
      await sender.sendMail({
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
      });
      db.update(schema.emailOutbox)
        .set({ status: "sent", attempts: row.attempts + 1, lastError: null, sentAt: serverClock.now().toISOString() })
        .where(eq(schema.emailOutbox.id, row.id))
        .run();
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = isPermanent(error) || attempts >= MAX_EMAIL_ATTEMPTS;
      const nowMs = serverClock.nowMs();
      db.update(schema.emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          lastError: describe(error),
          nextAttemptAt: giveUp ? nowMs : nowMs + retryDelayMs(attempts, random),
        })
        .where(eq(schema.emailOutbox.id, row.id))
        .run();
      log(`e-mail: mensagem ${row.id} ${giveUp ? "falhou" : "será tentada de novo"} (${describe(error)}).`);
      if (!giveUp) throw new Error("queue blocked");
    }
  }

  async function drain(): Promise<number> {
    let attempted = 0;
    const sender = transportNow();
    if (!sender) return 0;
    for (;;) {
      if (stopped) return attempted;
      const row = head();
      if (!row || row.nextAttemptAt > serverClock.nowMs()) return attempted;
      attempted++;
      try {
        await sendOne(row, sender);
      } catch {
        // The head failed for a passing reason: it waits its backoff, and so does everything behind it.
        return attempted;
      }
    }
  }

  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain().catch((error: Error) => {
          log(`e-mail: o envio falhou: ${error.message}`);
          return 0;
        });
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runDue,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void runDue(), pollMs);
      timer.unref();
      void runDue();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
      transport?.close?.();
    },
    wake() {
      if (!stopped) void runDue();
    },
  };
}

let runningWorker: EmailWorker | null = null;

/** Starts this process's e-mail worker (server start-up): messages a previous process left pending go now. */
export function startEmailWorker(options: EmailWorkerOptions = {}): EmailWorker {
  void runningWorker?.stop();
  runningWorker = createEmailWorker(options);
  runningWorker.start();
  return runningWorker;
}

/** Stops it (SIGTERM): the message being sent finishes; the rest wait in the table. */
export function stopEmailWorker(): Promise<void> {
  const worker = runningWorker;
  runningWorker = null;
  return worker ? worker.stop() : Promise.resolve();
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
