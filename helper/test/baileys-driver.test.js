// The Baileys 7 driver against the real Baileys module, with only the socket replaced by a
// Baileys-shaped test socket (test/support/baileys-socket.js: same events, methods and payloads as
// Baileys' type definitions; these machines cannot reach WhatsApp). Checks how the driver uses
// Baileys' API: QR → data URL, 'open' → ready, restart-required → reconnect, logged out → session
// removed, bad session → not retried, look-ups and sends (with the message id), WhatsApp's refusals
// (463 → restricted), WhatsApp's new-chat limit, incoming replies live and offline, wrapped
// (disappearing, view-once, edited) and from LID chats, and Baileys' warnings in pt-BR.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import * as realBaileys from "baileys";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { BaileysDriver } from "../src/drivers/baileys.js";
import { createBaileysLogger, translateBaileysLog } from "../src/drivers/baileys-logger.js";
import { BaileysTestSocket } from "./support/baileys-socket.js";

const { DEFAULT_CONNECTION_CONFIG, DisconnectReason, PROCESSABLE_HISTORY_TYPES, proto } = realBaileys;

/** @type {string} */
let dir;
/** @type {BaileysTestSocket[]} */
let sockets;

/** @param {{ now?: () => number }} [options] */
function makeDriver(options = {}) {
  const driver = new BaileysDriver({ authDir: join(dir, "auth"), now: options.now });
  /** @type {any[]} */
  const configs = [];
  driver.baileys = {
    ...realBaileys,
    default: (/** @type {any} */ config) => {
      configs.push(config);
      const sock = new BaileysTestSocket(config);
      sockets.push(sock);
      return sock;
    },
    fetchLatestWaWebVersion: async () => ({ version: [2, 3000, 1], isLatest: true }),
  };
  /** @type {{ event: string, payload: any }[]} */
  const events = [];
  for (const event of [
    "qr",
    "ready",
    "auth-failure",
    "disconnected",
    "logged-out",
    "message",
    "message-refused",
    "account-restricted",
    "chat-cap",
    "warning",
  ]) {
    driver.on(event, (payload) => events.push({ event, payload }));
  }
  /** @param {string} name */
  const of = (name) => events.filter((e) => e.event === name).map((e) => e.payload);
  return { driver, configs, events, of };
}

/** Starts the driver and opens the first socket. @param {ReturnType<typeof makeDriver>} made */
async function connected(made) {
  await made.driver.start();
  sockets[0].open();
  await until(() => made.driver.ready);
  return sockets[0];
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {() => boolean} condition */
async function until(condition, ms = 3000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met");
    await sleep(5);
  }
}

/** Lets pending event handlers (promises, nextTick, setImmediate) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Once the driver reported `count` messages (and a handler had the chance to report one more), who
 * sent each, its text and whether it came while the helper was closed.
 * @param {ReturnType<typeof makeDriver>} made @param {number} count
 */
async function receivedMessages(made, count) {
  await until(() => made.of("message").length === count);
  await settle();
  return made.of("message").map(({ from, text, offline }) => ({ from, text, offline }));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "baileys-driver-"));
  sockets = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("BaileysDriver: connection", () => {
  it("emits the QR as a PNG data URL, then ready with the account once open", async () => {
    const { driver, configs, events } = makeDriver();
    await driver.start();
    expect(configs[0].auth.creds).toBeDefined(); // multi-file auth state from the data dir
    expect(configs[0].version).toEqual([2, 3000, 1]);
    expect(existsSync(join(dir, "auth", "creds.json"))).toBe(false); // written on creds.update
    sockets[0].showQr("2@abc,def,ghi");
    await until(() => events.some((e) => e.event === "qr"));
    expect(events[0].payload).toMatch(/^data:image\/png;base64,/);

    sockets[0].open("5531999998888:7@s.whatsapp.net");
    await until(() => events.some((e) => e.event === "ready"));
    expect(driver.account).toBe("5531999998888");
  });

  it("syncs history as Baileys does by default: RECENT on (its LID ↔ number mappings), FULL off", async () => {
    const { driver, configs } = makeDriver();
    await driver.start();
    const { HistorySyncType } = proto.HistorySync;
    const kept = PROCESSABLE_HISTORY_TYPES.filter((syncType) => configs[0].shouldSyncHistoryMessage({ syncType }));
    const baileysDefault = PROCESSABLE_HISTORY_TYPES.filter((syncType) =>
      DEFAULT_CONNECTION_CONFIG.shouldSyncHistoryMessage(/** @type {any} */ ({ syncType })),
    );
    expect(kept).toEqual(baileysDefault);
    expect(kept).toContain(HistorySyncType.RECENT);
    expect(kept).toContain(HistorySyncType.INITIAL_BOOTSTRAP);
    expect(configs[0].shouldSyncHistoryMessage({ syncType: HistorySyncType.FULL })).toBe(false);
    expect(configs[0].syncFullHistory).toBe(false);
  });

  it("reconnects by itself when Baileys asks for a restart (after the first scan)", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    await sockets[0].close(DisconnectReason.restartRequired, "restart required");
    await until(() => sockets.length === 2);
    expect(events.filter((e) => e.event === "disconnected")).toHaveLength(0); // a restart is not news for the page
    sockets[1].open();
    await until(() => driver.ready);
  });

  it("on a logged-out close forgets the session and emits logged-out (no reconnect)", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("creds.update", {});
    await until(() => existsSync(join(dir, "auth", "creds.json")));
    sockets[0].open();
    await sockets[0].close(DisconnectReason.loggedOut, "logged out");
    await until(() => events.some((e) => e.event === "logged-out"));
    expect(existsSync(join(dir, "auth"))).toBe(false);
    expect(driver.reconnectTimer).toBeNull();
    expect(sockets).toHaveLength(1);
  });

  it("a QR that expires unscanned is an auth failure, not an endless loop", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    await sockets[0].close(DisconnectReason.timedOut, "QR refs attempts ended");
    await until(() => events.some((e) => e.event === "auth-failure"));
    expect(events.find((e) => e.event === "auth-failure")?.payload.message).toMatch(/QR code expirou/);
    expect(driver.reconnectTimer).toBeNull();
    expect(sockets).toHaveLength(1);
  });

  it("a bad session (500) asks for a fresh link: auth-failure 'bad-session', no reconnect, session kept", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    sock.ev.emit("creds.update", {});
    await until(() => existsSync(join(dir, "auth", "creds.json")));
    await sock.streamError();
    await until(() => made.of("auth-failure").length > 0);
    expect(made.of("auth-failure")).toEqual([
      { message: "Sessão do WhatsApp inválida. Desconecte e escaneie o QR code de novo.", code: "bad-session" },
    ]);
    expect(made.of("disconnected")).toEqual([]);
    expect(made.driver.reconnectTimer).toBeNull();
    expect(sockets).toHaveLength(1);
    expect(existsSync(join(dir, "auth", "creds.json"))).toBe(true); // 'Desconectar' unlinks; the driver does not
    expect(made.of("warning").map((w) => w.message)).toContain("O WhatsApp encerrou a conexão (erro de transmissão).");
  });

  it("a local WebSocket error, which Baileys also numbers 500, is network trouble: it reconnects", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    await sock.close(DisconnectReason.badSession, "WebSocket Error (self-signed certificate in certificate chain)");
    await until(() => made.of("disconnected").length > 0);
    expect(made.of("disconnected")).toEqual([
      { reason: "certificado de segurança recusado (proxy ou antivírus?)", reconnecting: true },
    ]);
    expect(made.of("auth-failure")).toEqual([]);
    expect(made.driver.reconnectTimer).not.toBeNull();
    await made.driver.stop();
  });

  it("says in pt-BR why WhatsApp cannot be reached", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    // Baileys numbers a DNS failure 408 (lib/Utils/generics.js getCodeFromWSError)
    await sock.close(DisconnectReason.connectionLost, "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)");
    await until(() => made.of("disconnected").length > 0);
    expect(made.of("disconnected")).toEqual([{ reason: "sem acesso à internet ou ao WhatsApp", reconnecting: true }]);
    await made.driver.stop();
  });

  it("logout unlinks the device and removes the local session", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("creds.update", {});
    sockets[0].open();
    await until(() => driver.ready && existsSync(join(dir, "auth", "creds.json")));
    await driver.logout();
    expect(sockets[0].loggedOut).toBe(true);
    expect(existsSync(join(dir, "auth"))).toBe(false);
    expect(events.at(-1)?.event).toBe("logged-out");
    await expect(driver.sendText("x@s.whatsapp.net", "Oi")).rejects.toThrow(/não conectado/);
  });
});

describe("BaileysDriver: sending and WhatsApp's refusals", () => {
  it("looks up one number at a time and sends text to the returned id, resolving with the message id", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    expect(await made.driver.isOnWhatsApp("5531999998888")).toBe("5531999998888@s.whatsapp.net");
    expect(await made.driver.isOnWhatsApp("5531999990000")).toBeNull();
    expect(sock.lookups).toEqual([["5531999998888"], ["5531999990000"]]);
    const result = await made.driver.sendText("5531999998888@s.whatsapp.net", "Oi Ana");
    expect(sock.sent).toHaveLength(1);
    expect(sock.sent[0].key).toMatchObject({ remoteJid: "5531999998888@s.whatsapp.net", fromMe: true });
    expect(sock.sent[0].message?.extendedTextMessage?.text).toBe("Oi Ana");
    expect(result).toEqual({ id: sock.sent[0].key.id });
    expect(result.id).toMatch(/^3EB0/);
    await settle(); // Baileys echoes our own send as 'append': not an incoming message
    expect(made.of("message")).toEqual([]);
  });

  it("a 463 refusal after sending: message-refused for that message, account-restricted with code 463 when WhatsApp does not answer the time-lock query", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    await settle();
    sock.fetchAccountReachoutTimelock = async () => {
      throw new Error("timed out");
    };
    const first = await made.driver.sendText("5531911112222@s.whatsapp.net", "Oi Ana");
    const second = await made.driver.sendText("5531933334444@s.whatsapp.net", "Oi Bia");
    expect(made.of("message-refused")).toEqual([]); // nothing known yet: sendMessage resolves before WhatsApp answers

    sock.badAck(/** @type {string} */ (second.id), "463"); // WhatsApp names the chat by its LID
    sock.badAck(/** @type {string} */ (second.id), "463"); // a repeated ack is the same refusal
    expect(made.of("message-refused")).toEqual([
      { id: second.id, jid: "5531933334444@s.whatsapp.net", code: 463, reason: "WhatsApp recusou a mensagem: conta restrita" },
    ]);
    await until(() => made.of("account-restricted").length === 1);
    expect(made.of("account-restricted")[0]).toMatchObject({ code: 463, until: null });
    expect(made.of("account-restricted")[0].message).toMatch(/restringiu esta conta/);
    expect(made.of("warning").map((w) => w.message)).toEqual([
      "WhatsApp recusou uma mensagem: a conta está restrita para iniciar conversas novas (erro 463).",
    ]);
    expect(first.id).not.toBe(second.id);
  });

  it("a 463 while WhatsApp says the account is not time-locked refuses that message only (Baileys: a missing privacy token); the third within the hour stops the account", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    await settle();
    sock.timelock = { isActive: false, enforcementType: /** @type {any} */ ("DEFAULT") };
    const one = await made.driver.sendText("5531933334444@s.whatsapp.net", "Oi");
    sock.badAck(/** @type {string} */ (one.id), "463");
    await until(() => made.of("warning").some((w) => /a conta não está restrita/.test(w.message)));
    expect(made.of("message-refused")).toHaveLength(1);
    expect(made.of("account-restricted")).toEqual([]);
    expect(made.of("account-unrestricted")).toEqual([]);
    const two = await made.driver.sendText("5531944445555@s.whatsapp.net", "Oi");
    sock.badAck(/** @type {string} */ (two.id), "463");
    await until(() => made.of("warning").filter((w) => /a conta não está restrita/.test(w.message)).length === 2);
    expect(made.of("account-restricted")).toEqual([]);
    const three = await made.driver.sendText("5531955556666@s.whatsapp.net", "Oi");
    sock.badAck(/** @type {string} */ (three.id), "463");
    await until(() => made.of("account-restricted").length === 1);
    expect(made.of("account-restricted")[0]).toMatchObject({ code: 463, until: null });
    expect(made.of("account-restricted")[0].message).toMatch(/3 mensagens com o erro 463/);
  });

  it("after a 463 asks WhatsApp until when the account is locked; an active time-lock gives the end", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    await settle();
    const queriesAtConnect = sock.timelockQueries;
    expect(queriesAtConnect).toBe(1); // read at connect too
    const ends = new Date("2026-11-25T15:00:00Z");
    sock.timelock = { isActive: true, timeEnforcementEnds: ends, enforcementType: /** @type {any} */ ("BIZ_QUALITY") };
    const { id } = await made.driver.sendText("5531933334444@s.whatsapp.net", "Oi");
    sock.badAck(/** @type {string} */ (id), "463");
    await until(() => made.of("account-restricted").length === 1);
    expect(sock.timelockQueries).toBe(queriesAtConnect + 1);
    // one stop, with WhatsApp's end: not a 24-hour guess first
    expect(made.of("account-restricted")[0]).toMatchObject({ until: ends, code: 463 });
  });

  it("an account already time-locked at connect is reported restricted before anything is sent", async () => {
    const made = makeDriver();
    await made.driver.start();
    const ends = new Date("2026-11-25T15:00:00Z");
    sockets[0].timelock = { isActive: true, timeEnforcementEnds: ends, enforcementType: /** @type {any} */ ("BIZ_QUALITY") };
    sockets[0].open();
    await until(() => made.of("account-restricted").length === 1);
    expect(made.of("account-restricted")[0]).toEqual({
      message: "O WhatsApp bloqueou temporariamente o envio de mensagens desta conta.",
      until: ends,
      code: 463,
    });
  });

  it("other codes (479, unknown) are refusals with their code, not a restriction", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    const { id } = await made.driver.sendText("5531911112222@s.whatsapp.net", "Oi");
    sock.badAck(/** @type {string} */ (id), "479");
    sock.badAck("3EB0FROMANOTHERRUN", "421", "5531955556666@s.whatsapp.net"); // sent before a restart: WhatsApp's jid
    expect(made.of("message-refused")).toEqual([
      { id, jid: "5531911112222@s.whatsapp.net", code: 479, reason: "WhatsApp recusou a mensagem (código 479)" },
      {
        id: "3EB0FROMANOTHERRUN",
        jid: "5531955556666@s.whatsapp.net",
        code: 421,
        reason: "WhatsApp recusou a mensagem (código 421)",
      },
    ]);
    expect(made.of("account-restricted")).toEqual([]);
    expect(made.of("warning").map((w) => w.message)).toEqual([
      expect.stringMatching(/^WhatsApp recusou uma mensagem \(erro 479\)/),
      "WhatsApp recusou uma mensagem (código 421).",
    ]);
  });

  it("statuses that are not errors, and other people's messages, are not refusals", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    const { id } = await made.driver.sendText("5531911112222@s.whatsapp.net", "Oi");
    const { WAMessageStatus } = realBaileys;
    sock.ev.emit("messages.update", [
      { key: { remoteJid: "5531911112222@s.whatsapp.net", fromMe: true, id }, update: { status: WAMessageStatus.SERVER_ACK } },
      { key: { remoteJid: "5531911112222@s.whatsapp.net", fromMe: true, id }, update: { status: WAMessageStatus.DELIVERY_ACK } },
      { key: { remoteJid: "5531911112222@s.whatsapp.net", fromMe: false, id: "X" }, update: { status: WAMessageStatus.ERROR } },
    ]);
    expect(made.of("message-refused")).toEqual([]);
  });

  it("a refusal that arrives before sendMessage returns is reported once the sender has the id", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    const send = sock.sendMessage.bind(sock);
    sock.sendMessage = async (jid, content) => {
      const message = await send(jid, content);
      sock.badAck(/** @type {string} */ (message.key.id), "463"); // the ack beats the return
      return message;
    };
    /** @type {string[]} */
    const order = [];
    made.driver.on("message-refused", () => order.push("refused"));
    const result = await made.driver.sendText("5531933334444@s.whatsapp.net", "Oi");
    order.push("returned");
    await until(() => made.of("message-refused").length === 1);
    // WhatsApp was asked about the time-lock (inactive here): no restriction, a warning instead
    await until(() => made.of("warning").some((w) => /a conta não está restrita/.test(w.message)));
    expect(made.of("account-restricted")).toEqual([]);
    expect(order).toEqual(["returned", "refused"]);
    expect(made.of("message-refused")[0]).toMatchObject({ id: result.id, jid: "5531933334444@s.whatsapp.net", code: 463 });
  });
});

describe("BaileysDriver: WhatsApp's new-chat limit", () => {
  it("reads fetchNewChatMessageCap() at connect and follows message-capping.update", async () => {
    const made = makeDriver();
    await made.driver.start();
    sockets[0].chatCap = {
      total_quota: 250,
      used_quota: 20,
      cycle_start_timestamp: "1795910400",
      cycle_end_timestamp: "1796515200",
      capping_status: /** @type {any} */ ("FIRST_WARNING"),
    };
    sockets[0].open();
    await until(() => made.of("chat-cap").length === 1);
    expect(sockets[0].capQueries).toBe(1);
    expect(made.of("chat-cap")[0]).toEqual({
      limit: 250,
      used: 20,
      remaining: 230,
      cycleStartsAt: new Date(1795910400 * 1000),
      resetsAt: new Date(1796515200 * 1000),
      status: "FIRST_WARNING",
    });

    sockets[0].capUpdate({ total_quota: 250, used_quota: 250, capping_status: /** @type {any} */ ("CAPPED") });
    expect(made.of("chat-cap")[1]).toMatchObject({ limit: 250, remaining: 0, resetsAt: null, status: "CAPPED" });
    sockets[0].capUpdate({ capping_status: /** @type {any} */ ("NONE") }); // WhatsApp states no limit
    expect(made.of("chat-cap")[2]).toMatchObject({ limit: null, remaining: null });
  });

  it("a failed query leaves the limit unknown (no event) and the connection up", async () => {
    const made = makeDriver();
    await made.driver.start();
    sockets[0].chatCap = new Error("mex query failed");
    sockets[0].open();
    await until(() => sockets[0].capQueries === 1);
    await settle();
    expect(made.of("chat-cap")).toEqual([]);
    expect(made.driver.ready).toBe(true);
  });

  it("a socket without the query (older Baileys) is tolerated", async () => {
    const made = makeDriver();
    await made.driver.start();
    Object.assign(sockets[0], { fetchNewChatMessageCap: undefined, fetchAccountReachoutTimelock: undefined });
    sockets[0].open();
    await until(() => made.driver.ready);
    await settle();
    expect(made.of("chat-cap")).toEqual([]);
  });
});

describe("BaileysDriver: incoming replies", () => {
  it("reports incoming texts with the sender's phone number, also from LID chats", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    sock.lidToPn.set("999@lid", "5531977776666@s.whatsapp.net");
    sock.receive({ from: "5531911112222@s.whatsapp.net", message: { conversation: "SAIR" } });
    sock.receive({ lid: "888@lid", pnAlt: "5531933334444@s.whatsapp.net", message: { conversation: "parar" } });
    sock.receive({ lid: "999@lid", message: { conversation: "Sair" } });
    sock.receive({ from: "5531955556666@s.whatsapp.net", fromMe: true, message: { conversation: "SAIR" } }); // our own message
    sock.receive({ from: "123456@g.us", message: { conversation: "SAIR" } }); // a group
    expect(await receivedMessages(made, 3)).toEqual([
      { from: "5531911112222", text: "SAIR", offline: false },
      { from: "5531933334444", text: "parar", offline: false },
      { from: "5531977776666", text: "Sair", offline: false },
    ]);
    // WhatsApp's message id, time and the person's WhatsApp name go with each (the site's replies inbox)
    expect(made.of("message")[0]).toMatchObject({
      id: expect.stringMatching(/^3EB0/),
      pushName: "Contato",
      at: expect.any(Number),
    });
  });

  it("replies received while the helper was closed ('append') and wrapped ones (disappearing, view-once, edited) are captured", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    const { Type } = proto.Message.ProtocolMessage;
    // a SAIR sent while the helper was closed, in a chat with disappearing messages
    sock.receive({
      type: "append",
      from: "5531911112222@s.whatsapp.net",
      message: { ephemeralMessage: { message: { extendedTextMessage: { text: "SAIR" } } } },
    });
    sock.receive({ from: "5531933334444@s.whatsapp.net", message: { ephemeralMessage: { message: { conversation: "Sair" } } } });
    sock.receive({
      from: "5531944445555@s.whatsapp.net",
      message: { viewOnceMessageV2: { message: { imageMessage: { caption: "PARAR" } } } },
    });
    // an earlier message edited into an opt-out: the edit carries the new text in a protocol message
    sock.receive({
      from: "5531966667777@s.whatsapp.net",
      message: {
        editedMessage: {
          message: {
            protocolMessage: {
              type: Type.MESSAGE_EDIT,
              key: { remoteJid: "5531966667777@s.whatsapp.net", fromMe: false, id: "3EB0ORIGINAL" },
              editedMessage: { conversation: "quero sair" },
            },
          },
        },
      },
    });
    sock.receive({ type: "append", from: "5531988889999@s.whatsapp.net", fromMe: true, message: { conversation: "SAIR" } });
    expect(await receivedMessages(made, 4)).toEqual([
      { from: "5531911112222", text: "SAIR", offline: true },
      { from: "5531933334444", text: "Sair", offline: false },
      { from: "5531944445555", text: "PARAR", offline: false },
      { from: "5531966667777", text: "quero sair", offline: false },
    ]);
  });

  it("a LID chat whose number WhatsApp does not give is still a reply (number hidden), and its opt-out a pt-BR warning", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    sock.receive({ lid: "777@lid", message: { conversation: "Não quero mais receber" } });
    sock.receive({ lid: "777@lid", message: { conversation: "bom dia" } });
    await until(() => made.of("message").length === 2 && made.of("warning").length === 1);
    await settle();
    expect(made.of("message")).toEqual([
      expect.objectContaining({
        from: "",
        hiddenNumber: true,
        text: "Não quero mais receber",
        id: expect.stringMatching(/^3EB0/),
      }),
      expect.objectContaining({ from: "", hiddenNumber: true, text: "bom dia" }),
    ]);
    expect(made.of("warning")).toEqual([{ message: expect.stringMatching(/pediu para sair da lista/) }]);
  });

  it("voice notes, audio, stickers, documents, photos, videos and reactions each become a reply saying what came", async () => {
    const made = makeDriver();
    const sock = await connected(made);
    const from = "5531911112222@s.whatsapp.net";
    sock.receive({ from, message: { audioMessage: { ptt: true, seconds: 7 } } });
    sock.receive({ from, message: { audioMessage: { ptt: false } } });
    sock.receive({ from, message: { stickerMessage: { isAnimated: false } } });
    sock.receive({ from, message: { documentMessage: { fileName: "rg.pdf" } } });
    sock.receive({
      from,
      message: { documentWithCaptionMessage: { message: { documentMessage: { fileName: "x.pdf", caption: "meu RG" } } } },
    });
    sock.receive({ from, message: { imageMessage: {} } }); // a photo without a caption
    sock.receive({ from, message: { ephemeralMessage: { message: { videoMessage: {} } } } });
    sock.receive({ from, message: { reactionMessage: { key: { remoteJid: from, fromMe: true, id: "3EB0SENT" }, text: "👍" } } });
    // not from the person: a removed reaction, a protocol message (a deletion)
    sock.receive({ from, message: { reactionMessage: { key: { remoteJid: from, fromMe: true, id: "3EB0SENT" }, text: "" } } });
    sock.receive({ from, message: { protocolMessage: { type: 0, key: { remoteJid: from, id: "3EB0GONE" } } } });
    expect((await receivedMessages(made, 8)).map((m) => m.text)).toEqual([
      "respondeu com mensagem de voz — veja no celular",
      "respondeu com áudio — veja no celular",
      "respondeu com figurinha — veja no celular",
      "respondeu com documento — veja no celular",
      "respondeu com documento (“meu RG”) — veja no celular",
      "respondeu com foto — veja no celular",
      "respondeu com vídeo — veja no celular",
      "reagiu com 👍 — veja no celular",
    ]);
    expect(made.of("message").every((m) => m.from === "5531911112222" && m.media === true)).toBe(true);
  });
});

describe("Baileys' logger", () => {
  it("is handed to Baileys as a pino-compatible logger whose warnings reach the window in pt-BR", async () => {
    const made = makeDriver();
    await made.driver.start();
    const logger = made.configs[0].logger;
    expect(typeof logger.level).toBe("string");
    const child = logger.child({ class: "baileys" });
    for (const method of ["trace", "debug", "info", "warn", "error", "child"]) expect(typeof child[method]).toBe("function");
    child.info({ node: {} }, "connected to WA"); // noise: dropped
    child.debug("recv frame");
    child.warn({ attrs: { error: "421" } }, "received error in ack");
    child.error({ err: new Error("boom") }, "unexpected error in 'handling message'");
    logger.warn("⚠️ Using the Android browser is experimental and may lead to unexpected behavior. Use at your own risk.");
    expect(made.of("warning").map((w) => w.message)).toEqual([
      "WhatsApp recusou uma mensagem (código 421).",
      "mensagem técnica (em inglês): unexpected error in 'handling message': boom",
    ]);
  });

  it("prints the same line once per minute (injected clock)", () => {
    let now = 0;
    /** @type {string[]} */
    const lines = [];
    const logger = createBaileysLogger((line) => lines.push(line), { now: () => now });
    logger.error({}, "stream errored out");
    now = 59_999;
    logger.error({}, "stream errored out");
    now = 60_000;
    logger.error({}, "stream errored out");
    expect(lines).toEqual([
      "O WhatsApp encerrou a conexão (erro de transmissão).",
      "O WhatsApp encerrou a conexão (erro de transmissão).",
    ]);
  });

  it.each([
    [["error 463: account restricted or missing tctoken for contact"], /conta está restrita/],
    [[{}, "stream errored out"], /encerrou a conexão/],
    [[{ err: {} }, "error in validating connection"], /validar a conexão/],
    [["keep alive called when WS not open"], /parou de responder/],
    [[{ error: {} }, "Failed to check/upload pre-keys during initialization"], /chaves de criptografia/],
  ])("translates %j", (args, expected) => {
    expect(translateBaileysLog(args[0], /** @type {string | undefined} */ (args[1]))).toMatch(expected);
  });
});
