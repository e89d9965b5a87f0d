// The send queue's rules, pure (no timers, no files, no WhatsApp): its limits and texts, the
// checks on a job's list, the pacing gap, why nothing may be sent now (holds), the job object and
// its reports, and what the journal says after a restart. queue-state.js and queue.js apply them.
import { warningMessage } from "./chat-quota.js";
import { personalise, UNKNOWN_CONTACT_NAME } from "./contacts.js";
import { nextMidnight } from "./files.js";
import { ERASED_TEXT } from "./journal.js";
import { normalizeNumber, numberKey } from "./phone.js";
import { formatDayMonth, formatTime, formatWhen, isWindowOpen, nextWindowOpening, windowLabel, zonedDay } from "./schedule.js";

/** The line appended to each message unless the job turns it off. */
export const OPT_OUT_FOOTER = "Responda SAIR para não receber mais mensagens";
/** A number that got the same text within this time is skipped ("já enviado em dd/mm"). */
export const REPEAT_WINDOW_MS = 7 * 24 * 3600_000;
/** How long a 463 restriction stops the job when WhatsApp does not say. */
export const DEFAULT_RESTRICTED_PAUSE_MS = 24 * 3600_000;

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

/** "HH:MM" of a date in São Paulo. @param {Date} date */
export function hhmm(date) {
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

/**
 * A random gap in [minDelayMs, maxDelayMs] before the next WhatsApp call (look-up or send).
 * @param {number} minDelayMs @param {number} maxDelayMs @param {() => number} random
 */
export function pickGap(minDelayMs, maxDelayMs, random) {
  const gap = Math.round(minDelayMs + random() * (maxDelayMs - minDelayMs));
  return Math.min(maxDelayMs, Math.max(minDelayMs, gap));
}

/** The operator's name a job keeps: trimmed, at most 100 characters, "Sistema" when none. @param {unknown} value */
export function operatorNameOf(value) {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 100) : "Sistema";
}

/**
 * A job's rows from the page's list: each entry with a number becomes a row, its text the template
 * personalised (bounded by MAX_MESSAGE_LENGTH with the footer); a second line of the same person
 * (numberKey) is a row joined to the first (`duplicateOf`), with what the log says of it.
 * @param {unknown[]} raws @param {string} template @param {string} footer "" or the opt-out footer
 * @returns {{ contacts: JobContact[], duplicates: number, joined: string[] }}
 */
export function jobContacts(raws, template, footer) {
  /** @type {JobContact[]} */
  const contacts = [];
  /** @type {Map<string, number>} */
  const seen = new Map();
  let duplicates = 0;
  /** @type {string[]} what the log says of each line joined to an earlier one */
  const joined = [];
  for (const raw of raws) {
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
  return { contacts, duplicates, joined };
}

/**
 * What a row says when it was not sent (null when it was): the detail for a skip or an invalid
 * number, the detail after the text for a failed send, else the code's text.
 * @param {StatusCode} code @param {string} [detail]
 * @returns {string | null}
 */
export function statusError(code, detail) {
  return code === null
    ? null
    : (code === "already-sent" || code === "same-person" || code === "invalid-number") && detail
      ? detail
      : code === "send-failed" && detail
        ? `${ERROR_TEXTS[code]}: ${detail}`
        : ERROR_TEXTS[code];
}

/**
 * Counts a row in its job's counters: sent, skipped (already sent, same person, erased), opted out
 * or an error.
 * @param {any} job @param {{ status: "sent" | "error", code: StatusCode }} status
 */
export function countStatus(job, status) {
  if (status.status === "sent") job.sent += 1;
  else if (status.code === "already-sent" || status.code === "same-person" || status.code === "erased") job.skipped += 1;
  else if (status.code === "opted-out") job.optedOut += 1;
  else job.errors += 1;
}

/**
 * Outside the sending window: the job waits for its next opening.
 * @param {import("./schedule.js").SendWindow} window @param {number} nowMs
 * @returns {Hold | null}
 */
export function windowHold(window, nowMs) {
  if (isWindowOpen(window, nowMs)) return null;
  const opening = nextWindowOpening(window, nowMs);
  return {
    reason: "outside-window",
    message: `Fora do horário de envio (${windowLabel(window)}). O envio continua ${formatWhen(opening, nowMs)}.`,
    resumeAt: opening,
  };
}

/**
 * WhatsApp's new-chat quota: used up in this cycle, the job waits for the cycle's end (then the
 * first open moment of the window), or, when WhatsApp gave no end, for its next report. A capping
 * warning pauses a bulk job until the operator chooses 'Retomar'.
 * @param {ReturnType<import("./chat-quota.js").ChatQuota["state"]>} quota
 * @param {import("./schedule.js").SendWindow} window @param {number} nowMs @param {"bulk" | "single"} kind
 * @returns {Hold | null}
 */
export function quotaHold(quota, window, nowMs, kind) {
  if (!quota) return null;
  if (quota.remaining !== null && quota.remaining <= 0) {
    const resetsAt = quota.resetsAt === null ? null : Date.parse(quota.resetsAt);
    const resumeAt = resetsAt === null ? undefined : nextWindowOpening(window, Math.max(resetsAt, nowMs));
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
 * @param {{ dailyCap: number, sentToday: number, warmupCap: number | null, effectiveCap: number, warmupDay: number | null }} limits
 * @param {import("./schedule.js").SendWindow} window @param {number} nowMs
 * @returns {Hold | null}
 */
export function capHold(limits, window, nowMs) {
  const cap = Math.min(limits.dailyCap, limits.warmupCap ?? Infinity);
  if (limits.sentToday < cap) return null;
  const resumeAt = nextWindowOpening(window, nextMidnight(new Date(nowMs)).getTime());
  const when = formatWhen(resumeAt, nowMs);
  let message;
  if (limits.warmupCap !== null && limits.warmupCap === limits.effectiveCap && limits.warmupCap < limits.dailyCap) {
    message = `Aquecimento do número (dia ${limits.warmupDay}): no máximo ${limits.warmupCap} mensagens hoje; o envio continua ${when}.`;
  } else if (window.always) {
    message = `Limite diário de ${limits.dailyCap} mensagens atingido; o envio continua após a meia-noite.`;
  } else {
    message = `Limite diário de ${limits.dailyCap} mensagens atingido; o envio continua ${when}.`;
  }
  return { reason: "daily-cap", message, resumeAt };
}

/**
 * A job object with its counters at zero.
 * @param {{ id: string, kind: "bulk" | "single", operatorName: string, contacts: JobContact[], duplicates: number,
 *   allowRepeat: boolean, optOutFooter: boolean, startedAt: number }} fields
 */
export function newJob(fields) {
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

/** @param {any} job */
export function results(job) {
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
export function finalReport(job) {
  return {
    status: job.state === "completed" ? "completed" : "error",
    jobId: job.id,
    results: results(job),
    total: job.contacts.length,
    sent: job.sent,
    errors: job.errors,
    skipped: job.skipped,
    optedOut: job.optedOut,
    ...(job.state === "cancelled" ? { reason: "cancelled", message: "Envio cancelado" } : {}),
  };
}

/**
 * What the journal says of this helper's sends: each text sent (and not refused since) to each
 * person from `since` on, by sendKey, and the São Paulo day of every send by its sending number
 * (the first-send days of the warm-up), in the journal's order.
 * @param {Record<string, any>[]} entries the journal, oldest first @param {number} since
 * @returns {{ recentSends: [key: string, at: number][], sendDays: [account: string, day: string][] }}
 */
export function journalSends(entries, since) {
  /** @type {Set<string>} "jobId:index" of the refused sends */
  const refused = new Set();
  for (const entry of entries) {
    if (entry.type === "message-status" && entry.code === "refused") refused.add(`${entry.jobId}:${entry.index}`);
  }
  /** @type {Map<string, string>} jobId → sending number */
  const accounts = new Map();
  /** @type {[string, number][]} */
  const recentSends = [];
  /** @type {[string, string][]} */
  const sendDays = [];
  for (const entry of entries) {
    if (entry.type === "job-started" && typeof entry.account === "string") accounts.set(entry.jobId, entry.account);
    if (entry.type !== "message-status" || entry.status !== "sent" || refused.has(`${entry.jobId}:${entry.index}`)) continue;
    const at = Date.parse(entry.at);
    const account = accounts.get(entry.jobId);
    if (account && Number.isFinite(at)) sendDays.push([account, zonedDay(at)]);
    if (at >= since && typeof entry.normalizedNumber === "string" && typeof entry.text === "string") {
      recentSends.push([sendKey(entry.normalizedNumber, entry.text), at]);
    }
  }
  return { recentSends, sendDays };
}

/**
 * The last job the journal started, when it is a bulk job with contacts, rebuilt with its rows and
 * counters: `finished` its 'job-finished' entry if it ended; `sending` the contacts whose send
 * began, in order, and `sendingIds` the message id each of those sends carried.
 * @param {Record<string, any>[]} entries the journal, oldest first @param {number} now
 */
export function journalJob(entries, now) {
  let startIndex = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].type === "job-started") {
      startIndex = i;
      break;
    }
  }
  if (startIndex < 0) return null;
  const started = entries[startIndex];
  const jobId = started.jobId;
  const later = entries.slice(startIndex + 1).filter((e) => e.jobId === jobId);
  if (started.kind !== "bulk" || !Array.isArray(started.contacts) || started.contacts.length === 0) return null;
  const finished = later.findLast((e) => e.type === "job-finished");

  const job = newJob({
    id: jobId,
    kind: "bulk",
    operatorName: started.operatorName ?? "Sistema",
    contacts: started.contacts,
    duplicates: started.duplicates ?? 0,
    allowRepeat: started.allowRepeat === true,
    optOutFooter: started.optOutFooter !== false,
    startedAt: Date.parse(started.at) || now,
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
    countStatus(job, status);
    job.cursor = Math.max(job.cursor, status.index + 1);
  }
  return { job, finished, byIndex, sending: [...sending].sort((a, b) => a - b), sendingIds };
}

/** The key of "this text to this person" (ninth-digit variants are the same person). @param {string} number @param {string} text */
export function sendKey(number, text) {
  return `${numberKey(number)}\n${text}`;
}

/**
 * Why a contact is skipped as a person already in the job: "Mesma pessoa da linha 1 (Ana)", the
 * line being the contact's 1-based position in the job's list.
 * @param {JobContact | undefined} contact
 */
export function sameAs(contact) {
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
