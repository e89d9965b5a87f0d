// Real WhatsApp driver through Baileys 7 (pure WebSocket, no browser).
// - QR codes become PNG data URLs with `qrcode`;
// - the session lives in `authDir` (src/auth-store.js: Baileys' multi-file layout, written
//   atomically, private, creds.json with a previous copy), so the operator scans only once; when
//   the stored creds cannot be read and have no readable copy, the driver does not start a new
//   identity: 'auth-failure' "bad-session" says so and the operator unlinks and scans again;
// - transient closes reconnect with a growing back-off; a logout clears the session; a bad session
//   (500) is not retried: the operator has to link again;
// - WhatsApp's refusals of messages we sent (`messages.update` with status ERROR, from a bad ack)
//   become 'message-refused', and a 463 also 'account-restricted';
// - WhatsApp's new-chat quota is read at connect and followed ('chat-cap': used/total in its cycle,
//   the cycle's start and end, the capping status and its warnings);
// - the reach-out time-lock: an active one is a restriction ('account-restricted'), its lifting
//   ('account-unrestricted') ends it;
// - incoming texts, live ('notify') or received while the helper was closed ('append'), are
//   unwrapped (disappearing, view-once, edited) and reported as 'message';
// - Baileys' warnings reach the helper's window in pt-BR ('warning').
import { rm } from "node:fs/promises";

import QRCode from "qrcode";

import { UnreadableSessionError, useAtomicAuthState } from "../auth-store.js";
import { isOptOutText } from "../optout.js";
import { jidToNumber } from "../phone.js";
import { createBaileysLogger } from "./baileys-logger.js";
import { chatCapFrom, closeReason, mediaSummary, messageText } from "./baileys-messages.js";
import { BAD_SESSION_MESSAGE, Driver, refusalReason, RESTRICTED_CODE } from "./driver.js";

/** 463s within an hour, the time-lock inactive, after which the account is treated as restricted. */
export const UNLOCKED_463_LIMIT = 3;
const UNLOCKED_463_WINDOW_MS = 3600_000;

/** Maximum automatic reconnection attempts in a row before giving up. */
const MAX_RECONNECTS = 8;

/** How many sent message ids are remembered to recognise their refusals. */
const SENT_IDS_KEPT = 2000;

export class BaileysDriver extends Driver {
  /**
   * @param {{ authDir: string, log?: (message: string) => void, now?: () => number }} options
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
    /** Baileys' logger: its warnings become pt-BR 'warning' events. */
    this.logger = createBaileysLogger((message) => this.emit("warning", { message }), { now: options.now });
    /** @type {Map<string, string>} id of a message we sent → the jid we sent it to */
    this.sentIds = new Map();
    /** @type {Set<string>} ids already reported as refused (a refusal is reported once) */
    this.refusedIds = new Set();
    /** Sends whose `sendMessage` has not returned yet. */
    this.sendsInFlight = 0;
    /** @type {Map<string, { id: string, jid: string, code: number | null, reason: string }>} refusals that beat their send's return */
    this.earlyRefusals = new Map();
    /** Whether WhatsApp last said the reach-out time-lock is active. */
    this.timeLocked = false;
    /** Time-lock queries whose answer has not come back (their "inactive" is not a lifting). */
    this.timelockQueries = 0;
    /** What WhatsApp last said of the time-lock, numbered so a query can tell whether it was answered. */
    this.timelockAnswer = { seq: 0, isActive: /** @type {boolean | null} */ (null) };
    /** @type {number[]} when the 463s of an account WhatsApp said is not time-locked came (the last hour) */
    this.unlockedRefusals = [];
    this.now = options.now ?? Date.now;
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
      const { default: makeWASocket, Browsers, fetchLatestWaWebVersion, proto } = this.baileys;
      /** @type {Awaited<ReturnType<typeof useAtomicAuthState>>} */
      let auth;
      try {
        auth = await useAtomicAuthState(this.authDir, this.baileys, {
          log: (message) => this.emit("warning", { message }),
        });
      } catch (error) {
        if (!(error instanceof UnreadableSessionError)) throw error;
        // Never a new identity in silence: the operator chooses to link again ('Desconectar').
        this.emit("auth-failure", { message: error.message, code: "bad-session" });
        return;
      }
      const { state, saveCreds } = auth;
      // History as Baileys keeps it by default (every type but FULL, decision 119): the RECENT sync
      // carries the recent chats' LID ↔ phone mappings, and Baileys waits for it before it goes
      // online; skipping it left LID chats without a number and more chats without their privacy
      // token (a 463 on the next message). FULL (every old chat) stays off, with syncFullHistory.
      const types = proto?.HistorySync?.HistorySyncType ?? {};
      /** @type {Record<string, unknown>} */
      const config = {
        auth: state,
        logger: this.logger,
        browser: Browsers.appropriate("Chrome"),
        markOnlineOnConnect: false,
        syncFullHistory: false,
        shouldSyncHistoryMessage: (/** @type {any} */ notification) => notification?.syncType !== types.FULL,
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
        this.onMessages(sock, event).catch((error) => this.log(`Erro ao ler mensagem recebida: ${error?.message ?? error}`));
      });
      sock.ev.on("messages.update", (/** @type {any} */ updates) => {
        if (this.sock !== sock) return;
        this.onMessagesUpdate(sock, updates);
      });
      sock.ev.on("message-capping.update", (/** @type {any} */ info) => {
        if (this.sock !== sock) return;
        this.emit("chat-cap", chatCapFrom(info));
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
    if (update.reachoutTimeLock) {
      this.timelockAnswer = { seq: this.timelockAnswer.seq + 1, isActive: update.reachoutTimeLock.isActive === true };
    }
    if (update.reachoutTimeLock?.isActive) {
      // The reach-out time-lock is WhatsApp's 463 condition (its nack SenderReachoutTimelocked is
      // 463): the same restriction, here with the time it ends.
      this.timeLocked = true;
      const until = update.reachoutTimeLock.timeEnforcementEnds ?? null;
      this.emit("account-restricted", {
        message: "O WhatsApp bloqueou temporariamente o envio de mensagens desta conta.",
        until: until ? new Date(until) : null,
        code: RESTRICTED_CODE,
      });
    } else if (update.reachoutTimeLock && update.reachoutTimeLock.isActive === false) {
      // Lifted: WhatsApp's notification (Baileys: "reachout timelock restriction lifted"), or a
      // query's "inactive" after an active lock. A query's "inactive" after a bare 463 is not: that
      // 463 may have had another cause, and its restriction keeps its waiting period.
      if (this.timeLocked || this.timelockQueries === 0) {
        this.timeLocked = false;
        this.emit("account-unrestricted", { message: "O WhatsApp retirou a restrição desta conta." });
      }
    }
    if (connection === "open") {
      this.ready = true;
      this.lastQr = null;
      this.reconnects = 0;
      this.account = jidToNumber(sock.user?.id) || null;
      this.emit("ready", { account: this.account });
      this.readLimits(sock);
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
    // A bad session (500: WhatsApp's stream failure or an unknown stream error) does not heal by
    // retrying: the operator links again. Baileys also gives 500 to local WebSocket errors without a
    // known code ("WebSocket Error (…)"); those are network trouble and keep reconnecting.
    if (status === DisconnectReason.badSession && !/^WebSocket Error/i.test(detail)) {
      this.lastQr = null;
      this.emit("auth-failure", { message: BAD_SESSION_MESSAGE, code: "bad-session" });
      return;
    }
    if (!wasReady && /QR refs attempts ended/i.test(detail)) {
      this.lastQr = null;
      this.emit("auth-failure", { message: "O QR code expirou sem ser escaneado. Clique em Iniciar Espelhamento novamente." });
      return;
    }
    // Transient close (restart required after the first scan, network loss, timeouts, ...).
    if (this.reconnects >= MAX_RECONNECTS) {
      this.emit("disconnected", { reason: `Não foi possível reconectar: ${closeReason(status, detail)}`, reconnecting: false });
      return;
    }
    const delay = status === DisconnectReason.restartRequired ? 0 : Math.min(30_000, 2000 * 2 ** this.reconnects);
    this.reconnects += 1;
    if (wasReady || status !== DisconnectReason.restartRequired) {
      this.emit("disconnected", { reason: closeReason(status, detail), reconnecting: true });
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect().catch((e) => this.log(`Falha ao reconectar: ${e?.message ?? e}`));
    }, delay);
  }

  /**
   * At connect: WhatsApp's new-chat limit ('chat-cap') and whether the account is time-locked
   * (Baileys reports that as a connection.update with reachoutTimeLock, handled above).
   * Both queries are optional in Baileys' API: skipped when absent, failures only logged.
   * @param {any} sock
   */
  readLimits(sock) {
    if (typeof sock.fetchNewChatMessageCap === "function") {
      Promise.resolve()
        .then(() => sock.fetchNewChatMessageCap())
        .then((info) => {
          if (this.sock === sock) this.emit("chat-cap", chatCapFrom(info));
        })
        .catch((error) => this.log(`Não foi possível ler o limite de conversas novas do WhatsApp: ${error?.message ?? error}`));
    }
    if (typeof sock.fetchAccountReachoutTimelock === "function") {
      this.queryTimelock(sock).catch((error) =>
        this.log(`Não foi possível ler se a conta está restrita: ${error?.message ?? error}`),
      );
    }
  }

  /**
   * Asks WhatsApp whether the account is time-locked; Baileys answers with a connection.update
   * (handled above) before the query returns.
   * @param {any} sock
   */
  async queryTimelock(sock) {
    this.timelockQueries += 1;
    try {
      await sock.fetchAccountReachoutTimelock();
    } finally {
      this.timelockQueries -= 1;
    }
  }

  /**
   * A 463 read as Baileys reads it: the 1:1 message lacked the chat's privacy token, which usually
   * means the account is restricted but may concern that one contact (Baileys then asks WhatsApp
   * for a token, and never retries). WhatsApp's time-lock says which: active, the account stops
   * until its end (the account-restricted from onConnectionUpdate); inactive, only this message
   * was refused, unless it is the UNLOCKED_463_LIMIT-th such refusal within the hour (then the
   * account stops for the default wait); no answer, the account stops (the safe side).
   * @param {any} sock @param {string} jid
   */
  async on463(sock, jid) {
    const restricted = (/** @type {string} */ message) =>
      this.emit("account-restricted", { message, until: null, code: RESTRICTED_CODE });
    const generic = "O WhatsApp restringiu esta conta: ela não pode iniciar conversas novas agora (erro 463).";
    if (typeof sock.fetchAccountReachoutTimelock !== "function") return restricted(generic);
    const asked = this.timelockAnswer.seq;
    try {
      await this.queryTimelock(sock);
    } catch {
      return restricted(generic);
    }
    if (this.sock !== sock) return;
    if (this.timelockAnswer.seq === asked) return restricted(generic);
    if (this.timelockAnswer.isActive) return; // reported with its end by onConnectionUpdate
    const now = this.now();
    this.unlockedRefusals = [...this.unlockedRefusals.filter((at) => now - at < UNLOCKED_463_WINDOW_MS), now];
    if (this.unlockedRefusals.length >= UNLOCKED_463_LIMIT) {
      this.unlockedRefusals = [];
      return restricted(
        `O WhatsApp recusou ${UNLOCKED_463_LIMIT} mensagens com o erro 463 em menos de uma hora: a conta está sendo tratada como restrita (erro 463).`,
      );
    }
    this.emit("warning", {
      message: `O WhatsApp recusou a mensagem para ${jidToNumber(jid) || "um contato"} (erro 463: falta o token de privacidade dessa conversa), mas a conta não está restrita: o envio continua.`,
    });
  }

  /**
   * Refusals: WhatsApp answers a message we sent with an error ack, which Baileys turns into
   * `messages.update` with status ERROR and the code in `messageStubParameters[0]`.
   * @param {any} sock
   * @param {any} updates WAMessageUpdate[]
   */
  onMessagesUpdate(sock, updates) {
    const ERROR = this.baileys.WAMessageStatus?.ERROR ?? 0;
    const SERVER_ACK = this.baileys.WAMessageStatus?.SERVER_ACK ?? 2;
    for (const { key, update } of Array.isArray(updates) ? updates : []) {
      // WhatsApp's ack or a receipt (delivered, read): the message left, also one sent before a restart
      if (key?.fromMe && key.id && typeof update?.status === "number" && update.status >= SERVER_ACK) {
        this.emit("message-acked", { id: key.id, jid: String(key.remoteJid ?? "") });
        continue;
      }
      if (!key?.fromMe || !key.id || update?.status !== ERROR) continue;
      if (this.refusedIds.has(key.id)) continue;
      this.refusedIds.add(key.id);
      const parsed = Number.parseInt(String(update.messageStubParameters?.[0] ?? ""), 10);
      const code = Number.isFinite(parsed) ? parsed : null;
      const refusal = {
        id: key.id,
        jid: this.sentIds.get(key.id) ?? String(key.remoteJid ?? ""),
        code,
        reason: refusalReason(code),
      };
      if (code === RESTRICTED_CODE) void this.on463(sock, refusal.jid);
      if (!this.sentIds.has(key.id) && this.sendsInFlight > 0) {
        // the refusal beat sendMessage's return: report it once the sender knows the id
        this.earlyRefusals.set(key.id, refusal);
        continue;
      }
      this.emit("message-refused", refusal);
    }
  }

  /** @param {any} sock @param {any} event */
  async onMessages(sock, event) {
    if (event?.type !== "notify" && event?.type !== "append") return;
    const offline = event.type === "append"; // received while the helper was closed (or resent by the phone)
    const { isPnUser, isLidUser } = this.baileys;
    const normalize =
      typeof this.baileys.normalizeMessageContent === "function"
        ? this.baileys.normalizeMessageContent
        : (/** @type {any} */ c) => c;
    for (const message of event.messages ?? []) {
      const key = message.key ?? {};
      if (key.fromMe) continue; // our own messages (Baileys echoes each send as 'append')
      const written = messageText(message.message, normalize);
      // no text: a voice note, a sticker, a reaction... still a reply (decision 118), never an opt-out
      const text = written ?? mediaSummary(message.message, normalize);
      if (text === null) continue;
      const media = written === null;
      let pn = null;
      if (isPnUser(key.remoteJid)) pn = key.remoteJid;
      else if (isPnUser(key.remoteJidAlt)) pn = key.remoteJidAlt;
      else if (isLidUser(key.remoteJid)) {
        pn = await sock.signalRepository?.lidMapping?.getPNForLID?.(key.remoteJid).catch(() => null);
      }
      // groups and broadcasts are not contacts; a private chat whose number WhatsApp hides is a person
      if (!pn && !isLidUser(key.remoteJid)) continue;
      if (!pn && !media && isOptOutText(text)) {
        this.emit("warning", {
          message:
            "Um contato pediu para sair da lista, mas o WhatsApp não informou o número dele. Confira as conversas no celular.",
        });
      }
      // the id names the reply on the site (stored once); the time is WhatsApp's, in seconds
      const stamp = message.messageTimestamp;
      const seconds = typeof stamp?.toNumber === "function" ? stamp.toNumber() : Number(stamp ?? 0);
      this.emit("message", {
        id: typeof key.id === "string" ? key.id : null,
        // a hidden number reaches the inbox as such, so someone answers it from the phone
        from: pn ? jidToNumber(pn) : "",
        ...(pn ? {} : { hiddenNumber: true }),
        ...(media ? { media: true } : {}),
        text,
        offline,
        at: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
        pushName: typeof message.pushName === "string" ? message.pushName : "",
      });
    }
  }

  /** @param {string} number */
  async isOnWhatsApp(number) {
    const sock = this.requireSocket();
    const [result] = (await sock.onWhatsApp(number)) ?? [];
    return result?.exists ? result.jid : null;
  }

  /** The id the next message goes under, known before it is sent (Baileys' own recipe). */
  newMessageId() {
    const generate = this.baileys?.generateMessageIDV2;
    return typeof generate === "function" ? generate(this.sock?.user?.id) : null;
  }

  /**
   * @param {string} jid @param {string} text @param {{ id?: string }} [options] `id`: from newMessageId
   * @returns {Promise<{ id: string | null }>} the sent message's id (its refusal, if any, carries it)
   */
  async sendText(jid, text, options) {
    const sock = this.requireSocket();
    /** @type {string | null} */
    let id = null;
    this.sendsInFlight += 1;
    try {
      const sent = await sock.sendMessage(jid, { text }, options?.id ? { messageId: options.id } : undefined);
      id = typeof sent?.key?.id === "string" ? sent.key.id : null;
      if (id) this.rememberSent(id, jid);
    } finally {
      this.sendsInFlight -= 1;
      this.flushEarlyRefusals(id, jid);
    }
    return { id };
  }

  /** @param {string} id @param {string} jid */
  rememberSent(id, jid) {
    this.sentIds.set(id, jid);
    if (this.sentIds.size > SENT_IDS_KEPT) this.sentIds.delete(this.sentIds.keys().next().value ?? id);
    if (this.refusedIds.size > SENT_IDS_KEPT) this.refusedIds.delete(this.refusedIds.values().next().value ?? id);
  }

  /**
   * Reports refusals that arrived before their send returned, after the caller has the id.
   * @param {string | null} id the send that just returned
   * @param {string} jid
   */
  flushEarlyRefusals(id, jid) {
    /** @type {{ id: string, jid: string, code: number | null, reason: string }[]} */
    const due = [];
    const own = id ? this.earlyRefusals.get(id) : undefined;
    if (id && own) {
      this.earlyRefusals.delete(id);
      due.push({ ...own, jid });
    }
    if (this.sendsInFlight === 0) {
      due.push(...this.earlyRefusals.values());
      this.earlyRefusals.clear();
    }
    if (due.length) setImmediate(() => due.forEach((refusal) => this.emit("message-refused", refusal)));
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
