// Real WhatsApp driver through Baileys 7 (pure WebSocket, no browser).
// - QR codes become PNG data URLs with `qrcode`;
// - the session (multi-file auth state) lives in `authDir`, so the operator scans only once;
// - transient closes reconnect with a growing back-off; a logout clears the session.
import { rm } from "node:fs/promises";

import QRCode from "qrcode";

import { jidToNumber } from "../phone.js";
import { Driver } from "./driver.js";

/** A Baileys logger that stays quiet (Baileys logs a lot at info level). */
const silentLogger = {
  level: "silent",
  child() {
    return silentLogger;
  },
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** Maximum automatic reconnection attempts in a row before giving up. */
const MAX_RECONNECTS = 8;

export class BaileysDriver extends Driver {
  /**
   * @param {{ authDir: string, log?: (message: string) => void }} options
   */
  constructor(options) {
    super();
    this.authDir = options.authDir;
    this.log = options.log ?? (() => {});
    /** @type {any} */
    this.sock = null;
    /** @type {any} */
    this.baileys = null;
    this.ready = false;
    this.connecting = false;
    this.stopped = false;
    this.reconnects = 0;
    /** @type {NodeJS.Timeout | null} */
    this.reconnectTimer = null;
    /** @type {string | null} */
    this.lastQr = null;
  }

  async start() {
    this.stopped = false;
    if (this.ready) {
      this.emit("ready", { account: this.account });
      return;
    }
    if (this.sock || this.connecting) {
      if (this.lastQr) this.emit("qr", this.lastQr);
      return;
    }
    this.clearReconnect(); // the operator asked: connect now instead of waiting for the back-off
    this.reconnects = 0;
    await this.connect();
  }

  async connect() {
    this.connecting = true;
    try {
      this.baileys ??= await import("baileys");
      const { default: makeWASocket, useMultiFileAuthState, Browsers, fetchLatestWaWebVersion } = this.baileys;
      const { state, saveCreds } = await useMultiFileAuthState(this.authDir);
      /** @type {Record<string, unknown>} */
      const config = {
        auth: state,
        logger: silentLogger,
        browser: Browsers.appropriate("Chrome"),
        markOnlineOnConnect: false,
        syncFullHistory: false,
        shouldSyncHistoryMessage: () => false,
        generateHighQualityLinkPreview: false,
      };
      try {
        // WhatsApp refuses clients whose version is too old; ask for the current one (5 s max).
        const latest = await fetchLatestWaWebVersion({ signal: AbortSignal.timeout(5000) });
        if (latest?.version && latest.isLatest !== false) config.version = latest.version;
      } catch {
        // keep Baileys' built-in version
      }
      if (this.stopped) return;
      const sock = makeWASocket(config);
      this.sock = sock;
      sock.ev.on("creds.update", saveCreds);
      sock.ev.on("connection.update", (/** @type {any} */ update) => {
        if (this.sock !== sock) return;
        this.onConnectionUpdate(sock, update).catch((error) => this.log(`Erro no WhatsApp: ${error?.message ?? error}`));
      });
      sock.ev.on("messages.upsert", (/** @type {any} */ event) => {
        if (this.sock !== sock) return;
        this.onMessages(sock, event).catch(() => {});
      });
    } finally {
      this.connecting = false;
    }
  }

  /** @param {any} sock @param {any} update */
  async onConnectionUpdate(sock, update) {
    const { DisconnectReason } = this.baileys;
    const { connection, lastDisconnect, qr } = update;
    if (qr) {
      this.lastQr = await QRCode.toDataURL(qr, { margin: 1, width: 300 });
      this.emit("qr", this.lastQr);
    }
    if (update.reachoutTimeLock?.isActive) {
      const until = update.reachoutTimeLock.timeEnforcementEnds ?? null;
      this.emit("account-restricted", {
        message: "O WhatsApp bloqueou temporariamente o envio de mensagens desta conta.",
        until: until ? new Date(until) : null,
      });
    }
    if (connection === "open") {
      this.ready = true;
      this.lastQr = null;
      this.reconnects = 0;
      this.account = jidToNumber(sock.user?.id) || null;
      this.emit("ready", { account: this.account });
      return;
    }
    if (connection !== "close") return;

    const wasReady = this.ready;
    this.ready = false;
    this.sock = null;
    const error = lastDisconnect?.error;
    const status = error?.output?.statusCode ?? error?.data?.statusCode;
    const detail = String(error?.message ?? "conexão encerrada");
    if (this.stopped) return;

    if (status === DisconnectReason.loggedOut || status === DisconnectReason.multideviceMismatch) {
      await this.clearSession();
      this.account = null;
      this.emit("logged-out");
      return;
    }
    if (status === DisconnectReason.forbidden) {
      this.emit("auth-failure", { message: "O WhatsApp recusou esta conta (bloqueio ou banimento)." });
      return;
    }
    if (status === DisconnectReason.connectionReplaced) {
      this.emit("disconnected", {
        reason: "A sessão foi aberta em outro lugar (outro ajudante ou WhatsApp Web).",
        reconnecting: false,
      });
      return;
    }
    if (!wasReady && /QR refs attempts ended/i.test(detail)) {
      this.lastQr = null;
      this.emit("auth-failure", { message: "O QR code expirou sem ser escaneado. Clique em Iniciar Espelhamento novamente." });
      return;
    }
    // Transient close (restart required after the first scan, network loss, timeouts, ...).
    if (this.reconnects >= MAX_RECONNECTS) {
      this.emit("disconnected", { reason: `Não foi possível reconectar: ${detail}`, reconnecting: false });
      return;
    }
    const delay = status === DisconnectReason.restartRequired ? 0 : Math.min(30_000, 2000 * 2 ** this.reconnects);
    this.reconnects += 1;
    if (wasReady || status !== DisconnectReason.restartRequired) {
      this.emit("disconnected", { reason: detail, reconnecting: true });
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect().catch((e) => this.log(`Falha ao reconectar: ${e?.message ?? e}`));
    }, delay);
  }

  /** @param {any} sock @param {any} event */
  async onMessages(sock, event) {
    if (event.type !== "notify") return;
    const { isPnUser, isLidUser } = this.baileys;
    for (const message of event.messages ?? []) {
      const key = message.key ?? {};
      if (key.fromMe) continue;
      const text = message.message?.conversation ?? message.message?.extendedTextMessage?.text;
      if (typeof text !== "string") continue;
      let pn = null;
      if (isPnUser(key.remoteJid)) pn = key.remoteJid;
      else if (isPnUser(key.remoteJidAlt)) pn = key.remoteJidAlt;
      else if (isLidUser(key.remoteJid)) {
        pn = await sock.signalRepository?.lidMapping?.getPNForLID?.(key.remoteJid).catch(() => null);
      }
      if (!pn) continue; // groups, broadcasts, unknown senders
      this.emit("message", { from: jidToNumber(pn), text });
    }
  }

  /** @param {string} number */
  async isOnWhatsApp(number) {
    const sock = this.requireSocket();
    const [result] = (await sock.onWhatsApp(number)) ?? [];
    return result?.exists ? result.jid : null;
  }

  /** @param {string} jid @param {string} text */
  async sendText(jid, text) {
    const sock = this.requireSocket();
    await sock.sendMessage(jid, { text });
  }

  async logout() {
    const sock = this.sock;
    this.stopped = true;
    this.clearReconnect();
    this.ready = false;
    this.sock = null;
    if (sock) {
      try {
        await sock.logout("Sessão encerrada pelo operador");
      } catch {
        // already closed: the local session is removed below anyway
      }
    }
    await this.clearSession();
    this.account = null;
    this.lastQr = null;
    this.emit("logged-out");
  }

  async stop() {
    this.stopped = true;
    this.clearReconnect();
    this.ready = false;
    const sock = this.sock;
    this.sock = null;
    try {
      sock?.end?.(undefined);
    } catch {
      // ignore
    }
  }

  async clearSession() {
    await rm(this.authDir, { recursive: true, force: true });
  }

  clearReconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  requireSocket() {
    if (!this.sock || !this.ready) throw new Error("WhatsApp não conectado");
    return this.sock;
  }
}
