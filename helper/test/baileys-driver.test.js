// The Baileys 7 driver against the real Baileys module, with only the network socket replaced
// by a stub (these machines cannot reach WhatsApp). Checks how the driver uses Baileys' API:
// QR → data URL, 'open' → ready, restart-required → reconnect, logged out → session removed,
// look-ups and sends, incoming SAIR from a LID chat.
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import * as realBaileys from "baileys";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { BaileysDriver } from "../src/drivers/baileys.js";

/** Baileys closes with @hapi/boom errors; only `message` and `output.statusCode` matter. */
class Boom extends Error {
  /** @param {string} message @param {{ statusCode: number }} options */
  constructor(message, options) {
    super(message);
    this.output = { statusCode: options.statusCode };
  }
}

/** @type {string} */
let dir;
/** @type {any[]} */
let sockets;

function stubSocket() {
  const ev = new EventEmitter();
  return {
    ev,
    user: /** @type {any} */ (undefined),
    /** @type {any[]} */
    sentMessages: [],
    /** @type {string[][]} */
    lookups: [],
    loggedOut: false,
    ended: false,
    signalRepository: {
      lidMapping: {
        getPNForLID: async (/** @type {string} */ lid) => (lid === "999@lid" ? "5531977776666@s.whatsapp.net" : null),
      },
    },
    /** @param {string[]} numbers */
    async onWhatsApp(...numbers) {
      this.lookups.push(numbers);
      return numbers[0].endsWith("0000") ? [] : [{ jid: `${numbers[0]}@s.whatsapp.net`, exists: true }];
    },
    /** @param {string} jid @param {any} content */
    async sendMessage(jid, content) {
      this.sentMessages.push({ jid, content });
      return {};
    },
    async logout() {
      this.loggedOut = true;
    },
    end() {
      this.ended = true;
    },
  };
}

/** @param {any} options */
function makeDriver(options = {}) {
  const driver = new BaileysDriver({ authDir: join(dir, "auth") });
  /** @type {any[]} */
  const configs = [];
  driver.baileys = {
    ...realBaileys,
    default: (/** @type {any} */ config) => {
      configs.push(config);
      const sock = stubSocket();
      sockets.push(sock);
      return sock;
    },
    fetchLatestWaWebVersion: async () => ({ version: [2, 3000, 1], isLatest: true }),
    ...options,
  };
  /** @type {{ event: string, payload: any }[]} */
  const events = [];
  for (const event of ["qr", "ready", "auth-failure", "disconnected", "logged-out", "message"]) {
    driver.on(event, (payload) => events.push({ event, payload }));
  }
  return { driver, configs, events };
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

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "baileys-driver-"));
  sockets = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("BaileysDriver", () => {
  it("emits the QR as a PNG data URL, then ready with the account once open", async () => {
    const { driver, configs, events } = makeDriver();
    await driver.start();
    expect(configs[0].auth.creds).toBeDefined(); // multi-file auth state from the data dir
    expect(configs[0].version).toEqual([2, 3000, 1]);
    expect(existsSync(join(dir, "auth", "creds.json"))).toBe(false); // written on creds.update
    configs[0].auth.creds.me = undefined;
    sockets[0].ev.emit("connection.update", { qr: "2@abc,def,ghi" });
    await until(() => events.some((e) => e.event === "qr"));
    expect(events[0].payload).toMatch(/^data:image\/png;base64,/);

    sockets[0].user = { id: "5531999998888:7@s.whatsapp.net" };
    sockets[0].ev.emit("connection.update", { connection: "open" });
    await until(() => events.some((e) => e.event === "ready"));
    expect(driver.account).toBe("5531999998888");
  });

  it("reconnects by itself when Baileys asks for a restart (after the first scan)", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("connection.update", {
      connection: "close",
      lastDisconnect: {
        error: new Boom("restart required", { statusCode: realBaileys.DisconnectReason.restartRequired }),
        date: new Date(),
      },
    });
    await until(() => sockets.length === 2);
    expect(events.filter((e) => e.event === "disconnected")).toHaveLength(0); // a restart is not news for the page
    sockets[1].user = { id: "5531999998888@s.whatsapp.net" };
    sockets[1].ev.emit("connection.update", { connection: "open" });
    await until(() => driver.ready);
  });

  it("on a logged-out close forgets the session and emits logged-out (no reconnect)", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("creds.update", {});
    await until(() => existsSync(join(dir, "auth", "creds.json")));
    sockets[0].ev.emit("connection.update", { connection: "open" });
    sockets[0].ev.emit("connection.update", {
      connection: "close",
      lastDisconnect: { error: new Boom("logged out", { statusCode: realBaileys.DisconnectReason.loggedOut }), date: new Date() },
    });
    await until(() => events.some((e) => e.event === "logged-out"));
    expect(existsSync(join(dir, "auth"))).toBe(false);
    await sleep(50);
    expect(sockets).toHaveLength(1);
  });

  it("a QR that expires unscanned is an auth failure, not an endless loop", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("connection.update", {
      connection: "close",
      lastDisconnect: {
        error: new Boom("QR refs attempts ended", { statusCode: realBaileys.DisconnectReason.timedOut }),
        date: new Date(),
      },
    });
    await until(() => events.some((e) => e.event === "auth-failure"));
    expect(events.find((e) => e.event === "auth-failure")?.payload.message).toMatch(/QR code expirou/);
    await sleep(50);
    expect(sockets).toHaveLength(1);
  });

  it("looks up one number at a time and sends text to the returned id", async () => {
    const { driver } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("connection.update", { connection: "open" });
    await until(() => driver.ready);
    expect(await driver.isOnWhatsApp("5531999998888")).toBe("5531999998888@s.whatsapp.net");
    expect(await driver.isOnWhatsApp("5531999990000")).toBeNull();
    expect(sockets[0].lookups).toEqual([["5531999998888"], ["5531999990000"]]);
    await driver.sendText("5531999998888@s.whatsapp.net", "Oi Ana");
    expect(sockets[0].sentMessages).toEqual([{ jid: "5531999998888@s.whatsapp.net", content: { text: "Oi Ana" } }]);
  });

  it("reports incoming texts with the sender's phone number, also from LID chats", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    const upsert = (/** @type {any} */ key, /** @type {string} */ text) =>
      sockets[0].ev.emit("messages.upsert", { type: "notify", messages: [{ key, message: { conversation: text } }] });
    upsert({ remoteJid: "5531911112222@s.whatsapp.net", fromMe: false }, "SAIR");
    upsert({ remoteJid: "888@lid", remoteJidAlt: "5531933334444@s.whatsapp.net", fromMe: false }, "parar");
    upsert({ remoteJid: "999@lid", fromMe: false }, "Sair");
    upsert({ remoteJid: "5531955556666@s.whatsapp.net", fromMe: true }, "SAIR"); // our own message
    upsert({ remoteJid: "123456@g.us", participant: "5531900000000@s.whatsapp.net", fromMe: false }, "SAIR"); // a group
    await until(() => events.filter((e) => e.event === "message").length === 3);
    await sleep(20);
    expect(events.filter((e) => e.event === "message").map((e) => e.payload)).toEqual([
      { from: "5531911112222", text: "SAIR" },
      { from: "5531933334444", text: "parar" },
      { from: "5531977776666", text: "Sair" },
    ]);
  });

  it("logout unlinks the device and removes the local session", async () => {
    const { driver, events } = makeDriver();
    await driver.start();
    sockets[0].ev.emit("creds.update", {});
    sockets[0].ev.emit("connection.update", { connection: "open" });
    await until(() => driver.ready && existsSync(join(dir, "auth", "creds.json")));
    await driver.logout();
    expect(sockets[0].loggedOut).toBe(true);
    expect(existsSync(join(dir, "auth"))).toBe(false);
    expect(events.at(-1)?.event).toBe("logged-out");
    await expect(driver.sendText("x@s.whatsapp.net", "Oi")).rejects.toThrow(/não conectado/);
  });
});
