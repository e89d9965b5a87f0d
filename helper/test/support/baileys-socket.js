// A Baileys-shaped socket for tests: what `makeWASocket(config)` returns in baileys 7.0.0-rc14, with
// the WhatsApp server replaced by methods a test calls ("WhatsApp refuses this message", "a reply
// arrives while offline"). Event names and payloads follow Baileys' own definitions:
// - events: BaileysEventMap in node_modules/baileys/lib/Types/Events.d.ts ('connection.update',
//   'creds.update', 'messages.upsert' { messages, type: 'notify' | 'append' }, 'messages.update'
//   WAMessageUpdate[], 'message-capping.update' NewChatMessageCapInfo);
// - a refusal is built as lib/Socket/messages-recv.js handleBadAck builds it: key { remoteJid,
//   fromMe: true, id }, update { status: WAMessageStatus.ERROR, messageStubParameters: [code] } (463
//   adds ACCOUNT_RESTRICTED_TEXT), after a logger.warn with Baileys' text;
// - sent messages come from Baileys' real generateWAMessageFromContent, and each send is echoed as
//   'append' like Baileys does with emitOwnEvents (the default);
// - methods: sendMessage, onWhatsApp, logout, end, fetchNewChatMessageCap,
//   fetchAccountReachoutTimelock (lib/Socket/socket.d.ts), user (creds.me), signalRepository.lidMapping.
import { EventEmitter } from "node:events";

import * as baileys from "baileys";

const { ACCOUNT_RESTRICTED_TEXT, DisconnectReason, WAMessageStatus, generateWAMessageFromContent, proto } = baileys;

/** Baileys closes with @hapi/boom errors: a message, `output.statusCode` and `data`. */
export class Boom extends Error {
  /** @param {string} message @param {{ statusCode?: number, data?: unknown }} [options] */
  constructor(message, options = {}) {
    super(message);
    this.isBoom = true;
    this.output = { statusCode: options.statusCode ?? 500 };
    this.data = options.data;
  }
}

export class BaileysTestSocket {
  /** @param {any} config the SocketConfig the driver gave to makeWASocket */
  constructor(config) {
    this.config = config;
    this.type = "md";
    this.ev = new EventEmitter();
    this.authState = config.auth;
    /** @type {import("baileys").WAMessage[]} every message sendMessage produced */
    this.sent = [];
    /** @type {string[][]} onWhatsApp calls */
    this.lookups = [];
    /** @type {Map<string, string>} LID → phone-number jid, as Baileys learns them */
    this.lidToPn = new Map();
    /** @type {import("baileys").NewChatMessageCapInfo | Error | undefined} what fetchNewChatMessageCap answers */
    this.chatCap = undefined;
    /** @type {import("baileys").ReachoutTimelockState} what fetchAccountReachoutTimelock answers */
    this.timelock = { isActive: false, enforcementType: /** @type {any} */ ("DEFAULT") };
    this.capQueries = 0;
    this.timelockQueries = 0;
    this.loggedOut = false;
    this.ended = false;
    const lidToPn = this.lidToPn;
    this.signalRepository = {
      lidMapping: {
        /** @param {string} lid */
        async getPNForLID(lid) {
          return lidToPn.get(lid) ?? null;
        },
      },
    };
  }

  get user() {
    return this.authState.creds.me;
  }

  /** @param {string[]} phoneNumbers */
  async onWhatsApp(...phoneNumbers) {
    this.lookups.push(phoneNumbers);
    return phoneNumbers
      .filter((number) => !number.endsWith("0000"))
      .map((number) => ({ jid: `${number.replace(/\D/g, "")}@s.whatsapp.net`, exists: true }));
  }

  /**
   * Like Baileys: builds the WAMessage (under `messageId` when given), "relays" it, echoes it as
   * 'append', returns it.
   * @param {string} jid @param {any} content @param {{ messageId?: string }} [options]
   */
  async sendMessage(jid, content, options) {
    const message = generateWAMessageFromContent(
      jid,
      { extendedTextMessage: { text: content.text } },
      { userJid: this.user?.id ?? "", ...(options?.messageId ? { messageId: options.messageId } : {}) },
    );
    this.sent.push(message);
    if (this.config.emitOwnEvents ?? true) {
      process.nextTick(() => this.ev.emit("messages.upsert", { messages: [message], type: "append" }));
    }
    return message;
  }

  async fetchNewChatMessageCap() {
    this.capQueries += 1;
    if (this.chatCap instanceof Error) throw this.chatCap;
    return this.chatCap ?? {};
  }

  async fetchAccountReachoutTimelock() {
    this.timelockQueries += 1;
    const result = { ...this.timelock };
    this.ev.emit("connection.update", { reachoutTimeLock: result });
    return result;
  }

  /** @param {string} [_msg] */
  async logout(_msg) {
    this.loggedOut = true;
    await this.end(new Boom("Intentional Logout", { statusCode: DisconnectReason.loggedOut }));
  }

  /** @param {Error | undefined} error */
  async end(error) {
    if (this.ended) return;
    this.ended = true;
    this.ev.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }

  // --- what WhatsApp does (called by tests) ----------------------------------------------------

  /** A QR code reference arrives. @param {string} qr */
  showQr(qr) {
    this.ev.emit("connection.update", { qr });
  }

  /** Login succeeds (CB:success). @param {string} [id] own jid */
  open(id = "5531999998888:7@s.whatsapp.net") {
    this.authState.creds.me = { id, name: "Escola" };
    this.ev.emit("connection.update", { connection: "open" });
  }

  /** The connection closes with this status code. @param {number} statusCode @param {string} message */
  close(statusCode, message) {
    this.ended = false;
    return this.end(new Boom(message, { statusCode }));
  }

  /** WhatsApp sends <stream:error> with a reason Baileys does not know: logged, then closed with 500. */
  streamError(reason = "unknown") {
    this.config.logger.error({ reasonNode: { tag: reason } }, "stream errored out");
    return this.close(DisconnectReason.badSession, `Stream Errored (${reason})`);
  }

  /**
   * WhatsApp answers one of our messages with an error ack (handleBadAck in messages-recv.js).
   * @param {string} id our message's id
   * @param {string} code e.g. "463", "479"
   * @param {string} [from] the chat as WhatsApp names it (often the LID, not the number we sent to)
   */
  badAck(id, code, from = "120363000000000@lid") {
    const attrs = { id, from, error: code };
    if (code === "463") {
      this.config.logger.warn({ msgId: id, from }, "error 463: account restricted or missing tctoken for contact");
    } else if (code === "479") {
      this.config.logger.warn(
        { msgId: id, from },
        "smax-invalid (479): stanza rejected by server — likely stale device session or malformed addressing",
      );
    } else {
      this.config.logger.warn({ attrs }, "received error in ack");
    }
    /** @type {import("baileys").WAMessageUpdate[]} */
    const updates = [
      {
        key: { remoteJid: from, fromMe: true, id },
        update: {
          status: WAMessageStatus.ERROR,
          messageStubParameters: code === "463" ? [code, ACCOUNT_RESTRICTED_TEXT] : [code],
        },
      },
    ];
    this.ev.emit("messages.update", updates);
  }

  /**
   * WhatsApp's reach-out time-lock notification, as handleReachoutTimelockNotification in
   * lib/Socket/messages-recv.js turns it into a connection.update: lifted (null) or set until `ends`.
   * @param {Date | null} ends
   */
  timelockNotification(ends) {
    if (ends === null) {
      this.config.logger.info("reachout timelock restriction lifted");
      this.ev.emit("connection.update", {
        reachoutTimeLock: { isActive: false, enforcementType: /** @type {any} */ ("DEFAULT") },
      });
      return;
    }
    this.ev.emit("connection.update", {
      reachoutTimeLock: { isActive: true, timeEnforcementEnds: ends, enforcementType: /** @type {any} */ ("DEFAULT") },
    });
  }

  /** WhatsApp's new-chat limit changes. @param {import("baileys").NewChatMessageCapInfo} info */
  capUpdate(info) {
    this.ev.emit("message-capping.update", info);
  }

  /**
   * A message arrives: 'notify' while connected, 'append' when it was waiting while we were offline.
   * @param {{ from?: string, lid?: string, pnAlt?: string, message: Record<string, unknown>, type?: "notify" | "append", fromMe?: boolean, id?: string, pushName?: string, timestamp?: number }} incoming
   */
  receive({ from, lid, pnAlt, message, type = "notify", fromMe = false, id, pushName = "Contato", timestamp }) {
    /** @type {import("baileys").WAMessageKey} */
    const key = {
      remoteJid: lid ?? from ?? "",
      fromMe,
      id: id ?? `3EB0${Math.random().toString(16).slice(2, 18).toUpperCase()}`,
      ...(pnAlt ? { remoteJidAlt: pnAlt, addressingMode: "lid" } : {}),
    };
    /** @type {import("baileys").WAMessage} */
    const waMessage = {
      key,
      message: proto.Message.fromObject(message),
      messageTimestamp: timestamp ?? Math.floor(Date.now() / 1000),
      pushName,
    };
    this.ev.emit("messages.upsert", { messages: [waMessage], type });
  }
}
