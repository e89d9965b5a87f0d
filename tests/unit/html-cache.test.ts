// The page micro-cache of the production server (server/html-cache.js), driven through a real Express app on a free
// port with a fake renderer and a fake clock.
import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { PRIVATE_CACHE_CONTROL as ROUTES_PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/shared/cache-headers";

import {
  cacheHeadersFor,
  chooseEncoding,
  createHtmlCache,
  isCacheableRequest,
  keepPersonalAnswersPrivate,
  PRIVATE_CACHE_CONTROL,
  sharedMaxAge,
} from "../../server/html-cache.js";

describe("sharedMaxAge", () => {
  it("reads s-maxage of public responses only", () => {
    expect(sharedMaxAge(PUBLIC_PAGE_CACHE_CONTROL)).toBe(10);
    expect(sharedMaxAge("public, s-maxage=30")).toBe(30);
    expect(sharedMaxAge("Public, Max-Age=0, S-MaxAge=5")).toBe(5);
    expect(sharedMaxAge("s-maxage=30")).toBe(0);
    expect(sharedMaxAge("public, max-age=60")).toBe(0);
    expect(sharedMaxAge("public, s-maxage=30, private")).toBe(0);
    expect(sharedMaxAge("public, s-maxage=30, no-store")).toBe(0);
    expect(sharedMaxAge("public, s-maxage=0")).toBe(0);
    expect(sharedMaxAge("public, s-maxage=abc")).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
  });
});

describe("cacheHeadersFor", () => {
  const anonymous = { personalRequest: false, setsCookie: false, vary: undefined };
  it("makes every answer to a session, or that sets a cookie, private, no-store", () => {
    for (const cacheControl of [PUBLIC_PAGE_CACHE_CONTROL, "public, max-age=3600", undefined, "no-store"]) {
      expect(cacheHeadersFor({ ...anonymous, personalRequest: true, cacheControl }).cacheControl).toBe("private, no-store");
      expect(cacheHeadersFor({ ...anonymous, setsCookie: true, cacheControl }).cacheControl).toBe("private, no-store");
    }
  });
  it("adds Cookie to the Vary of anonymous public answers only, once", () => {
    expect(cacheHeadersFor({ ...anonymous, cacheControl: PUBLIC_PAGE_CACHE_CONTROL })).toEqual({
      cacheControl: PUBLIC_PAGE_CACHE_CONTROL,
      vary: "Cookie",
    });
    expect(cacheHeadersFor({ ...anonymous, cacheControl: "public", vary: "Accept-Encoding" }).vary).toBe(
      "Accept-Encoding, Cookie",
    );
    expect(cacheHeadersFor({ ...anonymous, cacheControl: "public", vary: "accept-encoding, cookie" }).vary).toBe(
      "accept-encoding, cookie",
    );
    expect(cacheHeadersFor({ ...anonymous, cacheControl: "public", vary: "*" }).vary).toBe("*");
    expect(cacheHeadersFor({ ...anonymous, cacheControl: "private, no-store", vary: "Accept-Encoding" })).toEqual({
      cacheControl: "private, no-store",
      vary: "Accept-Encoding",
    });
    expect(cacheHeadersFor({ ...anonymous, cacheControl: undefined })).toEqual({ cacheControl: undefined, vary: undefined });
  });
  it("spells private, no-store as the routes do (app/shared/cache-headers.ts)", () => {
    expect(PRIVATE_CACHE_CONTROL).toBe(ROUTES_PRIVATE_CACHE_CONTROL);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    const accepted = ["gzip, deflate, br", "gzip, deflate, br;q=0", "gzip", "*", "identity", "gzip;q=0, br;q=0", undefined];
    expect(accepted.map((header) => chooseEncoding(header))).toEqual(["br", "gzip", "gzip", "br", null, null, null]);
  });
});

describe("isCacheableRequest", () => {
  const base = { method: "GET", headers: {}, url: "/", host: "site.test" };
  it("takes anonymous GET and HEAD requests only", () => {
    expect(isCacheableRequest(base)).toBe(true);
    expect(isCacheableRequest({ ...base, method: "HEAD" })).toBe(true);
    expect(isCacheableRequest({ ...base, method: "POST" })).toBe(false);
    expect(isCacheableRequest({ ...base, headers: { cookie: "__visitante=x" } })).toBe(false);
    expect(isCacheableRequest({ ...base, headers: { authorization: "Basic eA==" } })).toBe(false);
  });
  it("leaves visits that carry attribution to the app (they get a cookie)", () => {
    expect(isCacheableRequest({ ...base, url: "/?utm_source=tv" })).toBe(false);
    expect(isCacheableRequest({ ...base, url: "/cursos?a=1&UTM_campaign=x" })).toBe(false);
    expect(isCacheableRequest({ ...base, headers: { referer: "https://www.google.com/" } })).toBe(false);
    expect(isCacheableRequest({ ...base, headers: { referer: "not a url" } })).toBe(false);
    expect(isCacheableRequest({ ...base, headers: { referer: "http://site.test/bolsas" } })).toBe(true);
  });
});

type Page = { status?: number; headers?: Record<string, string>; body?: string; setCookie?: string };

describe("createHtmlCache", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  async function start(
    pages: Record<string, Page>,
    options: {
      maxTtlSeconds?: number;
      maxEntries?: number;
      delayMs?: number;
      privacy?: boolean;
      generation?: () => number;
      onRender?: () => void;
    } = {},
  ) {
    let clock = 1_000_000;
    const renders: string[] = [];
    const cache = createHtmlCache({
      now: () => clock,
      maxTtlSeconds: options.maxTtlSeconds ?? 60,
      maxEntries: options.maxEntries,
      generation: options.generation,
      async render(request: Request) {
        const path = new URL(request.url).pathname;
        renders.push(path);
        options.onRender?.();
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        const page = pages[path] ?? { status: 404, body: "not found" };
        const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", ...page.headers });
        if (page.setCookie) headers.append("Set-Cookie", page.setCookie);
        return new Response(`${page.body ?? "<p>page</p>"} #${renders.length}`, { status: page.status ?? 200, headers });
      },
    });
    const app = express();
    if (options.privacy) app.use(keepPersonalAnswersPrivate);
    app.use(cache.lookup);
    app.all(
      /.*/,
      cache.handler((_req: express.Request, res: express.Response) => res.status(299).send("fallback")),
    );
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      cache,
      renders,
      advance(ms: number) {
        clock += ms;
      },
      get: (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(base + path, { headers, method }),
      /** The bytes as sent (fetch would decompress them). */
      raw: (path: string, acceptEncoding: string) =>
        new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get(base + path, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on("error", reject);
        }),
    };
  }

  const cacheable = {
    headers: { "Cache-Control": "public, max-age=0, s-maxage=10", "Content-Security-Policy": "script-src 'nonce-abc'" },
  };

  it("never answers a page rendered before the content generation moved on (a studio save)", async () => {
    let generation = 7;
    const site = await start({ "/": { ...cacheable, body: "<h1>Início</h1>" } }, { generation: () => generation });
    expect((await site.get("/")).headers.get("x-cache")).toBe("MISS");
    expect((await site.get("/")).headers.get("x-cache")).toBe("HIT");
    generation += 1;
    const after = await site.get("/");
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toBe("<h1>Início</h1> #2");
    expect((await site.get("/")).headers.get("x-cache")).toBe("HIT");
    expect(site.renders).toEqual(["/", "/"]);
  });

  it("a render that began before a save is sent to its own request but not kept", async () => {
    let generation = 1;
    const pages = { "/": { ...cacheable, body: "<h1>Início</h1>" } };
    // The save lands while the first render runs.
    const site = await start(pages, {
      generation: () => generation,
      onRender: () => {
        if (generation === 1) generation += 1;
      },
    });
    expect((await site.get("/")).headers.get("x-cache")).toBe("MISS");
    await site.cache.settled();
    expect((await site.get("/")).headers.get("x-cache")).toBe("MISS");
    expect((await site.get("/")).headers.get("x-cache")).toBe("HIT");
    expect(site.renders).toEqual(["/", "/"]);
  });

  it("answers a hit after a miss, with the stored headers and compressed bodies", async () => {
    const site = await start({ "/": { ...cacheable, body: "<h1>Início</h1>" } });
    const first = await site.get("/");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.text()).toBe("<h1>Início</h1> #1");
    const second = await site.get("/");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'nonce-abc'");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10");
    expect(await second.text()).toBe("<h1>Início</h1> #1");
    expect(site.renders).toEqual(["/"]);
  });

  it("stores brotli and gzip variants and picks one per request", async () => {
    const body = "<p>olá</p>".repeat(200);
    const site = await start({ "/": { ...cacheable, body } });
    await site.get("/");
    const br = await site.raw("/", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(`${body} #1`);
    const gz = await site.raw("/", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(`${body} #1`);
    const plain = await site.raw("/", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(`${body} #1`);
    expect(site.renders).toHaveLength(1);
  });

  it("never answers a request with a cookie from the cache", async () => {
    const site = await start({ "/": cacheable });
    await site.get("/");
    const withCookie = await site.get("/", { cookie: "__visitante=abc" });
    expect(withCookie.headers.get("x-cache")).toBeNull();
    expect(await withCookie.text()).toBe("fallback");
    expect((await site.get("/")).headers.get("x-cache")).toBe("HIT");
  });

  it("never stores a response that sets a cookie, an error or an unmarked page", async () => {
    const site = await start({
      "/cookie": { ...cacheable, setCookie: "__visitante=x; Path=/" },
      "/private": { headers: { "Cache-Control": "private, no-store" } },
      "/plain": {},
      "/missing": { ...cacheable, status: 404 },
    });
    for (const path of ["/cookie", "/private", "/plain", "/missing"]) {
      const first = await site.get(path);
      const second = await site.get(path);
      expect(first.headers.get("x-cache"), path).toBeNull();
      expect(second.headers.get("x-cache"), path).toBeNull();
      await second.text();
    }
    const cookie = await site.get("/cookie");
    expect(cookie.headers.get("set-cookie")).toBe("__visitante=x; Path=/");
    expect(site.cache.size).toBe(0);
    expect(site.renders.filter((p) => p === "/cookie")).toHaveLength(3);
  });

  it("after the TTL answers the stale page once while one background render replaces it", async () => {
    const site = await start({ "/": cacheable });
    await site.get("/");
    site.advance(9_999);
    expect((await site.get("/")).headers.get("x-cache")).toBe("HIT");
    site.advance(1);
    const stale = await site.get("/");
    expect(stale.headers.get("x-cache")).toBe("STALE");
    expect(await stale.text()).toBe("<p>page</p> #1");
    await site.cache.settled(); // the background render
    expect(site.renders).toEqual(["/", "/"]);
    const renewed = await site.get("/");
    expect(renewed.headers.get("x-cache")).toBe("HIT");
    expect(await renewed.text()).toBe("<p>page</p> #2");
  });

  it("walks a page through MISS, HIT, STALE (same page), renewed HIT (new page) and, past the grace period, MISS", async () => {
    const site = await start({ "/": cacheable });
    expect((await site.get("/")).headers.get("x-cache")).toBe("MISS");
    expect((await site.get("/")).headers.get("x-cache")).toBe("HIT");
    site.advance(10_000);
    const stale = await site.get("/");
    expect(stale.headers.get("x-cache")).toBe("STALE");
    expect(await stale.text()).toBe("<p>page</p> #1");
    await site.cache.settled();
    const renewed = await site.get("/");
    expect(renewed.headers.get("x-cache")).toBe("HIT");
    expect(await renewed.text()).toBe("<p>page</p> #2");
    // The renewed copy lives its own TTL and grace from the moment it was rendered.
    site.advance(19_999);
    expect((await site.get("/")).headers.get("x-cache")).toBe("STALE");
    await site.cache.settled();
    site.advance(20_000);
    const expired = await site.get("/");
    expect(expired.headers.get("x-cache")).toBe("MISS");
    expect(await expired.text()).toBe("<p>page</p> #4");
  });

  it("forgets a page once its grace period (another TTL) has passed too", async () => {
    const site = await start({ "/": cacheable });
    await site.get("/");
    site.advance(20_000);
    const expired = await site.get("/");
    expect(expired.headers.get("x-cache")).toBe("MISS");
    expect(await expired.text()).toBe("<p>page</p> #2");
  });

  it("caps the TTL at maxTtlSeconds", async () => {
    const site = await start({ "/long": { headers: { "Cache-Control": "public, s-maxage=3600" } } }, { maxTtlSeconds: 20 });
    await site.get("/long");
    site.advance(19_999);
    expect((await site.get("/long")).headers.get("x-cache")).toBe("HIT");
    site.advance(1);
    expect((await site.get("/long")).headers.get("x-cache")).toBe("STALE");
    await site.cache.settled(); // the background render stores a new copy
    site.advance(40_000);
    expect((await site.get("/long")).headers.get("x-cache")).toBe("MISS");
  });

  it("shares one render among concurrent misses of a page", async () => {
    const site = await start({ "/": cacheable }, { delayMs: 50 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => site.get("/")));
    const states = answers.map((a) => a.headers.get("x-cache")).sort();
    expect(states.filter((s) => s === "MISS")).toHaveLength(1);
    expect(states.filter((s) => s === "HIT")).toHaveLength(9);
    expect(new Set(await Promise.all(answers.map((a) => a.text())))).toEqual(new Set(["<p>page</p> #1"]));
    expect(site.renders).toEqual(["/"]);
  });

  it("keys on the full URL and keeps at most maxEntries pages", async () => {
    const site = await start({ "/": cacheable }, { maxEntries: 2 });
    await site.get("/?q=a");
    await site.get("/?q=b");
    expect((await site.get("/?q=a")).headers.get("x-cache")).toBe("HIT");
    await site.get("/?q=c"); // evicts the least recently used: ?q=b
    expect(site.cache.size).toBe(2);
    expect((await site.get("/?q=b")).headers.get("x-cache")).toBe("MISS");
    expect((await site.get("/?q=c")).headers.get("x-cache")).toBe("HIT");
  });

  it("answers HEAD from a stored page, and never caches POST", async () => {
    const site = await start({ "/": cacheable });
    const head = await site.get("/", {}, "HEAD");
    expect(head.headers.get("x-cache")).toBeNull();
    await site.get("/");
    const headHit = await site.get("/", {}, "HEAD");
    expect(headHit.headers.get("x-cache")).toBe("HIT");
    expect(await headHit.text()).toBe("");
    const post = await site.get("/", {}, "POST");
    expect(post.headers.get("x-cache")).toBeNull();
    expect(await post.text()).toBe("fallback");
  });

  it("with keepPersonalAnswersPrivate: shared pages vary on Cookie, hit or miss; personal answers are private, no-store", async () => {
    const site = await start(
      { "/": cacheable, "/cookie": { ...cacheable, setCookie: "__visitante=x; Path=/" }, "/plain": {} },
      { privacy: true },
    );
    for (const state of ["MISS", "HIT"]) {
      const answer = await site.get("/");
      expect(answer.headers.get("x-cache")).toBe(state);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10");
      expect(answer.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    }
    // The route said public; a cookie set on the way makes the answer personal.
    const setsCookie = await site.get("/cookie");
    expect(setsCookie.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    // A request with a session: whatever answers it (here the fallback handler, which sets nothing).
    for (const headers of [{ cookie: "__visitante=abc" }, { authorization: "Basic eA==" }] as Record<string, string>[]) {
      const personal = await site.get("/", headers);
      expect(personal.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    }
    // An anonymous answer that says nothing about caching is left as it is.
    const plain = await site.get("/plain");
    expect(plain.headers.get("cache-control")).toBeNull();
    expect(plain.headers.get("vary")).toBeNull();
  });
});
