// Short-lived connection token shared by the site (which signs it) and the helper (which checks it).
//
// Format: `<expiry in epoch seconds>.<base64url (no padding) HMAC-SHA256 of the expiry string>`,
// keyed with the shared secret HELPER_SECRET. Valid only while not expired and when the expiry is
// at most 12 hours ahead (plus a small allowance for the clock difference between the site's
// server and the operator's computer).
import { createHmac, timingSafeEqual } from "node:crypto";

/** Longest lifetime a token may have: 12 hours, in seconds. */
export const MAX_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** Allowance for clock difference between site server and operator computer, in seconds. */
export const CLOCK_SKEW_SECONDS = 5 * 60;

const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * @param {string} expiry
 * @param {string} secret
 * @returns {Buffer}
 */
function mac(expiry, secret) {
  return createHmac("sha256", secret).update(expiry, "utf8").digest();
}

/**
 * Signs a token valid for `ttlSeconds` (at most 12 h) from `now`.
 *
 * @param {string} secret shared secret (HELPER_SECRET)
 * @param {number} [ttlSeconds] lifetime in seconds, default and maximum 12 h
 * @param {number} [now] current time in epoch MILLISECONDS (default Date.now())
 * @returns {string}
 */
export function signToken(secret, ttlSeconds = MAX_TOKEN_TTL_SECONDS, now = Date.now()) {
  if (typeof secret !== "string" || secret === "") throw new Error("signToken: secret is required");
  const ttl = Math.max(1, Math.min(Math.floor(ttlSeconds), MAX_TOKEN_TTL_SECONDS));
  const expiry = String(Math.floor(now / 1000) + ttl);
  return `${expiry}.${mac(expiry, secret).toString("base64url")}`;
}

/**
 * Checks a token: well formed, signature matches (timing-safe), not expired, and expiry at most
 * 12 h (+5 min clock allowance) ahead of `now`.
 *
 * @param {unknown} token the value from the socket.io handshake `auth.token`
 * @param {string} secret shared secret (HELPER_SECRET); an empty secret never validates
 * @param {number} [now] current time in epoch MILLISECONDS (default Date.now())
 * @returns {boolean}
 */
export function verifyToken(token, secret, now = Date.now()) {
  return checkToken(token, secret, now).ok;
}

/**
 * Like verifyToken, but says why a token is refused (for the helper's console log).
 *
 * @param {unknown} token
 * @param {string} secret
 * @param {number} [now] epoch milliseconds
 * @returns {{ ok: true } | { ok: false, reason: "missing" | "malformed" | "forged" | "expired" | "too-far-ahead" | "no-secret" }}
 */
export function checkToken(token, secret, now = Date.now()) {
  if (typeof secret !== "string" || secret === "") return { ok: false, reason: "no-secret" };
  if (token === undefined || token === null || token === "") return { ok: false, reason: "missing" };
  if (typeof token !== "string") return { ok: false, reason: "malformed" };
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, expiry, signature] = match;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(expiry, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "forged" };
  }
  const nowSeconds = Math.floor(now / 1000);
  const expirySeconds = Number(expiry);
  if (expirySeconds <= nowSeconds) return { ok: false, reason: "expired" };
  if (expirySeconds - nowSeconds > MAX_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: "too-far-ahead" };
  }
  return { ok: true };
}
