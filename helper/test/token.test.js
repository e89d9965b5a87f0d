import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import { checkToken, MAX_TOKEN_TTL_SECONDS, signToken, verifyToken } from "../src/token.js";

const SECRET = "s3cret";
const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe("token", () => {
  it("has the format <expiry epoch seconds>.<base64url HMAC-SHA256 of the expiry>", () => {
    const token = signToken(SECRET, 3600, NOW);
    const [expiry, signature] = token.split(".");
    expect(expiry).toBe(String(NOW / 1000 + 3600));
    expect(signature).toBe(createHmac("sha256", SECRET).update(expiry).digest("base64url"));
    expect(signature).not.toMatch(/[=+/]/);
  });

  it("accepts a fresh token and one made independently with the same recipe", () => {
    expect(verifyToken(signToken(SECRET, 600, NOW), SECRET, NOW)).toBe(true);
    const expiry = String(NOW / 1000 + 60);
    const handMade = `${expiry}.${createHmac("sha256", SECRET).update(expiry).digest("base64url")}`;
    expect(verifyToken(handMade, SECRET, NOW)).toBe(true);
  });

  it("refuses missing, malformed and forged tokens", () => {
    expect(checkToken(undefined, SECRET, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkToken("", SECRET, NOW)).toEqual({ ok: false, reason: "missing" });
    expect(checkToken(42, SECRET, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(checkToken("abc.def", SECRET, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(checkToken(signToken("other", 600, NOW), SECRET, NOW)).toEqual({ ok: false, reason: "forged" });
    // a valid signature moved onto a later expiry is forged
    const [, signature] = signToken(SECRET, 600, NOW).split(".");
    expect(checkToken(`${NOW / 1000 + 700}.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses expired tokens", () => {
    const token = signToken(SECRET, 60, NOW);
    expect(verifyToken(token, SECRET, NOW + 59_000)).toBe(true);
    expect(checkToken(token, SECRET, NOW + 60_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses tokens that expire more than 12 hours ahead", () => {
    expect(MAX_TOKEN_TTL_SECONDS).toBe(12 * 3600);
    const expiry = String(NOW / 1000 + 13 * 3600);
    const tooLong = `${expiry}.${createHmac("sha256", SECRET).update(expiry).digest("base64url")}`;
    expect(checkToken(tooLong, SECRET, NOW)).toEqual({ ok: false, reason: "too-far-ahead" });
    // signToken never issues more than 12 h
    expect(verifyToken(signToken(SECRET, 48 * 3600, NOW), SECRET, NOW)).toBe(true);
    expect(signToken(SECRET, 48 * 3600, NOW).split(".")[0]).toBe(String(NOW / 1000 + 12 * 3600));
  });

  it("never validates with an empty secret", () => {
    expect(checkToken(signToken(SECRET, 60, NOW), "", NOW)).toEqual({ ok: false, reason: "no-secret" });
    expect(() => signToken("", 60, NOW)).toThrow();
  });
});
