import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { config } from "./config.server";

/**
 * Fixed-window rate limits, counted by rate-limiter-flexible's `RateLimiterMemory` in this process's
 * memory (one Node process serves the site; docs/scaling.md says what changes with more: the
 * library's SQLite or Redis store instead of the memory one, behind this same interface).
 * Each limiter has its own name, limit and window. The library reads `Date.now()` and expires keys
 * with `setTimeout`, so tests move its clock with Vitest's fake timers, never by waiting.
 */
export type RateLimiter = {
  /** Counts one attempt for the key; false once the limit is exceeded in this window. */
  hit(key: string): Promise<boolean>;
  /** The attempts counted for the key in its current window. */
  attempts(key: string): Promise<number>;
  /** True when the key is already over its limit (does not count an attempt). */
  isLimited(key: string): Promise<boolean>;
  /** Gives back one attempt counted by `hit` (an attempt that turned out to succeed). */
  release(key: string): Promise<void>;
  /** Forgets every key (tests). */
  reset(): void;
  /** Seconds until the key's window frees (at least 1), or 0 when it has none. */
  retryAfterSeconds(key: string): Promise<number>;
};

const limiters: RateLimiter[] = [];

/**
 * `name` makes the limiter log each block once, when a key first goes over its limit in a window
 * (one line: limiter, key, seconds left; never what was posted), so an attack shows in the logs
 * without one line per refused request.
 */
export function createRateLimiter(limit: number, windowMs: number, name?: string): RateLimiter {
  const newStore = () => new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
  let store = newStore();
  /** The key's live window; a record whose time is up counts as none (its expiry timer may not have run yet). */
  const current = async (key: string) => {
    const res = await store.get(key);
    return res && res.msBeforeNext > 0 ? res : null;
  };
  const limiter: RateLimiter = {
    async hit(key) {
      try {
        await store.consume(key);
        return true;
      } catch (refused) {
        // The memory store refuses with the counter; anything else is a real error.
        if (!(refused instanceof RateLimiterRes)) throw refused;
        if (name && refused.consumedPoints === limit + 1) {
          console.warn(
            `rate-limit: ${name} bloqueado para ${key} por ${Math.ceil(refused.msBeforeNext / 1000)} s (limite: ${limit})`,
          );
        }
        return false;
      }
    },
    async attempts(key) {
      return (await current(key))?.consumedPoints ?? 0;
    },
    async isLimited(key) {
      return ((await current(key))?.consumedPoints ?? 0) >= limit;
    },
    async release(key) {
      // Only a live window with attempts in it gives one back (reward on a missing key would start a window at -1).
      if (((await current(key))?.consumedPoints ?? 0) > 0) await store.reward(key);
    },
    reset() {
      store = newStore();
    },
    async retryAfterSeconds(key) {
      const window = await current(key);
      return window ? Math.max(1, Math.ceil(window.msBeforeNext / 1000)) : 0;
    },
  };
  limiters.push(limiter);
  return limiter;
}

/**
 * The response headers of a route whose action may answer 429: React Router builds a document's
 * (and a `.data` request's) headers from the route's `headers` export only, so the Retry-After the
 * action set is lost unless that export copies it.
 */
export function withRetryAfter(
  headers: HeadersInit,
  { actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers },
): Headers {
  const merged = new Headers(headers);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let currentSleep: Sleep = realSleep;

/** Waits (the login's per-e-mail delay); tests swap the clock with `setSleepForTests`. */
export function sleep(ms: number): Promise<void> {
  return ms > 0 ? currentSleep(ms) : Promise.resolve();
}

/** Replaces the wait (tests record the delays instead of waiting); no argument restores the real one. */
export function setSleepForTests(fake?: Sleep): void {
  currentSleep = fake ?? realSleep;
}

/** Forgets every counter (tests). */
export function resetAllRateLimits() {
  for (const limiter of limiters) limiter.reset();
}

/**
 * The client's IP for rate limits. server/app.js copies Express's `req.ip` into X-Client-Ip,
 * overwriting anything the client sent: the socket address, or behind TRUST_PROXY the address
 * the trusted proxy saw (counted from the right of X-Forwarded-For, so a client cannot pick its own).
 */
export function clientIp(request: Request): string {
  return request.headers.get("X-Client-Ip") ?? "local";
}

/** Public form posts (leads): generous for people behind one carrier NAT, hard on bots. */
const publicFormLimit = config.rateLimitPublicForms;
export const publicFormLimiter = createRateLimiter(publicFormLimit, 60_000, "formulários públicos");

/**
 * The vocational test's answer pages: one visitor posts up to ten times in a few minutes (five
 * pages, back and forth), so their budget per IP is four times the lead forms'.
 */
export const testAnswersLimiter = createRateLimiter(publicFormLimit * 4, 60_000, "respostas do teste vocacional");

/**
 * The unsubscribe link's posts (decision 100): a mail provider sends its users' one-click posts from
 * a few addresses, so the budget per IP is ten times the lead forms'.
 */
export const unsubscribeLimiter = createRateLimiter(publicFormLimit * 10, 60_000, "descadastro de e-mail");
