import type { SendPlan } from "whatsapp-helper/schedule";

import type { ToastMessage } from "~/shared/toast";

import {
  applyMessageStatus,
  BAD_SESSION_TEXT,
  connectionReasonText,
  HELPER_IMPOSTOR_TEXT,
  HELPER_KEY_REVOKED_TEXT,
  HELPER_NOT_YOURS_TEXT,
  HELPER_REFUSED_TEXT,
  HTTPS_REQUIRED_TEXT,
  isPollError,
  isServerNotFoundError,
  MESSAGE_MAX,
  OPERATOR_NAME_MAX,
  PERMISSION_DENIED_TEXT,
  type SendLogEntryInput,
  statusCounts,
  type TrackedContact,
  whatsappDisconnectedText,
} from "./tool";

/**
 * The state of the mirroring page and how each helper event changes it (connection, QR code,
 * linked account, and the helper's job events, see helper/README.md). Pure functions:
 * `mirrorReducer` for the page's own actions, `reduceHelperEvent` for a socket event, which also
 * says which toasts to show and which results to record; the page only carries those out.
 */

/**
 * The helper's pace and caps. The newer helper also reports WhatsApp's own new-chat cap, the
 * warm-up cap of a new number and the cap in force (the lowest); an older one does not.
 */
export type HelperLimits = {
  minDelayMs: number;
  maxDelayMs: number;
  dailyCap: number;
  sentToday: number;
  whatsappCap?: number | null;
  warmupCap?: number | null;
  effectiveCap?: number;
  warmupDay?: number | null;
  /** WhatsApp's new-chat quota in its cycle (decision 067); `text` is the helper's pt-BR sentence. */
  chatQuota?: ChatQuota | null;
  /** What decides on which days messages go (window, caps, warm-up), for the list's estimate; a newer helper. */
  plan?: SendPlan;
};

/** WhatsApp's new-chat quota as the helper counts it: per WhatsApp's cycle, not per day. */
export type ChatQuota = {
  limit: number | null;
  used: number;
  remaining: number | null;
  resetsAt: string | null;
  status: string | null;
  warning: "FIRST_WARNING" | "SECOND_WARNING" | null;
  text: string;
};

/** When the helper sends: `always`, or a weekly window ("segunda a sábado, 08:00–20:00", São Paulo time). */
export type SendWindow = { always: boolean; open: boolean; label: string; nextOpenAt: string | null };

export type PauseReason =
  | "rate-limit"
  | "logged-out"
  | "disconnected"
  | "daily-cap"
  | "restricted"
  | "outside-window"
  | "restored"
  | "chat-cap"
  | "chat-cap-warning"
  /** set by this page, not the helper: the page lost the helper (it closed or crashed) */
  | "helper-lost";

/**
 * What a job is doing (the helper's `phase`, decision 072): a send under way or due now, the gap
 * before the next, paused (with `pauseReason`), outside the sending window, stopped by WhatsApp's
 * restriction, finished or cancelled.
 */
export type JobPhase = "running" | "waiting-delay" | "paused" | "waiting-window" | "restricted" | "finished" | "cancelled";

export type BulkProgress = {
  jobId: string;
  state: "running" | "paused" | "completed" | "cancelled";
  /** A newer helper says it; otherwise it is worked out from `state` and `pauseReason` (jobPhaseOf). */
  phase?: JobPhase;
  /** The helper's totals, the page's counters: sent + errors + skipped + pending = total (every row of the job). */
  total: number;
  done: number;
  sent: number;
  errors: number;
  /** Skipped on purpose ("já enviado em dd/mm"); an older helper does not count them. */
  skipped?: number;
  /** Contacts who asked not to get messages (SAIR/PARAR): not errors; an older helper counts them as errors. */
  optedOut?: number;
  pending: number;
  operatorName: string;
  startedAt: string;
  nextAt: string | null;
  expectedFinishAt: string | null;
  paused: boolean;
  pauseReason: null | PauseReason;
  pauseMessage: string | null;
  resumeAt: string | null;
  /** False while the operator may not resume (a restriction's waiting period). */
  canResume?: boolean;
  dailyCap: number;
  sentToday: number;
  /** WhatsApp's new-chat quota after the latest send (a newer helper). */
  chatQuota?: ChatQuota | null;
  /** The helper's limits and counters after this change ('Enviadas hoje'), a newer helper. */
  limits?: HelperLimits;
  /** Lines joined to an earlier one as the same person (rows 'Ignorado'). */
  duplicates?: number;
  finishedAt?: string | null;
  restored?: boolean;
};

export type HelperState = {
  version?: string;
  whatsapp: "idle" | "connecting" | "qr" | "ready" | "disconnected" | "logged-out" | "auth-failure";
  account: string | null;
  operatorName: string | null;
  limits: HelperLimits;
  job: BulkProgress | null;
  window?: SendWindow;
  timeZone?: string;
  /** ISO instant until which WhatsApp's restriction keeps the account from sending. */
  restrictedUntil?: string | null;
  /** The last change WhatsApp made to the restriction or the new-chat quota, in pt-BR (a newer helper). */
  notice?: string | null;
  /** The footer the helper appends when asked ("Responda SAIR para não receber mais mensagens"). */
  optOutFooter?: string;
};

export type MessageStatusEvent = {
  jobId: string;
  index?: number;
  status: "sent" | "error";
  number: string;
  normalizedNumber?: string;
  name: string;
  message: string;
  text?: string;
  error?: string | null;
  /** e.g. "already-sent" (skipped: "já enviado em dd/mm"), "refused" (WhatsApp refused it after sending). */
  code?: string | null;
  operatorName?: string;
  at?: string;
  replay?: true;
};

export type BulkStatusEvent = {
  status: "completed" | "error";
  jobId: string | null;
  results?: { number: string; name: string; status: "sent" | "error"; message: string }[];
  total?: number;
  sent?: number;
  errors?: number;
  skipped?: number;
  reason?: string;
  message?: string;
  replay?: true;
};

export type BulkStartedEvent = {
  jobId: string;
  total: number;
  operatorName?: string;
  startedAt?: string;
  expectedFinishAt?: string | null;
  duplicates?: number;
  /** Every row of the job, in order (a newer helper): 'Status dos Envios' shows exactly these. */
  contacts?: { index: number; name: string; number: string }[];
  /** Sent again to a page that (re)connected. */
  replay?: true;
  /** With `replay`: the job is live or ended within 10 minutes (a page that follows no job shows it). */
  recent?: boolean;
};

/**
 * The page lost its connection to the helper (not WhatsApp: the helper may still be linked and
 * sending): socket.io tries again by itself ('reconnecting'), or it stopped trying ('stopped').
 */
export type HelperLink = null | "reconnecting" | "stopped";

/**
 * Why the panel above the cards shows: the helper does not answer, it refused this page, Chrome
 * does not let the page reach it (permission denied), or the page's http address cannot.
 */
export type PanelKind = "not-found" | "refused" | "impostor" | "revoked" | "not-yours" | "permission-denied" | "https-required";

/** The cause of the message in the QR area: one cause, one persistent message. */
export type ProblemCause =
  | "not-running"
  | "permission-denied"
  | "https-required"
  | "token-refused"
  | "impostor"
  | "revoked-key"
  | "not-yours"
  | "disconnected"
  | "whatsapp-unreachable"
  | "session-invalid"
  | "auth-failure"
  | "failed";

export type MirrorState = {
  /** The socket to the helper. 'idle' until the client library has loaded. */
  socket: "idle" | "connecting" | "connected" | "disconnected";
  /** Spec names: isConnecting (WhatsApp init running), isConnected (socket), isAuthenticated (WhatsApp ready). */
  isConnecting: boolean;
  isAuthenticated: boolean;
  qrCode: string | null;
  /** The QR area's message for a failure, and its cause. */
  error: string | null;
  cause: ProblemCause | null;
  /** 'Desconectar' was asked: waiting for the helper's 'whatsapp-logged-out'. */
  disconnecting: boolean;
  /** Failed connection attempts in the current streak. */
  attempts: number;
  panel: PanelKind | null;
  /** The 'xhr poll error' banner. */
  pollBanner: boolean;
  account: string | null;
  limits: HelperLimits | null;
  window: SendWindow | null;
  restrictedUntil: string | null;
  optOutFooter: string | null;
  /** 'Status dos Envios' rows. */
  contacts: TrackedContact[];
  sending: boolean;
  jobId: string | null;
  progress: BulkProgress | null;
  /** Jobs cleared with 'Limpar': their late events no longer fill the table. */
  ignoredJobs: string[];
  /** A fresh token was already fetched after the helper refused this page's token (once per streak). */
  tokenRefreshed: boolean;
  /** The connection to the helper was lost after it had answered (null: never had one, or it is back). */
  lostHelper: HelperLink;
};

export const initialMirrorState: MirrorState = {
  socket: "idle",
  isConnecting: false,
  isAuthenticated: false,
  qrCode: null,
  error: null,
  cause: null,
  disconnecting: false,
  attempts: 0,
  panel: null,
  pollBanner: false,
  account: null,
  limits: null,
  window: null,
  restrictedUntil: null,
  optOutFooter: null,
  contacts: [],
  sending: false,
  jobId: null,
  progress: null,
  ignoredJobs: [],
  tokenRefreshed: false,
  lostHelper: null,
};

export type MirrorAction =
  | { type: "socket-connecting" }
  | { type: "connect" }
  | { type: "connect-error"; message: string; code?: string }
  | { type: "permission-denied" }
  | { type: "https-required" }
  | { type: "logout-requested" }
  | { type: "reconnect-failed" }
  | { type: "disconnect"; reason: string }
  | { type: "helper-state"; state: HelperState }
  | { type: "init" }
  | { type: "init-failed"; message: string }
  | { type: "qr"; qrDataURL: string }
  | { type: "ready"; account: string | null }
  | { type: "auth-failure"; message: string; code?: string }
  | { type: "whatsapp-disconnected"; reason: string; reconnecting?: boolean }
  | { type: "logged-out" }
  | { type: "start-bulk"; contacts: { name: string; number: string }[] }
  | { type: "bulk-started"; event: BulkStartedEvent }
  | { type: "bulk-progress"; progress: BulkProgress }
  | { type: "message-status"; event: MessageStatusEvent }
  | { type: "bulk-status"; event: BulkStatusEvent }
  | { type: "clear" };

const isLive = (progress: BulkProgress | null) => !!progress && (progress.state === "running" || progress.state === "paused");

/** What the job row says while the page has lost its helper: paused there, no next message, no finish. */
export const HELPER_LOST_JOB_TEXT =
  "O ajudante parou de responder (foi fechado ou travou): nada é enviado até ele voltar. Abra-o de novo; o envio volta pausado, com os resultados até aqui.";

/**
 * A live job of a helper that went away: it is not sending any more, and no next-message time or
 * expected finish can be promised. The helper's own state replaces this when it comes back.
 */
function helperLostProgress(progress: BulkProgress | null): BulkProgress | null {
  if (!progress || !isLive(progress)) return progress;
  return {
    ...progress,
    state: "paused",
    paused: true,
    phase: "paused",
    pauseReason: "helper-lost",
    pauseMessage: HELPER_LOST_JOB_TEXT,
    nextAt: null,
    expectedFinishAt: null,
    resumeAt: null,
    canResume: false,
  };
}

/** A job this page did not start (another tab, or before a reload) is adopted: its rows appear. */
function adoptJob(state: MirrorState, jobId: string): MirrorState {
  if (state.jobId === jobId) return state;
  return { ...state, jobId, contacts: [], progress: null };
}

/** The job an action is about, if any. */
function jobOf(action: MirrorAction): string | null {
  switch (action.type) {
    case "bulk-started":
    case "message-status":
    case "bulk-status":
      return action.event.jobId;
    case "bulk-progress":
      return action.progress.jobId;
    case "helper-state":
      return action.state.job?.jobId ?? null;
    default:
      return null;
  }
}

/** The site's refusals of the helper's proof (decision 070): what the page says, and which panel. */
const VERIFY_REFUSALS: Record<string, { error: string; panel: PanelKind }> = {
  impostor: { error: HELPER_IMPOSTOR_TEXT, panel: "impostor" },
  "revoked-key": { error: HELPER_KEY_REVOKED_TEXT, panel: "revoked" },
  "not-yours": { error: HELPER_NOT_YOURS_TEXT, panel: "not-yours" },
};

export function mirrorReducer(state: MirrorState, action: MirrorAction): MirrorState {
  const job = jobOf(action);
  if (job !== null && state.ignoredJobs.includes(job)) {
    return action.type === "helper-state" ? mirrorReducer(state, { ...action, state: { ...action.state, job: null } }) : state;
  }
  switch (action.type) {
    case "socket-connecting":
      // A new attempt (page opened, or 'Tentar novamente') may refresh a refused token again.
      return { ...state, socket: state.socket === "connected" ? "connected" : "connecting", tokenRefreshed: false };

    case "connect":
      return {
        ...state,
        socket: "connected",
        error: null,
        cause: null,
        attempts: 0,
        panel: null,
        pollBanner: false,
        tokenRefreshed: false,
        lostHelper: null,
      };

    case "connect-error": {
      // What answered on the helper's port did not prove itself, or the helper's key is dead (decision 070):
      // nothing was handed to it, and retrying cannot help until the operator acts.
      const refusal = action.code ? VERIFY_REFUSALS[action.code] : undefined;
      if (action.code && refusal) {
        return {
          ...state,
          socket: "disconnected",
          isConnecting: false,
          attempts: state.attempts + 1,
          cause: action.code as ProblemCause,
          error: refusal.error,
          panel: refusal.panel,
          pollBanner: false,
        };
      }
      const refused = action.code === "invalid-token";
      const notFound = isServerNotFoundError(action.message);
      const base = { ...state, socket: "disconnected" as const, isConnecting: false, attempts: state.attempts + 1 };
      // What the browser itself forbids explains every failed attempt after it: that message stays.
      if (!refused && (state.cause === "permission-denied" || state.cause === "https-required")) return base;
      return {
        ...base,
        cause: refused ? "token-refused" : "not-running",
        // A refusal has one message, the panel's: the helper runs, it is the key that does not match.
        error: refused ? HELPER_REFUSED_TEXT : `Erro ao conectar ao servidor: ${connectionReasonText(action.message)}`,
        panel: refused ? "refused" : notFound ? "not-found" : (state.panel ?? "not-found"),
        pollBanner: state.pollBanner || isPollError(action.message),
      };
    }

    case "reconnect-failed":
      return {
        ...state,
        socket: "disconnected",
        isConnecting: false,
        panel: state.panel ?? "not-found",
        lostHelper: state.lostHelper ? "stopped" : null,
      };

    case "permission-denied":
      return {
        ...state,
        socket: "disconnected",
        isConnecting: false,
        panel: "permission-denied",
        cause: "permission-denied",
        error: PERMISSION_DENIED_TEXT,
        pollBanner: false,
      };

    case "https-required":
      return {
        ...state,
        socket: "disconnected",
        isConnecting: false,
        panel: "https-required",
        cause: "https-required",
        error: HTTPS_REQUIRED_TEXT,
        pollBanner: false,
      };

    case "logout-requested":
      return { ...state, disconnecting: true };

    case "disconnect":
      return {
        ...state,
        // the page's own disconnect keeps the job; a helper that went away sends nothing until it is back
        progress: action.reason === "io client disconnect" ? state.progress : helperLostProgress(state.progress),
        socket: "disconnected",
        isAuthenticated: false,
        isConnecting: false,
        disconnecting: false,
        // A QR code shown by a helper that went away cannot be scanned any more.
        qrCode: null,
        cause: "disconnected",
        error: `Desconectado: ${connectionReasonText(action.reason)}`,
        // socket.io tries again by itself unless this page or the helper ended the connection
        lostHelper:
          action.reason === "io client disconnect" ? null : action.reason === "io server disconnect" ? "stopped" : "reconnecting",
      };

    case "helper-state": {
      const { whatsapp, account, limits, job } = action.state;
      let next: MirrorState = {
        ...state,
        limits,
        window: action.state.window ?? null,
        restrictedUntil: action.state.restrictedUntil ?? null,
        optOutFooter: action.state.optOutFooter ?? null,
        account,
        isAuthenticated: whatsapp === "ready",
        // The state the helper sends on connection was taken before this page's 'init-whatsapp'
        // reached it: while that request is under way only 'ready' ends it (failures have their
        // own events). Dropping it here showed 'Clique no botão abaixo para iniciar' while a slow
        // WhatsApp was still being started.
        isConnecting: whatsapp === "connecting" || (whatsapp !== "ready" && state.isConnecting),
      };
      if (job && isLive(job)) {
        next = adoptJob(next, job.jobId);
        next = { ...next, progress: job, sending: true };
      } else if (state.sending && (!job || job.jobId !== state.jobId)) {
        // The helper no longer knows the job this page was following (it was restarted).
        next = { ...next, sending: false, progress: null };
      }
      return next;
    }

    case "init":
      return { ...state, isConnecting: true, error: null, cause: null };

    case "init-failed":
      return { ...state, isConnecting: false, disconnecting: false, error: action.message, cause: "failed" };

    case "qr":
      return { ...state, qrCode: action.qrDataURL, isConnecting: false, isAuthenticated: false, error: null, cause: null };

    case "ready":
      return {
        ...state,
        isAuthenticated: true,
        isConnecting: false,
        qrCode: null,
        error: null,
        cause: null,
        account: action.account,
      };

    case "auth-failure": {
      const badSession = action.code === "bad-session";
      return {
        ...state,
        isAuthenticated: false,
        isConnecting: false,
        qrCode: null,
        cause: badSession ? "session-invalid" : "auth-failure",
        error: badSession ? BAD_SESSION_TEXT : action.message,
      };
    }

    case "whatsapp-disconnected":
      // 'WhatsApp desconectado' / 'Motivo: …' (spec §8), said once in the QR area; every further
      // attempt of the helper only keeps it there.
      return {
        ...state,
        isAuthenticated: false,
        isConnecting: false,
        qrCode: null,
        cause: "whatsapp-unreachable",
        error: whatsappDisconnectedText(action.reason, action.reconnecting),
      };

    case "logged-out":
      return {
        ...state,
        isAuthenticated: false,
        isConnecting: false,
        disconnecting: false,
        qrCode: null,
        account: null,
        // A fresh start: an invalid session or an unreachable WhatsApp is no longer the news.
        ...(state.cause === "session-invalid" || state.cause === "whatsapp-unreachable" ? { cause: null, error: null } : {}),
      };

    case "start-bulk":
      return {
        ...state,
        sending: true,
        jobId: null,
        progress: null,
        contacts: action.contacts.map((c) => ({ name: c.name, number: c.number, status: "pending", timestamp: null })),
      };

    case "bulk-started": {
      const { event } = action;
      const following = state.jobId === event.jobId;
      // A job replayed long after its end is only for the page that was following it (decision 072).
      if (event.replay && event.recent === false && !following) {
        return { ...state, ignoredJobs: [...state.ignoredJobs, event.jobId].slice(-20) };
      }
      // This page's own job keeps its rows (jobId still null); another tab's job is adopted.
      const own = state.sending && state.jobId === null && state.contacts.length > 0;
      const next = own ? { ...state, jobId: event.jobId } : adoptJob(state, event.jobId);
      // The helper's rows are the table's: each line it took (a duplicate too), with the results known.
      const contacts = event.contacts ? helperRows(event.contacts, following ? state.contacts : []) : next.contacts;
      // A replay changes nothing else: the progress that follows says whether the job is live.
      return { ...next, contacts, sending: event.replay ? next.sending : true };
    }

    case "bulk-progress": {
      const { progress } = action;
      // The helper's counters after this change ('Enviadas hoje', the caps, WhatsApp's quota), whatever the job.
      const limits = progress.limits ?? patchLimits(state.limits, progress);
      if (state.jobId !== progress.jobId && !isLive(progress)) return { ...state, limits };
      const next = state.jobId === progress.jobId ? state : adoptJob(state, progress.jobId);
      return { ...next, limits, progress, sending: isLive(progress) };
    }

    case "message-status": {
      const { event } = action;
      const next = state.jobId === event.jobId ? state : adoptJob(state, event.jobId);
      const timestamp = event.at ?? new Date().toISOString();
      const detail = event.status === "error" ? (event.error ?? event.message) : undefined;
      const status = contactStatusOf(event);
      // The helper's row by its index (one row, one result); by number only for an older helper's events.
      const byIndex = event.index !== undefined && next.contacts.some((c) => c.index === event.index);
      const known = byIndex || next.contacts.some((c) => c.number === event.number && c.index === undefined);
      const contacts = byIndex
        ? next.contacts.map((c) => (c.index === event.index ? { ...c, status, timestamp, detail } : c))
        : known
          ? applyMessageStatus(next.contacts, { number: event.number, status, timestamp, detail })
          : [...next.contacts, { index: event.index, name: event.name, number: event.number, status, timestamp, detail }];
      return { ...next, contacts };
    }

    case "bulk-status": {
      const { event } = action;
      if (event.jobId === null) {
        // Refused before it started: nothing was queued.
        return { ...state, sending: false, contacts: state.jobId === null ? [] : state.contacts };
      }
      if (state.jobId !== null && state.jobId !== event.jobId) return state;
      const ended = event.status === "completed" ? ("completed" as const) : ("cancelled" as const);
      const progress = state.progress
        ? {
            ...state.progress,
            state: ended,
            phase: ended === "completed" ? ("finished" as const) : ("cancelled" as const),
            paused: false,
            nextAt: null,
            expectedFinishAt: null,
          }
        : null;
      return { ...state, jobId: event.jobId, sending: false, progress };
    }

    case "clear":
      return {
        ...state,
        contacts: [],
        sending: false,
        jobId: null,
        progress: null,
        ignoredJobs: state.jobId ? [...state.ignoredJobs, state.jobId].slice(-20) : state.ignoredJobs,
      };
  }
}

/**
 * A skipped contact ("já enviado em dd/mm", "Mesma pessoa da linha N") and one who asked not to get
 * messages (SAIR/PARAR: 'Descadastrado' in the table) are neither sent nor failed.
 */
export function contactStatusOf(event: Pick<MessageStatusEvent, "status" | "code">): "sent" | "error" | "skipped" {
  return event.code === "already-sent" || event.code === "same-person" || event.code === "opted-out" || event.code === "erased"
    ? "skipped"
    : event.status;
}

/**
 * The rows of a job as the helper lists them ('bulk-started'), keeping the results this page already
 * has for the same rows (a replay after a reconnection).
 */
export function helperRows(
  listed: readonly { index: number; name: string; number: string }[],
  known: readonly TrackedContact[],
): TrackedContact[] {
  const byIndex = new Map(known.filter((c) => c.index !== undefined).map((c) => [c.index, c]));
  return listed.map((row) => {
    const had = byIndex.get(row.index);
    return had && had.number === row.number
      ? had
      : { index: row.index, name: row.name, number: row.number, status: "pending" as const, timestamp: null };
  });
}

/** An older helper's progress carries only some counters: they replace those of its last state. */
function patchLimits(limits: HelperLimits | null, progress: BulkProgress): HelperLimits | null {
  if (!limits) return null;
  return {
    ...limits,
    sentToday: progress.sentToday ?? limits.sentToday,
    ...(progress.chatQuota !== undefined ? { chatQuota: progress.chatQuota } : {}),
  };
}

/**
 * Counters shown beside 'Status dos Envios': the helper's totals for the job (decision 072), never
 * a count of the events this page happened to receive. Only before the helper's first progress
 * of a job (the moment after 'Iniciar Envio') are they the rows', all pending then.
 */
export function mirrorCounts(state: MirrorState): ReturnType<typeof statusCounts> & { optedOut?: number } {
  const progress = state.progress;
  if (progress && progress.jobId === state.jobId) {
    return {
      total: progress.total,
      sent: progress.sent,
      errors: progress.errors,
      pending: progress.pending,
      skipped: progress.skipped ?? 0,
      // its own badge, and only when someone in the job asked not to get messages
      ...(progress.optedOut ? { optedOut: progress.optedOut } : {}),
    };
  }
  return statusCounts(state.contacts);
}

export type ConnectionStep = {
  id: "server" | "starting" | "scan";
  label: string;
  state: "done" | "current" | "todo";
};

/**
 * The steps of linking WhatsApp (spec §4: connecting, server connected, QR shown, WhatsApp ready),
 * shown in the QR area from the operator's click until WhatsApp is linked, or null when there is
 * nothing under way (before the click, after a failure: the QR area then says why). 'Servidor
 * conectado' stays ticked until the link is made, where its toast is replaced at once by
 * 'Iniciando espelhamento' (the page asks for WhatsApp as soon as the helper answers).
 */
export function connectionSteps(state: MirrorState): ConnectionStep[] | null {
  const underWay = state.isConnecting || state.qrCode !== null;
  if (!underWay || state.isAuthenticated || state.socket === "idle" || state.socket === "disconnected") return null;
  const server = state.socket === "connected";
  return [
    { id: "server", label: "Servidor conectado", state: server ? "done" : "current" },
    { id: "starting", label: "Iniciando espelhamento", state: state.qrCode ? "done" : server ? "current" : "todo" },
    { id: "scan", label: "Escanear o QR code com o celular", state: state.qrCode ? "current" : "todo" },
  ];
}

/** How the helper words a row it skipped by the 7-day rule ("já enviado em dd/mm"). */
const ALREADY_SENT_PREFIX = "já enviado";

/** The toast at the end of a bulk send (or when the helper refused to start it). */
export function bulkStatusToast(event: BulkStatusEvent): ToastMessage {
  const sent = event.sent ?? 0;
  const total = event.total ?? 0;
  if (event.status === "completed") {
    // A row skipped by the 7-day rule is not a failure: it says so, and the sent count only when some went out.
    const recent = (event.results ?? []).filter((row) => row.message?.startsWith(ALREADY_SENT_PREFIX)).length;
    if (recent > 0) {
      const recentText = `${recent} ${recent === 1 ? "já recebeu" : "já receberam"} nos últimos 7 dias`;
      return {
        title: "Envio em massa concluído",
        description:
          sent > 0 ? `${sent} de ${total} ${total === 1 ? "mensagem enviada" : "mensagens enviadas"}; ${recentText}` : recentText,
      };
    }
    return { title: "Envio em massa concluído", description: `${sent} de ${total} mensagens enviadas com sucesso` };
  }
  if (event.reason === "cancelled") {
    const unsent = Math.max(0, total - sent - (event.errors ?? 0));
    return {
      title: "Envio cancelado",
      description: `${sent} de ${total} ${total === 1 ? "mensagem enviada" : "mensagens enviadas"} antes do cancelamento; ${unsent} ${unsent === 1 ? "não será enviada" : "não serão enviadas"}.`,
    };
  }
  if (event.reason === "not-ready") {
    return { title: "WhatsApp não autenticado", description: "Você precisa escanear o QR code primeiro", variant: "destructive" };
  }
  return { title: "Erro no envio em massa", description: event.message, variant: "destructive" };
}

/** What the helper sends (helper/README.md), plus socket.io's own events, by name. */
export type HelperPayloads = {
  connect: undefined;
  connect_error: { message?: string; data?: { code?: string } } | undefined;
  disconnect: string;
  reconnect_failed: undefined;
  "helper-state": HelperState;
  "whatsapp-qr": { qrDataURL: string } | undefined;
  "whatsapp-ready": { account?: string | null } | undefined;
  "whatsapp-auth-failure": { message?: string; code?: string } | undefined;
  "whatsapp-disconnected": { reason?: string; reconnecting?: boolean } | undefined;
  "whatsapp-logged-out": undefined;
  "message-status": MessageStatusEvent;
  "bulk-started": BulkStartedEvent;
  "bulk-progress": BulkProgress;
  "bulk-status": BulkStatusEvent;
  "opt-out": { number?: string } | undefined;
  /** The site acknowledged rows of 'Registro de Envios' the helper posted: the log table has them now. */
  "send-log-recorded": { count?: number } | undefined;
  /** The helper's own errors; `fatal` when the page could not even load the socket client. */
  error: { message?: string; fatal?: boolean } | undefined;
};

export type HelperEventName = keyof HelperPayloads;

export type HelperEvent = { [Name in HelperEventName]: { name: Name; payload: HelperPayloads[Name] } }[HelperEventName];

/** What one helper event does to the page: its next state and the effects the page carries out. */
export type HelperEventOutcome = {
  state: MirrorState;
  toasts: ToastMessage[];
  /**
   * Per-message results as 'Registro de Envios' rows. The helper writes the log itself (decision 068);
   * the page only uses them to know its log table is worth reloading.
   */
  logRows: SendLogEntryInput[];
  /** The site has new 'Registro de Envios' rows (the helper says so once they are acknowledged): reload the log. */
  refreshLog: boolean;
  /** The helper refused the token: fetch a fresh one, then connect again. */
  refreshToken: boolean;
  /** Titles of toasts this event makes untrue (still on screen, they would contradict the page): take them away. */
  retractToasts: string[];
};

/**
 * The page's own success toasts (spec §8). They say something about the connection, so an event
 * that ends it takes them away (`retractToasts`): a 'WhatsApp espelhado' left on screen for its
 * 5 s after the helper died would contradict the QR area's 'Desconectado: …'.
 */
export const MIRROR_TOASTS = {
  serverConnected: { title: "Servidor conectado", description: "O ajudante do WhatsApp está em execução neste computador." },
  starting: { title: "Iniciando espelhamento", description: "Aguarde o QR code para escanear com o celular." },
  mirrored: { title: "WhatsApp espelhado", description: "Seu WhatsApp está conectado." },
} as const satisfies Record<string, ToastMessage>;

/** What the end of the helper's connection makes untrue. */
const HELPER_GONE = [MIRROR_TOASTS.serverConnected.title, MIRROR_TOASTS.starting.title, MIRROR_TOASTS.mirrored.title];
/** What the end of WhatsApp's link (the helper still answering) makes untrue. */
const WHATSAPP_GONE = [MIRROR_TOASTS.starting.title, MIRROR_TOASTS.mirrored.title];

/** A log row for one message result; `operatorName` is the name typed on this page, used when the helper has none. */
export function sendLogRow(event: MessageStatusEvent, operatorName: string): SendLogEntryInput {
  return {
    jobId: event.jobId,
    operator: (event.operatorName || operatorName || "Sistema").slice(0, OPERATOR_NAME_MAX),
    name: (event.name || "Desconhecido").slice(0, 200),
    number: event.number,
    message: (event.text ?? event.message ?? "").slice(0, MESSAGE_MAX),
    // The log says what the table says: a skipped contact is 'Ignorado' there too, with its "já enviado em dd/mm".
    status: contactStatusOf(event),
    detail: event.status === "error" ? (event.error ?? event.message ?? undefined)?.slice(0, 500) : undefined,
    sentAt: event.at,
  };
}

/**
 * One helper event applied to the page: the next state, the toasts to show and the results to
 * record. Pure, so every event's texts and rows are checked by unit tests.
 */
export function reduceHelperEvent(state: MirrorState, event: HelperEvent, operatorName: string): HelperEventOutcome {
  const outcome = (
    next: MirrorState,
    toasts: ToastMessage[] = [],
    logRows: SendLogEntryInput[] = [],
    retractToasts: string[] = [],
  ): HelperEventOutcome => ({
    state: next,
    toasts,
    logRows,
    refreshLog: false,
    refreshToken: false,
    retractToasts,
  });
  /** WhatsApp went away: its state changes, no toast, and the toasts that said it was coming are taken back. */
  const whatsappGone = (action: MirrorAction, toasts: ToastMessage[] = []) =>
    outcome(mirrorReducer(state, action), toasts, [], WHATSAPP_GONE);
  switch (event.name) {
    case "connect":
      // After the operator's click the page asks for WhatsApp at once and its 'Iniciando espelhamento'
      // replaces this toast (one at a time); 'Servidor conectado' stays in the header and the QR area's steps.
      return outcome(mirrorReducer(state, { type: "connect" }), [MIRROR_TOASTS.serverConnected]);

    case "connect_error": {
      const message = event.payload?.message;
      const code = event.payload?.data?.code;
      const next = mirrorReducer(state, { type: "connect-error", message: message ?? "erro desconhecido", code });
      const refused = code === "invalid-token";
      // The token expired or the helper has another secret: fetch a fresh token once and retry, quietly.
      if (refused && !state.tokenRefreshed) return { ...outcome({ ...next, tokenRefreshed: true }), refreshToken: true };
      // No toast: the panel and the QR area say it once and keep saying it, however many attempts fail.
      return outcome(next);
    }

    case "reconnect_failed":
      return outcome(mirrorReducer(state, { type: "reconnect-failed" }));

    case "disconnect":
      // Said in the QR area ('Desconectado: …'), not in a toast: reconnections would repeat it.
      return outcome(mirrorReducer(state, { type: "disconnect", reason: String(event.payload) }), [], [], HELPER_GONE);

    case "helper-state":
      return outcome(mirrorReducer(state, { type: "helper-state", state: event.payload }));

    case "whatsapp-qr":
      return outcome(mirrorReducer(state, { type: "qr", qrDataURL: event.payload?.qrDataURL as string }));

    case "whatsapp-ready": {
      const next = mirrorReducer(state, { type: "ready", account: event.payload?.account ?? null });
      // The helper repeats 'ready' on every reconnection: greet only when it is news.
      return outcome(next, state.isAuthenticated ? [] : [MIRROR_TOASTS.mirrored]);
    }

    case "whatsapp-auth-failure":
      // The QR area keeps the message (with 'Desconectar' for an invalid session): no toast.
      return whatsappGone({
        type: "auth-failure",
        message: event.payload?.message ?? "Falha na autenticação",
        code: event.payload?.code,
      });

    case "whatsapp-disconnected":
      // The helper reports each failed reconnection: the QR area's one message ('WhatsApp
      // desconectado', 'Motivo: …') stays, no toast per attempt (decisions 052 and 063).
      return whatsappGone({
        type: "whatsapp-disconnected",
        reason: event.payload?.reason ?? "",
        reconnecting: event.payload?.reconnecting,
      });

    case "whatsapp-logged-out":
      return whatsappGone({ type: "logged-out" }, [
        { title: "Sessão encerrada", description: "O WhatsApp foi desconectado deste computador." },
      ]);

    case "bulk-started":
      return outcome(mirrorReducer(state, { type: "bulk-started", event: event.payload }));

    case "bulk-progress":
      return outcome(mirrorReducer(state, { type: "bulk-progress", progress: event.payload }));

    case "message-status": {
      const status = event.payload;
      // Every result, replays too, means the log table may have changed (the helper wrote it).
      const toasts: ToastMessage[] =
        status.status === "error" && !status.replay && contactStatusOf(status) !== "skipped"
          ? [
              {
                title: "Erro ao enviar mensagem",
                description: `${status.number}: ${status.error ?? status.message}`,
                variant: "destructive",
              },
            ]
          : [];
      return outcome(mirrorReducer(state, { type: "message-status", event: status }), toasts, [sendLogRow(status, operatorName)]);
    }

    case "bulk-status": {
      const status = event.payload;
      // A replayed end (after a reconnection) was already announced.
      return outcome(
        mirrorReducer(state, { type: "bulk-status", event: status }),
        status.replay ? [] : [bulkStatusToast(status)],
      );
    }

    case "send-log-recorded":
      return { ...outcome(state), refreshLog: true };

    case "opt-out":
      return outcome(state, [
        {
          title: "Contato descadastrado",
          description: `${event.payload?.number} respondeu SAIR/PARAR e não receberá mais mensagens.`,
        },
      ]);

    case "error": {
      const fatal = !!event.payload?.fatal;
      const message = event.payload?.message;
      return outcome(mirrorReducer(state, { type: "init-failed", message: fatal ? (message as string) : (message ?? "Erro") }), [
        { title: fatal ? "Erro de inicialização" : "Erro de socket", description: message, variant: "destructive" },
      ]);
    }
  }
}
