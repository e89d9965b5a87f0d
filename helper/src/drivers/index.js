// Picks the driver named by HELPER_DRIVER.
import { join } from "node:path";

import { BaileysDriver } from "./baileys.js";
import { FakeDriver } from "./fake.js";

/**
 * @param {"baileys" | "fake" | import("./driver.js").Driver} kind
 * @param {{ dataDir: string, log?: (message: string) => void, fakeReadyDelayMs?: number }} options
 * @returns {import("./driver.js").Driver}
 */
export function createDriver(kind, options) {
  if (typeof kind === "object" && kind !== null) return kind;
  if (kind === "fake") return new FakeDriver({ readyDelayMs: options.fakeReadyDelayMs });
  if (kind === "baileys" || kind === undefined) {
    return new BaileysDriver({ authDir: join(options.dataDir, "auth"), log: options.log });
  }
  throw new Error(`HELPER_DRIVER desconhecido: ${kind} (use "baileys" ou "fake")`);
}
