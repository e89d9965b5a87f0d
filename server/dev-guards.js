// @ts-check
// `npm run dev` (react-router dev, Vite's server) does not run server.js: no CSP, no Secure cookie,
// no page cache, no body limits, no start-up work (first admin, retention purge, webhook worker).
// Until it does, this Vite plugin gives it the two request guards of server/request-guards.js (so
// TRACE is a 405 and a foreign-origin POST to 'Sair' a 403 there too) and prints, at every start, a
// banner saying what development mode lacks (docs/decisions/061-production-start.md).
import express from "express";

import { refuseForeignOrigins, refuseMalformedRequests } from "./request-guards.js";

/** Printed when the development server starts listening. */
export const DEVELOPMENT_BANNER = [
  "",
  "  ┌──────────────────────────────────────────────────────────────────────────────┐",
  "  │ MODO DE DESENVOLVIMENTO (npm run dev): não use em produção.                  │",
  "  │ Development mode: not for production.                                        │",
  "  │ Valem aqui só as proteções de requisição (métodos, Host, origem dos POSTs).  │",
  "  │ Não há: Content-Security-Policy, cookie Secure, cache de páginas, limites de │",
  "  │ tamanho, criação do primeiro admin, limpeza LGPD nem envio de webhooks.      │",
  "  │ Produção é npm start: sempre em modo de produção, lê o mesmo .env.           │",
  "  └──────────────────────────────────────────────────────────────────────────────┘",
  "",
].join("\n");

/**
 * The request guards as a Connect middleware (what Vite's server takes): a request they refuse is
 * answered here; any other goes on with its request and response objects as they came (Express
 * gives them its own prototypes while it looks at them; they are put back).
 * @param {string} siteUrl the public address (SITE_URL), besides the address each request was sent to
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: (error?: unknown) => void) => void}
 */
export function developmentRequestGuards(siteUrl) {
  const guards = express();
  guards.disable("x-powered-by");
  guards.use(refuseMalformedRequests);
  guards.use(refuseForeignOrigins(siteUrl));
  return (req, res, next) => {
    const requestPrototype = Object.getPrototypeOf(req);
    const responsePrototype = Object.getPrototypeOf(res);
    guards(/** @type {import("express").Request} */ (req), /** @type {import("express").Response} */ (res), (error) => {
      Object.setPrototypeOf(req, requestPrototype);
      Object.setPrototypeOf(res, responsePrototype);
      next(error);
    });
  };
}

/**
 * The Vite plugin (vite.config.ts), for the development server only: the guards before Vite's own
 * middleware and React Router's, and the banner once listening.
 * @param {{ log?: (text: string) => void }} [options]
 * @returns {import("vite").Plugin}
 */
export function developmentGuardsPlugin({ log } = {}) {
  return {
    name: "site-development-guards",
    apply: "serve",
    configureServer(server) {
      // Read here, after React Router's plugin has loaded .env into process.env.
      const port = server.config.server.port ?? 5173;
      server.middlewares.use(developmentRequestGuards(process.env.SITE_URL?.trim() || `http://localhost:${port}`));
      const print = log ?? ((text) => server.config.logger.warn(text));
      if (server.httpServer) server.httpServer.once("listening", () => print(DEVELOPMENT_BANNER));
      else print(DEVELOPMENT_BANNER);
    },
  };
}
