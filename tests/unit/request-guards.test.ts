// The pure rules of server/request-guards.js (server/app.js runs them before any routing; the e2e test
// tests/process/request-guards.spec.ts drives them through a real server).
import { describe, expect, it } from "vitest";

import { isOwnOrigin, isValidHost } from "../../server/request-guards.js";

describe("isValidHost", () => {
  it("takes names, IPv4 and bracketed IPv6 addresses with an optional port", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "127.0.0.1:4301",
      "www.site.com.br",
      "[::1]",
      "[::1]:3000",
      "meu_host.local",
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });
  it("refuses spaces, broken brackets, big ports, percent signs, user info and paths", () => {
    for (const host of ["a b", "[::1", "x:99999", "%", "127.0.0.1:4301@evil.example", "site/x", "", ":80", "[1:2:3]", "site:"]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});

describe("isOwnOrigin", () => {
  const own = ["http://127.0.0.1:3000", "https://www.site.com.br"];
  it("lets through no Origin and the site's own origins (normalised)", () => {
    expect(isOwnOrigin(undefined, own)).toBe(true);
    expect(isOwnOrigin("http://127.0.0.1:3000", own)).toBe(true);
    expect(isOwnOrigin("HTTPS://WWW.site.com.br:443", own)).toBe(true);
  });
  it("refuses other origins, even of the same site, and opaque or broken ones", () => {
    for (const origin of [
      "https://evil.example",
      "http://127.0.0.1:3001",
      "http://www.site.com.br",
      "https://site.com.br",
      "null",
      "",
      "not a url",
    ]) {
      expect(isOwnOrigin(origin, own), origin).toBe(false);
    }
  });
});
