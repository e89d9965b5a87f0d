import type { ToastMessage } from "./toast";
import {
  applyMessageStatus,
  connectionReasonText,
  HELPER_REFUSED_TEXT,
  isPollError,
  isServerNotFoundError,
  statusCounts,
  type TrackedContact,
} from "./whatsapp";

/**
 * The state of the mirroring page and how each helper event changes it (connection, QR code,
 * linked account, and the helper's job events, see helper/README.md). A pure reducer: the
 * page turns socket events into actions; toasts and log recording happen beside it.
 */

export type HelperLimits = { minDelayMs: number; maxDelayMs: number; dailyCap: number; sentToday: number };

export type BulkProgress = {
  jobId: string;
  state: "running" | "paused" | "completed" | "cancelled";
  total: number;
  done: number;
  sent: number;
  errors: number;
  pending: number;
  operatorName: string;
  startedAt: string;
  nextAt: string | null;
  expectedFinishAt: string | null;
  paused: boolean;
  pauseReason: null | "rate-limit" | "logged-out" | "disconnected" | "daily-cap";
  pauseMessage: string | null;
  resumeAt: string | null;
  dailyCap: number;
  sentToday: number;
};

export type HelperState = {
  version?: string;
  whatsapp: "idle" | "connecting" | "qr" | "ready" | "disconnected" | "logged-out" | "auth-failure";
  account: string | null;
  operatorName: string | null;
  limits: HelperLimits;
  job: BulkProgress | null;
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
};

/** Why the download panel shows: the helper does not answer, or it refused this page. */
export type PanelKind = "not-found" | "refused";

export type MirrorState = {
  /** The socket to the helper. 'idle' until the client library has loaded. */
  socket: "idle" | "connecting" | "connected" | "disconnected";
  /** Spec names: isConnecting (WhatsApp init running), isConnected (socket), isAuthenticated (WhatsApp ready). */
  isConnecting: boolean;
  isAuthenticated: boolean;
  qrCode: string | null;
  error: string | null;
  /** Failed connection attempts in the current streak. */
  attempts: number;
  panel: PanelKind | null;
  /** The 'xhr poll error' banner. */
  pollBanner: boolean;
  account: string | null;
  limits: HelperLimits | null;
  /** 'Status dos Envios' rows. */
  contacts: TrackedContact[];
  sending: boolean;
  jobId: string | null;
  progress: BulkProgress | null;
  /** Jobs cleared with 'Limpar': their late events no longer fill the table. */
  ignoredJobs: string[];
};

export const initialMirrorState: MirrorState = {
  socket: "idle",
  isConnecting: false,
  isAuthenticated: false,
  qrCode: null,
  error: null,
  attempts: 0,
  panel: null,
  pollBanner: false,
  account: null,
  limits: null,
  contacts: [],
  sending: false,
  jobId: null,
  progress: null,
  ignoredJobs: [],
};

export type MirrorAction =
  | { type: "socket-connecting" }
  | { type: "connect" }
  | { type: "connect-error"; message: string; code?: string }
  | { type: "reconnect-failed" }
  | { type: "disconnect"; reason: string }
  | { type: "connect-timeout" }
  | { type: "helper-state"; state: HelperState }
  | { type: "init" }
  | { type: "init-failed"; message: string }
  | { type: "qr"; qrDataURL: string }
  | { type: "ready"; account: string | null }
  | { type: "auth-failure"; message: string }
  | { type: "whatsapp-disconnected"; reason: string }
  | { type: "logged-out" }
  | { type: "start-bulk"; contacts: { name: string; number: string }[] }
  | { type: "bulk-started"; event: BulkStartedEvent }
  | { type: "bulk-progress"; progress: BulkProgress }
  | { type: "message-status"; event: MessageStatusEvent }
  | { type: "bulk-status"; event: BulkStatusEvent }
  | { type: "clear" };

const isLive = (progress: BulkProgress | null) => !!progress && (progress.state === "running" || progress.state === "paused");

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

export function mirrorReducer(state: MirrorState, action: MirrorAction): MirrorState {
  const job = jobOf(action);
  if (job !== null && state.ignoredJobs.includes(job)) {
    return action.type === "helper-state" ? mirrorReducer(state, { ...action, state: { ...action.state, job: null } }) : state;
  }
  switch (action.type) {
    case "socket-connecting":
      return { ...state, socket: state.socket === "connected" ? "connected" : "connecting" };

    case "connect":
      return { ...state, socket: "connected", error: null, attempts: 0, panel: null, pollBanner: false };

    case "connect-error": {
      const refused = action.code === "invalid-token";
      const notFound = isServerNotFoundError(action.message);
      return {
        ...state,
        socket: "disconnected",
        isConnecting: false,
        attempts: state.attempts + 1,
        // A refusal has one message, the panel's: the helper runs, it is the key that does not match.
        error: refused ? HELPER_REFUSED_TEXT : `Erro ao conectar ao servidor: ${connectionReasonText(action.message)}`,
        panel: refused ? "refused" : notFound ? "not-found" : (state.panel ?? "not-found"),
        pollBanner: state.pollBanner || isPollError(action.message),
      };
    }

    case "reconnect-failed":
      return { ...state, socket: "disconnected", isConnecting: false, panel: state.panel ?? "not-found" };

    case "connect-timeout":
      // Not after a refusal: the helper is running, 'check that it runs' would send the operator the wrong way.
      return state.socket === "connected" || state.panel === "refused"
        ? state
        : { ...state, error: "Não foi possível conectar ao servidor. Verifique se o servidor está rodando." };

    case "disconnect":
      return {
        ...state,
        socket: "disconnected",
        isAuthenticated: false,
        isConnecting: false,
        error: `Desconectado: ${connectionReasonText(action.reason)}`,
      };

    case "helper-state": {
      const { whatsapp, account, limits, job } = action.state;
      let next: MirrorState = {
        ...state,
        limits,
        account,
        isAuthenticated: whatsapp === "ready",
        isConnecting: whatsapp === "connecting" || (whatsapp === "qr" && state.isConnecting),
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
      return { ...state, isConnecting: true, error: null };

    case "init-failed":
      return { ...state, isConnecting: false, error: action.message };

    case "qr":
      return { ...state, qrCode: action.qrDataURL, isConnecting: false, isAuthenticated: false, error: null };

    case "ready":
      return { ...state, isAuthenticated: true, isConnecting: false, qrCode: null, error: null, account: action.account };

    case "auth-failure":
      return { ...state, isAuthenticated: false, isConnecting: false, qrCode: null, error: action.message };

    case "whatsapp-disconnected":
      return { ...state, isAuthenticated: false, isConnecting: false, qrCode: null };

    case "logged-out":
      return { ...state, isAuthenticated: false, isConnecting: false, qrCode: null, account: null };

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
      // This page's own job keeps its rows (jobId still null); another tab's job is adopted.
      const own = state.sending && state.jobId === null && state.contacts.length > 0;
      const next = own ? { ...state, jobId: event.jobId } : adoptJob(state, event.jobId);
      return { ...next, sending: true };
    }

    case "bulk-progress": {
      const { progress } = action;
      if (state.jobId !== progress.jobId && !isLive(progress)) return state;
      const next = state.jobId === progress.jobId ? state : adoptJob(state, progress.jobId);
      return { ...next, progress, sending: isLive(progress) };
    }

    case "message-status": {
      const { event } = action;
      const next = state.jobId === event.jobId ? state : adoptJob(state, event.jobId);
      const timestamp = event.at ?? new Date().toISOString();
      const detail = event.status === "error" ? (event.error ?? event.message) : undefined;
      const known = next.contacts.some((c) => c.number === event.number);
      const contacts = known
        ? applyMessageStatus(next.contacts, { number: event.number, status: event.status, timestamp, detail })
        : [...next.contacts, { name: event.name, number: event.number, status: event.status, timestamp, detail }];
      return { ...next, contacts };
    }

    case "bulk-status": {
      const { event } = action;
      if (event.jobId === null) {
        // Refused before it started: nothing was queued.
        return { ...state, sending: false, contacts: state.jobId === null ? [] : state.contacts };
      }
      if (state.jobId !== null && state.jobId !== event.jobId) return state;
      const progress = state.progress
        ? { ...state.progress, state: event.status === "completed" ? ("completed" as const) : ("cancelled" as const), nextAt: null, expectedFinishAt: null }
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

/** Counters shown beside 'Status dos Envios': the page's rows, or the helper's counts for an adopted job. */
export function mirrorCounts(state: MirrorState) {
  const own = statusCounts(state.contacts);
  const progress = state.progress;
  if (progress && progress.jobId === state.jobId && progress.total > own.total) {
    return { total: progress.total, sent: progress.sent, errors: progress.errors, pending: progress.pending };
  }
  return own;
}

/** The toast at the end of a bulk send (or when the helper refused to start it). */
export function bulkStatusToast(event: BulkStatusEvent): ToastMessage {
  const sent = event.sent ?? 0;
  const total = event.total ?? 0;
  if (event.status === "completed") {
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
