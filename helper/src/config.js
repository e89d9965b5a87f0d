// The helper's settings: options first, then environment variables, then defaults.
import { homedir } from "node:os";
import { join } from "node:path";

import { DEFAULT_SEND_WINDOW, parseWarmup } from "./schedule.js";
import { DEFAULT_RESTRICTED_PAUSE_MS } from "./send-rules.js";
import { siteUrlFrom } from "./site-api.js";
import { parseKey } from "./token.js";

/**
 * @typedef {{
 *   port?: number, host?: string, key?: string, allowedOrigins?: string[] | string,
 *   driver?: "baileys" | "fake" | import("./drivers/driver.js").Driver,
 *   dataDir?: string, minDelayMs?: number, maxDelayMs?: number, dailyCap?: number,
 *   rateLimitPauseMs?: number, fakeReadyDelayMs?: number, restrictedPauseMs?: number,
 *   sendWindow?: string, warmup?: string | false | number[], siteUrl?: string | null,
 *   optOutRetryMs?: number, sendLogRetryMs?: number, journalCareIntervalMs?: number, fetch?: typeof globalThis.fetch,
 *   logger?: ((message: string) => void) | false,
 *   random?: () => number, now?: () => number,
 *   setTimer?: (fn: () => void, ms: number) => unknown, clearTimer?: (handle: any) => void,
 *   env?: Record<string, string | undefined>,
 *   keepAwake?: import("./keep-awake.js").KeepAwakeOptions | false,
 *   onRevoked?: () => void,
 * }} HelperOptions
 */

/**
 * @param {string | undefined} value
 * @param {number} fallback
 */
function intFrom(value, fallback) {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/**
 * Parses a comma-separated origin list into exact origins ("https://site.example").
 * @param {string[] | string | undefined} value
 * @returns {string[]}
 */
export function parseOrigins(value) {
  const items = Array.isArray(value) ? value : String(value ?? "").split(",");
  /** @type {string[]} */
  const origins = [];
  for (const item of items) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    try {
      const origin = new URL(trimmed).origin;
      if (origin !== "null" && !origins.includes(origin)) origins.push(origin);
    } catch {
      // not a URL: ignored (and reported by the bin)
    }
  }
  return origins;
}

/**
 * Settings from options, then environment variables, then defaults.
 * @param {HelperOptions} options
 */
export function resolveConfig(options = {}) {
  const env = options.env ?? process.env;
  const minDelayMs = options.minDelayMs ?? intFrom(env.HELPER_MIN_DELAY_MS, 30_000);
  const maxDelayMs = Math.max(minDelayMs, options.maxDelayMs ?? intFrom(env.HELPER_MAX_DELAY_MS, 60_000));
  return {
    port: options.port ?? intFrom(env.HELPER_PORT, 3001),
    host: options.host ?? (env.HELPER_HOST?.trim() || "127.0.0.1"),
    /** this helper's key (HELPER_KEY, from its start script): null when missing or not a key */
    key: parseKey(options.key ?? env.HELPER_KEY ?? ""),
    allowedOrigins: parseOrigins(options.allowedOrigins ?? env.HELPER_ALLOWED_ORIGINS),
    driver: options.driver ?? /** @type {"baileys" | "fake"} */ (env.HELPER_DRIVER?.trim() || "baileys"),
    dataDir: options.dataDir ?? (env.HELPER_DATA_DIR?.trim() || join(homedir(), ".whatsapp-helper")),
    minDelayMs,
    maxDelayMs,
    dailyCap: options.dailyCap ?? intFrom(env.HELPER_DAILY_CAP, 200),
    rateLimitPauseMs: options.rateLimitPauseMs ?? intFrom(env.HELPER_RATE_LIMIT_PAUSE_MS, 15 * 60_000),
    fakeReadyDelayMs: options.fakeReadyDelayMs ?? intFrom(env.HELPER_FAKE_READY_MS, 500),
    restrictedPauseMs: options.restrictedPauseMs ?? intFrom(env.HELPER_RESTRICTED_PAUSE_MS, DEFAULT_RESTRICTED_PAUSE_MS),
    /** HELPER_SEND_WINDOW as given ("seg-sab 08:00-20:00", "always"); read by parseSendWindow */
    sendWindowText: options.sendWindow ?? (env.HELPER_SEND_WINDOW?.trim() || DEFAULT_SEND_WINDOW),
    warmupSteps: parseWarmup(options.warmup ?? env.HELPER_WARMUP),
    /** the site's API (central opt-outs, send log): HELPER_SITE_URL, else the first allowed origin */
    siteUrl: siteUrlFrom(
      options.siteUrl === null ? null : (options.siteUrl ?? env.HELPER_SITE_URL),
      parseOrigins(options.allowedOrigins ?? env.HELPER_ALLOWED_ORIGINS),
    ),
    /** how often unreported opt-outs are sent to the site again */
    optOutRetryMs: options.optOutRetryMs ?? intFrom(env.HELPER_OPTOUT_RETRY_MS, 5 * 60_000),
    /** first wait before posting the send log again after the site failed (doubles, up to 5 min) */
    sendLogRetryMs: Math.max(100, options.sendLogRetryMs ?? intFrom(env.HELPER_SEND_LOG_RETRY_MS, 5_000)),
  };
}
