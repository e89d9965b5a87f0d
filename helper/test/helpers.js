// Test helpers: start the helper in process with the fake driver and connect real socket.io
// clients to it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { io as connectClient } from "socket.io-client";

import { startHelper } from "../src/server.js";
import { parseKey, signToken } from "../src/token.js";

export const ORIGIN = "https://site.example";
/** The helper's key as its start script carries it (HELPER_KEY). */
export const KEY_TEXT = "testkey012345678.test-secret-0123456789-0123456789abcdefghij";
/** The same key parsed: what tokens are signed with. */
export const KEY = /** @type {import("../src/token.js").HelperKey} */ (parseKey(KEY_TEXT));

/** @type {Array<() => Promise<void> | void>} */
const cleanups = [];

export async function cleanup() {
  while (cleanups.length) await cleanups.pop()?.();
}

/**
 * @param {import("../src/server.js").HelperOptions} [options]
 */
export async function startTestHelper(options = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "helper-test-"));
  const helper = await startHelper({
    port: 0,
    key: KEY_TEXT,
    allowedOrigins: [ORIGIN],
    driver: "fake",
    fakeReadyDelayMs: 30,
    dataDir,
    minDelayMs: 20,
    maxDelayMs: 40,
    // the tests choose the hour, the warm-up and the site when they are what is tested
    sendWindow: "always",
    warmup: false,
    siteUrl: null,
    logger: process.env.HDEBUG ? (m) => console.log(new Date().toISOString().slice(17), m) : false,
    ...options,
  });
  cleanups.push(async () => {
    await helper.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...helper, dataDir };
}

/**
 * Connects a socket.io client from node, sending an Origin header.
 * @param {string} url
 * @param {{ origin?: string | null, token?: string | null, transport?: "websocket" | "polling" }} [options]
 */
export function connect(url, options = {}) {
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  const token = options.token === undefined ? signToken(KEY, 600) : options.token;
  const socket = connectClient(url, {
    transports: [options.transport ?? "websocket"],
    extraHeaders: origin === null ? {} : { Origin: origin },
    auth: token === null ? {} : { token },
    reconnection: false,
    timeout: 5000,
    forceNew: true,
  });
  cleanups.push(() => {
    socket.disconnect();
  });
  return socket;
}

/**
 * Resolves with the first payload of `event` (that passes `filter`), rejects after `ms`.
 * @param {import("socket.io-client").Socket} socket
 * @param {string} event
 * @param {(payload: any) => boolean} [filter]
 * @param {number} [ms]
 */
export function once(socket, event, filter = () => true, ms = 5000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`timed out waiting for ${event}`));
    }, ms);
    /** @param {any} payload */
    function handler(payload) {
      if (!filter(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    }
    socket.on(event, handler);
  });
}

/**
 * Records every event a socket receives, in order.
 * @param {import("socket.io-client").Socket} socket
 */
export function record(socket) {
  /** @type {{ event: string, payload: any }[]} */
  const events = [];
  socket.onAny((event, payload) => events.push({ event, payload }));
  return {
    events,
    /** @param {string} name */
    of(name) {
      return events.filter((e) => e.event === name).map((e) => e.payload);
    },
  };
}

/**
 * Connects, starts WhatsApp (init-whatsapp) and waits until it is ready.
 * @param {string} url
 */
export async function connectReady(url) {
  const socket = connect(url);
  const log = record(socket);
  await once(socket, "connect");
  const qr = once(socket, "whatsapp-qr");
  const ready = once(socket, "whatsapp-ready");
  socket.emit("init-whatsapp", { operatorName: "Maria" });
  await qr;
  await ready;
  return { socket, log };
}

/** Two contacts, as the page sends them. */
export const TWO_CONTACTS = [
  { name: "Ana", number: "31999991111" },
  { name: "Bruno", number: "31988882222" },
];

/**
 * A bulk job as the page sends it ("send-bulk-messages"), to these contacts.
 * @param {{ name: string, number: string }[]} contacts
 */
export const bulkJob = (contacts = TWO_CONTACTS) => ({ contacts, messageTemplate: "Olá {nome}", operatorName: "Maria" });

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Timers for the send queue that fire only when the test says so. Each handle remembers the delay
 * it was set for (`due[i].ms`). `runNext()` runs the oldest waiting timer and returns it;
 * `runAll()` runs the timers waiting now, once each (a timer that sets itself again waits for the
 * next call); after `release()` every timer runs as soon as it is set (and those waiting run now).
 */
export function manualTimers() {
  /** @type {{ fn: () => void, ms: number }[]} */
  const due = [];
  let released = false;
  return {
    due,
    options: {
      /** @param {() => void} fn @param {number} ms */
      setTimer: (fn, ms) => {
        if (released) return setTimeout(fn, 0);
        const handle = { fn, ms };
        due.push(handle);
        return handle;
      },
      /** @param {any} handle */
      clearTimer: (handle) => {
        const index = due.indexOf(handle);
        if (index >= 0) due.splice(index, 1);
        else clearTimeout(handle);
      },
    },
    get waiting() {
      return due.length;
    },
    runNext() {
      const handle = due.shift();
      if (!handle) throw new Error("no timer is waiting");
      handle.fn();
      return handle;
    },
    runAll() {
      for (const handle of due.splice(0)) handle.fn();
    },
    release() {
      released = true;
      this.runAll();
    },
  };
}
