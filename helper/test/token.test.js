import { createHash, createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  checkToken,
  generateKey,
  keyHash,
  MAX_TOKEN_TTL_SECONDS,
  parseKey,
  signProof,
  signToken,
  tokenExpiry,
  verifyProof,
  verifyToken,
} from "../src/token.js";

const KEY = /** @type {import("../src/token.js").HelperKey} */ (parseKey(`${"k".repeat(16)}.${"s".repeat(43)}`));
const OTHER = generateKey();
const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

/** A token made by hand with the documented recipe. @param {string} id @param {string} hash @param {number} expiry */
const handMade = (id, hash, expiry) =>
  `${id}.${expiry}.${createHmac("sha256", Buffer.from(hash, "hex")).update(`token\n${id}.${expiry}`).digest("base64url")}`;

describe("helper key", () => {
  it("is <16 base64url>.<43 base64url>, and the site keeps only SHA-256 of the secret", () => {
    const key = generateKey();
    expect(key.key).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(key.hash).toBe(createHash("sha256").update(key.secret).digest("hex"));
    expect(keyHash(key.secret)).toBe(key.hash);
    expect(parseKey(key.key)).toEqual(key);
    expect(generateKey().key).not.toBe(key.key);
  });

  it("refuses anything else as a key (the old site-wide secret included)", () => {
    for (const value of [undefined, "", "test-secret-0123456789", `${"k".repeat(15)}.${"s".repeat(43)}`, 42]) {
      expect(parseKey(value)).toBeNull();
    }
  });
});

describe("token", () => {
  it("names its key: <key id>.<expiry epoch seconds>.<HMAC-SHA256 keyed with the key's hash>", () => {
    const token = signToken(KEY, 3600, NOW);
    const expiry = NOW / 1000 + 3600;
    expect(token).toBe(handMade(KEY.id, KEY.hash, expiry));
    expect(tokenExpiry(token)?.getTime()).toBe(expiry * 1000);
    expect(verifyToken(token, KEY, NOW)).toBe(true);
  });

  it("refuses missing, malformed, forged and other keys' tokens", () => {
    expect(checkToken(undefined, KEY, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkToken("", KEY, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkToken(42, KEY, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(checkToken("abc.def", KEY, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(checkToken(signToken(OTHER, 600, NOW), KEY, NOW)).toEqual({ ok: false, reason: "other-key" });
    // another key's signature under this key's id is forged
    expect(checkToken(handMade(KEY.id, OTHER.hash, NOW / 1000 + 60), KEY, NOW)).toEqual({ ok: false, reason: "forged" });
    // a valid signature moved onto a later expiry is forged
    const signature = signToken(KEY, 600, NOW).split(".")[2];
    expect(checkToken(`${KEY.id}.${NOW / 1000 + 700}.${signature}`, KEY, NOW)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses expired tokens and tokens more than 12 hours ahead", () => {
    const token = signToken(KEY, 60, NOW);
    expect(verifyToken(token, KEY, NOW + 59_000)).toBe(true);
    expect(checkToken(token, KEY, NOW + 60_000)).toEqual({ ok: false, reason: "expired" });
    expect(MAX_TOKEN_TTL_SECONDS).toBe(12 * 3600);
    expect(checkToken(handMade(KEY.id, KEY.hash, NOW / 1000 + 13 * 3600), KEY, NOW)).toEqual({
      ok: false,
      reason: "too-far-ahead",
    });
    expect(signToken(KEY, 48 * 3600, NOW).split(".")[1]).toBe(String(NOW / 1000 + 12 * 3600));
  });

  it("never validates without a key", () => {
    expect(checkToken(signToken(KEY, 60, NOW), null, NOW)).toEqual({ ok: false, reason: "no-key" });
    expect(() => signToken(/** @type {any} */ (null), 60, NOW)).toThrow();
  });
});

describe("proof", () => {
  it("proves the key to whoever holds its hash, for that challenge only", () => {
    const challenge = "desafio-0123456789abcdef.1768046400.abc";
    const proof = signProof(KEY, challenge);
    expect(verifyProof({ id: KEY.id, hash: keyHash(KEY.secret) }, challenge, proof)).toBe(true);
    expect(verifyProof(KEY, `${challenge}x`, proof)).toBe(false);
    expect(verifyProof(OTHER, challenge, proof)).toBe(false);
    expect(verifyProof(KEY, challenge, signProof(OTHER, challenge))).toBe(false);
  });

  it("is never a token, and a token is never a proof", () => {
    const token = signToken(KEY, 600, NOW);
    expect(verifyProof(KEY, `${KEY.id}.${token.split(".")[1]}`, token.split(".")[2])).toBe(false);
    for (const bad of ["", "x", "a".repeat(44), null]) expect(verifyProof(KEY, "desafio-0123456789", bad)).toBe(false);
    expect(verifyProof(KEY, "curto", signProof(KEY, "curto"))).toBe(false);
  });
});
