import type { ToastMessage } from "./toast";
import {
  applyMessageStatus,
  connectionReasonText,
  HELPER_REFUSED_TEXT,
  isPollError,
  isServerNotFoundError,
  MESSAGE_MAX,
  OPERATOR_NAME_MAX,
  type SendLogEntryInput,
  statusCounts,
  type TrackedContact,
} from "./whatsapp";

/**
 * The state of the mirroring page and how each helper event changes it (connection, QR code,
 * linked account, and the helper's job events, see helper/README.md). Pure functions:
 * `mirrorReducer` for the page's own actions, `reduceHelperEvent` for a socket event, which also
 * says which toasts to show and which results to record; the page only carries those out.
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
  /** A fresh token was already fetched after the helper refused this page's token (once per streak). */
  tokenRefreshed: boolean;
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
  tokenRefreshed: false,
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
      // A new attempt (page opened, or 'Tentar novamente') may refresh a refused token again.
      return { ...state, socket: state.socket === "connected" ? "connected" : "connecting", tokenRefreshed: false };

    case "connect":
      return { ...state, socket: "connected", error: null, attempts: 0, panel: null, pollBanner: false, tokenRefreshed: false };

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
        ? {
            ...state.progress,
            state: event.status === "completed" ? ("completed" as const) : ("cancelled" as const),
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

/** What the helper sends (helper/README.md), plus socket.io's own events, by name. */
export type HelperPayloads = {
  connect: undefined;
  connect_error: { message?: string; data?: { code?: string } } | undefined;
  disconnect: string;
  reconnect_failed: undefined;
  "helper-state": HelperState;
  "whatsapp-qr": { qrDataURL: string } | undefined;
  "whatsapp-ready": { account?: string | null } | undefined;
  "whatsapp-auth-failure": { message?: string } | undefined;
  "whatsapp-disconnected": { reason?: string } | undefined;
  "whatsapp-logged-out": undefined;
  "message-status": MessageStatusEvent;
  "bulk-started": BulkStartedEvent;
  "bulk-progress": BulkProgress;
  "bulk-status": BulkStatusEvent;
  "opt-out": { number?: string } | undefined;
  /** The helper's own errors; `fatal` when the page could not even load the socket client. */
  error: { message?: string; fatal?: boolean } | undefined;
};

export type HelperEventName = keyof HelperPayloads;

export type HelperEvent = { [Name in HelperEventName]: { name: Name; payload: HelperPayloads[Name] } }[HelperEventName];

/** What one helper event does to the page: its next state and the effects the page carries out. */
export type HelperEventOutcome = {
  state: MirrorState;
  toasts: ToastMessage[];
  /** Per-message results to record in 'Registro de Envios'. */
  logRows: SendLogEntryInput[];
  /** The helper refused the token: fetch a fresh one, then connect again. */
  refreshToken: boolean;
};

/** A log row for one message result; `operatorName` is the name typed on this page, used when the helper has none. */
export function sendLogRow(event: MessageStatusEvent, operatorName: string): SendLogEntryInput {
  return {
    jobId: event.jobId,
    operator: (event.operatorName || operatorName || "Sistema").slice(0, OPERATOR_NAME_MAX),
    name: (event.name || "Desconhecido").slice(0, 200),
    number: event.number,
    message: (event.text ?? event.message ?? "").slice(0, MESSAGE_MAX),
    status: event.status,
    detail: event.status === "error" ? (event.error ?? event.message ?? undefined)?.slice(0, 500) : undefined,
    sentAt: event.at,
  };
}

/** The toasts of a failed connection attempt: only the first of a streak speaks, a refusal always does. */
function connectErrorToasts(message: string | undefined, refused: boolean, first: boolean): ToastMessage[] {
  if (refused) return [{ title: "Falha na autenticação", description: message, variant: "destructive" }];
  if (!first) return [];
  if (/websocket error|xhr poll error|connect_error|timeout/i.test(message ?? "")) {
    return [{ title: "Servidor não encontrado", description: "Erro de conexão com o servidor", variant: "destructive" }];
  }
  return [
    {
      title: "Erro de conexão",
      description: `Erro ao conectar ao servidor: ${connectionReasonText(message)}`,
      variant: "destructive",
    },
  ];
}

/**
 * One helper event applied to the page: the next state, the toasts to show and the results to
 * record. Pure, so every event's texts and rows are checked by unit tests.
 */
export function reduceHelperEvent(state: MirrorState, event: HelperEvent, operatorName: string): HelperEventOutcome {
  const outcome = (next: MirrorState, toasts: ToastMessage[] = [], logRows: SendLogEntryInput[] = []): HelperEventOutcome => ({
    state: next,
    toasts,
    logRows,
    refreshToken: false,
  });
  switch (event.name) {
    case "connect":
      return outcome(mirrorReducer(state, { type: "connect" }), [
        { title: "Servidor conectado", description: "O ajudante do WhatsApp está em execução neste computador." },
      ]);

    case "connect_error": {
      const message = event.payload?.message;
      const code = event.payload?.data?.code;
      const next = mirrorReducer(state, { type: "connect-error", message: message ?? "erro desconhecido", code });
      const refused = code === "invalid-token";
      // The token expired or the helper has another secret: fetch a fresh token once and retry, quietly.
      if (refused && !state.tokenRefreshed) return { ...outcome({ ...next, tokenRefreshed: true }), refreshToken: true };
      return outcome(next, connectErrorToasts(message, refused, state.attempts === 0));
    }

    case "reconnect_failed":
      return outcome(mirrorReducer(state, { type: "reconnect-failed" }));

    case "disconnect": {
      const next = mirrorReducer(state, { type: "disconnect", reason: String(event.payload) });
      // The page closing its own socket is no news to the operator.
      if (event.payload === "io client disconnect") return outcome(next);
      return outcome(next, [{ title: "Desconectado", description: connectionReasonText(event.payload), variant: "destructive" }]);
    }

    case "helper-state":
      return outcome(mirrorReducer(state, { type: "helper-state", state: event.payload }));

    case "whatsapp-qr":
      return outcome(mirrorReducer(state, { type: "qr", qrDataURL: event.payload?.qrDataURL as string }));

    case "whatsapp-ready": {
      const next = mirrorReducer(state, { type: "ready", account: event.payload?.account ?? null });
      // The helper repeats 'ready' on every reconnection: greet only when it is news.
      return outcome(
        next,
        state.isAuthenticated ? [] : [{ title: "WhatsApp espelhado", description: "Seu WhatsApp está conectado." }],
      );
    }

    case "whatsapp-auth-failure":
      return outcome(mirrorReducer(state, { type: "auth-failure", message: event.payload?.message ?? "Falha na autenticação" }), [
        { title: "Falha na autenticação", description: event.payload?.message, variant: "destructive" },
      ]);

    case "whatsapp-disconnected":
      return outcome(mirrorReducer(state, { type: "whatsapp-disconnected", reason: event.payload?.reason ?? "" }), [
        { title: "WhatsApp desconectado", description: `Motivo: ${event.payload?.reason ?? "-"}`, variant: "destructive" },
      ]);

    case "whatsapp-logged-out":
      return outcome(mirrorReducer(state, { type: "logged-out" }), [
        { title: "Sessão encerrada", description: "O WhatsApp foi desconectado deste computador." },
      ]);

    case "bulk-started":
      return outcome(mirrorReducer(state, { type: "bulk-started", event: event.payload }));

    case "bulk-progress":
      return outcome(mirrorReducer(state, { type: "bulk-progress", progress: event.payload }));

    case "message-status": {
      const status = event.payload;
      // Every result is recorded, replays and cleared jobs too: the server ignores repeats.
      const toasts: ToastMessage[] =
        status.status === "error" && !status.replay
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
