// Another account on the computer relays `[::1]` on the helper's port to the real helper: a page
// (or anything) asking for "localhost" would meet the relay first. The helper holds both loopbacks,
// and refuses to start while someone else holds `[::1]`: the relay gets no connection, no token, no
// contacts and cannot send.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { io as connectClient } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";

import { signToken, verifyProof } from "../src/token.js";
import { KEY, ORIGIN } from "./helpers.js";
import { killHelperProcesses, startHelperProcess } from "./support/helper-process.js";

/** A relay as another account runs it: `[::1]:<port>` piped to `127.0.0.1:<port>`, every byte it saw reported. */
const RELAY = `
const net = require("node:net");
const port = Number(process.argv[1]);
const server = net.createServer((client) => {
  console.log("CONNECTION");
  const upstream = net.connect(port, "127.0.0.1");
  client.on("data", (d) => console.log("SAW " + JSON.stringify(String(d))));
  upstream.on("data", (d) => console.log("SAW " + JSON.stringify(String(d))));
  client.pipe(upstream).pipe(client);
  client.on("error", () => {}); upstream.on("error", () => {});
});
server.on("error", (e) => { console.log("ERROR " + e.code); process.exit(2); });
server.listen({ port, host: "::1", ipv6Only: true }, () => console.log("LISTENING"));
`;

/** @type {Array<() => void>} */
const cleanups = [];
afterEach(async () => {
  await killHelperProcesses();
  while (cleanups.length) cleanups.pop()?.();
});

/** A port free on both loopbacks. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(address.port));
    });
  });
}

/** Starts the relay; resolves once it listens or failed to, with everything it printed. @param {number} port */
async function startRelay(port) {
  const child = spawn(process.execPath, ["-e", RELAY, String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  cleanups.push(() => child.kill("SIGKILL"));
  await new Promise((resolve) => {
    const check = () => /LISTENING|ERROR/.test(output) && resolve(undefined);
    child.stdout.on("data", check);
    child.once("exit", resolve);
  });
  return { child, output: () => output };
}

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), "helper-relay-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("a relay on [::1]", () => {
  it("cannot listen beside a running helper: [::1] is the helper's, and answers with its proof", async () => {
    const port = await freePort();
    const helper = await startHelperProcess(dataDir(), 50, { HELPER_PORT: String(port) });
    const relay = await startRelay(port);
    expect(relay.output()).toContain("ERROR EADDRINUSE");

    // whoever reaches [::1] meets the real helper: its proof, its socket
    const challenge = "desafio-do-site-0123456789.1768046400.abc";
    const body = await (await fetch(`http://[::1]:${port}/prova?desafio=${challenge}`)).json();
    expect(verifyProof(KEY, challenge, body.proof)).toBe(true);
    const socket = connectClient(`http://[::1]:${port}`, {
      transports: ["websocket"],
      extraHeaders: { Origin: ORIGIN },
      auth: { token: signToken(KEY, 600) },
      reconnection: false,
      forceNew: true,
    });
    cleanups.push(() => socket.disconnect());
    const state = await new Promise((resolve, reject) => {
      socket.once("helper-state", resolve);
      socket.once("connect_error", reject);
    });
    expect(state).toMatchObject({ whatsapp: "idle" });
    expect(relay.output()).not.toContain("CONNECTION");
    expect(helper.child.exitCode).toBeNull();
  });

  it("already there: the helper refuses to start, says so in pt-BR, and the relay gets nothing", async () => {
    const port = await freePort();
    const relay = await startRelay(port);
    expect(relay.output()).toContain("LISTENING");
    await expect(startHelperProcess(dataDir(), 50, { HELPER_PORT: String(port) })).rejects.toThrow(
      /Outro programa já está usando o endereço \[::1\] na porta \d+/,
    );
    // nothing of the helper's is left on 127.0.0.1 for the relay to forward to
    const upstream = await fetch(`http://127.0.0.1:${port}/`).then(
      () => "answered",
      () => "refused",
    );
    expect(upstream).toBe("refused");
    expect(relay.output()).not.toContain("SAW");
  });
});
