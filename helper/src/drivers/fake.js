// Fake WhatsApp driver for tests and the demo mode (HELPER_DRIVER=fake).
// - start(): emits a QR at once and becomes ready `readyDelayMs` later, as if scanned;
// - numbers ending in 0000 are not on WhatsApp;
// - numbers ending in 0429 get a rate-limit error on their first send (to see the pause);
// - numbers ending in 0463 are accepted, then refused as restricted a moment later
//   (`refusalDelayMs`, through the injectable `schedule`): 'message-refused' with code 463 and
//   'account-restricted', as WhatsApp does when it restricts an account;
// - messages queued with `queueOfflineMessage` (or `offlineMessages`) arrive as 'message' with
//   offline: true right after the next 'ready', like replies received while the helper was closed;
// - `chatCap` is reported as 'chat-cap' after each 'ready', like WhatsApp's new-chat limit;
// - sends instantly, records them in `sent` and resolves with a message id; with `serverFile`
//   WhatsApp's side keeps each message it got there and acknowledges them all ('message-acked')
//   after each 'ready', and `sendHangMs` holds a send after WhatsApp got it (a kill mid-send).
import { appendFileSync, readFileSync } from "node:fs";

import QRCode from "qrcode";

import { BAD_SESSION_MESSAGE, Driver, RateLimitError, refusalReason, RESTRICTED_CODE } from "./driver.js";

/**
 * @typedef {{ limit: number | null, remaining: number | null, resetsAt: Date | null }} ChatCap
 * @typedef {(callback: () => void, ms: number) => unknown} Schedule
 */

export class FakeDriver extends Driver {
  /**
   * @param {{
   *   readyDelayMs?: number, account?: string, refusalDelayMs?: number,
   *   schedule?: Schedule, cancel?: (handle: any) => void,
   *   offlineMessages?: { from: string, text: string }[], chatCap?: ChatCap | null,
   *   serverFile?: string | null, sendHangMs?: number,
   * }} [options]
   */
  constructor(options = {}) {
    super();
    this.readyDelayMs = options.readyDelayMs ?? 500;
    this.fakeAccount = options.account ?? "5511900000001";
    this.refusalDelayMs = options.refusalDelayMs ?? 50;
    /** @type {Schedule} */
    this.schedule = options.schedule ?? ((callback, ms) => setTimeout(callback, ms));
    this.cancel = options.cancel ?? ((/** @type {any} */ handle) => clearTimeout(handle));
    /** @type {{ jid: string, text: string, at: Date, id: string }[]} */
    this.sent = [];
    /** @type {{ id: string, jid: string, code: number | null, reason: string }[]} refusals emitted */
    this.refused = [];
    /** @type {string[]} numbers looked up, in order */
    this.lookups = [];
    /** @type {Error[]} errors thrown by the next sends, in order */
    this.sendFailures = [];
    /** @type {Set<string>} */
    this.rateLimitedOnce = new Set();
    /** @type {{ from: string, text: string }[]} delivered after the next 'ready' */
    this.offlineQueue = [...(options.offlineMessages ?? [])];
    this.incomingCount = 0;
    /** @type {ChatCap | null} */
    this.chatCap = options.chatCap ?? null;
    this.ready = false;
    this.nextId = 1;
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
    /** @type {Set<unknown>} pending refusals */
    this.pending = new Set();
    /** @type {string | null} where WhatsApp's side keeps what it received (acknowledged after each 'ready', as receipts arrive after a reconnect) */
    this.serverFile = options.serverFile ?? null;
    /** how long a send waits, after WhatsApp got it, before it returns (a kill in between is a message delivered but never confirmed) */
    this.sendHangMs = options.sendHangMs ?? 0;
  }

  async start() {
    if (this.ready) {
      this.becomeReady();
      return;
    }
    if (this.timer) return;
    const qr = await QRCode.toDataURL(`fake-whatsapp-helper-${Date.now()}`);
    this.emit("qr", qr);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.account = this.fakeAccount;
      this.becomeReady();
    }, this.readyDelayMs);
  }

  /** Ready, then what a real connection brings at once: WhatsApp's limit and offline replies. */
  becomeReady() {
    this.ready = true;
    this.emit("ready", { account: this.account });
    if (this.chatCap) this.emit("chat-cap", this.chatCap);
    const queued = this.offlineQueue.splice(0);
    for (const { from, text } of queued) this.emit("message", { id: this.nextIncomingId(), from, text, offline: true });
    if (this.serverFile) {
      /** @type {string[]} */
      let lines = [];
      try {
        lines = readFileSync(this.serverFile, "utf8").split("\n").filter(Boolean);
      } catch {
        // nothing received yet
      }
      for (const line of lines) {
        const { id, jid } = JSON.parse(line);
        this.emit("message-acked", { id, jid });
      }
    }
  }

  /** @param {string} number */
  async isOnWhatsApp(number) {
    this.assertReady();
    this.lookups.push(number);
    if (number.endsWith("0000")) return null;
    return `${number}@s.whatsapp.net`;
  }

  /** A fake id, known before the send like Baileys' generateMessageIDV2. */
  newMessageId() {
    return `FAKE${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  }

  /** @param {string} jid @param {string} text @param {{ id?: string }} [options] */
  async sendText(jid, text, options) {
    this.assertReady();
    const failure = this.sendFailures.shift();
    if (failure) throw failure;
    const number = jid.split("@")[0];
    if (number.endsWith("0429") && !this.rateLimitedOnce.has(number)) {
      this.rateLimitedOnce.add(number);
      throw new RateLimitError();
    }
    const id = options?.id ?? `FAKE${String(this.nextId++).padStart(6, "0")}`;
    this.sent.push({ jid, text, at: new Date(), id });
    // WhatsApp's side: the message has reached it, whatever happens to this process now
    if (this.serverFile) appendFileSync(this.serverFile, `${JSON.stringify({ id, jid })}\n`, { mode: 0o600 });
    if (this.sendHangMs > 0) await new Promise((resolve) => setTimeout(resolve, this.sendHangMs));
    if (number.endsWith("0463")) {
      const handle = this.schedule(() => {
        this.pending.delete(handle);
        this.simulateRefusal(id, jid, RESTRICTED_CODE);
      }, this.refusalDelayMs);
      this.pending.add(handle);
    }
    return { id };
  }

  async logout() {
    this.clearTimer();
    this.ready = false;
    this.account = null;
    this.emit("logged-out");
  }

  async stop() {
    this.clearTimer();
    for (const handle of this.pending) this.cancel(handle);
    this.pending.clear();
  }

  // --- test controls -------------------------------------------------------------------------

  /**
   * Simulates an incoming text message from `from` (digits).
   * @param {string} from @param {string} text @param {boolean} [offline]
   */
  simulateIncoming(from, text, offline = false) {
    this.emit("message", { id: this.nextIncomingId(), from, text, offline, pushName: "" });
  }

  /** A WhatsApp-like id for a simulated incoming message. */
  nextIncomingId() {
    this.incomingCount += 1;
    return `FAKEIN${Date.now().toString(36).toUpperCase()}${String(this.incomingCount).padStart(4, "0")}`;
  }

  /** Queues a reply received while the helper is closed: delivered after the next 'ready'. */
  queueOfflineMessage(/** @type {string} */ from, /** @type {string} */ text) {
    this.offlineQueue.push({ from, text });
  }

  /**
   * WhatsApp refuses a message we sent; 463 also restricts the account.
   * @param {string} id @param {string} jid @param {number | null} code
   */
  simulateRefusal(id, jid, code) {
    const refusal = { id, jid, code, reason: refusalReason(code) };
    this.refused.push(refusal);
    if (code === RESTRICTED_CODE) {
      this.emit("account-restricted", {
        message: "O WhatsApp restringiu esta conta: ela não pode iniciar conversas novas agora (erro 463).",
        until: null,
        code: RESTRICTED_CODE,
      });
    }
    this.emit("message-refused", refusal);
  }

  /** WhatsApp states (or changes) its new-chat limit. @param {ChatCap | null} cap */
  simulateChatCap(cap) {
    this.chatCap = cap;
    if (cap && this.ready) this.emit("chat-cap", cap);
  }

  /** A WhatsApp warning for the helper's window. @param {string} message */
  simulateWarning(message) {
    this.emit("warning", { message });
  }

  /** WhatsApp drops the session as invalid (Baileys' badSession): no reconnection. */
  simulateBadSession() {
    this.clearTimer();
    this.ready = false;
    this.emit("auth-failure", { message: BAD_SESSION_MESSAGE, code: "bad-session" });
  }

  /** Simulates a transient disconnect followed (optionally) by a reconnection. */
  simulateDisconnect(reason = "Conexão perdida", reconnectAfterMs = -1) {
    this.ready = false;
    this.emit("disconnected", { reason, reconnecting: reconnectAfterMs >= 0 });
    if (reconnectAfterMs >= 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.becomeReady();
      }, reconnectAfterMs);
    }
  }

  /** Simulates a logout from the phone. */
  simulateLogout() {
    this.ready = false;
    this.account = null;
    this.emit("logged-out");
  }

  assertReady() {
    if (!this.ready) throw new Error("WhatsApp não conectado");
  }

  clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
