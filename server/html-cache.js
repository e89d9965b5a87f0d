// @ts-check
// A small in-process micro-cache for pages that do not depend on the visitor (docs/decisions/031-html-cache.md),
// and the rule that keeps every answer that does depend on the visitor out of every cache
// (keepPersonalAnswersPrivate: `private, no-store`).
//
// Only GET/HEAD requests without a Cookie or Authorization header and without an outside Referer or
// UTM parameters (those set the visitor's attribution cookie) are looked up. A response is stored
// only when the route marked it `Cache-Control: public, s-maxage=N` (app/shared/cache-headers.ts),
// answered 200 and sets no cookie. It is kept N seconds (capped), with its headers (including the
// Content-Security-Policy and its nonce) and pre-compressed brotli and gzip bodies, and answered
// with `X-Cache: HIT`. Concurrent misses of one page share a single render. For as long again after
// it expires, the stored page is still answered (`X-Cache: STALE`) while one background render
// replaces it, so no visitor waits for a render once a page is in the cache.
import { promisify } from "node:util";
import zlib from "node:zlib";

import { writeReadableStreamToWritable } from "@react-router/node";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers the cache sets itself (per answer) rather than replaying. */
const OWN_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "vary", "age", "x-cache"]);

/**
 * Seconds a shared cache may keep a response: its `s-maxage` when the Cache-Control is `public`
 * and neither `private`, `no-store` nor `no-cache`; otherwise 0.
 * @param {string | null | undefined} cacheControl
 */
export function sharedMaxAge(cacheControl) {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public")) return 0;
  if (directives.some((d) => d === "no-store" || d === "no-cache" || d === "private" || d.startsWith("private="))) return 0;
  const sMaxAge = directives.find((d) => d.startsWith("s-maxage="));
  const seconds = sMaxAge ? Number(sMaxAge.slice("s-maxage=".length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/**
 * The Cache-Control of every answer that depends on who asks (a session, a cookie it sets): no
 * browser disk, proxy or CDN may keep it. app/shared/cache-headers.ts spells the same value for the
 * routes (a unit test keeps the two equal).
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The Cache-Control and Vary an answer leaves with. An answer to a request that carried a Cookie or
 * Authorization header, or that sets a cookie, may hold someone's data: `private, no-store`, whatever
 * the route said (a CDN in front of the site must never hand it to the next visitor). An anonymous
 * answer a shared cache may keep (`public`) gets `Vary: Cookie`, so such a cache never answers a
 * visitor with a session from the copy made for visitors without one.
 * @param {{ personalRequest: boolean; setsCookie: boolean; cacheControl: string | undefined; vary: string | undefined }} answer
 * @returns {{ cacheControl: string | undefined; vary: string | undefined }}
 */
export function cacheHeadersFor({ personalRequest, setsCookie, cacheControl, vary }) {
  if (personalRequest || setsCookie) return { cacheControl: PRIVATE_CACHE_CONTROL, vary };
  const isPublic = /(^|,)\s*public\s*(,|$)/i.test(cacheControl ?? "");
  if (!isPublic) return { cacheControl, vary };
  const names = (vary ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes("*") || names.some((name) => name.toLowerCase() === "cookie")) return { cacheControl, vary };
  return { cacheControl, vary: [...names, "Cookie"].join(", ") };
}

/**
 * Express middleware that applies cacheHeadersFor to every answer just before its headers are
 * written (whoever writes them: the router, the page cache, an error handler). Files served as
 * they are (hashed assets, public/) are the same for everyone and keep their long browser caching:
 * the static handlers mark them with `res.locals.sameForEveryone`.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {import("express").NextFunction} next
 */
export function keepPersonalAnswersPrivate(req, res, next) {
  const writeHead = res.writeHead;
  const personalRequest = Boolean(req.headers.cookie || req.headers.authorization);
  // Same signature; the headers argument is folded into setHeader first so the rule sees it.
  res.writeHead = /** @type {typeof res.writeHead} */ (
    /** @param {number} statusCode @param {any[]} rest */
    function (statusCode, ...rest) {
      const message = typeof rest[0] === "string" ? rest.shift() : undefined;
      const given = rest[0];
      if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) res.setHeader(given[i], given[i + 1]);
      else if (given && typeof given === "object") for (const [name, value] of Object.entries(given)) res.setHeader(name, value);
      if (!res.locals.sameForEveryone) {
        const { cacheControl, vary } = cacheHeadersFor({
          personalRequest,
          setsCookie: res.hasHeader("set-cookie"),
          cacheControl: headerText(res.getHeader("cache-control")),
          vary: headerText(res.getHeader("vary")),
        });
        if (cacheControl !== undefined) res.setHeader("Cache-Control", cacheControl);
        if (vary !== undefined) res.setHeader("Vary", vary);
      }
      return message === undefined ? writeHead.call(res, statusCode) : writeHead.call(res, statusCode, message);
    }
  );
  next();
}

/** @param {number | string | string[] | undefined} value */
function headerText(value) {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/**
 * The body encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none.
 * @param {string | undefined} acceptEncoding
 * @returns {"br" | "gzip" | null}
 */
export function chooseEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (/** @type {string} */ name) => (q.has(name) ? (q.get(name) ?? 0) : (q.get("*") ?? 0)) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * Whether this request may be answered from (or fill) the shared cache: GET/HEAD, no Cookie and
 * no Authorization (so nothing personal), no UTM parameters and no Referer from another site (the
 * root loader would remember those as the visit's attribution, in a cookie).
 * @param {{ method: string; headers: Record<string, string | string[] | undefined>; url: string; host: string }} req
 */
export function isCacheableRequest({ method, headers, url, host }) {
  if (method !== "GET" && method !== "HEAD") return false;
  if (headers.cookie || headers.authorization) return false;
  if (/[?&]utm_/i.test(url)) return false;
  const referer = headers.referer;
  if (typeof referer === "string" && referer) {
    try {
      if (new URL(referer).host !== host) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * @typedef {{
 *   status: number;
 *   headers: [string, string][];
 *   body: Buffer;
 *   br: Buffer;
 *   gzip: Buffer;
 *   storedAt: number;
 *   expiresAt: number;
 *   staleUntil: number;
 *   generation: number;
 * }} Entry
 *
 * @typedef {{
 *   render: (request: Request) => Promise<Response>;
 *   enabled?: boolean;
 *   maxTtlSeconds?: number;
 *   maxEntries?: number;
 *   maxBodyBytes?: number;
 *   now?: () => number;
 *   generation?: () => number;
 * }} Options
 */

/**
 * Creates the cache. `lookup` is an Express middleware placed before compression and the static
 * files: it answers hits and marks cacheable misses; `handler(fallback)` wraps the final request
 * handler: marked requests are rendered through `render` (React Router's fetch handler) and stored
 * when the response allows it; all others go to `fallback` (React Router's Express handler).
 * @param {Options} options
 */
export function createHtmlCache({
  render,
  enabled = true,
  maxTtlSeconds = 60,
  maxEntries = 200,
  maxBodyBytes = 1024 * 1024,
  now = () => Date.now(),
  // The site's content generation (the content studio moves it on with every save): a page
  // rendered in an older generation is never answered again, so a save shows on the next request.
  generation = () => 0,
}) {
  /** @type {Map<string, Entry>} insertion order = least recently used first */
  const entries = new Map();
  /** @type {Map<string, Promise<{ entry: Entry | null; response?: Response }>>} renders in progress */
  const inflight = new Map();

  /** @param {import("express").Request} req */
  function keyOf(req) {
    return `${req.protocol}://${req.headers.host ?? ""}${req.originalUrl}`;
  }

  /**
   * The stored page for `key`, with whether it is still fresh; expired pages past their grace
   * period are forgotten.
   * @param {string} key
   */
  function stored(key) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const time = now();
    if (entry.staleUntil <= time || entry.generation !== generation()) {
      entries.delete(key);
      return undefined;
    }
    // Most recently used goes last.
    entries.delete(key);
    entries.set(key, entry);
    return { entry, fresh: time < entry.expiresAt };
  }

  /**
   * Renders `key` once (concurrent callers share the render); resolves with the stored entry, or
   * with the response to send when it may not be stored.
   * @param {string} key
   * @param {Request} request
   */
  function refresh(key, request) {
    // Renders begun before a content save are not shared with requests that come after it.
    const renderKey = `${generation()} ${key}`;
    const running = inflight.get(renderKey);
    if (running) return running;
    const filling = fill(key, request).finally(() => inflight.delete(renderKey));
    inflight.set(renderKey, filling);
    return filling;
  }

  /**
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {Entry} entry
   * @param {"HIT" | "MISS" | "STALE"} state
   */
  function send(req, res, entry, state) {
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.body;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Age", String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    res.setHeader("X-Cache", state);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * Renders the page, and stores it when the response allows. Resolves with the entry, or null
   * when the response may not be cached (then it is returned as `response` for the caller to send).
   * @param {string} key
   * @param {Request} request
   * @returns {Promise<{ entry: Entry | null; response?: Response }>}
   */
  async function fill(key, request) {
    const renderedIn = generation();
    const response = await render(request);
    const ttl = Math.min(sharedMaxAge(response.headers.get("Cache-Control")), maxTtlSeconds);
    const cookies = response.headers.getSetCookie().length;
    if (response.status !== 200 || ttl <= 0 || cookies > 0 || !response.body) return { entry: null, response };
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > maxBodyBytes) return { entry: null, response: new Response(body, response) };
    const [br, gz] = await Promise.all([
      // Brotli's best quality: compressed once per page and TTL, off the event loop; a phone on
      // a slow network saves more time on each kilobyte than this costs.
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    /** @type {[string, string][]} */
    const headers = [];
    response.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name) && name !== "set-cookie") headers.push([name, value]);
    });
    const storedAt = now();
    const expiresAt = storedAt + ttl * 1000;
    const entry = {
      status: response.status,
      headers,
      body,
      br,
      gzip: gz,
      storedAt,
      expiresAt,
      staleUntil: expiresAt + ttl * 1000,
      generation: renderedIn,
    };
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
    return { entry };
  }

  return {
    /**
     * Answers fresh hits; marks cacheable misses for `handler`.
     * @param {import("express").Request} req @param {import("express").Response} res @param {import("express").NextFunction} next
     */
    lookup(req, res, next) {
      if (
        !enabled ||
        !isCacheableRequest({ method: req.method, headers: req.headers, url: req.originalUrl, host: req.headers.host ?? "" })
      ) {
        return next();
      }
      const key = keyOf(req);
      const found = stored(key);
      if (found?.fresh) return send(req, res, found.entry, "HIT");
      if (found) {
        // Expired but within its grace period: answer it and let one background render replace it.
        refresh(key, requestFrom(req)).then(
          (outcome) => outcome.response?.body?.cancel(),
          (error) => console.error("html-cache: refresh failed", error),
        );
        return send(req, res, found.entry, "STALE");
      }
      // A HEAD miss is answered normally (it has no body to store).
      if (req.method === "GET") res.locals.htmlCacheKey = key;
      next();
    },

    /**
     * The final request handler: renders marked misses through the cache, the rest through `fallback`.
     * @param {(req: any, res: any, next: any) => unknown} fallback
     */
    handler(fallback) {
      return async (
        /** @type {import("express").Request} */ req,
        /** @type {import("express").Response} */ res,
        /** @type {import("express").NextFunction} */ next,
      ) => {
        const key = res.locals.htmlCacheKey;
        if (!key) return fallback(req, res, next);
        try {
          const shared = inflight.get(`${generation()} ${key}`);
          if (shared) {
            // Another request is rendering this page: share its result (or render our own when
            // the page turned out not to be cacheable: its response is that request's to send).
            const { entry } = await shared.catch(() => ({ entry: null }));
            return entry ? send(req, res, entry, "HIT") : fallback(req, res, next);
          }
          const outcome = await refresh(key, requestFrom(req));
          if (outcome.entry) return send(req, res, outcome.entry, "MISS");
          await sendResponse(res, /** @type {Response} */ (outcome.response));
        } catch (error) {
          next(error);
        }
      };
    },

    /** Resolves once no render is running, background renewals included (tests wait on it instead of the clock). */
    async settled() {
      while (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
    },

    /** Forgets everything (tests). */
    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

/**
 * The Fetch API request for an Express GET request (what @react-router/express builds, minus the body).
 * @param {import("express").Request} req
 */
export function requestFrom(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = new URL(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`);
  return new Request(url.href, { method: req.method, headers });
}

/**
 * Sends a Fetch API response through Express (as @react-router/express does).
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function sendResponse(res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
