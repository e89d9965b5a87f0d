// Picks the driver named by HELPER_DRIVER.
import { join } from "node:path";

import { BaileysDriver } from "./baileys.js";
import { FakeDriver } from "./fake.js";

/**
 * Replies the fake driver delivers as received while the helper was closed, for demos and
 * end-to-end tests: HELPER_FAKE_OFFLINE_MESSAGES="5531999990001:SAIR|5531999990002:não quero mais".
 * @param {string | undefined} value
 * @returns {{ from: string, text: string }[]}
 */
export function parseFakeOfflineMessages(value) {
  return (value ?? "")
    .split("|")
    .map((item) => {
      const at = item.indexOf(":");
      return at < 0 ? null : { from: item.slice(0, at).replace(/\D/g, ""), text: item.slice(at + 1).trim() };
    })
    .filter((item) => item !== null && item.from !== "" && item.text !== "")
    .map((item) => /** @type {{ from: string, text: string }} */ (item));
}

/**
 * WhatsApp's new-chat limit the fake driver reports: HELPER_FAKE_CHAT_CAP="50" or "50:45" (limit:used).
 * @param {string | undefined} value
 * @returns {{ limit: number, remaining: number, resetsAt: null } | null}
 */
export function parseFakeChatCap(value) {
  const match = /^\s*(\d+)(?:\s*:\s*(\d+))?\s*$/.exec(value ?? "");
  if (!match) return null;
  const limit = Number(match[1]);
  return { limit, remaining: Math.max(0, limit - Number(match[2] ?? 0)), resetsAt: null };
}

/**
 * @param {"baileys" | "fake" | import("./driver.js").Driver} kind
 * @param {{ dataDir: string, log?: (message: string) => void, fakeReadyDelayMs?: number, fakeRefusalDelayMs?: number,
 *   env?: Record<string, string | undefined> }} options
 * @returns {import("./driver.js").Driver}
 */
export function createDriver(kind, options) {
  if (typeof kind === "object" && kind !== null) return kind;
  const env = options.env ?? process.env;
  if (kind === "fake") {
    return new FakeDriver({
      readyDelayMs: options.fakeReadyDelayMs,
      refusalDelayMs: options.fakeRefusalDelayMs,
      offlineMessages: parseFakeOfflineMessages(env.HELPER_FAKE_OFFLINE_MESSAGES),
      chatCap: parseFakeChatCap(env.HELPER_FAKE_CHAT_CAP),
      // HELPER_FAKE_SERVER=on: WhatsApp's side in <dataDir>, so a restarted helper gets receipts for what it sent before
      serverFile: env.HELPER_FAKE_SERVER === "on" ? join(options.dataDir, "fake-whatsapp-server.jsonl") : null,
      sendHangMs: Number.parseInt(env.HELPER_FAKE_SEND_HANG_MS ?? "", 10) || 0,
    });
  }
  if (kind === "baileys" || kind === undefined) {
    return new BaileysDriver({ authDir: join(options.dataDir, "auth"), log: options.log });
  }
  throw new Error(`HELPER_DRIVER desconhecido: ${kind} (use "baileys" ou "fake")`);
}
