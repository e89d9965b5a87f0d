// The pure rules of server/request-guards.js (server/app.js runs them before any routing; the e2e test
// tests/process/request-guards.spec.ts drives them through a real server).
import { describe, expect, it } from "vitest";

import { isOwnOrigin, isOwnRequest, isValidHost } from "../../server/request-guards.js";

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

describe("isOwnRequest", () => {
  const own = ["http://127.0.0.1:3000", "https://www.site.com.br"];
  it("lets through a request with none of the headers, and our own Origin, Referer or Sec-Fetch-Site", () => {
    for (const headers of [
      {},
      { origin: "http://127.0.0.1:3000" },
      { referer: "https://www.site.com.br/contato?pagina=2" },
      { referer: "" },
      { secFetchSite: "same-origin" },
      { secFetchSite: "none" },
      { origin: "https://www.site.com.br", referer: "https://www.site.com.br/", secFetchSite: "same-origin" },
    ]) {
      expect(isOwnRequest(headers, own), JSON.stringify(headers)).toBe(true);
    }
  });
  it("refuses a foreign Referer without Origin, and Sec-Fetch-Site cross-site or same-site", () => {
    for (const headers of [
      { referer: "https://evil.example/pagina" },
      { referer: "http://www.site.com.br/" },
      { referer: "not a url" },
      { secFetchSite: "cross-site" },
      { secFetchSite: "Same-Site" },
      // The Origin is ours but the browser says the request started on another site.
      { origin: "http://127.0.0.1:3000", secFetchSite: "cross-site" },
      // An Origin decides when there is one: a foreign one with our Referer is still foreign.
      { origin: "https://evil.example", referer: "http://127.0.0.1:3000/" },
    ]) {
      expect(isOwnRequest(headers, own), JSON.stringify(headers)).toBe(false);
    }
  });
});
