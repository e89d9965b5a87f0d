// What the send queue knows and tells (queue.js is the machine that sends): its settings and
// counters, the limits, window and holds in force now, each row's status as it is recorded,
// refused or confirmed, a job's end, its progress and the events a reconnecting page replays, and
// the erasures it applies. The rules themselves are pure, in send-rules.js.
import { EventEmitter } from "node:events";

import { ChatQuota } from "./chat-quota.js";
import { ERASED_TEXT } from "./journal.js";
import { jidToNumber, numberKey } from "./phone.js";
import {
  estimateFinish,
  isWindowOpen,
  nextWindowOpening,
  parseSendWindow,
  warmupFor,
  windowLabel,
  zonedDay,
} from "./schedule.js";
import {
  capHold,
  countStatus,
  DEFAULT_RESTRICTED_PAUSE_MS,
  ERROR_TEXTS,
  finalReport,
  jobPhase,
  pickGap,
  quotaHold,
  REPLAY_WINDOW_MS,
  restrictedMessage,
  results,
  sendKey,
  statusError,
  windowHold,
} from "./send-rules.js";

/**
 * @typedef {import("./send-rules.js").JobContact} JobContact
 * @typedef {import("./send-rules.js").MessageStatus} MessageStatus
 * @typedef {import("./send-rules.js").StatusCode} StatusCode
 * @typedef {import("./send-rules.js").SiteCheck} SiteCheck
 * @typedef {import("./send-rules.js").ChatCap} ChatCap
 * @typedef {import("./send-rules.js").Hold} Hold
 */

export class QueueState extends EventEmitter {
  /**
   * @param {{
   *   driver: import("./drivers/driver.js").Driver,
   *   isReady: () => boolean,
   *   optOuts: import("./optout.js").OptOutList,
   *   dailyCounter: import("./files.js").DailyCounter,
   *   journal: (entry: Record<string, unknown>) => void,
   *   minDelayMs: number, maxDelayMs: number, dailyCap: number, rateLimitPauseMs: number,
   *   restrictedPauseMs?: number,
   *   sendWindow?: import("./schedule.js").SendWindow,
   *   warmupSteps?: number[], firstSendDays?: import("./files.js").FirstSendDays | null,
   *   restriction?: { get: () => number | null, set: (until: number | null) => void },
   *   chatQuota?: ChatQuota,
   *   siteCheck?: SiteCheck | null,
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
    this.restrictedPauseMs = options.restrictedPauseMs ?? DEFAULT_RESTRICTED_PAUSE_MS;
    /** the queue alone sends at any hour; the helper passes its configured window */
    this.sendWindow = options.sendWindow ?? /** @type {import("./schedule.js").SendWindow} */ (parseSendWindow("always"));
    this.warmupSteps = options.warmupSteps ?? [];
    this.firstSendDays = options.firstSendDays ?? null;
    this.restriction = options.restriction ?? { get: () => null, set: () => {} };
    /** WhatsApp's new-chat quota per its cycle (decision 067); in memory unless the helper gives its file */
    this.chatQuota = options.chatQuota ?? new ChatQuota(null);
    /** @type {string | null} the last thing WhatsApp's restriction or quota changed, in pt-BR (helper-state's notice) */
    this.notice = null;
    this.siteCheck = options.siteCheck ?? null;
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
    /** @type {Map<string, { job: any, index: number }>} sent message id → its contact (for refusals) */
    this.sentIds = new Map();
    /** @type {Map<string, number>} numberKey + text → when this helper sent it (last 7 days) */
    this.recentSends = new Map();
    /** @type {Map<string, { job: any, index: number }>} message id → a send cut off by a restart, 'Erro' until WhatsApp confirms it */
    this.unconfirmed = new Map();
  }

  /** A random gap in [minDelayMs, maxDelayMs] (send-rules.js pickGap), remembered in `gaps`. */
  nextGap() {
    const gap = pickGap(this.minDelayMs, this.maxDelayMs, this.random);
    this.gaps.push(gap);
    return gap;
  }

  get account() {
    return this.driver.account ?? "desconhecido";
  }

  sentToday() {
    return this.dailyCounter.get(this.account, new Date(this.now()));
  }

  /** WhatsApp's new-chat quota in this cycle (helper-state's `limits.chatQuota`), or null before its first report. */
  quotaState() {
    return this.chatQuota.state(this.account, this.now());
  }

  /**
   * WhatsApp's quota said as today's ceiling (sent today + new chats left in its cycle), so that it
   * compares with ours; null: WhatsApp states no limit. The cycle, not the day, holds the count.
   */
  whatsappCap() {
    const quota = this.quotaState();
    if (!quota || quota.remaining === null) return null;
    return this.sentToday() + quota.remaining;
  }

  /** Today's warm-up of the sending number, or null when it is over (or off). */
  warmup() {
    if (this.warmupSteps.length === 0) return null;
    const first = this.firstSendDays?.get(this.account) ?? null;
    return warmupFor(this.warmupSteps, first, zonedDay(this.now()));
  }

  /**
   * What decides on which days messages go (helper-state's `limits.plan`): the page estimates a
   * list's sending time with it (schedule.js estimateFinish), as the helper does for a job.
   * @returns {import("./schedule.js").SendPlan}
   */
  sendPlan() {
    return {
      window: this.sendWindow,
      dailyCap: this.dailyCap,
      warmupSteps: this.warmupSteps,
      firstSendDay: this.firstSendDays?.get(this.account) ?? null,
      today: zonedDay(this.now()),
      sentToday: this.sentToday(),
      todayCap: this.whatsappCap(),
    };
  }

  /** The limits in force now (helper-state's `limits`). */
  limits() {
    const warm = this.warmup();
    const whatsappCap = this.whatsappCap();
    return {
      minDelayMs: this.minDelayMs,
      maxDelayMs: this.maxDelayMs,
      dailyCap: this.dailyCap,
      sentToday: this.sentToday(),
      whatsappCap,
      warmupCap: warm?.cap ?? null,
      effectiveCap: Math.min(this.dailyCap, warm?.cap ?? Infinity, whatsappCap ?? Infinity),
      warmupDay: warm?.day ?? null,
      chatQuota: this.quotaState(),
      plan: this.sendPlan(),
    };
  }

  /** The sending window now (helper-state's `window`). */
  windowState() {
    const now = this.now();
    const open = isWindowOpen(this.sendWindow, now);
    return {
      always: this.sendWindow.always,
      open,
      label: windowLabel(this.sendWindow),
      nextOpenAt: open ? null : new Date(nextWindowOpening(this.sendWindow, now)).toISOString(),
    };
  }

  /** Until when WhatsApp's restriction stops sending (epoch ms), or null. */
  restrictedUntil() {
    const until = this.restriction.get();
    return until !== null && until > this.now() ? until : null;
  }

  /**
   * Why nothing may be sent now, if so: WhatsApp's restriction (until its end; only the operator
   * resumes), outside the sending window (until the next opening), WhatsApp's new-chat quota used
   * up in its cycle, a capping warning not yet passed by the operator (bulk jobs only), or our own
   * or the warm-up's daily cap (send-rules.js).
   * @param {number} nowMs
   * @param {"bulk" | "single"} [kind]
   * @returns {Hold | null}
   */
  hold(nowMs, kind = "bulk") {
    const restricted = this.restrictedUntil();
    if (restricted !== null) return { reason: "restricted", message: restrictedMessage(restricted), resumeAt: restricted };
    return (
      windowHold(this.sendWindow, nowMs) ??
      quotaHold(this.quotaState(), this.sendWindow, nowMs, kind) ??
      capHold(this.limits(), this.sendWindow, nowMs)
    );
  }

  /**
   * Whether the operator's 'Retomar' may lift this pause: a rate-limit wait, a restored job, and a
   * restriction once its waiting period is over.
   * @param {any} job
   */
  canResume(job) {
    if (!job || job.state !== "paused") return false;
    if (job.pauseReason === "rate-limit" || job.pauseReason === "restored" || job.pauseReason === "chat-cap-warning") return true;
    if (job.pauseReason === "restricted") return this.restrictedUntil() === null;
    return false;
  }

  /**
   * 'bulk-started': the job and every one of its rows (each line of the list, a duplicate too), so
   * the page's 'Status dos Envios' has exactly the helper's rows (decision 072).
   * @param {any} job
   * @param {boolean} [replay] sent again to a page that (re)connects
   */
  startedEvent(job, replay = false) {
    const live = job.state === "running" || job.state === "paused";
    return {
      jobId: job.id,
      total: job.contacts.length,
      operatorName: job.operatorName,
      startedAt: new Date(job.startedAt).toISOString(),
      expectedFinishAt: this.progress(job)?.expectedFinishAt ?? null,
      duplicates: job.duplicates,
      contacts: job.contacts.map((/** @type {JobContact} */ c) => ({ index: c.index, name: c.name, number: c.number })),
      ...(replay
        ? {
            replay: true,
            // live, or finished within REPLAY_WINDOW_MS: a page that follows no job shows it; an older
            // one only brings up to date the page that was following it
            recent: live || (job.finishedAt !== null && this.now() - job.finishedAt < REPLAY_WINDOW_MS),
          }
        : {}),
    };
  }

  /** @param {string} id @param {any} job @param {number} index */
  rememberSent(id, job, index) {
    this.sentIds.set(id, { job, index });
    if (this.sentIds.size > 5000) this.sentIds.delete(/** @type {string} */ (this.sentIds.keys().next().value));
  }

  /**
   * WhatsApp refused a message we sent ('message-refused'): its contact becomes an error with the
   * driver's pt-BR reason, told to the page as a second message-status.
   * @param {{ id?: string | null, jid?: string | null, code?: number | null, reason?: string }} info
   */
  onRefused(info) {
    let found = info.id ? this.sentIds.get(info.id) : undefined;
    if (!found && info.jid) {
      // no id to match: the latest sent status for that number in the current or last job
      const key = numberKey(jidToNumber(info.jid));
      for (const job of [this.job, this.lastJob]) {
        const status = job?.statuses.findLast(
          (/** @type {MessageStatus} */ s) => s.status === "sent" && numberKey(s.normalizedNumber) === key,
        );
        if (status) {
          found = { job, index: status.index };
          break;
        }
      }
    }
    const reason = info.reason || `${ERROR_TEXTS.refused}${info.code ? ` (código ${info.code})` : ""}`;
    if (!found) {
      this.log(`${reason} (${jidToNumber(info.jid) || "mensagem desconhecida"}).`);
      return;
    }
    const { job, index } = found;
    const position = job.statuses.findIndex((/** @type {MessageStatus} */ s) => s.index === index);
    const previous = job.statuses[position];
    if (!previous || previous.code === "refused") return;
    /** @type {MessageStatus} */
    const status = {
      ...previous,
      status: "error",
      code: "refused",
      error: reason,
      message: reason,
      at: new Date(this.now()).toISOString(),
    };
    job.statuses[position] = status;
    if (previous.status === "sent") {
      job.sent -= 1;
      job.errors += 1;
    }
    const contact = job.contacts[index];
    if (contact) this.recentSends.delete(sendKey(contact.normalized, contact.text));
    this.journal({ type: "message-status", ...status });
    this.log(`Recusada pelo WhatsApp: ${status.name} (${status.number}): ${reason}`);
    this.emit("message-status", status);
    if (job.final) {
      job.final.sent = job.sent;
      job.final.errors = job.errors;
      job.final.results = results(job); // kept for a replay
    }
    // the page's counters are the helper's: a refusal after the end changes them too
    if (job.kind === "bulk") this.emitProgress(job);
  }

  /**
   * WhatsApp acknowledged a message ('message-acked': its server's ack or a delivery receipt). A
   * send cut off by a restart, recorded 'Erro' because it might not have left, becomes 'Enviado':
   * the page and the send log are told, and it counts in today's sends.
   * @param {{ id?: string | null }} info
   */
  onAcked(info) {
    const found = info.id ? this.unconfirmed.get(info.id) : undefined;
    if (!found) return;
    this.unconfirmed.delete(/** @type {string} */ (info.id));
    const { job, index } = found;
    const position = job.statuses.findIndex((/** @type {MessageStatus} */ s) => s.index === index);
    const previous = job.statuses[position];
    const contact = job.contacts[index];
    if (!previous || previous.code !== "send-failed" || !contact) return;
    const at = this.now();
    /** @type {MessageStatus} */
    const status = {
      ...previous,
      status: "sent",
      code: null,
      error: null,
      message: contact.text,
      at: new Date(at).toISOString(),
    };
    job.statuses[position] = status;
    job.errors -= 1;
    job.sent += 1;
    this.dailyCounter.increment(this.account, new Date(at));
    this.recentSends.set(sendKey(contact.normalized, contact.text), at);
    this.rememberSent(/** @type {string} */ (info.id), job, index);
    this.journal({ type: "message-status", ...status });
    this.log(`O WhatsApp confirmou a mensagem para ${contact.name} (${contact.number}) enviada antes do reinício: Enviada.`);
    this.emit("message-status", status);
    if (job.final) {
      job.final.sent = job.sent;
      job.final.errors = job.errors;
      job.final.results = results(job);
    }
    if (job.kind === "bulk") this.emitProgress(job);
  }

  /**
   * @param {any} job
   * @param {any} contact
   * @param {StatusCode} code
   * @param {string} [detail]
   */
  record(job, contact, code, detail) {
    const error = statusError(code, detail);
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
    countStatus(job, status);
    this.journal({ type: "message-status", ...status });
    this.log(
      code === null
        ? `Enviada para ${contact.name} (${contact.number}) [${job.statuses.length}/${job.contacts.length}]`
        : `Não enviada para ${contact.name} (${contact.number}): ${error} [${job.statuses.length}/${job.contacts.length}]`,
    );
    this.emit("message-status", status);
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
    job.final = finalReport(job);
    this.journal({
      type: "job-finished",
      jobId: job.id,
      at: new Date(job.finishedAt).toISOString(),
      state,
      total: job.contacts.length,
      sent: job.sent,
      errors: job.errors,
      skipped: job.skipped,
      optedOut: job.optedOut,
    });
    const skippedText =
      (job.skipped ? `, ${job.skipped} ignorada(s): já enviadas antes ou mesma pessoa` : "") +
      (job.optedOut ? `, ${job.optedOut} descadastrada(s): pediram para não receber` : "");
    this.log(
      state === "completed"
        ? `Envio concluído: ${job.sent} de ${job.contacts.length} mensagens enviadas (${job.errors} com erro${skippedText}).`
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
    else if (job.state === "paused" && job.pauseReason !== "restricted") base = job.resumeAt;
    // the window, our cap and the warm-up's decide on which days the rest goes (schedule.js)
    const expectedFinishAt =
      pending === 0
        ? (job.finishedAt ?? now)
        : base === null
          ? null
          : estimateFinish({ from: base, pending, gapMs: averageGap, plan: this.sendPlan() });
    const limits = this.limits();
    return {
      jobId: job.id,
      state: job.state,
      phase: jobPhase(job, now),
      // the page's counters are these (decision 072): sent + errors + skipped + optedOut + pending = total
      total,
      done,
      sent: job.sent,
      errors: job.errors,
      skipped: job.skipped,
      optedOut: job.optedOut,
      pending,
      duplicates: job.duplicates ?? 0,
      operatorName: job.operatorName,
      startedAt: new Date(job.startedAt).toISOString(),
      nextAt: job.state === "running" && job.nextAt !== null ? new Date(job.nextAt).toISOString() : null,
      expectedFinishAt: expectedFinishAt === null ? null : new Date(expectedFinishAt).toISOString(),
      paused: job.state === "paused",
      pauseReason: job.pauseReason,
      pauseMessage: job.pauseMessage,
      resumeAt: job.resumeAt === null ? null : new Date(job.resumeAt).toISOString(),
      canResume: this.canResume(job),
      restored: job.restored === true,
      allowRepeat: job.allowRepeat,
      optOutFooter: job.optOutFooter,
      finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
      dailyCap: this.dailyCap,
      effectiveCap: limits.effectiveCap,
      sentToday: limits.sentToday,
      chatQuota: limits.chatQuota,
      /** the helper's own counters after this change (sent today, caps, WhatsApp's quota): what the page shows */
      limits,
    };
  }

  /** @param {any} [job] */
  emitProgress(job) {
    const progress = this.progress(job);
    if (progress) this.emit("bulk-progress", progress);
  }

  /**
   * The job whose rows a (re)connecting page should receive: the running/paused one, or the last
   * bulk job however long ago it finished (restored from the journal after a restart). Whether a
   * page that follows no job shows it is the `recent` of its replayed 'bulk-started'.
   */
  replayableJob() {
    if (this.job) return this.job;
    if (this.lastJob && this.lastJob.kind === "bulk") return this.lastJob;
    return null;
  }

  /**
   * What a page receives right after connecting (after 'helper-state'), in order: the job's
   * 'bulk-started' (its rows), every result so far, its 'bulk-progress' (the counters) and, if it
   * ended, its 'bulk-status', each marked `replay: true` except the progress.
   * @returns {[event: string, payload: any][]}
   */
  replayEvents() {
    const job = this.replayableJob();
    if (!job) return [];
    /** @type {[string, any][]} */
    const events = [];
    if (job.kind === "bulk") events.push(["bulk-started", this.startedEvent(job, true)]);
    for (const status of [...job.statuses].sort((a, b) => a.index - b.index))
      events.push(["message-status", { ...status, replay: true }]);
    if (job.kind === "bulk") {
      events.push(["bulk-progress", this.progress(job)]);
      if (job.final) events.push(["bulk-status", { ...job.final, replay: true }]);
    }
    return events;
  }

  /**
   * People the site erased: their number, name and text leave the jobs held in memory (a replay to
   * the page no longer shows them) and this helper's memory of its sends; a contact not yet
   * processed is skipped ('erased'), never sent.
   * @param {Set<string>} keys numberKeys of the erased numbers
   */
  forget(keys) {
    const hit = (/** @type {unknown} */ value) => {
      const digits = String(value ?? "").replace(/\D/g, "");
      return digits !== "" && keys.has(numberKey(digits));
    };
    for (const job of [this.job, this.lastJob]) {
      if (!job) continue;
      for (const contact of job.contacts) {
        if (hit(contact.normalized)) Object.assign(contact, { name: "", number: "", normalized: "", text: "", erased: true });
      }
      job.statuses = job.statuses.map((/** @type {MessageStatus} */ s) =>
        hit(s.normalizedNumber)
          ? { ...s, number: "", normalizedNumber: "", name: "", text: "", message: ERASED_TEXT, error: ERASED_TEXT }
          : s,
      );
      for (const jid of [...job.jids.keys()]) if (hit(jid)) job.jids.delete(jid);
      if (job.final) job.final.results = results(job);
    }
    for (const key of [...this.recentSends.keys()]) if (keys.has(key.split("\n")[0])) this.recentSends.delete(key);
  }

  /** Stops timers (shutdown). The job stays as it is in the journal. */
  close() {
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
  }
}
