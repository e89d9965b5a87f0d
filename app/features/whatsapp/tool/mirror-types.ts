import type { SendPlan } from "whatsapp-helper/schedule";

import type { TrackedContact } from "./tool";

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
