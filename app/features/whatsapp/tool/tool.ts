import { estimateFinish, type SendPlan } from "whatsapp-helper/schedule";
import { z } from "zod";

import { SITE_TIME_ZONE } from "~/shared/dates";

/**
 * Pure pieces of the WhatsApp tool shared by the /whatsapp pages (server and browser): the form
 * schemas, the spec's texts and limits, and small calculations (counters, progress, finish time,
 * connection-error classification). No I/O here.
 */

// ---- Fixed texts, limits and connection settings of the WhatsApp tool ----------------------------

/** socket.io-client options: WebSocket first, polling fallback, 20 s, 5 attempts 2 s apart. */
export const SOCKET_OPTIONS = {
  transports: ["websocket", "polling"],
  timeout: 20_000,
  reconnectionAttempts: 5,
  reconnectionDelay: 2_000,
} as const;

export const OPERATOR_NAME_MIN = 3;
export const OPERATOR_NAME_MAX = 80;
/** Limits the page enforces before a bulk job reaches the helper. */
export const MESSAGE_MAX = 4_000;
export const CONTACTS_MAX = 1_000;

/** Rows per page of 'Registro de Envios', and its page parameter (?pagina=2). */
export const SEND_LOG_PAGE_SIZE = 20;
export const LOG_PAGE_PARAM = "pagina";

/**
 * The statuses of the stored log ('Registro de Envios'), the same words as 'Status dos Envios':
 * 'Ignorado' is a contact the helper skipped on purpose (it got the same text recently).
 */
export const LOG_STATUS = { sent: "Enviado", error: "Erro", skipped: "Ignorado" } as const;
export type LogStatus = (typeof LOG_STATUS)[keyof typeof LOG_STATUS];

/** Where the start scripts are served (operator only). */
export const START_SCRIPT_PATHS = {
  windows: "/whatsapp/iniciar-whatsapp-helper.bat",
  /** macOS: a zip holding the .command with its execute bit (a bare download has none). */
  mac: "/whatsapp/iniciar-whatsapp-helper-mac.zip",
  unix: "/whatsapp/iniciar-whatsapp-helper.sh",
} as const;
/** The helper package the start scripts install, emitted into the build by the Vite plugin. */
export const HELPER_PACKAGE_PATH = "/downloads/whatsapp-helper.tgz";

// ---- Form schemas (one schema, server and browser) ----------------------------------------------

export const GATE_INTENT = "entrar";

/** The gate: the access password. */
export const gateSchema = z.object({
  intent: z.literal(GATE_INTENT),
  password: z.string({ error: "Informe a senha de acesso" }).min(1, "Informe a senha de acesso").max(256, "Senha longa demais"),
});

/**
 * The management form: one form holds 'Senha Mestra', 'Nova Senha' and every 'Remover' button, so
 * removing works without JavaScript too (the button says which password: intent=remover:<id>).
 */
export const BLANK_PASSWORD_MESSAGE = "A senha não pode estar em branco";
/** The spec's message for a blank new password, shown above the form (with or without JavaScript). */
export const BLANK_PASSWORD_ALERT = { title: "Senha inválida", description: BLANK_PASSWORD_MESSAGE };
/** The longest name of an access password. */
export const PASSWORD_LABEL_MAX = 80;
/** A password added without a name (decision 069). */
export const BLANK_LABEL_MESSAGE = "Dê um nome à senha (por exemplo: Senha da equipe do polo Centro)";
export const BLANK_LABEL_ALERT = {
  title: "Senha sem nome",
  description: "Diga de quem é a senha (por exemplo: Senha da equipe do polo Centro), para saber quem envia e poder revogá-la.",
};

export const manageSchema = z
  .object({
    intent: z.union(
      [
        z.literal("adicionar"),
        z.literal("mostrar"),
        z.string().regex(/^remover:\d{1,12}$/),
        z.string().regex(/^revogar:[A-Za-z0-9_-]{16}$/),
      ],
      {
        error: "Ação inválida",
      },
    ),
    masterPassword: z.string().max(256, "Senha longa demais").optional(),
    newPassword: z.string().max(256, "A senha pode ter no máximo 256 caracteres").optional(),
    /** Whose password it is ("Senha da equipe do polo X", decision 069): required when adding. */
    label: z.string().trim().max(PASSWORD_LABEL_MAX, `O nome pode ter no máximo ${PASSWORD_LABEL_MAX} caracteres`).optional(),
  })
  .superRefine((value, ctx) => {
    // 'Nova Senha' and its name matter only for 'Adicionar Nova Senha'; 'Remover' ignores them.
    if (value.intent === "adicionar" && !value.newPassword?.trim()) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: BLANK_PASSWORD_MESSAGE });
    }
    if (value.intent === "adicionar" && !value.label) {
      ctx.addIssue({ code: "custom", path: ["label"], message: BLANK_LABEL_MESSAGE });
    }
  });
export type ManageInput = z.infer<typeof manageSchema>;

/** The id of the password a 'Remover' button names, or null for 'adicionar'. */
export function removalId(intent: string): number | null {
  const match = /^remover:(\d{1,12})$/.exec(intent);
  return match ? Number(match[1]) : null;
}

/** The key a 'Revogar' button names (an installed helper, decision 070), or null. */
export function revocationId(intent: string): string | null {
  const match = /^revogar:([A-Za-z0-9_-]{16})$/.exec(intent);
  return match ? match[1] : null;
}

/** Operator name: at least 3 characters. */
export const operatorNameSchema = z
  .string()
  .trim()
  .min(OPERATOR_NAME_MIN, "Nome deve ter pelo menos 3 caracteres")
  .max(OPERATOR_NAME_MAX, `Nome deve ter no máximo ${OPERATOR_NAME_MAX} caracteres`);

/** The message an operator name input shows, or null when it is valid. Blank shows nothing yet. */
export function operatorNameError(name: string): string | null {
  if (name.trim() === "") return null;
  const result = operatorNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function isValidOperatorName(name: string): boolean {
  return operatorNameSchema.safeParse(name).success;
}

/** One per-message result the page records in 'Registro de Envios'. */
export const sendLogEntrySchema = z.object({
  jobId: z
    .string({ error: "jobId obrigatório" })
    .trim()
    .min(1, "jobId obrigatório")
    .max(100)
    .regex(/^[\w.:-]+$/, "jobId inválido"),
  operator: z.string().trim().max(OPERATOR_NAME_MAX).optional().default(""),
  name: z.string().trim().max(200).optional().default(""),
  number: z
    .string({ error: "Número obrigatório" })
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(z.string().min(8, "Número inválido").max(20, "Número inválido")),
  message: z.string().max(MESSAGE_MAX).optional().default(""),
  status: z.enum(["sent", "error", "skipped", "Enviado", "Erro", "Ignorado"], { error: "Status inválido" }),
  detail: z.string().max(500).optional(),
  sentAt: z.iso.datetime({ offset: true, error: "Horário inválido" }).optional(),
  /**
   * The hand-off list (?lista=) open on the page when the job ran: the server links the send to the
   * lead through that list's contacts. Optional (older pages send none); a malformed one is ignored,
   * never a reason to lose the result.
   */
  lista: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
});
export type SendLogEntryInput = z.input<typeof sendLogEntrySchema>;

export function logStatusOf(status: "sent" | "error" | "skipped" | LogStatus): LogStatus {
  if (status === "sent" || status === "Enviado") return LOG_STATUS.sent;
  if (status === "skipped" || status === "Ignorado") return LOG_STATUS.skipped;
  return LOG_STATUS.error;
}

// ---- Bulk-send bookkeeping ----------------------------------------------------------------------

/** 'skipped': the helper did not send it on purpose (it got the same text recently: "já enviado em dd/mm"). */
export type ContactStatus = "pending" | "sent" | "error" | "skipped";
export type TrackedContact = {
  /** The row's position in the helper's job (its `index`); absent until the helper has listed the job's rows. */
  index?: number;
  name: string;
  number: string;
  status: ContactStatus;
  /** ISO instant of the result, or null while pending. */
  timestamp: string | null;
  detail?: string;
};

/** The badges of 'Status dos Envios'. */
export function statusCounts(contacts: readonly { status: ContactStatus }[]) {
  let sent = 0;
  let errors = 0;
  let skipped = 0;
  for (const contact of contacts) {
    if (contact.status === "sent") sent++;
    else if (contact.status === "error") errors++;
    else if (contact.status === "skipped") skipped++;
  }
  return { total: contacts.length, sent, pending: contacts.length - sent - errors - skipped, errors, skipped };
}

/**
 * Applies one message-status event, matched by number (the helper reports exactly the digits the
 * page sent). A number listed twice is sent once, so its single result marks every pending row of
 * that number; a repeated (replayed) result rewrites the same rows.
 */
export function applyMessageStatus(
  contacts: readonly TrackedContact[],
  result: { number: string; status: Exclude<ContactStatus, "pending">; timestamp: string; detail?: string },
): TrackedContact[] {
  const anyPending = contacts.some((c) => c.number === result.number && c.status === "pending");
  return contacts.map((contact) =>
    contact.number === result.number && (!anyPending || contact.status === "pending")
      ? { ...contact, status: result.status, timestamp: result.timestamp, detail: result.detail }
      : contact,
  );
}

/** Percentage (0-100, whole) of a job that is done. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}

/**
 * Expected finish instant of a paced bulk job: each remaining message waits on average the middle
 * of the helper's random gap. Null when nothing remains.
 */
export function expectedFinish(
  remaining: number,
  delay: { minMs: number; maxMs: number },
  now: number = Date.now(),
): Date | null {
  if (remaining <= 0) return null;
  const average = (Math.max(0, delay.minMs) + Math.max(delay.minMs, delay.maxMs)) / 2;
  return new Date(now + remaining * average);
}

/**
 * When a finish falls, said in São Paulo time: "14:32" today, "03/12 às 08:29" on another day
 * (`sameDay` false), and "em cerca de 25 min", "em cerca de 2 h 5 min" or, a day or more away,
 * "em cerca de 3 dias".
 */
export function formatFinish(finish: Date, now: number = Date.now()): { clock: string; relative: string; sameDay: boolean } {
  const time = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: SITE_TIME_ZONE });
  const day = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", timeZone: SITE_TIME_ZONE });
  const sameDay = day.format(finish) === day.format(new Date(now));
  const clock = sameDay ? time.format(finish) : `${day.format(finish)} às ${time.format(finish)}`;
  const minutes = Math.max(0, Math.round((finish.getTime() - now) / 60_000));
  let relative: string;
  if (minutes < 1) relative = "em menos de 1 minuto";
  else if (minutes < 60) relative = `em cerca de ${minutes} min`;
  else if (minutes < 24 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    relative = `em cerca de ${hours} h${rest ? ` ${rest} min` : ""}`;
  } else {
    const days = Math.round(minutes / (24 * 60));
    relative = `em cerca de ${days} ${days === 1 ? "dia" : "dias"}`;
  }
  return { clock, relative, sameDay };
}

/**
 * The finish of a list of `count` contacts sent from `now`: with the helper's plan (its sending
 * window, daily cap, warm-up and what went today: `limits.plan`), the days those allow; from an
 * older helper, the pace alone.
 */
export function listFinish(
  count: number,
  delay: { minMs: number; maxMs: number },
  plan: SendPlan | null | undefined,
  now: number = Date.now(),
): Date | null {
  if (count <= 0) return null;
  if (!plan) return expectedFinish(count, delay, now);
  const gapMs = (Math.max(0, delay.minMs) + Math.max(delay.minMs, delay.maxMs)) / 2;
  const at = estimateFinish({ from: now, pending: count, gapMs, plan });
  return at === null ? null : new Date(at);
}

/**
 * The list's estimate under the text box: "cerca de 20 min", or over days "cerca de 2 dias (término
 * previsto em 03/12 às 08:29)"; "não há como enviar hoje" when no cap leaves room.
 */
export function listEstimateText(
  count: number,
  delay: { minMs: number; maxMs: number },
  limits: { plan?: SendPlan } | null | undefined,
  now: number = Date.now(),
): string {
  const finish = listFinish(count, delay, limits?.plan, now);
  if (!finish) return "o limite diário não deixa enviar (confira as regras de segurança do envio)";
  const { clock, relative, sameDay } = formatFinish(finish, now);
  const about = relative.replace(/^em /, "");
  return sameDay ? about : `${about} (término previsto em ${clock})`;
}

/** A timestamp as the spec shows it: local date-time, or '-'. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return "-";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  return new Intl.DateTimeFormat("pt-BR", {
    dateStyle: "short",
    timeStyle: "medium",
    timeZone: SITE_TIME_ZONE,
  }).format(date);
}

// ---- Connection errors --------------------------------------------------------------------------

/**
 * True for the errors after which the spec shows 'Servidor não encontrado': the helper is not
 * running (websocket error, xhr poll error, connect_error), or it did not answer in time.
 */
export function isServerNotFoundError(message: string | undefined | null): boolean {
  if (!message) return false;
  return /websocket error|xhr poll error|connect_error|timeout/i.test(message);
}

/** Why the helper refused this page (its token was made for another key, or expired). */
export const HELPER_REFUSED_TEXT = "O ajudante recusou a conexão desta página (a chave de acesso não confere).";

/** Where the page gets a challenge and, for the helper's proof of it, the helper's token (decision 070). */
export const HELPER_VERIFY_PATH = "/whatsapp/ajudante";

/** What answered on the helper's port could not prove it is this site's helper: the page handed it nothing. */
export const HELPER_IMPOSTOR_TEXT =
  "Outro programa respondeu na porta do ajudante sem provar que é o ajudante deste site (pode ser também um ajudante cuja chave foi revogada): nada foi entregue a ele. Feche esse programa e inicie o ajudante pelo script baixado nesta página.";

/** The helper's key was revoked, or the password or user that downloaded it was removed. */
export const HELPER_KEY_REVOKED_TEXT =
  "A chave do ajudante deste computador foi revogada (ou a senha ou o usuário que a baixou foi removido). Baixe o script de início de novo nesta página e execute-o.";

/** How long the master password shows the password page's lists in one browser (decision 116). */
export const MANAGER_UNLOCK_MINUTES = 15;

/** The helper on this computer proved a live key, but one downloaded by another person or with another access password. */
export const HELPER_NOT_YOURS_TEXT =
  "O ajudante deste computador foi instalado por outra pessoa (ou com outra senha de acesso): esta página não entrega nada a ele. Baixe o seu script de início nesta página e execute-o.";

/** Chrome's Local Network Access permission was refused for this site: the helper cannot be reached. */
export const PERMISSION_DENIED_TEXT =
  "O Chrome está bloqueando o acesso desta página ao ajudante neste computador (permissão “Acesso à rede local” negada).";

/** The site is served over plain http from another computer: Chrome refuses to reach the helper from it. */
export const HTTPS_REQUIRED_TEXT =
  "Esta página foi aberta sem https: o Chrome não deixa uma página assim falar com o ajudante neste computador.";

/** The helper's saved WhatsApp session no longer works (Baileys' badSession): only a fresh link fixes it. */
export const BAD_SESSION_TEXT = "Sessão do WhatsApp inválida. Desconecte e escaneie o QR code de novo.";

/** The title of the QR area's message when the helper reports 'whatsapp-disconnected' (spec §8). */
export const WHATSAPP_DISCONNECTED_TITLE = "WhatsApp desconectado";

/**
 * The QR area's text under 'WhatsApp desconectado': the spec's 'Motivo: {reason}', then what happens
 * next. The helper retries a network loss by itself (`reconnecting`, absent from an older helper);
 * a close it will not retry (the session was opened elsewhere, reconnection gave up) needs a click.
 */
export function whatsappDisconnectedText(reason: string | undefined, reconnecting: boolean | undefined): string {
  const motive = reason?.trim() ? `Motivo: ${reason.trim().replace(/[.]$/, "")}. ` : "";
  return reconnecting === false
    ? `${motive}Clique em Iniciar Espelhamento para conectar de novo.`
    : `${motive}O ajudante está tentando reconectar; verifique a internet deste computador.`;
}

/**
 * Every reason socket.io-client 4 (and its engine.io transport) gives for a 'disconnect' or a
 * 'connect_error', in Portuguese: these reach operators in toasts and in the QR area, and the
 * library's own words are English jargon. Matched case-insensitively on the start of the text,
 * since some carry details after them ('probe error: websocket').
 */
const CONNECTION_REASONS: [prefix: string, text: string][] = [
  // 'disconnect' reasons
  ["io server disconnect", "O ajudante encerrou a conexão."],
  ["io client disconnect", "Esta página encerrou a conexão."],
  ["ping timeout", "O ajudante parou de responder."],
  ["transport close", "A conexão com o ajudante foi fechada (o ajudante pode ter sido encerrado)."],
  ["transport error", "A conexão com o ajudante falhou."],
  ["parse error", "O ajudante enviou uma resposta inválida."],
  ["forced close", "A conexão com o ajudante foi encerrada."],
  ["forced server close", "O ajudante encerrou a conexão."],
  // 'connect_error' messages (the helper does not answer, or answers something else)
  ["websocket error", "O ajudante não respondeu (verifique se ele está aberto neste computador)."],
  ["xhr poll error", "O ajudante não respondeu (verifique se ele está aberto neste computador)."],
  ["xhr post error", "Não foi possível enviar dados ao ajudante."],
  ["fetch read error", "Não foi possível receber dados do ajudante."],
  ["fetch write error", "Não foi possível enviar dados ao ajudante."],
  ["webtransport error", "A conexão com o ajudante falhou."],
  ["probe error", "A conexão com o ajudante falhou."],
  ["server error", "O ajudante recusou a conexão."],
  ["timeout", "O ajudante demorou demais para responder."],
  ["operation has timed out", "O ajudante demorou demais para responder."],
  ["invalid namespace", "O endereço do ajudante não confere."],
  ["it seems you are trying to reach a socket.io server in v2", "A versão do ajudante é incompatível com esta página."],
  ["token inválido ou expirado", HELPER_REFUSED_TEXT],
];

/** The pt-BR text of a socket.io disconnect or connection-error reason; unknown ones get a generic text. */
export function connectionReasonText(reason: unknown, code?: string): string {
  if (code === "invalid-token") return HELPER_REFUSED_TEXT;
  const lower = typeof reason === "string" ? reason.trim().toLowerCase() : "";
  for (const [prefix, text] of CONNECTION_REASONS) if (lower.startsWith(prefix)) return text;
  return "Falha de conexão com o ajudante.";
}

/** True for the browser-side poll failure that also shows the 'servidor foi iniciado' banner. */
export function isPollError(message: string | undefined | null): boolean {
  return !!message && /xhr poll error/i.test(message);
}

/** Replaces {nome} with the contact's name, as the helper does (for previews on the page). */
export function fillTemplate(template: string, name: string): string {
  return template.replace(/\{nome\}/gi, name);
}
