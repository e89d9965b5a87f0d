import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { Readable } from "node:stream";

import { asc, desc, eq, lt, min, sql } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";

import { isSafeEmailAddress, oldestPendingText, oneLine } from "~/features/email/templates";
import { getInstitution } from "~/features/institution/institution.server";
import { retryDelayMs } from "~/features/webhooks/outbox.server";
import * as serverClock from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { isOutgoingHeld } from "~/platform/site-identity.server";

/**
 * E-mail that really leaves, without losing anything (decision 088). A message is written to the
 * `email_outbox` table in the same transaction as its cause (a lead assigned, an escalation) by
 * `enqueueEmail`, which is synchronous; a worker in the server process sends it later over SMTP
 * (nodemailer, `SMTP_URL`), never inside a visitor's request. Messages go out one at a time, staff
 * alerts before messages to people (decision 123), oldest first within each: when the server is down
 * the head of the queue waits (backoff) and nothing behind it overtakes it, so after an outage they
 * arrive in order. A refusal of one address (SMTP 5xx) fails
 * that message only. Without `SMTP_URL` a message is kept ("held") and shown on the admins'
 * "E-mails" page: what would have been sent, to whom and when.
 */

export type EmailStatus = "pending" | "sent" | "failed" | "held";

/** Transient failures (server down, 4xx) before a message is given up; about four hours at the 5-minute cap. */
export const MAX_EMAIL_ATTEMPTS = 50;
/** How often the worker looks at the queue (it is also woken at once by a new message). */
export const EMAIL_POLL_INTERVAL_MS = 1_000;
/**
 * How many messages are on their way at once, each over its own SMTP connection (nodemailer's
 * pool defaults to 5). Under page traffic every SMTP round trip waits its turn in the event loop;
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
      priority: emailPriority(message.kind),
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

/** One composed message as the worker hands it to a transport. */
export type OutgoingEmail = { envelope: { from: string; to: string[] }; raw: Buffer };

/**
 * What sends one message: SMTP (nodemailer's SMTP connection) in production and in tests (a local
 * SMTP server). `accepting` is called synchronously right before the bytes that complete the
 * message (SMTP's final "."), once the server has said it will take the data: the worker records
 * the message as sent there (decision 101). The promise rejects when the message was not sent,
 * with `responseCode` when the server refused it.
 */
export type EmailTransport = {
  send(message: OutgoingEmail, accepting: () => void): Promise<void>;
  close?: () => void;
};

type SmtpOptions = SMTPConnection.Options & { auth?: SMTPConnection.Credentials };

/**
 * The message's bytes, ended only on demand: SMTPConnection pipes it into the DATA stream once the
 * server answered 354, and writes the final "." when it ends. Its second read means every byte
 * went to the socket: `accepting` runs then, and the stream ends in the same turn of the event loop
 * (nextTick steps only, no I/O in between), so a process killed before `accepting` never sent the
 * ".", and one killed after it had.
 */
function gatedMessage(raw: Buffer, socket: () => Socket | undefined, accepting: () => void): Readable {
  let pushed = false;
  return new Readable({
    read() {
      if (!pushed) {
        pushed = true;
        this.push(raw);
        return;
      }
      const finish = () => {
        accepting();
        this.push(null);
      };
      const out = socket();
      if (out && out.writableLength > 0) out.once("drain", finish);
      else finish();
    },
  });
}

/** How long an idle SMTP connection stays open for the next message. */
export const SMTP_IDLE_MS = 2_000;

type OpenConnection = {
  connection: SMTPConnection;
  ready: Promise<void>;
  broken: boolean;
  /** The send in progress, told of a connection error (SMTPConnection reports those as an event). */
  onError: ((error: Error) => void) | null;
  /** Closes it politely after `SMTP_IDLE_MS` without a message. */
  idle?: ReturnType<typeof setTimeout>;
};

/**
 * The transport SMTP_URL (or these options) describes. Each message in flight has a connection of
 * its own; a connection that finished a message waits `SMTP_IDLE_MS` for the next one (a burst of
 * alerts does not pay a connection, greeting and TLS handshake each) and is dropped after any error:
 * the next message opens a new one.
 */
export function smtpTransport(target: string | SmtpOptions, idleMs: number = SMTP_IDLE_MS): EmailTransport {
  const options: SmtpOptions = typeof target === "string" ? parseConnectionUrl(target) : target;
  const waiting: OpenConnection[] = [];
  const all = new Set<OpenConnection>();

  function drop(entry: OpenConnection, polite: boolean) {
    entry.broken = true;
    clearTimeout(entry.idle);
    all.delete(entry);
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
    if (polite) entry.connection.quit();
    else entry.connection.close();
  }

  function connectionNow(): OpenConnection {
    for (let entry = waiting.pop(); entry; entry = waiting.pop()) {
      clearTimeout(entry.idle);
      if (!entry.broken) return entry;
      drop(entry, false);
    }
    const connection = new SMTPConnection(options);
    const entry: OpenConnection = { connection, broken: false, onError: null, ready: Promise.resolve() };
    connection.on("error", (error: Error) => {
      entry.broken = true;
      entry.onError?.(error);
    });
    connection.on("end", () => {
      entry.broken = true;
      entry.onError?.(new Error("Conexão SMTP encerrada pelo servidor"));
    });
    entry.ready = new Promise<void>((resolve, reject) => {
      entry.onError = reject;
      connection.connect((connectError) => {
        if (connectError) return reject(connectError);
        if (!options.auth || !connection.allowsAuth) return resolve();
        connection.login(options.auth, (loginError) => (loginError ? reject(loginError) : resolve()));
      });
    });
    all.add(entry);
    return entry;
  }

  function release(entry: OpenConnection) {
    entry.idle = setTimeout(() => drop(entry, true), idleMs);
    entry.idle.unref();
    waiting.push(entry);
  }

  return {
    send({ envelope, raw }, accepting) {
      const entry = connectionNow();
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const done = (error?: Error | null) => {
          if (settled) return;
          settled = true;
          entry.onError = null;
          if (error) {
            drop(entry, false);
            reject(error);
            return;
          }
          release(entry);
          resolve();
        };
        entry.ready.then(() => {
          if (entry.broken) return done(new Error("Conexão SMTP encerrada pelo servidor"));
          entry.onError = done;
          // SMTPConnection's socket, to see the body written out before the final ".".
          const socket = () => (entry.connection as unknown as { _socket?: Socket })._socket;
          entry.connection.send(envelope, gatedMessage(raw, socket, accepting), (error) => done(error));
        }, done);
      });
    },
    close() {
      for (const entry of [...all]) drop(entry, true);
    },
  };
}

export type EmailWorkerOptions = {
  transport?: EmailTransport;
  random?: () => number;
  pollMs?: number;
  /** Messages sent at once; `EMAIL_CONCURRENCY` unless given. */
  concurrency?: number;
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

export function createEmailWorker(options: EmailWorkerOptions = {}): EmailWorker {
  const random = options.random ?? Math.random;
  const pollMs = options.pollMs ?? EMAIL_POLL_INTERVAL_MS;
  const concurrency = Math.max(1, options.concurrency ?? EMAIL_CONCURRENCY);
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

  /**
   * The next messages in line: the first pending ones by priority, then age, up to the first that is
   * not due (nothing overtakes a message waiting its backoff) or of a later priority.
   */
  function nextInLine(): QueuedEmail[] {
    const rows = db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.status, "pending"))
      .orderBy(asc(schema.emailOutbox.priority), asc(schema.emailOutbox.id))
      .limit(concurrency)
      .all();
    const nowMs = serverClock.nowMs();
    // One priority at a time: every staff alert has its answer before a message to a person starts.
    const stop = rows.findIndex((row) => row.nextAttemptAt > nowMs || row.priority !== rows[0].priority);
    return stop < 0 ? rows : rows.slice(0, stop);
  }

  /** The message as it goes on the wire: headers, the pt-BR text and HTML parts, its Message-ID. */
  async function compose(row: QueuedEmail): Promise<OutgoingEmail> {
    const headers: Record<string, string> = { "Content-Language": "pt-BR" };
    if (row.unsubscribeUrl) {
      headers["List-Unsubscribe"] = `<${row.unsubscribeUrl}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    }
    const mail = new MailComposer({
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
    }).compile();
    const envelope = mail.getEnvelope();
    return { envelope: { from: envelope.from || "", to: envelope.to }, raw: await mail.build() };
  }

  /**
   * Sends one message. It is recorded as sent just before SMTP's final "." (decision 101): a process
   * killed earlier left it pending and the server discarded the unfinished message, so it is sent
   * again; one killed later has it as sent and sends it never again. A refusal the server gives after
   * the "." turns it back into a retry or a failure; silence after it (the connection lost) leaves it
   * sent, since the server may well have it.
   */
  async function sendOne(row: QueuedEmail, sender: EmailTransport): Promise<void> {
    let accepted = false;
    try {
      const message = await compose(row);
      await sender.send(message, () => {
        db.update(schema.emailOutbox)
          .set({ status: "sent", attempts: row.attempts + 1, lastError: null, sentAt: serverClock.now().toISOString() })
          .where(eq(schema.emailOutbox.id, row.id))
          .run();
        accepted = true;
      });
      if (!accepted) throw new Error("o transporte terminou sem enviar a mensagem");
    } catch (error) {
      if (accepted && !(error as { responseCode?: number }).responseCode) {
        log(`e-mail: mensagem ${row.id} enviada sem confirmação do servidor (${describe(error)}).`);
        return;
      }
      const attempts = row.attempts + 1;
      const giveUp = isPermanent(error) || attempts >= MAX_EMAIL_ATTEMPTS;
      const nowMs = serverClock.nowMs();
      db.update(schema.emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          lastError: describe(error),
          sentAt: null,
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
    // A copy of the database waits for an admin's confirmation before it e-mails anyone (decision 139).
    if (isOutgoingHeld()) return 0;
    const sender = transportNow();
    if (!sender) return 0;
    for (;;) {
      if (stopped || isOutgoingHeld()) return attempted;
      const batch = nextInLine();
      if (batch.length === 0) return attempted;
      attempted += batch.length;
      const outcomes = await Promise.allSettled(batch.map((row) => sendOne(row, sender)));
      // One failed for a passing reason: it waits its backoff, and so does everything behind it.
      if (outcomes.some((outcome) => outcome.status === "rejected")) return attempted;
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

/** Wakes this process's worker (an admin's confirmation released the held messages). */
export function wakeEmailWorker(): void {
  runningWorker?.wake();
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
