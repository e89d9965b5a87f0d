import { config } from "./config.server";

/**
 * Fixed-window rate limiting kept in this process's memory (one Node process serves the site;
 * docs/scaling.md says what changes with more). Each limiter has its own name, limit and window.
 */
type Window = { count: number; resetAt: number };

export type RateLimiter = {
  /** Counts one attempt for the key; returns false once the limit is exceeded in this window. */
  hit(key: string, now?: number): boolean;
  /** The attempts counted for the key in its current window. */
  attempts(key: string, now?: number): number;
  /** True when the key is already over its limit (does not count an attempt). */
  isLimited(key: string, now?: number): boolean;
  /** Gives back one attempt counted by `hit` (an attempt that turned out to succeed). */
  release(key: string, now?: number): void;
  reset(key?: string): void;
  retryAfterSeconds(key: string, now?: number): number;
};

const limiters: RateLimiter[] = [];

/**
 * `name` makes the limiter log each block once, when a key first goes over its limit in a window
 * (one line: limiter, key, seconds left; never what was posted), so an attack shows in the logs
 * without one line per refused request.
 */
export function createRateLimiter(limit: number, windowMs: number, name?: string): RateLimiter {
  const windows = new Map<string, Window>();
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    if (!window || window.resetAt <= now) return undefined;
    return window;
  };
  const limiter: RateLimiter = {
    hit(key, now = Date.now()) {
      let window = current(key, now);
      if (!window) {
        if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (name && window.count === limit + 1) {
        console.warn(
          `rate-limit: ${name} bloqueado para ${key} por ${Math.ceil((window.resetAt - now) / 1000)} s (limite: ${limit})`,
        );
      }
      return window.count <= limit;
    },
    attempts(key, now = Date.now()) {
      return current(key, now)?.count ?? 0;
    },
    isLimited(key, now = Date.now()) {
      const window = current(key, now);
      return !!window && window.count >= limit;
    },
    release(key, now = Date.now()) {
      const window = current(key, now);
      if (window && window.count > 0) window.count -= 1;
    },
    reset(key) {
      if (key === undefined) windows.clear();
      else windows.delete(key);
    },
    retryAfterSeconds(key, now = Date.now()) {
      const window = current(key, now);
      return window ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
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
