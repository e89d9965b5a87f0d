import type {
  BulkProgress,
  BulkStartedEvent,
  BulkStatusEvent,
  HelperLimits,
  HelperState,
  MessageStatusEvent,
  MirrorState,
  PanelKind,
  ProblemCause,
} from "./mirror-types";
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
  PERMISSION_DENIED_TEXT,
  type TrackedContact,
  whatsappDisconnectedText,
} from "./tool";

/**
 * The state of the mirroring page and how each helper event changes it (connection, QR code,
 * linked account, and the helper's job events, see helper/README.md). Pure functions:
 * `mirrorReducer` for the page's own actions, `reduceHelperEvent` for a socket event, which also
 * says which toasts to show and which results to record; the page only carries those out.
 */

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
