// 'Registro de Envios' written by the helper itself (decision 068). Every per-contact result the
// queue emits becomes a row in an outbox file in the data folder (`send-log.jsonl`, 0600, like the
// journal) before anything else happens, and is posted to the site's POST /api/whatsapp-helper/registro
// until the site acknowledges it: on start, after each new result, and after a failure with a growing
// back-off. The site stores each row once per (job id, number) — a retry, a replay or an old page
// posting the same result never makes a second row — so the outbox may send a row again safely.
import { chmodSync, existsSync, renameSync, writeFileSync } from "node:fs";

import { appendJsonLine, FILE_MODE, readJsonLines } from "./files.js";

/** Most rows in one request (the site accepts 1–100). */
export const SEND_LOG_BATCH = 100;
/** First wait after a failed post; it doubles up to SEND_LOG_RETRY_MAX_MS. */
export const SEND_LOG_RETRY_MS = 5_000;
export const SEND_LOG_RETRY_MAX_MS = 5 * 60_000;

/** A hand-off list id (?lista=) as the site accepts it. */
const LIST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * @typedef {{
 *   jobId: string, operator: string, name: string, number: string, message: string,
 *   status: "sent" | "error" | "skipped", detail?: string, sentAt: string, lista?: string,
 * }} SendLogRow
 */

/**
 * The row the site stores for one queue 'message-status' (the same mapping the page used), or null
 * for a result the site could never store (a number that is not 8 to 20 digits).
 * @param {import("./queue.js").MessageStatus} status
 * @returns {SendLogRow | null}
 */
export function sendLogRowOf(status) {
  const number = String(status.number ?? "").replace(/\D/g, "");
  if (!/^\d{8,20}$/.test(number) || typeof status.jobId !== "string") return null;
  const skipped = status.code === "already-sent" || status.code === "same-person";
  const detail = status.status === "error" ? (status.error ?? status.message ?? undefined) : undefined;
  return {
    jobId: status.jobId,
    operator: String(status.operatorName || "Sistema").slice(0, 100),
    name: String(status.name || "Desconhecido").slice(0, 200),
    number,
    message: String(status.text ?? status.message ?? "").slice(0, 10_000),
    status: skipped ? "skipped" : status.status === "sent" ? "sent" : "error",
    ...(detail ? { detail: String(detail).slice(0, 500) } : {}),
    sentAt: status.at,
  };
}

/**
 * What an outbox says in the helper's window: 'Registro de Envios' by default; the replies outbox
 * (replies.js) says its own words.
 * @typedef {{
 *   failed: (count: number, error: string, seconds: number) => string,
 *   refused: (row: any, error: string) => string,
 *   unwritable: (error: string) => string,
 *   uncompacted: (error: string) => string,
 * }} OutboxTexts
 */

/** @type {OutboxTexts} */
export const SEND_LOG_TEXTS = {
  failed: (count, error, seconds) =>
    `Não foi possível gravar ${count} envio(s) no registro do site (${error}); eles ficam guardados neste computador e serão enviados de novo em ${seconds} s.`,
  refused: (row, error) => `O site recusou o registro do envio para ${row.number} (${error}); ele foi descartado.`,
  unwritable: (error) => `Não foi possível gravar o registro de envios neste computador: ${error}`,
  uncompacted: (error) => `Não foi possível organizar o registro de envios pendente: ${error}`,
};

/**
 * The outbox: rows kept in a file until the site acknowledges them (decision 068). One class for
 * every kind of row the helper owes the site: 'Registro de Envios' (`add(status)`) and the replies
 * people send (`push(row)`, decision 071), each with its own file, `post` and texts.
 * File lines: `{ type: "row", seq, row }`, `{ type: "ack", seqs }` and
 * `{ type: "job", jobId, lista }` (the hand-off list a job was started from, so its rows carry their
 * lead after a restart too). On load the file is rewritten with only what is still owed.
 * @template {{ jobId?: string | null }} [Row=SendLogRow]
 */
export class SendLogOutbox {
  /**
   * @param {{
   *   file: string,
   *   post: ((rows: Row[]) => Promise<unknown>) | null,
   *   texts?: OutboxTexts,
   *   isPermanent?: (error: unknown) => boolean,
   *   now?: () => number,
   *   setTimer?: (fn: () => void, ms: number) => unknown,
   *   clearTimer?: (timer: any) => void,
   *   retryMs?: number, retryMaxMs?: number,
   *   log?: (message: string) => void,
   *   onAcknowledged?: (count: number) => void,
   * }} options
   */
  constructor(options) {
    this.file = options.file;
    this.post = options.post;
    this.isPermanent = options.isPermanent ?? (() => false);
    this.setTimer =
      options.setTimer ??
      ((fn, ms) => {
        const timer = setTimeout(fn, ms);
        timer.unref?.();
        return timer;
      });
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer));
    this.retryMs = options.retryMs ?? SEND_LOG_RETRY_MS;
    this.retryMaxMs = options.retryMaxMs ?? SEND_LOG_RETRY_MAX_MS;
    this.log = options.log ?? (() => {});
    this.texts = options.texts ?? SEND_LOG_TEXTS;
    /** Called with how many rows the site has just acknowledged (the pages reload their log then). */
    this.onAcknowledged = options.onAcknowledged ?? (() => {});
    /** @type {Map<number, Row>} rows not yet acknowledged, by sequence number */
    this.pending = new Map();
    /** @type {Map<string, string>} job id → hand-off list id */
    this.lists = new Map();
    this.seq = 0;
    this.failures = 0;
    /** @type {unknown} */
    this.timer = null;
    /** @type {Promise<void> | null} */
    this.flushing = null;
    this.again = false;
    this.closed = false;
    this.load();
  }

  load() {
    if (!existsSync(this.file)) return;
    for (const entry of readJsonLines(this.file)) {
      if (entry?.type === "row" && Number.isInteger(entry.seq) && entry.row) {
        this.pending.set(entry.seq, entry.row);
        this.seq = Math.max(this.seq, entry.seq);
      } else if (entry?.type === "ack" && Array.isArray(entry.seqs)) {
        for (const seq of entry.seqs) this.pending.delete(seq);
      } else if (entry?.type === "job" && typeof entry.jobId === "string" && LIST_ID.test(entry.lista ?? "")) {
        this.lists.set(entry.jobId, entry.lista);
      }
    }
    // Compact: only what is still owed (and the lists of those jobs) is kept.
    const owed = new Set([...this.pending.values()].map((row) => row.jobId ?? ""));
    for (const jobId of [...this.lists.keys()]) if (!owed.has(jobId)) this.lists.delete(jobId);
    try {
      const lines = [
        ...[...this.lists].map(([jobId, lista]) => ({ type: "job", jobId, lista })),
        ...[...this.pending].map(([seq, row]) => ({ type: "row", seq, row })),
      ];
      // atomically (temp file + rename): a crash here leaves the old file, never half of one
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, lines.map((line) => `${JSON.stringify(line)}\n`).join(""), { mode: FILE_MODE });
      if (process.platform !== "win32") chmodSync(tmp, FILE_MODE);
      renameSync(tmp, this.file);
    } catch (error) {
      this.log(this.texts.uncompacted(/** @type {Error} */ (error).message));
    }
  }

  /** How many rows the site has not acknowledged yet. */
  get size() {
    return this.pending.size;
  }

  /**
   * Remembers the hand-off list a job was started from.
   * @param {string} jobId @param {unknown} lista
   */
  setList(jobId, lista) {
    if (typeof lista !== "string" || !LIST_ID.test(lista)) return;
    this.lists.set(jobId, lista);
    this.write({ type: "job", jobId, lista });
  }

  /**
   * Stores one result (durably, at once) and posts it soon.
   * @param {import("./queue.js").MessageStatus} status
   */
  add(status) {
    const row = sendLogRowOf(status);
    if (row) this.push(/** @type {Row} */ (/** @type {unknown} */ (row)));
  }

  /**
   * Stores any row (durably, at once) and posts it soon.
   * @param {Row} row
   */
  push(row) {
    const seq = ++this.seq;
    this.pending.set(seq, row);
    this.write({ type: "row", seq, row });
    this.flushSoon();
  }

  /** @param {Record<string, unknown>} line */
  write(line) {
    try {
      appendJsonLine(this.file, line);
    } catch (error) {
      this.log(this.texts.unwritable(/** @type {Error} */ (error).message));
    }
  }

  /** Posts soon (results arriving together go in one request). */
  flushSoon() {
    // after a failure the back-off timer decides when to try again
    if (this.timer !== null) return;
    queueMicrotask(() => void this.flush());
  }

  /**
   * Posts everything owed, in batches, until done or the site fails; after a failure a retry is
   * scheduled with back-off. A call while a flush runs makes it go round once more.
   * @returns {Promise<void>}
   */
  flush() {
    if (this.closed || !this.post) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    this.flushing = this.run().finally(() => {
      this.flushing = null;
      if (this.again && !this.closed) {
        this.again = false;
        if (this.failures === 0) void this.flush();
      }
    });
    return this.flushing;
  }

  async run() {
    const post = /** @type {(rows: Row[]) => Promise<unknown>} */ (this.post);
    while (this.pending.size > 0 && !this.closed) {
      const batch = [...this.pending].slice(0, SEND_LOG_BATCH);
      const rows = batch.map(([, row]) => this.withList(row));
      try {
        try {
          await post(rows);
          this.acknowledge(batch.map(([seq]) => seq));
        } catch (error) {
          if (!this.isPermanent(error)) throw error;
          // A row the site will never take must not hold the others back: they go one by one.
          for (const [seq, row] of batch) await this.postOne(post, seq, row);
        }
      } catch (error) {
        this.failures += 1;
        const delay = Math.min(this.retryMs * 2 ** (this.failures - 1), this.retryMaxMs);
        this.log(this.texts.failed(this.pending.size, /** @type {Error} */ (error).message, Math.round(delay / 1000)));
        if (!this.closed) {
          this.timer = this.setTimer(() => {
            this.timer = null;
            void this.flush();
          }, delay);
        }
        return;
      }
      this.failures = 0;
    }
  }

  /** The row with its job's hand-off list, when the job came from one. @param {Row} row @returns {Row} */
  withList(row) {
    const lista = row.jobId ? this.lists.get(row.jobId) : undefined;
    return lista ? { ...row, lista } : row;
  }

  /**
   * @param {(rows: Row[]) => Promise<unknown>} post @param {number} seq @param {Row} row
   */
  async postOne(post, seq, row) {
    try {
      await post([this.withList(row)]);
    } catch (error) {
      if (!this.isPermanent(error)) throw error;
      this.log(this.texts.refused(row, /** @type {Error} */ (error).message));
    }
    this.acknowledge([seq]);
  }

  /** @param {number[]} seqs */
  acknowledge(seqs) {
    for (const seq of seqs) this.pending.delete(seq);
    this.write({ type: "ack", seqs });
    this.onAcknowledged(seqs.length);
  }

  close() {
    this.closed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }
}
