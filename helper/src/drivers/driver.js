// The WhatsApp driver interface the helper talks to. Two implementations: `baileys.js` (real
// WhatsApp through Baileys 7) and `fake.js` (tests and demo).
//
// A driver is an EventEmitter with:
//   start(): Promise<void>        begin connecting; resolves once connecting has begun
//   isOnWhatsApp(number): Promise<string | null>   the WhatsApp id (jid) for these digits, or null
//   sendText(jid, text): Promise<{ id: string | null }>   resolves when handed to WhatsApp, with the
//                                 message's id; WhatsApp may still refuse it later ('message-refused')
//   logout(): Promise<void>       unlink this device and forget the local session
//   stop(): Promise<void>         close the connection, keep the session (used on shutdown)
//   account: string | null        own number (digits) once ready
// and these events:
//   'qr'            (qrDataURL: string)          a QR code to scan, as a PNG data URL
//   'ready'         ({ account: string|null })   connected and authenticated
//   'auth-failure'  ({ message: string, code?: "bad-session" })  could not authenticate (pt-BR
//                                 message); "bad-session": the session is invalid, not retried, the
//                                 operator has to disconnect and scan the QR code again
//   'disconnected'  ({ reason: string, reconnecting: boolean })
//   'logged-out'    ()                            session ended; a new QR scan is needed
//   'message'       ({ from: string, text: string, offline: boolean })  incoming text from a
//                                 contact (digits), never our own; offline: it arrived while the
//                                 helper was closed (Baileys' 'append'); disappearing, view-once and
//                                 edited messages are unwrapped
//   'message-refused' ({ id: string, jid: string, code: number|null, reason: string })  WhatsApp
//                                 refused a message we sent (after sendText resolved); reason pt-BR,
//                                 463 → "WhatsApp recusou a mensagem: conta restrita"
//   'account-restricted' ({ message: string, until: Date|null, code: 463 })  WhatsApp blocks
//                                 new chats: a 463 refusal (until null), or the reach-out time-lock
//                                 (WhatsApp's 463 condition, with its end), read at connect and after
//                                 a 463; may come more than once for one restriction
//   'account-unrestricted' ({ message: string })  WhatsApp lifted the reach-out time-lock
//   'chat-cap'      ({ limit: number|null, used?: number|null, remaining: number|null,
//                      cycleStartsAt?: Date|null, resetsAt: Date|null, status?: string|null })
//                                 WhatsApp's quota of new chats per cycle (read at connect, then on
//                                 each change): used of limit, the cycle's start and end (the quota
//                                 renews then), the capping status (NONE, FIRST_WARNING,
//                                 SECOND_WARNING, CAPPED); null limit: WhatsApp states none
//   'message-acked' ({ id: string, jid: string })  WhatsApp acknowledged a message we sent (its
//                                 server's ack or a delivery receipt), also one sent before a restart
//   'warning'       ({ message: string })        a pt-BR line for the helper's window (WhatsApp's
//                                 warnings and errors, translated)
import { EventEmitter } from "node:events";

export class Driver extends EventEmitter {
  /** @type {string | null} */
  account = null;
  /** @returns {Promise<void>} */
  async start() {
    throw new Error("not implemented");
  }
  /** @param {string} _number @returns {Promise<string | null>} */
  async isOnWhatsApp(_number) {
    throw new Error("not implemented");
  }
  /**
   * @param {string} _jid @param {string} _text
   * @param {{ id?: string }} [_options] `id`: the message id to send under (from newMessageId)
   * @returns {Promise<{ id: string | null }>}
   */
  async sendText(_jid, _text, _options) {
    throw new Error("not implemented");
  }
  /** A message id to send under, known before the send (null: the driver picks it). @returns {string | null} */
  newMessageId() {
    return null;
  }
  /** @returns {Promise<void>} */
  async logout() {
    throw new Error("not implemented");
  }
  /** @returns {Promise<void>} */
  async stop() {}
}

/** WhatsApp's code for "this account may not start new chats now" (restricted / reach-out time-lock). */
export const RESTRICTED_CODE = 463;

export const BAD_SESSION_MESSAGE = "Sessão do WhatsApp inválida. Desconecte e escaneie o QR code de novo.";

/**
 * pt-BR reason for a refusal code carried in `messageStubParameters[0]`.
 * @param {number | null} code
 */
export function refusalReason(code) {
  if (code === RESTRICTED_CODE) return "WhatsApp recusou a mensagem: conta restrita";
  if (code === null) return "WhatsApp recusou a mensagem";
  return `WhatsApp recusou a mensagem (código ${code})`;
}

/** An error that means "WhatsApp is limiting us": the queue pauses instead of failing. */
export class RateLimitError extends Error {
  /** @param {string} [message] */
  constructor(message = "rate-overlimit") {
    super(message);
    this.name = "RateLimitError";
    this.rateLimited = true;
  }
}

/**
 * Recognises WhatsApp rate-limit errors: Baileys throws Boom errors with message
 * 'rate-overlimit' and data 429.
 * @param {any} error
 * @returns {boolean}
 */
export function isRateLimitError(error) {
  if (!error) return false;
  if (error.rateLimited === true) return true;
  if (error.data === 429 || error.output?.statusCode === 429 || error.statusCode === 429) return true;
  return /rate[-_ ]?over[-_ ]?limit|too many requests|\b429\b/i.test(String(error.message ?? ""));
}
