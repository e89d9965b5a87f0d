// The helper's key, the page's connection token and the helper's proof (decision 070). The site and
// the helper both use this module: the site signs, the helper checks, and each can verify a proof.
//
// - A key is `<id>.<secret>`: `id` is 16 base64url characters, `secret` 43 (32 random bytes). Every
//   start script downloaded from the site carries a key of its own (HELPER_KEY). The site stores only
//   the key's hash, SHA-256 of the secret (hex), and calls the key dead when it is revoked or its
//   owner (an access password, a staff user) is gone.
// - The hash is the HMAC key of the two signed things, each with its own label so one can never pass
//   for the other:
//   - a token (`<id>.<expiry in epoch seconds>.<mac>`): what the page hands the helper in the
//     socket.io handshake; the site signs it only after the helper proved itself, for that key;
//   - a proof (`<mac>` of a challenge): the helper's answer to `GET /prova?desafio=<challenge>`, which
//     the site (holding the hash) or the start script (holding the key) verifies. A program that
//     does not hold a live key cannot make one, so an impostor on the helper's port gets no token.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Longest lifetime a token may have: 12 hours, in seconds. */
export const MAX_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** Allowance for clock difference between site server and operator computer, in seconds. */
export const CLOCK_SKEW_SECONDS = 5 * 60;

const KEY_PATTERN = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const PROOF_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A challenge: what the site asks a helper to sign (printable, bounded). */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_.-]{16,200}$/;

/**
 * @typedef {{ id: string, hash: string }} KeyPublic the key's id and hash: enough to sign and check tokens and proofs
 * @typedef {KeyPublic & { secret: string, key: string }} HelperKey
 */

/** SHA-256 of a key's secret, hex: what the site stores. @param {string} secret */
export function keyHash(secret) {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/**
 * A key from its written form, or null when it is not one.
 * @param {unknown} value
 * @returns {HelperKey | null}
 */
export function parseKey(value) {
  if (typeof value !== "string") return null;
  const match = KEY_PATTERN.exec(value.trim());
  if (!match) return null;
  return { id: match[1], secret: match[2], hash: keyHash(match[2]), key: `${match[1]}.${match[2]}` };
}

/** A new random key (the site makes one per downloaded start script). @returns {HelperKey} */
export function generateKey() {
  const key = `${randomBytes(12).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
  return /** @type {HelperKey} */ (parseKey(key));
}

/**
 * @param {string} hash hex
 * @param {string} label
 * @param {string} value
 */
function mac(hash, label, value) {
  return createHmac("sha256", Buffer.from(hash, "hex")).update(`${label}\n${value}`, "utf8").digest();
}

/** @param {Buffer} given @param {Buffer} expected */
function same(given, expected) {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Signs a connection token for the helper holding `key`, valid `ttlSeconds` (at most 12 h) from `now`.
 * @param {KeyPublic} key
 * @param {number} [ttlSeconds]
 * @param {number} [now] epoch milliseconds
 * @returns {string}
 */
export function signToken(key, ttlSeconds = MAX_TOKEN_TTL_SECONDS, now = Date.now()) {
  if (!key?.id || !key.hash) throw new Error("signToken: key is required");
  const ttl = Math.max(1, Math.min(Math.floor(ttlSeconds), MAX_TOKEN_TTL_SECONDS));
  const expiry = String(Math.floor(now / 1000) + ttl);
  return `${key.id}.${expiry}.${mac(key.hash, "token", `${key.id}.${expiry}`).toString("base64url")}`;
}

/** When a token expires, or null when it is not a token. @param {string} token @returns {Date | null} */
export function tokenExpiry(token) {
  const match = TOKEN_PATTERN.exec(token);
  return match ? new Date(Number(match[2]) * 1000) : null;
}

/**
 * Checks a token against the helper's own key: well formed, made for this key, signature matches
 * (timing-safe), not expired, and expiry at most 12 h (+5 min clock allowance) ahead of `now`.
 *
 * @param {unknown} token the value from the socket.io handshake `auth.token`
 * @param {KeyPublic | null | undefined} key the helper's key; none never validates
 * @param {number} [now] epoch milliseconds
 * @returns {{ ok: true } | { ok: false, reason: "missing" | "malformed" | "other-key" | "forged" | "expired" | "too-far-ahead" | "no-key" }}
 */
export function checkToken(token, key, now = Date.now()) {
  if (!key?.id || !key.hash) return { ok: false, reason: "no-key" };
  if (token === undefined || token === null || token === "") return { ok: false, reason: "missing" };
  if (typeof token !== "string") return { ok: false, reason: "malformed" };
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, id, expiry, signature] = match;
  if (id !== key.id) return { ok: false, reason: "other-key" };
  if (!same(Buffer.from(signature, "base64url"), mac(key.hash, "token", `${id}.${expiry}`))) {
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

/** Whether a token is valid for `key` (see checkToken). @param {unknown} token @param {KeyPublic | null | undefined} key @param {number} [now] */
export function verifyToken(token, key, now = Date.now()) {
  return checkToken(token, key, now).ok;
}

/**
 * The helper's proof that it holds `key`: the MAC of the challenge, bound to the key's id.
 * @param {KeyPublic} key
 * @param {string} challenge
 */
export function signProof(key, challenge) {
  return mac(key.hash, "prova", `${key.id}.${challenge}`).toString("base64url");
}

/**
 * Whether `proof` is the proof of `challenge` by the key `key`.
 * @param {KeyPublic} key
 * @param {unknown} challenge
 * @param {unknown} proof
 */
export function verifyProof(key, challenge, proof) {
  if (typeof challenge !== "string" || !CHALLENGE_PATTERN.test(challenge)) return false;
  if (typeof proof !== "string" || !PROOF_PATTERN.test(proof)) return false;
  return same(Buffer.from(proof, "base64url"), mac(key.hash, "prova", `${key.id}.${challenge}`));
}
