// Who may connect: only the configured site origins, only with a valid short-lived token.
import { afterEach, describe, expect, it } from "vitest";

import { generateKey, signToken } from "../src/token.js";
import { cleanup, connect, KEY, ORIGIN, sleep, startTestHelper } from "./helpers.js";

afterEach(cleanup);

/**
 * Resolves with how a connection attempt ended: "connect" or the connect_error.
 * @param {import("socket.io-client").Socket} socket
 */
function outcome(socket) {
  return new Promise((resolve) => {
    socket.once("connect", () => resolve({ connected: true }));
    socket.once("connect_error", (error) =>
      resolve({ connected: false, message: error.message, data: /** @type {any} */ (error).data }),
    );
  });
}

/** @param {import("socket.io").Server} io */
function connectionCounter(io) {
  let count = 0;
  io.on("connection", () => {
    count += 1;
  });
  return () => count;
}

describe("Origin allow-list", () => {
  it.each(["websocket", "polling"])("accepts the site's origin with a valid token (%s)", async (transport) => {
    const helper = await startTestHelper();
    const socket = connect(helper.url, { transport: /** @type {any} */ (transport) });
    expect(await outcome(socket)).toEqual({ connected: true });
  });

  it.each([
    ["websocket", "https://evil.example"],
    ["polling", "https://evil.example"],
    ["websocket", "https://site.example.evil.example"],
    ["polling", "http://site.example"], // same host, other scheme
  ])("refuses a foreign Origin (%s, %s), even with a valid token", async (transport, origin) => {
    const helper = await startTestHelper();
    const connections = connectionCounter(helper.io);
    const socket = connect(helper.url, { transport: /** @type {any} */ (transport), origin });
    const result = /** @type {any} */ (await outcome(socket));
    expect(result.connected).toBe(false);
    expect(result.message).toMatch(transport === "websocket" ? /websocket error/ : /xhr poll error/);
    await sleep(100);
    expect(socket.connected).toBe(false);
    expect(connections()).toBe(0);
    expect(helper.io.engine.clientsCount).toBe(0);
  });

  it("refuses a request without an Origin header", async () => {
    const helper = await startTestHelper();
    const socket = connect(helper.url, { transport: "polling", origin: null });
    expect(/** @type {any} */ (await outcome(socket)).connected).toBe(false);
  });

  it("answers a plain HTTP handshake from a foreign origin with 403 and no CORS grant", async () => {
    const helper = await startTestHelper();
    const response = await fetch(`${helper.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const allowed = await fetch(`${helper.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });
});

describe("token", () => {
  it.each([
    ["missing", null],
    ["made for another key", signToken(generateKey(), 600)],
    ["forged", `${KEY.id}.${Math.floor(Date.now() / 1000) + 600}.${"A".repeat(43)}`],
    ["expired", signToken(KEY, 60, Date.now() - 3600_000)],
    ["malformed", "not-a-token"],
  ])("refuses a %s token", async (_case, token) => {
    const helper = await startTestHelper();
    const connections = connectionCounter(helper.io);
    const socket = connect(helper.url, { token });
    const result = /** @type {any} */ (await outcome(socket));
    const reason = {
      missing: "missing",
      "made for another key": "other-key",
      forged: "forged",
      expired: "expired",
      malformed: "malformed",
    }[_case];
    expect(result).toEqual({ connected: false, message: "Token inválido ou expirado", data: { code: "invalid-token", reason } });
    expect(connections()).toBe(0);
  });

  it("refuses everything when the helper has no key, or the old site-wide secret instead of one", async () => {
    for (const key of ["", "test-secret-0123456789"]) {
      const helper = await startTestHelper({ key });
      const socket = connect(helper.url, { token: signToken(KEY, 600) });
      expect(/** @type {any} */ (await outcome(socket)).data).toEqual({ code: "invalid-token", reason: "no-key" });
    }
  });
});

describe("listening", () => {
  it("listens on the loopback address only", async () => {
    const helper = await startTestHelper();
    expect(helper.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const address = /** @type {any} */ (helper.io.httpServer.address());
    expect(address.address).toBe("127.0.0.1");
  });
});
