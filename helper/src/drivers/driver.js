// The WhatsApp driver interface the helper talks to. Two implementations: `baileys.js` (real
// WhatsApp through Baileys 7) and `fake.js` (tests and demo).
//
// A driver is an EventEmitter with:
//   start(): Promise<void>        begin connecting; resolves once connecting has begun
//   isOnWhatsApp(number): Promise<string | null>   the WhatsApp id (jid) for these digits, or null
//   sendText(jid, text): Promise<void>
//   logout(): Promise<void>       unlink this device and forget the local session
//   stop(): Promise<void>         close the connection, keep the session (used on shutdown)
//   account: string | null        own number (digits) once ready
// and these events:
//   'qr'            (qrDataURL: string)          a QR code to scan, as a PNG data URL
//   'ready'         ({ account: string|null })   connected and authenticated
//   'auth-failure'  ({ message: string })         could not authenticate (pt-BR message)
//   'disconnected'  ({ reason: string, reconnecting: boolean })
//   'logged-out'    ()                            session ended; a new QR scan is needed
//   'message'       ({ from: string, text: string })  incoming text from a contact (digits)
//   'account-restricted' ({ message: string, until: Date|null })  WhatsApp blocks outgoing messages
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
  /** @param {string} _jid @param {string} _text @returns {Promise<void>} */
  async sendText(_jid, _text) {
    throw new Error("not implemented");
  }
  /** @returns {Promise<void>} */
  async logout() {
    throw new Error("not implemented");
  }
  /** @returns {Promise<void>} */
  async stop() {}
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
