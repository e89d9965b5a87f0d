import { describe, expect, it } from "vitest";

import { privateData, privateHeaders, privateRedirect } from "~/shared/cache-headers";

/** The one way staff and operator routes keep an answer private (decision 077). */
describe("private answers", () => {
  it("privateData carries the private headers, the status and the answer's own headers", () => {
    const answer = privateData({ error: "x" }, { status: 429, headers: { "Retry-After": "60" } });
    const headers = new Headers(answer.init?.headers);
    expect(answer.data).toEqual({ error: "x" });
    expect(answer.init?.status).toBe(429);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(headers.get("Retry-After")).toBe("60");
  });

  it("an answer's own Cache-Control cannot undo the private one", () => {
    expect(privateHeaders({ "Cache-Control": "public, max-age=600" }).get("Cache-Control")).toBe("private, no-store");
  });

  it("privateRedirect keeps redirect's default status and adds the private headers to a Set-Cookie", () => {
    const plain = privateRedirect("/contato");
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/contato");
    const withCookie = privateRedirect("/contato", { status: 303, headers: { "Set-Cookie": "a=1" } });
    expect(withCookie.status).toBe(303);
    expect(withCookie.headers.get("Set-Cookie")).toBe("a=1");
    expect(withCookie.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
