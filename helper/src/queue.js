// The send queue: one job at a time, paced, capped, pausable. It protects the operator's number.
//
// Events (the server relays them to the page):
//   'bulk-started'   ({ jobId, total, operatorName, startedAt, expectedFinishAt, duplicates })
//   'message-status' (MessageStatus)  one per contact
//   'bulk-progress'  (BulkProgress)
//   'bulk-status'    ({ status, jobId, results, total, sent, errors, reason?, message? })
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";

import { UNKNOWN_CONTACT_NAME } from "./contacts.js";
import { isRateLimitError } from "./drivers/driver.js";
import { nextMidnight } from "./files.js";
import { jidToNumber, normalizeNumber } from "./phone.js";

/** Most contacts accepted in one job. */
export const MAX_CONTACTS_PER_JOB = 1000;
/** Longest message accepted (WhatsApp itself allows more; this is a sanity bound). */
export const MAX_MESSAGE_LENGTH = 4096;
/** How long a finished job is still replayed to a reconnecting page. */
export const REPLAY_WINDOW_MS = 10 * 60 * 1000;

export const ERROR_TEXTS = {
  "not-on-whatsapp": "Número não está no WhatsApp",
  "opted-out": "Contato pediu para não receber mensagens (SAIR/PARAR)",
  "invalid-number": "Número inválido",
  "send-failed": "Falha ao enviar",
};

export const REFUSALS = {
  "not-ready": "WhatsApp não autenticado. Você precisa escanear o QR code primeiro.",
  busy: "Já existe um envio em andamento. Aguarde o fim ou clique em Limpar.",
  "no-message": "Mensagem necessária. Por favor, informe a mensagem a ser enviada.",
  "no-contacts": "Nenhum contato válido. Por favor, verifique a lista de contatos.",
  "too-many": `Lista muito grande: no máximo ${MAX_CONTACTS_PER_JOB} contatos por envio.`,
};

/** A refused job request. */
export class JobRefused extends Error {
  /** @param {keyof typeof REFUSALS} reason */
  constructor(reason) {
    super(REFUSALS[reason]);
    this.reason = reason;
  }
}

/**
 * Replaces every `{nome}` (any case, spaces inside the braces allowed) with the contact's name.
 * @param {string} template
 * @param {string} name
 */
export function personalise(template, name) {
  return template.replace(/\{\s*nome\s*\}/gi, () => name);
}

/** @param {Date} date */
function hhmm(date) {
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/**
 * @typedef {{
 *   index: number, name: string, number: string, normalized: string, text: string,
 *   duplicateOf?: number
 * }} JobContact
 * @typedef {{
 *   jobId: string, index: number, status: "sent" | "error", number: string, normalizedNumber: string,
 *   name: string, message: string, text: string, error: string | null,
 *   code: null | "not-on-whatsapp" | "opted-out" | "invalid-number" | "send-failed",
 *   operatorName: string, at: string
 * }} MessageStatus
 * @typedef {"rate-limit" | "logged-out" | "disconnected" | "daily-cap"} PauseReason
 */

export class SendQueue extends EventEmitter {
  /**
   * @param {{
   *   driver: import("./drivers/driver.js").Driver,
   *   isReady: () => boolean,
   *   optOuts: import("./optout.js").OptOutList,
   *   dailyCounter: import("./files.js").DailyCounter,
   *   journal: (entry: Record<string, unknown>) => void,
   *   minDelayMs: number, maxDelayMs: number, dailyCap: number, rateLimitPauseMs: number,
   *   random?: () => number, now?: () => number,
   *   setTimer?: (fn: () => void, ms: number) => unknown, clearTimer?: (handle: any) => void,
   *   log?: (message: string) => void,
   * }} options
   */
  constructor(options) {
    super();
    this.driver = options.driver;
    this.isReady = options.isReady;
    this.optOuts = options.optOuts;
    this.dailyCounter = options.dailyCounter;
    this.journal = options.journal;
    this.minDelayMs = options.minDelayMs;
    this.maxDelayMs = Math.max(options.maxDelayMs, options.minDelayMs);
    this.dailyCap = options.dailyCap;
    this.rateLimitPauseMs = options.rateLimitPauseMs;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    const clear = options.clearTimer ?? ((handle) => clearTimeout(handle));
    this.clearTimer = (/** @type {any} */ handle) => {
      if (!handle?.immediate) clear(handle);
    };
    this.log = options.log ?? (() => {});
    /** @type {any} the running or paused job */
    this.job = null;
    /** @type {any} the last finished job (for replay) */
    this.lastJob = null;
    /** Earliest time the next WhatsApp call (look-up or send) may happen. */
    this.notBefore = 0;
    /** @type {number[]} every gap chosen, in order (tests read it) */
    this.gaps = [];
    /** @type {unknown} */
    this.timer = null;
    /** @type {null | "logged-out" | "disconnected"} why WhatsApp is down, if it is */
    this.downReason = null;
  }

  /** A random gap in [minDelayMs, maxDelayMs]. */
  nextGap() {
    const gap = Math.round(this.minDelayMs + this.random() * (this.maxDelayMs - this.minDelayMs));
    const bounded = Math.min(this.maxDelayMs, Math.max(this.minDelayMs, gap));
    this.gaps.push(bounded);
    return bounded;
  }

  get account() {
    return this.driver.account ?? "desconhecido";
  }

  sentToday() {
    return this.dailyCounter.get(this.account, new Date(this.now()));
  }

  /**
   * Starts a job.
   * @param {{ contacts: unknown, messageTemplate: unknown, operatorName?: unknown, kind?: "bulk" | "single" }} request
   * @returns {{ jobId: string, total: number, duplicates: number }}
   */
  start(request) {
    if (!this.isReady()) throw new JobRefused("not-ready");
    if (this.job) throw new JobRefused("busy");
    const template = typeof request.messageTemplate === "string" ? request.messageTemplate : "";
    if (template.trim() === "") throw new JobRefused("no-message");
    if (!Array.isArray(request.contacts)) throw new JobRefused("no-contacts");
    if (request.contacts.length > MAX_CONTACTS_PER_JOB) throw new JobRefused("too-many");
    const operatorName =
      typeof request.operatorName === "string" && request.operatorName.trim() !== ""
        ? request.operatorName.trim().slice(0, 100)
        : "Sistema";

    /** @type {JobContact[]} */
    const contacts = [];
    /** @type {Map<string, number>} */
    const seen = new Map();
    let duplicates = 0;
    for (const raw of request.contacts) {
      if (!raw || typeof raw !== "object") continue;
      const number = String(/** @type {any} */ (raw).number ?? "").replace(/\D/g, "");
      if (number === "") continue;
      const rawName = /** @type {any} */ (raw).name;
      const name = typeof rawName === "string" && rawName.trim() !== "" ? rawName.trim().slice(0, 200) : UNKNOWN_CONTACT_NAME;
      const normalized = normalizeNumber(number);
      if (seen.has(normalized)) {
        duplicates += 1;
        continue;
      }
      seen.set(normalized, contacts.length);
      contacts.push({
        index: contacts.length,
        name,
        number,
        normalized,
        text: personalise(template, name).slice(0, MAX_MESSAGE_LENGTH),
      });
    }
    if (contacts.length === 0) throw new JobRefused("no-contacts");

    const now = this.now();
    const job = {
      id: randomUUID(),
      kind: request.kind ?? "bulk",
      operatorName,
      contacts,
      duplicates,
      cursor: 0,
      /** @type {MessageStatus[]} */
      statuses: [],
      sent: 0,
      errors: 0,
      state: "running",
      /** @type {PauseReason | null} */
      pauseReason: null,
      /** @type {string | null} */
      pauseMessage: null,
      /** @type {number | null} */
      resumeAt: null,
      /** @type {number | null} */
      nextAt: null,
      startedAt: now,
      /** @type {number | null} */
      finishedAt: null,
      inFlight: false,
      cancelRequested: false,
      /** @type {any} */
      final: null,
    };
    this.job = job;
    this.journal({
      type: "job-started",
      jobId: job.id,
      kind: job.kind,
      at: new Date(now).toISOString(),
      operatorName,
      total: contacts.length,
      duplicates,
      account: this.driver.account,
    });
    this.log(
      `Envio iniciado por ${operatorName}: ${contacts.length} contato(s). Intervalo entre mensagens: ${Math.round(this.minDelayMs / 1000)}-${Math.round(this.maxDelayMs / 1000)} s.`,
    );
    this.schedule(Math.max(0, this.notBefore - now));
    if (job.kind === "bulk") {
      this.emit("bulk-started", {
        jobId: job.id,
        total: contacts.length,
        operatorName,
        startedAt: new Date(now).toISOString(),
        expectedFinishAt: this.progress(job).expectedFinishAt,
        duplicates,
      });
      this.emitProgress();
    }
    return { jobId: job.id, total: contacts.length, duplicates };
  }

  /**
   * Runs the next step after `ms` (at once, in a microtask, when `ms` is 0).
   * @param {number} ms
   */
  schedule(ms) {
    const job = this.job;
    if (!job) return;
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
    job.nextAt = this.now() + ms;
    const run = () => {
      if (this.job !== job) return;
      this.step().catch((error) => this.log(`Erro inesperado na fila: ${error?.stack ?? error}`));
    };
    if (ms <= 0) {
      const handle = { immediate: true };
      this.timer = handle;
      queueMicrotask(() => {
        if (this.timer !== handle) return; // cancelled or rescheduled meanwhile
        this.timer = null;
        run();
      });
      return;
    }
    this.timer = this.setTimer(() => {
      this.timer = null;
      run();
    }, ms);
  }

  /** Processes the contact at the cursor. */
  async step() {
    const job = this.job;
    if (!job || job.state !== "running" || job.inFlight) return;
    if (job.cursor >= job.contacts.length) return this.finish(job, "completed");
    if (!this.isReady()) {
      this.pause(this.downReason ?? "disconnected");
      return;
    }
    const contact = job.contacts[job.cursor];

    // Local checks: no WhatsApp call, so no gap needed afterwards.
    if (contact.normalized.length < 8 || contact.normalized.length > 15) {
      this.record(job, contact, "invalid-number");
      return this.advance(job, false);
    }
    if (this.optOuts.has(contact.normalized)) {
      this.record(job, contact, "opted-out");
      return this.advance(job, false);
    }
    const now = new Date(this.now());
    if (this.sentToday() >= this.dailyCap) {
      const midnight = nextMidnight(now);
      this.pause(
        "daily-cap",
        `Limite diário de ${this.dailyCap} mensagens atingido; o envio continua após a meia-noite.`,
        midnight.getTime(),
      );
      return;
    }

    job.inFlight = true;
    job.nextAt = null;
    let networkUsed = true;
    try {
      const jid = await this.driver.isOnWhatsApp(contact.normalized);
      if (!jid) {
        this.record(job, contact, "not-on-whatsapp");
      } else if (this.optOuts.has(jidToNumber(jid))) {
        this.record(job, contact, "opted-out");
      } else if (job.cancelRequested) {
        networkUsed = true; // cancelled between look-up and send: do not send
      } else {
        await this.driver.sendText(jid, contact.text);
        this.dailyCounter.increment(this.account, new Date(this.now()));
        this.record(job, contact, null);
      }
    } catch (error) {
      job.inFlight = false;
      this.notBefore = this.now() + this.nextGap();
      if (isRateLimitError(error)) {
        const resumeAt = this.now() + this.rateLimitPauseMs;
        this.pause("rate-limit", `O WhatsApp limitou o envio; nova tentativa às ${hhmm(new Date(resumeAt))}.`, resumeAt);
        return this.finishIfCancelled(job);
      }
      if (!this.isReady()) {
        // The connection dropped during the call: the message may or may not have left.
        this.record(job, contact, "send-failed", "conexão com o WhatsApp perdida");
        job.cursor += 1;
        if (this.finishIfCancelled(job)) return;
        if (job.cursor >= job.contacts.length) return this.finish(job, "completed");
        this.pause(this.downReason ?? "disconnected");
        return;
      }
      this.record(job, contact, "send-failed", String(/** @type {any} */ (error)?.message ?? error));
      return this.advance(job, true, true);
    }
    job.inFlight = false;
    return this.advance(job, networkUsed);
  }

  /**
   * Moves past the current contact and schedules the next one.
   * @param {any} job
   * @param {boolean} networkUsed whether a WhatsApp call happened (then a random gap follows)
   * @param {boolean} [gapAlreadySet]
   */
  advance(job, networkUsed, gapAlreadySet = false) {
    job.cursor += 1;
    if (networkUsed && !gapAlreadySet) this.notBefore = this.now() + this.nextGap();
    if (this.finishIfCancelled(job)) return;
    if (job.cursor >= job.contacts.length) return this.finish(job, "completed");
    if (job.state !== "running") return;
    this.schedule(Math.max(0, this.notBefore - this.now()));
    if (job.kind === "bulk") this.emitProgress();
  }

  /** @param {any} job */
  finishIfCancelled(job) {
    if (job.cancelRequested && job.state !== "cancelled" && job.state !== "completed") {
      this.finish(job, "cancelled");
      return true;
    }
    return false;
  }

  /**
   * @param {any} job
   * @param {any} contact
   * @param {null | "not-on-whatsapp" | "opted-out" | "invalid-number" | "send-failed"} code
   * @param {string} [detail]
   */
  record(job, contact, code, detail) {
    const error = code === null ? null : code === "send-failed" && detail ? `${ERROR_TEXTS[code]}: ${detail}` : ERROR_TEXTS[code];
    /** @type {MessageStatus} */
    const status = {
      jobId: job.id,
      index: contact.index,
      status: code === null ? "sent" : "error",
      number: contact.number,
      normalizedNumber: contact.normalized,
      name: contact.name,
      message: error ?? contact.text,
      text: contact.text,
      error,
      code,
      operatorName: job.operatorName,
      at: new Date(this.now()).toISOString(),
    };
    job.statuses.push(status);
    if (code === null) job.sent += 1;
    else job.errors += 1;
    this.journal({ type: "message-status", ...status });
    this.log(
      code === null
        ? `Enviada para ${contact.name} (${contact.number}) [${job.statuses.length}/${job.contacts.length}]`
        : `Não enviada para ${contact.name} (${contact.number}): ${error} [${job.statuses.length}/${job.contacts.length}]`,
    );
    this.emit("message-status", status);
  }

  /**
   * Pauses the running job and says why.
   * @param {PauseReason} reason
   * @param {string} [message]
   * @param {number} [resumeAt] epoch ms of an automatic resume
   */
  pause(reason, message, resumeAt) {
    const job = this.job;
    if (!job || job.state === "completed" || job.state === "cancelled") return;
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
    job.state = "paused";
    job.pauseReason = reason;
    job.pauseMessage =
      message ??
      (reason === "logged-out"
        ? "O WhatsApp foi desconectado (logout). Escaneie o QR code novamente para continuar."
        : "Conexão com o WhatsApp perdida. O envio continua quando ela voltar.");
    job.resumeAt = resumeAt ?? null;
    job.nextAt = null;
    this.journal({
      type: "job-paused",
      jobId: job.id,
      at: new Date(this.now()).toISOString(),
      reason,
      message: job.pauseMessage,
    });
    this.log(`Envio pausado: ${job.pauseMessage}`);
    if (resumeAt !== undefined) {
      this.timer = this.setTimer(
        () => {
          this.timer = null;
          this.resume(reason);
        },
        Math.max(0, resumeAt - this.now()),
      );
    }
    if (job.kind === "bulk") this.emitProgress();
  }

  /**
   * Resumes a paused job.
   * @param {PauseReason | "manual"} [cause] which pause this resume may lift; "manual" lifts
   *   only a rate-limit pause (the operator asked to retry sooner)
   * @returns {boolean}
   */
  resume(cause = "manual") {
    const job = this.job;
    if (!job || job.state !== "paused") return false;
    if (cause === "manual" && job.pauseReason !== "rate-limit") return false;
    if (cause !== "manual" && cause !== job.pauseReason) {
      // a 'ready' lifts both connection pauses
      const connection = ["logged-out", "disconnected"];
      if (!(connection.includes(cause) && connection.includes(job.pauseReason))) return false;
    }
    if (!this.isReady()) {
      if (job.pauseReason === "rate-limit" || job.pauseReason === "daily-cap") {
        job.pauseReason = "disconnected";
        job.pauseMessage = "Conexão com o WhatsApp perdida. O envio continua quando ela voltar.";
        job.resumeAt = null;
        if (job.kind === "bulk") this.emitProgress();
      }
      return false;
    }
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
    job.state = "running";
    job.pauseReason = null;
    job.pauseMessage = null;
    job.resumeAt = null;
    this.journal({ type: "job-resumed", jobId: job.id, at: new Date(this.now()).toISOString() });
    this.log("Envio retomado.");
    this.schedule(Math.max(0, this.notBefore - this.now()));
    if (job.kind === "bulk") this.emitProgress();
    return true;
  }

  /** WhatsApp became ready: lift a connection pause. */
  onReady() {
    this.downReason = null;
    this.resume("disconnected");
  }

  /**
   * WhatsApp went away: pause at once so the page can say why.
   * @param {"logged-out" | "disconnected"} reason
   */
  onDown(reason) {
    this.downReason = reason;
    const job = this.job;
    if (!job) return;
    if (job.state === "running" && !job.inFlight) this.pause(reason);
    else if (job.state === "paused" && (job.pauseReason === "rate-limit" || job.pauseReason === "daily-cap")) {
      // keep the automatic resume; it re-checks the connection
    } else if (job.state === "paused" && reason === "logged-out") {
      this.pause(reason);
    }
  }

  /**
   * Cancels the running or paused job ('Limpar').
   * @param {string} [jobId]
   * @returns {string | null} the cancelled job id
   */
  cancel(jobId) {
    const job = this.job;
    if (!job || (jobId && jobId !== job.id)) return null;
    job.cancelRequested = true;
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
    if (!job.inFlight) this.finish(job, "cancelled");
    return job.id;
  }

  /**
   * @param {any} job
   * @param {"completed" | "cancelled"} state
   */
  finish(job, state) {
    if (job.state === "completed" || job.state === "cancelled") return;
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
    job.state = state;
    job.pauseReason = null;
    job.pauseMessage = null;
    job.resumeAt = null;
    job.nextAt = null;
    job.finishedAt = this.now();
    this.job = null;
    this.lastJob = job;
    const results = job.statuses.map((/** @type {MessageStatus} */ s) => ({
      number: s.number,
      name: s.name,
      status: s.status,
      message: s.message,
    }));
    job.final = {
      status: state === "completed" ? "completed" : "error",
      jobId: job.id,
      results,
      total: job.contacts.length,
      sent: job.sent,
      errors: job.errors,
      ...(state === "cancelled" ? { reason: "cancelled", message: "Envio cancelado" } : {}),
    };
    this.journal({
      type: "job-finished",
      jobId: job.id,
      at: new Date(job.finishedAt).toISOString(),
      state,
      total: job.contacts.length,
      sent: job.sent,
      errors: job.errors,
    });
    this.log(
      state === "completed"
        ? `Envio concluído: ${job.sent} de ${job.contacts.length} mensagens enviadas (${job.errors} com erro).`
        : `Envio cancelado: ${job.sent} enviadas, ${job.contacts.length - job.statuses.length} não processadas.`,
    );
    if (job.kind === "bulk") {
      this.emitProgress(job);
      this.emit("bulk-status", job.final);
    }
  }

  /**
   * Progress of a job (the current one by default).
   * @param {any} [job]
   */
  progress(job = this.job ?? this.lastJob) {
    if (!job) return null;
    const done = job.statuses.length;
    const total = job.contacts.length;
    const pending = total - done;
    const averageGap = (this.minDelayMs + this.maxDelayMs) / 2;
    const now = this.now();
    let base = null;
    if (job.state === "running") base = job.nextAt ?? now;
    else if (job.state === "paused") base = job.resumeAt;
    const expectedFinishAt =
      pending === 0 ? (job.finishedAt ?? now) : base === null ? null : base + Math.max(0, pending - 1) * averageGap;
    return {
      jobId: job.id,
      state: job.state,
      total,
      done,
      sent: job.sent,
      errors: job.errors,
      pending,
      operatorName: job.operatorName,
      startedAt: new Date(job.startedAt).toISOString(),
      nextAt: job.state === "running" && job.nextAt !== null ? new Date(job.nextAt).toISOString() : null,
      expectedFinishAt: expectedFinishAt === null ? null : new Date(expectedFinishAt).toISOString(),
      paused: job.state === "paused",
      pauseReason: job.pauseReason,
      pauseMessage: job.pauseMessage,
      resumeAt: job.resumeAt === null ? null : new Date(job.resumeAt).toISOString(),
      dailyCap: this.dailyCap,
      sentToday: this.sentToday(),
    };
  }

  /** @param {any} [job] */
  emitProgress(job) {
    const progress = this.progress(job);
    if (progress) this.emit("bulk-progress", progress);
  }

  /**
   * The job whose statuses a reconnecting page should receive: the running/paused one, or
   * the last one if it finished within REPLAY_WINDOW_MS.
   */
  replayableJob() {
    if (this.job) return this.job;
    if (this.lastJob && this.lastJob.kind === "bulk" && this.now() - this.lastJob.finishedAt < REPLAY_WINDOW_MS)
      return this.lastJob;
    return null;
  }

  /** Stops timers (shutdown). The job stays as it is in the journal. */
  close() {
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
  }
}
