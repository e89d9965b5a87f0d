// Fake WhatsApp driver for tests and the demo mode (HELPER_DRIVER=fake).
// - start(): emits a QR at once and becomes ready `readyDelayMs` later, as if scanned;
// - numbers ending in 0000 are not on WhatsApp;
// - numbers ending in 0429 get a rate-limit error on their first send (to see the pause);
// - sends instantly and records them in `sent`.
import QRCode from "qrcode";

import { Driver, RateLimitError } from "./driver.js";

export class FakeDriver extends Driver {
  /** @param {{ readyDelayMs?: number, account?: string }} [options] */
  constructor(options = {}) {
    super();
    this.readyDelayMs = options.readyDelayMs ?? 500;
    this.fakeAccount = options.account ?? "5511900000001";
    /** @type {{ jid: string, text: string, at: Date }[]} */
    this.sent = [];
    /** @type {string[]} numbers looked up, in order */
    this.lookups = [];
    /** @type {Error[]} errors thrown by the next sends, in order */
    this.sendFailures = [];
    /** @type {Set<string>} */
    this.rateLimitedOnce = new Set();
    this.ready = false;
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
  }

  async start() {
    if (this.ready) {
      this.emit("ready", { account: this.account });
      return;
    }
    if (this.timer) return;
    const qr = await QRCode.toDataURL(`fake-whatsapp-helper-${Date.now()}`);
    this.emit("qr", qr);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ready = true;
      this.account = this.fakeAccount;
      this.emit("ready", { account: this.account });
    }, this.readyDelayMs);
  }

  /** @param {string} number */
  async isOnWhatsApp(number) {
    this.assertReady();
    this.lookups.push(number);
    if (number.endsWith("0000")) return null;
    return `${number}@s.whatsapp.net`;
  }

  /** @param {string} jid @param {string} text */
  async sendText(jid, text) {
    this.assertReady();
    const failure = this.sendFailures.shift();
    if (failure) throw failure;
    const number = jid.split("@")[0];
    if (number.endsWith("0429") && !this.rateLimitedOnce.has(number)) {
      this.rateLimitedOnce.add(number);
      throw new RateLimitError();
    }
    this.sent.push({ jid, text, at: new Date() });
  }

  async logout() {
    this.clearTimer();
    this.ready = false;
    this.account = null;
    this.emit("logged-out");
  }

  async stop() {
    this.clearTimer();
  }

  // --- test controls -------------------------------------------------------------------------

  /** Simulates an incoming text message from `from` (digits). @param {string} from @param {string} text */
  simulateIncoming(from, text) {
    this.emit("message", { from, text });
  }

  /** Simulates a transient disconnect followed (optionally) by a reconnection. */
  simulateDisconnect(reason = "Conexão perdida", reconnectAfterMs = -1) {
    this.ready = false;
    this.emit("disconnected", { reason, reconnecting: reconnectAfterMs >= 0 });
    if (reconnectAfterMs >= 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.ready = true;
        this.emit("ready", { account: this.account });
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
