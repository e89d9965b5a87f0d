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

/** A relay of another port: `127.0.0.1:<listen>` piped to the helper's `127.0.0.1:<port>`, every byte it saw reported. */
const FORWARDER = `
const net = require("node:net");
const [listen, port] = process.argv.slice(1).map(Number);
const server = net.createServer((client) => {
  console.log("CONNECTION");
  const upstream = net.connect(port, "127.0.0.1");
  upstream.on("data", (d) => console.log("FROM-HELPER " + JSON.stringify(String(d))));
  upstream.on("close", () => { console.log("UPSTREAM-CLOSED"); client.destroy(); });
  client.pipe(upstream).pipe(client);
  client.on("error", () => {}); upstream.on("error", () => {});
});
server.listen({ port: listen, host: "127.0.0.1" }, () => console.log("LISTENING"));
`;

/** Starts FORWARDER as `uid` (the same account when undefined). @param {number} listen @param {number} port @param {number} [uid] */
async function startForwarder(listen, port, uid) {
  const child = spawn(process.execPath, ["-e", FORWARDER, String(listen), String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    cwd: "/",
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  cleanups.push(() => child.kill("SIGKILL"));
  await new Promise((resolve) => {
    child.stdout.on("data", () => output.includes("LISTENING") && resolve(undefined));
    child.once("exit", resolve);
  });
  return { child, output: () => output };
}

/** What a page gets through `base`: the proof's answer (or why none) and the socket's first event. @param {string} base */
async function whatThePageGets(base) {
  const challenge = "desafio-do-site-0123456789.1768046400.abc";
  const proof = await fetch(`${base}/prova?desafio=${challenge}`, { signal: AbortSignal.timeout(5000) })
    .then(async (response) => (verifyProof(KEY, challenge, (await response.json()).proof) ? "proof" : "no proof"))
    .catch(() => "connection closed");
  const socket = connectClient(base, {
    transports: ["websocket"],
    extraHeaders: { Origin: ORIGIN },
    auth: { token: signToken(KEY, 600) },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  cleanups.push(() => socket.disconnect());
  const event = await new Promise((resolve) => {
    socket.once("helper-state", () => resolve("helper-state"));
    socket.once("connect_error", () => resolve("connect_error"));
  });
  return { proof, event };
}

// Linux names each TCP socket's owner; switching a child to another account needs root.
const canRunAsAnotherAccount = process.platform === "linux" && process.getuid?.() === 0;

describe("a program of another account of this computer", () => {
  it.runIf(canRunAsAnotherAccount)(
    "relaying to the helper gets no proof, no socket and no byte of the helper; the same relay of the operator's account does",
    async () => {
      const port = await freePort();
      const helper = await startHelperProcess(dataDir(), 50, { HELPER_PORT: String(port) });

      // the operator's own account: the relay is a byte pipe, and the page gets what it asked for
      const ownPort = await freePort();
      const own = await startForwarder(ownPort, port);
      expect(await whatThePageGets(`http://127.0.0.1:${ownPort}`)).toEqual({ proof: "proof", event: "helper-state" });
      expect(own.output()).toContain("FROM-HELPER");

      // another account (nobody): the helper closes the connection before answering anything
      const otherPort = await freePort();
      const other = await startForwarder(otherPort, port, 65534);
      expect(other.output()).toContain("LISTENING");
      expect(await whatThePageGets(`http://127.0.0.1:${otherPort}`)).toEqual({
        proof: "connection closed",
        event: "connect_error",
      });
      expect(other.output()).toContain("CONNECTION");
      expect(other.output()).toContain("UPSTREAM-CLOSED");
      expect(other.output()).not.toContain("FROM-HELPER");
      expect(helper.output()).toContain("Conexão recusada: veio de outra conta deste computador (uid 65534)");
      // the operator's page, straight to the helper, is served as before
      expect(await whatThePageGets(`http://127.0.0.1:${port}`)).toEqual({ proof: "proof", event: "helper-state" });
      expect(helper.child.exitCode).toBeNull();
    },
  );
});
