// The production server's Express app around the React Router build: compression, immutable
// caching of hashed assets, request logging, security headers, a request-body limit, the client IP
// for rate limits, a micro-cache for pages that do not depend on the visitor (html-cache.js),
// `private, no-store` on every personal answer, and refusal of malformed and cross-origin
// state-changing requests (request-guards.js). server.js (the entry) listens and shuts down.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler } from "react-router";

import { accessLog } from "./access-log.js";
import { positiveIntEnv } from "./env.js";
import { chooseEncoding, createHtmlCache, keepPersonalAnswersPrivate } from "./html-cache.js";
import { refuseForeignOrigins, refuseMalformedRequests } from "./request-guards.js";
import { refuseUnservedMethods } from "./resource-methods.js";

/**
 * Files served as they are keep their browser caching even for a visitor with a session.
 * @param {import("express").Response} res
 */
function markSameForEveryone(res) {
  res.locals.sameForEveryone = true;
}

/** A studio form with a photo: the photo (8 MB at most) and the form's other fields. */
export const MAX_UPLOAD_BODY_BYTES = 9 * 1024 * 1024;

/**
 * Whether a request is a content studio form that may carry a photo: a multipart POST to a page
 * under /admin/conteudo (its `.data` twin included, which is how the page posts with JavaScript).
 * @param {import("express").Request} req
 */
export function isPhotoUpload(req) {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  return req.method === "POST" && type === "multipart/form-data" && /^\/admin\/conteudo(\/|\.data$|$)/.test(req.path);
}

/**
 * A helper's question to the site's API (/api/whatsapp-helper/…, JSON): up to 1 000 contacts with
 * their message texts (4 000 characters at most each) in one "already sent?" request. The routes check
 * the helper's token before they parse anything (a body without one is read only to be thrown away).
 */
export const MAX_HELPER_API_BODY_BYTES = 5 * 1024 * 1024;

/** @param {import("express").Request} req */
export function isHelperApiPost(req) {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  return req.method === "POST" && type === "application/json" && /^\/api\/whatsapp-helper\/[a-z-]+$/.test(req.path);
}

/** Error codes of a connection the client closed (Express's sendFile says ECONNABORTED). */
const CLIENT_GONE_CODES = new Set(["ECONNABORTED", "ECONNRESET", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"]);

/**
 * Whether an error only says the client went away: its code is one of a closed connection and the
 * request's connection is indeed closed (so an error of the site itself is never hidden).
 * @param {unknown} error
 * @param {import("express").Request} req
 */
export function clientWentAway(error, req) {
  const code = /** @type {{ code?: unknown } | null} */ (error)?.code;
  return typeof code === "string" && CLIENT_GONE_CODES.has(code) && (req.destroyed || req.socket.destroyed);
}

/**
 * Each render gets its own CSP nonce (a cached page keeps the nonce it was rendered with).
 * The type of this context is declared for the app in app/load-context.ts.
 * @returns {import("react-router").AppLoadContext}
 */
function loadContext() {
  return { cspNonce: randomBytes(16).toString("base64") };
}

/**
 * The Express app serving a React Router server build and its browser files: in production
 * (server.js) the build in `buildDir`; in development (server/dev.js, decision 080) the build Vite
 * compiles on each request, with Vite's middleware serving the browser modules in place of the
 * files of `client/`. Everything else (guards, headers, limits, CSP nonce, page cache) is the same;
 * the page cache is off in development unless HTML_CACHE=on.
 * @param {{ build: import("react-router").ServerBuild; buildDir: string; port: number } |
 *   { vite: import("vite").ViteDevServer; port: number }} options
 *   `buildDir` holds `client/`; `port` gives the default site origin when SITE_URL is not set.
 */
export function createApp(options) {
  const { port } = options;
  const vite = "vite" in options ? options.vite : undefined;
  /** The build last loaded (in development a new one after each edit; its content generation is read). */
  let currentBuild = "build" in options ? options.build : undefined;
  /** @type {import("react-router").ServerBuild | (() => Promise<import("react-router").ServerBuild>)} */
  const build =
    currentBuild ??
    (async () => {
      const loaded = /** @type {import("react-router").ServerBuild} */ (
        await /** @type {import("vite").ViteDevServer} */ (vite).ssrLoadModule("virtual:react-router/server-build")
      );
      currentBuild = loaded;
      return loaded;
    });
  const mode = vite ? "development" : process.env.NODE_ENV;

  /** Request bodies above this many bytes are refused before any parsing (413). */
  const MAX_BODY_BYTES = positiveIntEnv("MAX_BODY_BYTES", 64 * 1024);

  const app = express();
  app.disable("x-powered-by");
  // Behind reverse proxies: how many of them to trust ("true" = one). Express then takes the client
  // address from the right of X-Forwarded-For, skipping only those hops; the left-most entries are
  // whatever the client sent and are never trusted.
  const trustProxy = process.env.TRUST_PROXY ?? "false";
  if (trustProxy === "true") app.set("trust proxy", 1);
  else if (/^[1-9]\d*$/.test(trustProxy)) app.set("trust proxy", Number(trustProxy));

  if (process.env.LOG_REQUESTS !== "false") app.use(accessLog({ production: process.env.NODE_ENV === "production" }));
  // Personal answers leave as `private, no-store` (and shareable ones with `Vary: Cookie`), decided as
  // their headers are written, whichever part of the server answers.
  app.use(keepPersonalAnswersPrivate);

  // Headers for every response. The document's Content-Security-Policy is set in entry.server.tsx
  // because it carries the per-request script nonce.
  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "geolocation=(), payment=(), usb=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // The client address for rate limits: always overwritten, so a client cannot choose its own.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  // A method, target or Host the site cannot serve: a short 4xx (and one log line) before any routing.
  app.use(refuseMalformedRequests);

  // Refuse oversized bodies before anything reads them. Only the content studio's forms may carry a
  // photo (multipart posts under /admin/conteudo, whose actions read nothing before checking the admin
  // session): a photo of up to 8 MB (app/features/studio/photos.ts) plus the rest of the form. The helpers'
  // JSON API may carry a long contact list (its routes parse nothing before checking the helper token).
  app.use((req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const upload = isPhotoUpload(req);
    const limit = upload ? MAX_UPLOAD_BODY_BYTES : isHelperApiPost(req) ? MAX_HELPER_API_BODY_BYTES : 0;
    if (length > Math.max(MAX_BODY_BYTES, limit)) {
      res
        .status(413)
        .type("text/plain; charset=utf-8")
        .send(upload ? "Arquivo grande demais: a foto deve ter no máximo 8 MB." : "Requisição grande demais.");
      req.resume();
      return;
    }
    if (req.headers["transfer-encoding"] && req.method !== "GET" && req.method !== "HEAD") {
      // Forms always declare their length; a body of unknown length is refused rather than read.
      res.status(411).type("text/plain; charset=utf-8").send("Informe o tamanho da requisição.");
      req.resume();
      return;
    }
    next();
  });

  // A path that is not valid percent-encoded UTF-8 (/%FF) names no page: 400 here, rather than a
  // 404 from the router after a warning in the log for every such request.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res
        .status(400)
        .type("text/html; charset=utf-8")
        .send(
          '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Endereço inválido</title><p>Endereço inválido. <a href="/">Voltar ao início</a></p></html>',
        );
      return;
    }
    next();
  });

  // A state-changing request from another origin is refused for every route, resource routes included.
  app.use(refuseForeignOrigins(process.env.SITE_URL?.trim() || `http://localhost:${port}`));
  // A method a resource route has no handler for (DELETE /healthz): 405 with Allow, not the router's 500-like JSON.
  app.use(refuseUnservedMethods(() => currentBuild));

  const renderPage = createFetchHandler(build, mode);
  const htmlCache = createHtmlCache({
    enabled: vite ? process.env.HTML_CACHE === "on" : process.env.HTML_CACHE !== "off",
    maxTtlSeconds: positiveIntEnv("HTML_CACHE_MAX_TTL", 60),
    render: (request) => renderPage(request, loadContext()),
    // app/entry.server.tsx exports the content studio's generation: a save makes cached pages stale.
    generation: () =>
      /** @type {{ contentGeneration?: () => number } | undefined} */ (
        /** @type {unknown} */ (currentBuild?.entry.module)
      )?.contentGeneration?.() ?? 0,
  });
  // Cached pages are answered here, already compressed, before compression and the static files.
  app.use(htmlCache.lookup);
  app.use(compression());

  if (vite) {
    // Development: Vite answers its own requests (the app's modules, /@vite/client, public/ files)
    // and hands the rest on.
    app.use(vite.middlewares);
  } else {
    const buildDir = /** @type {{ buildDir: string }} */ (options).buildDir;
    // Hashed assets: the brotli/gzip copies written at build time (scripts/precompress.mjs) when the
    // browser takes them, else the file itself (compressed on the fly).
    const assetsDir = path.join(buildDir, "client", "assets");
    const precompressed = new Set(existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => /\.(br|gz)$/.test(name)) : []);
    app.use("/assets", (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const name = req.path.slice(1);
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "";
      if (!suffix || !precompressed.has(name + suffix)) return next();
      res.locals.sameForEveryone = true;
      res.setHeader("Content-Encoding", /** @type {"br" | "gzip"} */ (encoding));
      res.setHeader("Vary", "Accept-Encoding");
      res.type(path.extname(name));
      res.sendFile(path.join(assetsDir, name + suffix), { immutable: true, maxAge: "1y" }, (error) => {
        // A download the browser gave up on is no error of the site: nothing to answer, nothing to log.
        if (error && !res.headersSent && !clientWentAway(error, req)) next(error);
      });
    });
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client", "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        setHeaders: markSameForEveryone,
      }),
    );
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false, setHeaders: markSameForEveryone }));
  }
  // The studio's photos (app/features/studio/images-route.ts) are the same for everyone: a visitor's cookie
  // must not turn their year-long caching into `private, no-store`. They are already compressed files
  // streamed from disk: the page cache (made for HTML) neither keeps nor re-compresses them.
  app.use("/imagens/", (req, res, next) => {
    markSameForEveryone(res);
    delete res.locals.htmlCacheKey;
    next();
  });

  app.all(/.*/, htmlCache.handler(createRequestHandler({ build, mode, getLoadContext: loadContext })));

  // An error that only says the client closed its connection (an aborted download): nobody is left to
  // answer, and Express's own handler would write its 6-line stack trace to the log for each one.
  app.use(
    /** @type {import("express").ErrorRequestHandler} */
    (error, req, res, next) => {
      if (clientWentAway(error, req)) return;
      next(error);
    },
  );

  return app;
}
