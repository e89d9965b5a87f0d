import type { ToastMessage } from "~/shared/toast";

import { contactStatusOf, type MirrorAction, mirrorReducer } from "./mirror-state";
import type {
  BulkProgress,
  BulkStartedEvent,
  BulkStatusEvent,
  HelperState,
  MessageStatusEvent,
  MirrorState,
} from "./mirror-types";
import { MESSAGE_MAX, OPERATOR_NAME_MAX, type SendLogEntryInput, statusCounts } from "./tool";

/**
 * What the mirroring page derives from its state and from each helper event: counters, connection
 * steps, the toasts to show and the rows to record in 'Registro de Envios'.
 */

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
