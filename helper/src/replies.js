// Replies people send to the operator's WhatsApp (decision 071). Every text a person sends in a
// private chat (never a group, a status or a broadcast, never our own messages) goes to the site's
// "Respostas" inbox: it is appended to an outbox file in the data folder (`replies.jsonl`, 0600)
// before anything else, and posted to POST /api/whatsapp-helper/respostas until the site
// acknowledges it, restarts included (the same outbox as 'Registro de Envios', send-log.js). The
// site stores each WhatsApp message id once, so posting a reply again never duplicates it.
import { isOptOutText } from "./optout.js";
import { SendLogOutbox } from "./send-log.js";

/** Longest text kept of one reply (the site accepts up to this). */
export const REPLY_TEXT_MAX = 4096;
/** Longest WhatsApp display name kept. */
export const PUSH_NAME_MAX = 200;

/**
 * @typedef {{
 *   messageId: string, number: string, text: string, receivedAt: string, pushName: string,
 *   optOut: boolean, jobId?: string | null, hiddenNumber?: boolean,
 * }} ReplyRow
 */

/**
 * What a driver emits for an incoming text: `id` is WhatsApp's message id, `at` when WhatsApp says
 * it was sent (ms), `pushName` the name the person gave WhatsApp; `hiddenNumber` a chat whose number
 * WhatsApp did not give (`from` is then ""), `media` a text that describes a voice note, a sticker...
 * @typedef {{ id?: string | null, from: string, text: string, offline?: boolean, at?: number | null, pushName?: string | null, hiddenNumber?: boolean, media?: boolean }} IncomingMessage
 */

/**
 * The row the site stores for one incoming text, or null when it is nothing to forward (no text, a
 * number the site cannot store).
 * @param {IncomingMessage} incoming
 * @param {{ now: () => number, jobIdFor?: (number: string) => string | null }} context
 * @returns {ReplyRow | null}
 */
export function replyRowOf(incoming, context) {
  const number = String(incoming?.from ?? "").replace(/\D/g, "");
  const text = typeof incoming?.text === "string" ? incoming.text.slice(0, REPLY_TEXT_MAX) : "";
  // a chat whose number WhatsApp hides (LID) still reaches the inbox, without a number
  const hidden = incoming?.hiddenNumber === true && number === "";
  if ((!hidden && !/^\d{8,20}$/.test(number)) || text.trim() === "") return null;
  const at = typeof incoming.at === "number" && Number.isFinite(incoming.at) && incoming.at > 0 ? incoming.at : context.now();
  const receivedAt = new Date(at).toISOString();
  const id = typeof incoming.id === "string" ? incoming.id.trim().slice(0, 200) : "";
  const jobId = context.jobIdFor?.(number) ?? null;
  return {
    // WhatsApp always names its messages; a driver that did not gets one made of who and when
    messageId: id || `sem-id-${number || "oculto"}-${at}`,
    // a WhatsApp id's digits are international: E.164 as they are (decision 117)
    number: hidden ? "" : `+${number}`,
    text,
    receivedAt,
    pushName: typeof incoming.pushName === "string" ? incoming.pushName.slice(0, PUSH_NAME_MAX) : "",
    // a voice note, a sticker... is described, never read as an opt-out
    optOut: incoming.media === true ? false : isOptOutText(text),
    ...(hidden ? { hiddenNumber: true } : {}),
    ...(jobId && !hidden ? { jobId } : {}),
  };
}

/** What the replies outbox says in the helper's window. @type {import("./send-log.js").OutboxTexts} */
export const REPLY_TEXTS = {
  failed: (count, error, seconds) =>
    `Não foi possível entregar ${count} resposta(s) de contatos ao site (${error}); elas ficam guardadas neste computador e serão enviadas de novo em ${seconds} s.`,
  refused: (row, error) => `O site recusou a resposta de ${row.number} (${error}); ela foi descartada.`,
  unwritable: (error) => `Não foi possível guardar uma resposta de contato neste computador: ${error}`,
  uncompacted: (error) => `Não foi possível organizar as respostas pendentes: ${error}`,
};

/**
 * The replies outbox: the send log's outbox class with its own file, post and texts.
 * @param {{
 *   file: string,
 *   post: ((rows: ReplyRow[]) => Promise<unknown>) | null,
 *   isPermanent?: (error: unknown) => boolean,
 *   setTimer?: (fn: () => void, ms: number) => unknown,
 *   clearTimer?: (timer: any) => void,
 *   retryMs?: number, retryMaxMs?: number,
 *   log?: (message: string) => void,
 * }} options
 * @returns {SendLogOutbox<ReplyRow>}
 */
export function createReplyOutbox(options) {
  return new SendLogOutbox({ ...options, texts: REPLY_TEXTS });
}
