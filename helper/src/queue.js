// The send queue: one job at a time, paced, capped, pausable. It protects the operator's number.
//
// Events (the server relays them to the page):
//   'bulk-started'   ({ jobId, total, operatorName, startedAt, expectedFinishAt, duplicates })
//   'message-status' (MessageStatus)  one per contact; a refusal comes later as a second one
//   'bulk-progress'  (BulkProgress)
//   'bulk-status'    ({ status, jobId, results, total, sent, errors, skipped, reason?, message? })
//
// Rules, in the order step() applies them to the contact at the cursor: invalid number, opt-out,
// already sent (same text in the last 7 days, unless the job allows repeats) are skipped without
// calling WhatsApp; then nothing goes while WhatsApp restricts the account, outside the sending
// window, or at the effective cap (the lowest of ours, the warm-up's and WhatsApp's).
//
// This file is the machine (start, step, pause, resume, cancel, restore); what the queue knows and
// tells (limits, holds, rows, progress, replay) is QueueState in queue-state.js, and the rules
// themselves are pure, in send-rules.js.
import { randomUUID } from "node:crypto";

import { warningMessage } from "./chat-quota.js";
import { personalise } from "./contacts.js";
import { isRateLimitError } from "./drivers/driver.js";
import { jidToNumber, numberProblem } from "./phone.js";
import { QueueState } from "./queue-state.js";
import { formatDayMonth, zonedDay } from "./schedule.js";
import {
  finalReport,
  hhmm,
  jobContacts,
  JobRefused,
  journalJob,
  journalSends,
  MAX_CONTACTS_PER_JOB,
  newJob,
  operatorNameOf,
  OPT_OUT_FOOTER,
  REPEAT_WINDOW_MS,
  RESTORED_MESSAGE,
  restrictedMessage,
  sameAs,
  sendKey,
} from "./send-rules.js";

export { personalise };
export {
  DEFAULT_RESTRICTED_PAUSE_MS,
  ERROR_TEXTS,
  jobPhase,
  JobRefused,
  MAX_CONTACTS_PER_JOB,
  MAX_MESSAGE_LENGTH,
  OPT_OUT_FOOTER,
  REFUSALS,
  REPEAT_WINDOW_MS,
  REPLAY_WINDOW_MS,
  RESTORED_MESSAGE,
  restrictedMessage,
} from "./send-rules.js";

/**
 * @typedef {import("./send-rules.js").JobContact} JobContact
 * @typedef {import("./send-rules.js").StatusCode} StatusCode
 * @typedef {import("./send-rules.js").MessageStatus} MessageStatus
 * @typedef {import("./send-rules.js").PauseReason} PauseReason
 * @typedef {import("./send-rules.js").SiteCheck} SiteCheck
 * @typedef {import("./send-rules.js").ChatCap} ChatCap
 * @typedef {import("./send-rules.js").Hold} Hold
 */

/** Longest delay a timer can hold (setTimeout's limit); longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class SendQueue extends QueueState {
  /**
   * WhatsApp's new-chat limit changed ('chat-cap').
   * @param {ChatCap} cap
   */
  onChatCap(cap) {
    const now = this.now();
    const { warningRaised } = this.chatQuota.report(this.account, cap, now);
    const quota = this.quotaState();
    if (quota) this.log(quota.text);
    const job = this.job;
    const live = job && job.state !== "completed" && job.state !== "cancelled";
    if (warningRaised) {
      this.notice = warningMessage(warningRaised);
      this.log(this.notice);
      // a running job stops at once; a paused one meets the warning when it goes on (hold)
      if (live && job.kind === "bulk" && job.state === "running") this.pause("chat-cap-warning", this.notice);
    } else if (live && job.state === "paused" && (job.pauseReason === "chat-cap" || job.pauseReason === "chat-cap-warning")) {
      // WhatsApp's new report may give room again (a new cycle, a larger quota, no more warning)
      const hold = this.hold(now, job.kind);
      if (hold === null) {
        this.notice = "O WhatsApp renovou o limite de novas conversas: o envio continua.";
        this.log(this.notice);
        this.resume(job.pauseReason);
        return;
      }
      if (hold.reason === "chat-cap") this.pause("chat-cap", hold.message, hold.resumeAt);
    }
    if (this.job?.kind === "bulk") this.emitProgress();
  }

  /**
   * WhatsApp lifted the reach-out time-lock ('account-unrestricted'): the restriction is over, a
   * job it stopped goes on by itself, and the page is told.
   * @returns {boolean} whether there was a restriction to lift
   */
  onRestrictionLifted() {
    const job = this.job;
    const stopped = job && job.state === "paused" && job.pauseReason === "restricted";
    if (this.restriction.get() === null && !stopped) return false;
    this.restriction.set(null);
    this.notice = stopped
      ? "O WhatsApp retirou a restrição desta conta: o envio foi retomado."
      : "O WhatsApp retirou a restrição desta conta: já é possível enviar.";
    this.log(this.notice);
    if (stopped) this.resume("restricted");
    return true;
  }

  /**
   * WhatsApp restricted the account (a 463 refusal): stop the job until `until` (or the default
   * wait); the operator may resume only after that.
   * @param {{ message?: string, until?: Date | null }} info
   */
  onRestricted(info) {
    const now = this.now();
    const until = Math.max(info.until ? info.until.getTime() : now + this.restrictedPauseMs, this.restriction.get() ?? 0);
    this.restriction.set(until);
    this.notice = restrictedMessage(until);
    this.log(`${restrictedMessage(until)}${info.message ? ` (${info.message})` : ""}`);
    const job = this.job;
    if (job && job.state !== "completed" && job.state !== "cancelled") this.pause("restricted", restrictedMessage(until), until);
  }

  /**
   * Starts a job.
   * @param {{
   *   contacts: unknown, messageTemplate: unknown, operatorName?: unknown, kind?: "bulk" | "single",
   *   allowRepeat?: unknown, optOutFooter?: unknown,
   * }} request
   * @returns {{ jobId: string, total: number, duplicates: number }}
   */
  start(request) {
    if (!this.isReady()) throw new JobRefused("not-ready");
    if (this.job) throw new JobRefused("busy");
    const restricted = this.restrictedUntil();
    if (restricted !== null) throw new JobRefused("restricted", restrictedMessage(restricted));
    const template = typeof request.messageTemplate === "string" ? request.messageTemplate : "";
    if (template.trim() === "") throw new JobRefused("no-message");
    if (!Array.isArray(request.contacts)) throw new JobRefused("no-contacts");
    if (request.contacts.length > MAX_CONTACTS_PER_JOB) throw new JobRefused("too-many");
    const operatorName = operatorNameOf(request.operatorName);
    const allowRepeat = request.allowRepeat === true;
    const optOutFooter = request.optOutFooter !== false;
    const footer = optOutFooter ? `\n\n${OPT_OUT_FOOTER}` : "";

    const { contacts, duplicates, joined } = jobContacts(request.contacts, template, footer);
    if (contacts.length === 0) throw new JobRefused("no-contacts");
    // a single message the page does not follow as a job: refused now rather than held for hours
    const hold = request.kind === "single" ? this.hold(this.now(), "single") : null;
    if (hold && hold.reason !== "restricted") throw new JobRefused(hold.reason, hold.message);

    const now = this.now();
    const job = newJob({
      id: randomUUID(),
      kind: request.kind ?? "bulk",
      operatorName,
      contacts,
      duplicates,
      allowRepeat,
      optOutFooter,
      startedAt: now,
    });
    this.job = job;
    // the contacts and texts go in the journal so that a restart can bring the job back
    this.journal({
      type: "job-started",
      jobId: job.id,
      kind: job.kind,
      at: new Date(now).toISOString(),
      operatorName,
      total: contacts.length,
      duplicates,
      account: this.driver.account,
      allowRepeat,
      optOutFooter,
      contacts,
    });
    for (const line of joined) this.log(line);
    this.log(
      `Envio iniciado por ${operatorName}: ${contacts.length} contato(s). Intervalo entre mensagens: ${Math.round(this.minDelayMs / 1000)}-${Math.round(this.maxDelayMs / 1000)} s.`,
    );
    this.schedule(Math.max(0, this.notBefore - now));
    if (job.kind === "bulk") {
      this.emit("bulk-started", this.startedEvent(job));
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

  /**
   * Before the first contact of a run: the site's opt-outs, and which contacts already got this
   * text in the last 7 days (the site's log, and this helper's own journal).
   * @param {any} job
   */
  async prepare(job) {
    if (this.siteCheck) await this.siteCheck.beforeJob().catch(() => {});
    if (job.allowRepeat) return;
    const pending = job.contacts.slice(job.cursor);
    /** @type {Record<string, string>} */
    let fromSite = {};
    if (this.siteCheck && pending.length > 0) {
      fromSite = await this.siteCheck.alreadySent(
        pending.map((/** @type {JobContact} */ c) => ({ number: c.number, text: c.text })),
      );
    }
    const since = this.now() - REPEAT_WINDOW_MS;
    for (const contact of pending) {
      const local = this.recentSends.get(sendKey(contact.normalized, contact.text));
      const at = fromSite[contact.number] ?? (local !== undefined && local >= since ? new Date(local).toISOString() : undefined);
      if (at) job.alreadySent.set(contact.index, at);
    }
  }

  /** Processes the contact at the cursor. */
  async step() {
    const job = this.job;
    if (!job || job.state !== "running" || job.inFlight) return;
    if (!job.prepared) {
      job.inFlight = true;
      try {
        await this.prepare(job);
      } catch (error) {
        this.log(`Não foi possível consultar os envios anteriores: ${/** @type {Error} */ (error)?.message ?? error}`);
      }
      job.inFlight = false;
      job.prepared = true;
      if (this.finishIfCancelled(job)) return;
      if (job.state !== "running") return;
    }
    if (job.cursor >= job.contacts.length) return this.finish(job, "completed");
    if (!this.isReady()) {
      this.pause(this.downReason ?? "disconnected");
      return;
    }
    const contact = job.contacts[job.cursor];

    // Local checks: no WhatsApp call, so no gap needed afterwards.
    if (contact.erased) {
      this.record(job, contact, "erased");
      return this.advance(job, false);
    }
    if (contact.duplicateOf !== undefined) {
      this.record(job, contact, "same-person", sameAs(job.contacts[contact.duplicateOf]));
      return this.advance(job, false);
    }
    const problem = contact.normalized.length < 8 || contact.normalized.length > 15 ? "" : numberProblem(contact.number);
    if (problem !== null) {
      this.record(job, contact, "invalid-number", problem || undefined);
      return this.advance(job, false);
    }
    if (this.optOuts.has(contact.normalized)) {
      this.record(job, contact, "opted-out");
      return this.advance(job, false);
    }
    const earlier = job.alreadySent.get(contact.index);
    if (earlier) {
      this.record(job, contact, "already-sent", `já enviado em ${formatDayMonth(Date.parse(earlier))}`);
      return this.advance(job, false);
    }
    const hold = this.hold(this.now(), job.kind);
    if (hold) {
      this.pause(hold.reason, hold.message, hold.resumeAt);
      return;
    }

    job.inFlight = true;
    job.nextAt = null;
    let networkUsed = true;
    let sendSkipped = false;
    try {
      const jid = await this.driver.isOnWhatsApp(contact.normalized);
      // two lines WhatsApp resolves to one account are one person: the later one is not sent
      const earlierLine = jid ? job.jids.get(jidToNumber(jid)) : undefined;
      if (!jid) {
        this.record(job, contact, "not-on-whatsapp");
      } else if (this.optOuts.has(jidToNumber(jid))) {
        this.record(job, contact, "opted-out");
      } else if (earlierLine !== undefined) {
        this.record(job, contact, "same-person", sameAs(job.contacts[earlierLine]));
      } else if (job.cancelRequested || job.state !== "running") {
        // cancelled or stopped (a restriction) between look-up and send: do not send
        sendSkipped = true;
      } else {
        // the id goes in the journal first: after a kill mid-send, WhatsApp's receipt for it proves the send
        const messageId = this.driver.newMessageId();
        this.journal({
          type: "message-sending",
          jobId: job.id,
          index: contact.index,
          jid: jidToNumber(jid),
          ...(messageId ? { messageId } : {}),
          at: new Date(this.now()).toISOString(),
        });
        const sent = await this.driver.sendText(jid, contact.text, messageId ? { id: messageId } : undefined);
        job.jids.set(jidToNumber(jid), contact.index);
        const at = this.now();
        this.dailyCounter.increment(this.account, new Date(at));
        this.chatQuota.noteSend(this.account, at);
        this.firstSendDays?.note(this.account, zonedDay(at));
        this.recentSends.set(sendKey(contact.normalized, contact.text), at);
        const id = /** @type {any} */ (sent)?.id;
        if (typeof id === "string" && id) this.rememberSent(id, job, contact.index);
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
    if (sendSkipped) {
      // the contact stays at the cursor: it is tried again if the job resumes
      this.notBefore = this.now() + this.nextGap();
      this.finishIfCancelled(job);
      return;
    }
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
   * Pauses the running job and says why.
   * @param {PauseReason} reason
   * @param {string} [message]
   * @param {number} [resumeAt] epoch ms of an automatic resume (for 'restricted': from when the
   *   operator may resume; it never resumes by itself)
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
        : reason === "restored"
          ? RESTORED_MESSAGE
          : "Conexão com o WhatsApp perdida. O envio continua quando ela voltar.");
    job.resumeAt = resumeAt ?? null;
    job.nextAt = null;
    this.journal({
      type: "job-paused",
      jobId: job.id,
      at: new Date(this.now()).toISOString(),
      reason,
      message: job.pauseMessage,
      ...(resumeAt !== undefined ? { resumeAt: new Date(resumeAt).toISOString() } : {}),
    });
    this.log(`Envio pausado: ${job.pauseMessage}`);
    if (resumeAt !== undefined) this.armResume(job, reason, resumeAt);
    if (job.kind === "bulk") this.emitProgress();
  }

  /**
   * The timer of a pause with a resume time: it resumes the job then ('restricted' only tells the
   * page that 'Retomar' is allowed now). Waits longer than a timer can hold are taken in parts.
   * @param {any} job @param {PauseReason} reason @param {number} resumeAt
   */
  armResume(job, reason, resumeAt) {
    const wait = Math.max(0, resumeAt - this.now());
    this.timer = this.setTimer(
      () => {
        this.timer = null;
        if (this.job !== job || job.state !== "paused" || job.pauseReason !== reason) return;
        if (this.now() < resumeAt) return this.armResume(job, reason, resumeAt); // woke early (or a long wait in parts)
        if (reason === "restricted") {
          this.log("O período de espera da restrição terminou: o envio pode ser retomado pela página.");
          if (job.kind === "bulk") this.emitProgress();
          return;
        }
        this.resume(reason);
      },
      Math.min(wait, MAX_TIMER_MS),
    );
  }

  /**
   * Resumes a paused job.
   * @param {PauseReason | "manual"} [cause] which pause this resume may lift; "manual" (the
   *   operator's 'Retomar') lifts only what canResume allows
   * @returns {boolean}
   */
  resume(cause = "manual") {
    const job = this.job;
    if (!job || job.state !== "paused") return false;
    if (cause === "manual" && !this.canResume(job)) return false;
    if (cause !== "manual" && cause !== job.pauseReason) {
      // a 'ready' lifts both connection pauses
      const connection = ["logged-out", "disconnected"];
      if (!(connection.includes(cause) && connection.includes(job.pauseReason))) return false;
    }
    if (job.pauseReason === "restricted") this.restriction.set(null);
    // 'Retomar' after a capping warning: the operator goes past this warning for the rest of its cycle
    if (job.pauseReason === "chat-cap-warning" && cause === "manual") this.chatQuota.acknowledge(this.account, this.now());
    job.prepared = false; // after a pause (hours, days, a restart) the site's lists are asked again
    if (!this.isReady()) {
      if (
        ["rate-limit", "daily-cap", "outside-window", "restored", "restricted", "chat-cap", "chat-cap-warning"].includes(
          job.pauseReason,
        )
      ) {
        job.pauseReason = "disconnected";
        job.pauseMessage = "Conexão com o WhatsApp perdida. O envio continua quando ela voltar.";
        job.resumeAt = null;
        if (job.kind === "bulk") this.emitProgress();
        return cause === "manual";
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
    else if (
      job.state === "paused" &&
      ["rate-limit", "daily-cap", "outside-window", "restricted", "restored", "chat-cap", "chat-cap-warning"].includes(
        job.pauseReason,
      )
    ) {
      // keep the pause and its timer; an automatic resume re-checks the connection
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
   * Reads the journal after a restart: this helper's sends of the last 7 days (so the same text is
   * not sent twice), and the bulk job that had not finished, brought back paused ('restored') with
   * its progress. A contact whose send began but was never confirmed is not sent again: it is
   * marked failed, as the message may have left.
   * @param {Record<string, any>[]} entries the journal, oldest first
   * @returns {boolean} whether a job was restored
   */
  restore(entries) {
    const { recentSends, sendDays } = journalSends(entries, this.now() - REPEAT_WINDOW_MS);
    // a number that sent before this version kept first-send days is not "new": its warm-up starts from then
    for (const [account, day] of sendDays) this.firstSendDays?.note(account, day);
    for (const [key, at] of recentSends) this.recentSends.set(key, at);
    if (this.job) return false;
    const found = journalJob(entries, this.now());
    if (!found) return false;
    const { job, finished, byIndex, sending, sendingIds } = found;
    if (finished) {
      // a finished job is the last job again: a page that was following it gets every row's result
      job.state = finished.state === "cancelled" ? "cancelled" : "completed";
      job.finishedAt = Date.parse(finished.at) || this.now();
      job.final = finalReport(job);
      this.lastJob = job;
      return false;
    }
    job.restored = true;
    this.job = job;
    for (const index of sending) {
      if (byIndex.has(index) || !job.contacts[index]) continue;
      this.record(
        job,
        job.contacts[index],
        "send-failed",
        "o programa auxiliar foi encerrado durante o envio; confira no WhatsApp se a mensagem chegou",
      );
      const messageId = sendingIds.get(index);
      if (messageId) this.unconfirmed.set(messageId, { job, index });
      job.cursor = Math.max(job.cursor, index + 1);
    }
    if (job.cursor >= job.contacts.length) {
      this.finish(job, "completed");
      return false;
    }
    this.log(
      `Envio de ${job.operatorName} restaurado: ${job.statuses.length} de ${job.contacts.length} contato(s) já processados. Clique em Retomar na página para continuar.`,
    );
    this.pause("restored", RESTORED_MESSAGE);
    return true;
  }
}
