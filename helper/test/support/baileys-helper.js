// The whole helper with the REAL Baileys driver, whose makeWASocket hands out Baileys-shaped test
// sockets (test/support/baileys-socket.js): what the flow, chat-quota and replies tests share.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import * as realBaileys from "baileys";

import { BaileysDriver } from "../../src/drivers/baileys.js";
import { cleanup, connect, once, record, startTestHelper } from "../helpers.js";
import { BaileysTestSocket } from "./baileys-socket.js";

/** @type {Array<() => void>} */
const dirs = [];

/** A new temporary folder, removed by `cleanupBaileysHelpers`. */
export function tempDir(prefix = "baileys-") {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Closes the helpers (helpers.js's cleanup), then removes the temporary folders. */
export async function cleanupBaileysHelpers() {
  await cleanup();
  while (dirs.length) dirs.pop()?.();
}

/** Polls until the condition holds, or fails after `ms`. @param {() => boolean} condition */
export async function until(condition, ms = 5000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The real Baileys driver (auth in a temporary folder) and the test sockets it has handed out. */
export function baileysDriver(prefix = "baileys-flow-") {
  const driver = new BaileysDriver({ authDir: join(tempDir(prefix), "auth") });
  /** @type {BaileysTestSocket[]} */
  const sockets = [];
  driver.baileys = {
    ...realBaileys,
    default: (/** @type {any} */ config) => {
      const sock = new BaileysTestSocket(config);
      sockets.push(sock);
      return sock;
    },
    fetchLatestWaWebVersion: async () => ({ version: [2, 3000, 1], isLatest: true }),
  };
  return { driver, sockets };
}

/**
 * Starts the helper with the Baileys driver, links WhatsApp through the page's init, and returns
 * the helper, the page's socket (with its recorded events) and the WhatsApp side.
 * @param {{
 *   options?: import("../../src/server.js").HelperOptions,
 *   beforeOpen?: (sock: BaileysTestSocket) => void,
 *   connectOptions?: Parameters<typeof connect>[1],
 *   authPrefix?: string,
 * }} [setup] `beforeOpen` sets what WhatsApp has ready when the link opens
 */
export async function linkedBaileysHelper({ options = {}, beforeOpen = () => {}, connectOptions, authPrefix } = {}) {
  const { driver, sockets } = baileysDriver(authPrefix);
  const helper = await startTestHelper({ driver, ...options });
  const socket = connect(helper.url, connectOptions);
  const log = record(socket);
  await once(socket, "connect");
  const ready = once(socket, "whatsapp-ready");
  socket.emit("init-whatsapp", { operatorName: "Maria" });
  await until(() => sockets.length === 1);
  beforeOpen(sockets[0]);
  sockets[0].open("5531900000001:3@s.whatsapp.net");
  await ready;
  return { helper, socket, log, whatsapp: sockets[0], driver };
}
