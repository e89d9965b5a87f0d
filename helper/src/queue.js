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
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";

import { ChatQuota, warningMessage } from "./chat-quota.js";
import { personalise, UNKNOWN_CONTACT_NAME } from "./contacts.js";
import { isRateLimitError } from "./drivers/driver.js";
import { nextMidnight } from "./files.js";
import { ERASED_TEXT } from "./journal.js";
import { jidToNumber, normalizeNumber, numberKey, numberProblem } from "./phone.js";
import {
  estimateFinish,
  formatDayMonth,
  formatTime,
  formatWhen,
  isWindowOpen,
  nextWindowOpening,
  parseSendWindow,
  warmupFor,
  windowLabel,
  zonedDay,
} from "./schedule.js";

export { personalise };

/** The line appended to each message unless the job turns it off. */
export const OPT_OUT_FOOTER = "Responda SAIR para não receber mais mensagens";
/** A number that got the same text within this time is skipped ("já enviado em dd/mm"). */
export const REPEAT_WINDOW_MS = 7 * 24 * 3600_000;
/** How long a 463 restriction stops the job when WhatsApp does not say. */
export const DEFAULT_RESTRICTED_PAUSE_MS = 24 * 3600_000;
/** Longest delay a timer can hold (setTimeout's limit); longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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
  "already-sent": "já enviado",
  "same-person": "mesma pessoa de outra linha",
  refused: "WhatsApp recusou a mensagem",
  erased: ERASED_TEXT,
};

export const RESTORED_MESSAGE = "Envio restaurado após reinício do programa auxiliar. Clique em Retomar.";

export const REFUSALS = {
  "not-ready": "WhatsApp não autenticado. Você precisa escanear o QR code primeiro.",
  busy: "Já existe um envio em andamento. Aguarde o fim ou clique em Limpar.",
  "no-message": "Mensagem necessária. Por favor, informe a mensagem a ser enviada.",
  "no-contacts": "Nenhum contato válido. Por favor, verifique a lista de contatos.",
  "too-many": `Lista muito grande: no máximo ${MAX_CONTACTS_PER_JOB} contatos por envio.`,
  restricted: "WhatsApp restringiu esta conta. Aguarde o fim do período de espera para enviar.",
  "outside-window": "Fora do horário de envio.",
  "daily-cap": "Limite diário de mensagens atingido.",
  "chat-cap": "Limite de novas conversas do WhatsApp atingido neste ciclo.",
  "chat-cap-warning": "O WhatsApp avisou que esta conta está perto do limite de novas conversas.",
};

/** A refused job request. */
export class JobRefused extends Error {
  /** @param {keyof typeof REFUSALS} reason @param {string} [message] */
  constructor(reason, message) {
    super(message ?? REFUSALS[reason]);
    this.reason = reason;
  }
}

/** "WhatsApp restringiu esta conta. O envio só pode continuar depois de dd/mm às HH:MM." @param {number} until */
export function restrictedMessage(until) {
  return `WhatsApp restringiu esta conta. O envio só pode continuar depois de ${formatDayMonth(until)} às ${formatTime(until)}.`;
}

/** @param {Date} date */
function hhmm(date) {
  return formatTime(date.getTime());
}

/**
 * @typedef {{
 *   index: number, name: string, number: string, normalized: string, text: string,
 *   duplicateOf?: number
 * }} JobContact
 * @typedef {null | "not-on-whatsapp" | "opted-out" | "invalid-number" | "send-failed" | "already-sent" | "same-person" | "refused" | "erased"} StatusCode
 * @typedef {{
 *   jobId: string, index: number, status: "sent" | "error", number: string, normalizedNumber: string,
 *   name: string, message: string, text: string, error: string | null,
 *   code: StatusCode,
 *   operatorName: string, at: string
 * }} MessageStatus
 * @typedef {"rate-limit" | "logged-out" | "disconnected" | "daily-cap" | "restricted" | "outside-window" | "restored" | "chat-cap" | "chat-cap-warning"} PauseReason
 * @typedef {{
 *   beforeJob: () => Promise<void>,
 *   alreadySent: (contacts: { number: string, text: string }[]) => Promise<Record<string, string>>,
 * }} SiteCheck  what the site adds before a job: its opt-out list, and its send log's last 7 days
 * @typedef {import("./chat-quota.js").ChatCapReport} ChatCap
 * @typedef {{ reason: "restricted" | "outside-window" | "daily-cap" | "chat-cap" | "chat-cap-warning", message: string, resumeAt?: number }} Hold
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
    const operatorName =
      typeof request.operatorName === "string" && request.operatorName.trim() !== ""
        ? request.operatorName.trim().slice(0, 100)
        : "Sistema";
    const allowRepeat = request.allowRepeat === true;
    const optOutFooter = request.optOutFooter !== false;
    const footer = optOutFooter ? `\n\n${OPT_OUT_FOOTER}` : "";

    /** @type {JobContact[]} */
    const contacts = [];
    /** @type {Map<string, number>} */
    const seen = new Map();
    let duplicates = 0;
    /** @type {string[]} what the log says of each line joined to an earlier one */
    const joined = [];
    for (const raw of request.contacts) {
      if (!raw || typeof raw !== "object") continue;
      const written = String(/** @type {any} */ (raw).number ?? "");
      const digits = written.replace(/\D/g, "");
      if (digits === "") continue;
      // the + of a country code stays: "+1 415…" is American, never 55 + 1415…
      const number = written.trim().startsWith("+") && !digits.startsWith("55") ? `+${digits}` : digits;
      const rawName = /** @type {any} */ (raw).name;
      const name = typeof rawName === "string" && rawName.trim() !== "" ? rawName.trim().slice(0, 200) : UNKNOWN_CONTACT_NAME;
      const normalized = normalizeNumber(number);
      // one message per person: with and without the ninth digit is the same person (numberKey)
      const key = numberKey(normalized);
      const first = seen.get(key);
      const body = personalise(template, name).slice(0, MAX_MESSAGE_LENGTH - footer.length);
      if (first !== undefined) {
        // a row of the job all the same (decision 072): 'Ignorado' with why, never 'Pendente' forever
        duplicates += 1;
        joined.push(`Ignorado: ${name} (${number}): ${sameAs(contacts[first])}.`);
        contacts.push({ index: contacts.length, name, number, normalized, text: `${body}${footer}`, duplicateOf: first });
        continue;
      }
      seen.set(key, contacts.length);
      contacts.push({ index: contacts.length, name, number, normalized, text: `${body}${footer}` });
    }
    if (contacts.length === 0) throw new JobRefused("no-contacts");
    // a single message the page does not follow as a job: refused now rather than held for hours
    const hold = request.kind === "single" ? this.hold(this.now(), "single") : null;
    if (hold && hold.reason !== "restricted") throw new JobRefused(hold.reason, hold.message);

    const now = this.now();
    const job = this.newJob({
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

  /**
   * A job object with its counters at zero.
   * @param {{ id: string, kind: "bulk" | "single", operatorName: string, contacts: JobContact[], duplicates: number,
   *   allowRepeat: boolean, optOutFooter: boolean, startedAt: number }} fields
   */
  newJob(fields) {
    return {
      ...fields,
      cursor: 0,
      /** @type {MessageStatus[]} */
      statuses: [],
      sent: 0,
      errors: 0,
      skipped: 0,
      /** contacts who asked not to get messages (SAIR/PARAR): not errors, their own counter */
      optedOut: 0,
      state: "running",
      /** @type {PauseReason | null} */
      pauseReason: null,
      /** @type {string | null} */
      pauseMessage: null,
      /** @type {number | null} */
      resumeAt: null,
      /** @type {number | null} */
      nextAt: null,
      /** @type {number | null} */
      finishedAt: null,
      inFlight: false,
      cancelRequested: false,
      /** whether the site's lists were consulted for this run (again after a restore) */
      prepared: false,
      /** @type {Map<number, string>} contact index → ISO time of the same text's earlier send */
      alreadySent: new Map(),
      /** @type {Map<string, number>} WhatsApp id (user part) → index of the contact sent to it in this job */
      jids: new Map(),
      /** @type {any} */
      final: null,
      /** brought back from the journal after a restart */
      restored: false,
    };
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
   * Why nothing may be sent now, if so: WhatsApp's restriction (until its end; only the operator
   * resumes), outside the sending window (until the next opening), WhatsApp's new-chat quota used
   * up in its cycle, a capping warning not yet passed by the operator (bulk jobs only), or our own
   * or the warm-up's daily cap.
   * @param {number} nowMs
   * @param {"bulk" | "single"} [kind]
   * @returns {Hold | null}
   */
  hold(nowMs, kind = "bulk") {
    const restricted = this.restrictedUntil();
    if (restricted !== null) return { reason: "restricted", message: restrictedMessage(restricted), resumeAt: restricted };
    if (!isWindowOpen(this.sendWindow, nowMs)) {
      const opening = nextWindowOpening(this.sendWindow, nowMs);
      return {
        reason: "outside-window",
        message: `Fora do horário de envio (${windowLabel(this.sendWindow)}). O envio continua ${formatWhen(opening, nowMs)}.`,
        resumeAt: opening,
      };
    }
    return this.quotaHold(nowMs, kind) ?? this.capHold(nowMs);
  }

  /**
   * WhatsApp's new-chat quota: used up in this cycle, the job waits for the cycle's end (then the
   * first open moment of the window), or, when WhatsApp gave no end, for its next report. A capping
   * warning pauses a bulk job until the operator chooses 'Retomar'.
   * @param {number} nowMs @param {"bulk" | "single"} kind
   * @returns {Hold | null}
   */
  quotaHold(nowMs, kind) {
    const quota = this.quotaState();
    if (!quota) return null;
    if (quota.remaining !== null && quota.remaining <= 0) {
      const resetsAt = quota.resetsAt === null ? null : Date.parse(quota.resetsAt);
      const resumeAt = resetsAt === null ? undefined : nextWindowOpening(this.sendWindow, Math.max(resetsAt, nowMs));
      const used = quota.limit === null ? "" : ` (${Math.min(quota.used, quota.limit)} de ${quota.limit} neste ciclo)`;
      const message =
        resumeAt === undefined
          ? `Limite de novas conversas do WhatsApp atingido${used}; o envio continua quando o WhatsApp renovar o limite.`
          : `Limite de novas conversas do WhatsApp atingido${used}; o envio continua ${formatWhen(resumeAt, nowMs)}.`;
      return { reason: "chat-cap", message, resumeAt };
    }
    if (quota.warning && kind === "bulk") return { reason: "chat-cap-warning", message: warningMessage(quota.warning) };
    return null;
  }

  /**
   * At our daily cap or the warm-up's the job waits for 00:00 in São Paulo, then for the first
   * moment the sending window is open: never a send at midnight outside the window. (WhatsApp's
   * quota is per its cycle, not per day: quotaHold.)
   * @param {number} nowMs
   * @returns {Hold | null}
   */
  capHold(nowMs) {
    const limits = this.limits();
    const cap = Math.min(limits.dailyCap, limits.warmupCap ?? Infinity);
    if (limits.sentToday < cap) return null;
    const resumeAt = nextWindowOpening(this.sendWindow, nextMidnight(new Date(nowMs)).getTime());
    const when = formatWhen(resumeAt, nowMs);
    let message;
    if (limits.warmupCap !== null && limits.warmupCap === limits.effectiveCap && limits.warmupCap < this.dailyCap) {
      message = `Aquecimento do número (dia ${limits.warmupDay}): no máximo ${limits.warmupCap} mensagens hoje; o envio continua ${when}.`;
    } else if (this.sendWindow.always) {
      message = `Limite diário de ${this.dailyCap} mensagens atingido; o envio continua após a meia-noite.`;
    } else {
      message = `Limite diário de ${this.dailyCap} mensagens atingido; o envio continua ${when}.`;
    }
    return { reason: "daily-cap", message, resumeAt };
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
      job.final.results = this.results(job); // kept for a replay
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
      job.final.results = this.results(job);
    }
    if (job.kind === "bulk") this.emitProgress(job);
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
   * @param {StatusCode} code
   * @param {string} [detail]
   */
  record(job, contact, code, detail) {
    const error =
      code === null
        ? null
        : (code === "already-sent" || code === "same-person" || code === "invalid-number") && detail
          ? detail
          : code === "send-failed" && detail
            ? `${ERROR_TEXTS[code]}: ${detail}`
            : ERROR_TEXTS[code];
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
    else if (code === "already-sent" || code === "same-person" || code === "erased") job.skipped += 1;
    else if (code === "opted-out") job.optedOut += 1;
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

  /** @param {any} job */
  results(job) {
    return [...job.statuses]
      .sort((a, b) => a.index - b.index)
      .map((/** @type {MessageStatus} */ s) => ({
        number: s.number,
        name: s.name,
        status: s.status,
        message: s.message,
      }));
  }

  /**
   * The last progress event of a finished job (its state already "completed" or "cancelled"):
   * every row's result and the counts.
   * @param {any} job
   */
  finalReport(job) {
    return {
      status: job.state === "completed" ? "completed" : "error",
      jobId: job.id,
      results: this.results(job),
      total: job.contacts.length,
      sent: job.sent,
      errors: job.errors,
      skipped: job.skipped,
      optedOut: job.optedOut,
      ...(job.state === "cancelled" ? { reason: "cancelled", message: "Envio cancelado" } : {}),
    };
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
    job.final = this.finalReport(job);
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
   * Reads the journal after a restart: this helper's sends of the last 7 days (so the same text is
   * not sent twice), and the bulk job that had not finished, brought back paused ('restored') with
   * its progress. A contact whose send began but was never confirmed is not sent again: it is
   * marked failed, as the message may have left.
   * @param {Record<string, any>[]} entries the journal, oldest first
   * @returns {boolean} whether a job was restored
   */
  restore(entries) {
    const since = this.now() - REPEAT_WINDOW_MS;
    /** @type {Set<string>} "jobId:index" of the refused sends */
    const refused = new Set();
    for (const entry of entries) {
      if (entry.type === "message-status" && entry.code === "refused") refused.add(`${entry.jobId}:${entry.index}`);
    }
    /** @type {Map<string, string>} jobId → sending number */
    const accounts = new Map();
    for (const entry of entries) {
      if (entry.type === "job-started" && typeof entry.account === "string") accounts.set(entry.jobId, entry.account);
      if (entry.type !== "message-status" || entry.status !== "sent" || refused.has(`${entry.jobId}:${entry.index}`)) continue;
      const at = Date.parse(entry.at);
      // a number that sent before this version kept first-send days is not "new": its warm-up starts from then
      const account = accounts.get(entry.jobId);
      if (account && Number.isFinite(at)) this.firstSendDays?.note(account, zonedDay(at));
      if (at >= since && typeof entry.normalizedNumber === "string" && typeof entry.text === "string") {
        this.recentSends.set(sendKey(entry.normalizedNumber, entry.text), at);
      }
    }

    let startIndex = -1;
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].type === "job-started") {
        startIndex = i;
        break;
      }
    }
    if (startIndex < 0 || this.job) return false;
    const started = entries[startIndex];
    const jobId = started.jobId;
    const later = entries.slice(startIndex + 1).filter((e) => e.jobId === jobId);
    if (started.kind !== "bulk" || !Array.isArray(started.contacts) || started.contacts.length === 0) return false;
    const finished = later.findLast((e) => e.type === "job-finished");

    const job = this.newJob({
      id: jobId,
      kind: "bulk",
      operatorName: started.operatorName ?? "Sistema",
      contacts: started.contacts,
      duplicates: started.duplicates ?? 0,
      allowRepeat: started.allowRepeat === true,
      optOutFooter: started.optOutFooter !== false,
      startedAt: Date.parse(started.at) || this.now(),
    });
    /** @type {Map<number, MessageStatus>} */
    const byIndex = new Map();
    /** @type {Set<number>} */
    const sending = new Set();
    /** @type {Map<number, string>} contact index → the id its interrupted send carried */
    const sendingIds = new Map();
    for (const entry of later) {
      if (entry.type === "message-sending") {
        sending.add(entry.index);
        if (typeof entry.messageId === "string" && entry.messageId) sendingIds.set(entry.index, entry.messageId);
        if (typeof entry.jid === "string" && entry.jid) job.jids.set(entry.jid, entry.index);
      }
      if (entry.type === "message-status") {
        const { type: _type, ...status } = entry;
        byIndex.set(entry.index, /** @type {MessageStatus} */ (status));
      }
    }
    for (const status of [...byIndex.values()].sort((a, b) => a.index - b.index)) {
      job.statuses.push(status);
      if (status.status === "sent") job.sent += 1;
      else if (status.code === "already-sent" || status.code === "same-person" || status.code === "erased") job.skipped += 1;
      else if (status.code === "opted-out") job.optedOut += 1;
      else job.errors += 1;
      job.cursor = Math.max(job.cursor, status.index + 1);
    }
    if (finished) {
      // a finished job is the last job again: a page that was following it gets every row's result
      job.state = finished.state === "cancelled" ? "cancelled" : "completed";
      job.finishedAt = Date.parse(finished.at) || this.now();
      job.final = this.finalReport(job);
      this.lastJob = job;
      return false;
    }
    job.restored = true;
    this.job = job;
    for (const index of [...sending].sort((a, b) => a - b)) {
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
      if (job.final) job.final.results = this.results(job);
    }
    for (const key of [...this.recentSends.keys()]) if (keys.has(key.split("\n")[0])) this.recentSends.delete(key);
  }

  /** Stops timers (shutdown). The job stays as it is in the journal. */
  close() {
    if (this.timer) this.clearTimer(this.timer);
    this.timer = null;
  }
}

/** The key of "this text to this person" (ninth-digit variants are the same person). @param {string} number @param {string} text */
function sendKey(number, text) {
  return `${numberKey(number)}\n${text}`;
}

/**
 * Why a contact is skipped as a person already in the job: "Mesma pessoa da linha 1 (Ana)", the
 * line being the contact's 1-based position in the job's list.
 * @param {JobContact | undefined} contact
 */
function sameAs(contact) {
  return contact ? `Mesma pessoa da linha ${contact.index + 1} (${contact.name})` : "Mesma pessoa de outra linha";
}

/**
 * What a job is doing, for the page's one sentence per state (decision 072): 'running' (a send
 * under way or due now), 'waiting-delay' (the random gap before the next), 'paused' (with its
 * `pauseReason`), 'waiting-window' (outside the sending window, resumes by itself at `resumeAt`),
 * 'restricted' (WhatsApp's restriction), 'finished' or 'cancelled'.
 * @param {any} job @param {number} now
 * @returns {"running" | "waiting-delay" | "paused" | "waiting-window" | "restricted" | "finished" | "cancelled"}
 */
export function jobPhase(job, now) {
  if (job.state === "completed") return "finished";
  if (job.state === "cancelled") return "cancelled";
  if (job.state === "paused") {
    if (job.pauseReason === "outside-window") return "waiting-window";
    if (job.pauseReason === "restricted") return "restricted";
    return "paused";
  }
  return !job.inFlight && job.nextAt !== null && job.nextAt > now ? "waiting-delay" : "running";
}
