// @ts-check
// Requests server.js refuses before any routing: malformed ones (a method, target or Host header the
// site cannot serve) and ones that would change something on behalf of another origin. Each gets a
// short pt-BR answer here, logged once by the request logger, instead of reaching the router (where
// some of them threw while building the request URL: a 500 with a stack trace in the log).
import { PRIVATE_CACHE_CONTROL } from "./html-cache.js";

/** Methods the site answers; anything else (TRACE, TRACK, CONNECT, PROPFIND...) is 405. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Methods that change something: React Router checks the Origin of these on document actions. */
const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a Host (or X-Forwarded-Host) value names a host: a DNS name, an IPv4 address or a
 * bracketed IPv6 address, with an optional port up to 65535, and nothing else (no user info,
 * path, spaces or percent signs).
 * @param {string} host
 */
export function isValidHost(host) {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!match || (match[2] !== undefined && Number(match[2]) > 65535)) return false;
  try {
    // Catches what the pattern lets through but a URL cannot hold, e.g. "[1:2:3]".
    return new URL(`http://${host}`).host !== "";
  } catch {
    return false;
  }
}

/**
 * Whether a state-changing request may go on, judged by its Origin header as React Router judges
 * document actions: no Origin (not a browser) passes; otherwise it must be the origin the request
 * was sent to, or the site's public origin (SITE_URL, for a request that came through a proxy). An
 * opaque "null" or unparsable Origin is refused.
 * @param {string | undefined} origin
 * @param {string[]} ownOrigins
 */
export function isOwnOrigin(origin, ownOrigins) {
  if (origin === undefined) return true;
  const normalised = originOf(origin);
  return normalised !== "" && normalised !== "null" && ownOrigins.includes(normalised);
}

/**
 * Whether a state-changing request comes from this site, by every header a browser sends about it:
 * `Sec-Fetch-Site` must not say another site or another origin of this site (`cross-site`,
 * `same-site`); the Origin must be one of ours (`isOwnOrigin`); and without an Origin a Referer,
 * when there is one, must be a page of ours. A request with none of the three (a script, the
 * helper, a browser told to send no referrer) passes: forms without JavaScript send an Origin.
 * @param {{ origin?: string; referer?: string; secFetchSite?: string }} headers
 * @param {string[]} ownOrigins
 */
export function isOwnRequest({ origin, referer, secFetchSite }, ownOrigins) {
  const site = secFetchSite?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") return false;
  if (origin !== undefined) return isOwnOrigin(origin, ownOrigins);
  if (referer !== undefined && referer !== "") return ownOrigins.includes(originOf(referer));
  return true;
}

/**
 * The normalised origin of an address ("http://Site:80" → "http://site"), or "" when it has none.
 * @param {string} address
 */
function originOf(address) {
  try {
    return new URL(address).origin;
  } catch {
    return "";
  }
}

/**
 * @param {import("express").Response} res
 * @param {number} status
 * @param {string} text
 */
function refuse(res, status, text) {
  res.status(status).set("Cache-Control", PRIVATE_CACHE_CONTROL).type("text/plain; charset=utf-8").send(text);
}

/**
 * Refuses what cannot be a request for one of this site's pages: a method it does not serve
 * (405), a target that is not a path (absolute-form `GET http://other/` or `OPTIONS *`, 400), or a
 * malformed Host / trusted X-Forwarded-Host (400).
 * @type {import("express").RequestHandler}
 */
export function refuseMalformedRequests(req, res, next) {
  if (!ALLOWED_METHODS.includes(req.method)) {
    res.set("Allow", ALLOWED_METHODS.join(", "));
    return refuse(res, 405, "Método não permitido.");
  }
  if (!req.url.startsWith("/")) return refuse(res, 400, "Endereço inválido.");
  const host = req.headers.host;
  if (host !== undefined && !isValidHost(host)) return refuse(res, 400, "Host inválido.");
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  if (forwardedHost !== undefined && !forwardedHost.split(",").every((h) => isValidHost(h.trim()))) {
    return refuse(res, 400, "Host inválido.");
  }
  next();
}

/**
 * Refuses a state-changing request from another origin (403), for every route alike: React
 * Router checks document and data actions itself, but not resource routes (e.g. 'Sair', whose
 * SameSite=Lax cookie is still sent by another origin of the same site), and it looks at the Origin
 * only, where `isOwnRequest` also reads Sec-Fetch-Site and, without an Origin, the Referer.
 * @param {string} siteUrl the public address (SITE_URL)
 * @returns {import("express").RequestHandler}
 */
export function refuseForeignOrigins(siteUrl) {
  const siteOrigin = originOf(siteUrl);
  return (req, res, next) => {
    if (!MUTATIONS.has(req.method)) return next();
    const headers = { origin: req.headers.origin, referer: req.headers.referer, secFetchSite: req.get("Sec-Fetch-Site") };
    if (!isOwnRequest(headers, [originOf(`${req.protocol}://${req.headers.host ?? ""}`), siteOrigin])) {
      req.resume();
      return refuse(res, 403, "Origem não permitida.");
    }
    next();
  };
}
