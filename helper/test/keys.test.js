// The helper's own key (decision 070): it proves it holds it (GET /prova), accepts only tokens made
// for it, and stops at once when the site says the key is dead.
import { afterEach, describe, expect, it } from "vitest";

import { generateKey, signProof, signToken, verifyProof } from "../src/token.js";
import { cleanup, connect, connectReady, KEY, KEY_TEXT, once, ORIGIN, startTestHelper } from "./helpers.js";
import { startSiteStub } from "./site-stub.js";

/** @type {Array<() => Promise<unknown>>} */
const stubs = [];
afterEach(async () => {
  await cleanup();
  while (stubs.length) await stubs.pop()?.();
});

const CHALLENGE = "desafio-do-site-0123456789.1768046400.abc";

/** @param {string} url @param {Record<string, string>} [headers] @param {string} [method] */
const ask = (url, headers = {}, method = "GET") => fetch(url, { method, headers });

/** @param {import("socket.io-client").Socket} socket */
function outcome(socket) {
  return new Promise((resolve) => {
    socket.once("connect", () => resolve({ connected: true }));
    socket.once("connect_error", (error) =>
      resolve({ connected: false, message: error.message, data: /** @type {any} */ (error).data }),
    );
  });
}

describe("GET /prova", () => {
  it("proves the key to whoever holds its hash, names only its id", async () => {
    const helper = await startTestHelper();
    const response = await ask(`${helper.url}/prova?desafio=${CHALLENGE}`, { Origin: ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ helper: "whatsapp-helper", keyId: KEY.id, revoked: false });
    expect(verifyProof({ id: KEY.id, hash: KEY.hash }, CHALLENGE, body.proof)).toBe(true);
    expect(JSON.stringify(body)).not.toContain(KEY.key.split(".")[1]);
    expect(JSON.stringify(body)).not.toContain(KEY.hash);
    // another key's proof of the same challenge is another value
    expect(body.proof).not.toBe(signProof(generateKey(), CHALLENGE));
  });

  it("answers the start script (no Origin) and Chrome's private-network preflight", async () => {
    const helper = await startTestHelper();
    const plain = await ask(`${helper.url}/prova?desafio=${CHALLENGE}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await ask(
      `${helper.url}/prova?desafio=${CHALLENGE}`,
      { Origin: ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Private-Network": "true" },
      "OPTIONS",
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-private-network")).toBe("true");
    expect(preflight.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });

  it("refuses a foreign page, a bad challenge, and says so when it has no key", async () => {
    const helper = await startTestHelper();
    const foreign = await ask(`${helper.url}/prova?desafio=${CHALLENGE}`, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(JSON.stringify(await foreign.json())).not.toContain("proof");
    for (const bad of ["", "curto", "<script>alert(1)</script>-0123456789"]) {
      expect((await ask(`${helper.url}/prova?desafio=${encodeURIComponent(bad)}`)).status).toBe(400);
    }
    const keyless = await startTestHelper({ key: "" });
    const answer = await ask(`${keyless.url}/prova?desafio=${CHALLENGE}`);
    expect(answer.status).toBe(503);
    expect((await answer.json()).error).toMatch(/script de início/);
  });
});

describe("tokens name their key", () => {
  it("accepts a token made for its key only", async () => {
    const helper = await startTestHelper();
    expect(await outcome(connect(helper.url, { token: signToken(KEY, 600) }))).toEqual({ connected: true });
    const other = /** @type {any} */ (await outcome(connect(helper.url, { token: signToken(generateKey(), 600) })));
    expect(other.data).toEqual({ code: "invalid-token", reason: "other-key" });
    // the old site-wide format (<expiry>.<mac>) is not a token any more
    const old = /** @type {any} */ (
      await outcome(connect(helper.url, { token: `${Math.floor(Date.now() / 1000) + 600}.${"A".repeat(43)}` }))
    );
    expect(old.data).toEqual({ code: "invalid-token", reason: "malformed" });
  });
});

describe("a revoked key", () => {
  it("is refused at the next command and the next connection; a running job stops", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    const helper = await startTestHelper({ siteUrl: site.url, minDelayMs: 60_000, maxDelayMs: 60_000 });
    const { socket } = await connectReady(helper.url);
    const started = await socket.emitWithAck("send-bulk-messages", {
      contacts: [
        { name: "Ana", number: "31999991111" },
        { name: "Bia", number: "31999992222" },
        { name: "Caio", number: "31999993333" },
      ],
      messageTemplate: "Olá {nome}",
    });
    expect(started.ok).toBe(true);
    await site.until(() => site.requests.some((r) => r.path === "/api/whatsapp-helper/chave" && r.status === 200));

    // the admin revokes the key on the site
    site.state.revoked = true;
    const told = once(socket, "error", (e) => e?.code === "revoked-key");
    const gone = once(socket, "disconnect");
    // the next command finds out (or a call the helper makes meanwhile does: then the socket is gone before the answer)
    const refused = await socket
      .emitWithAck("get-state")
      .catch((/** @type {Error} */ error) => ({ ok: false, code: "revoked-key", message: `revogada (${error.message})` }));
    expect(refused).toMatchObject({ ok: false, code: "revoked-key" });
    expect(refused.message).toMatch(/revogada/);
    expect((await told).message).toMatch(/revogada/);
    expect(await gone).toBe("io server disconnect");
    // the job ends as cancelled (a send already on its way finishes first)
    const final = helper.queue.job
      ? await new Promise((resolve) => helper.queue.once("bulk-status", resolve))
      : helper.queue.lastJob?.final;
    expect(final).toMatchObject({ status: "error", reason: "cancelled" });
    const sentBefore = helper.driver.sent.length;
    expect(sentBefore).toBeLessThan(3);

    // a fresh, valid token does not open it again: the key is dead for this helper
    const again = /** @type {any} */ (await outcome(connect(helper.url)));
    expect(again).toMatchObject({ connected: false, data: { code: "revoked-key" } });
    const proof = await (await ask(`${helper.url}/prova?desafio=${CHALLENGE}`)).json();
    expect(proof.revoked).toBe(true);
    expect(helper.driver.sent.length).toBe(sentBefore);
  });

  it("is refused at the handshake when the site already says so", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    site.state.revoked = true;
    const helper = await startTestHelper({ siteUrl: site.url });
    const result = /** @type {any} */ (await outcome(connect(helper.url)));
    expect(result).toMatchObject({ connected: false, data: { code: "revoked-key" } });
    expect(result.message).toMatch(/revogada/);
  });

  it("a site that cannot be reached does not stop a helper with a valid token", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    const url = site.url;
    await site.close();
    const helper = await startTestHelper({ siteUrl: url });
    expect(await outcome(connect(helper.url))).toEqual({ connected: true });
  });
});
