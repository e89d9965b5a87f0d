// The `whatsapp-helper` command, as the start scripts run it: settings from the environment.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterEach, expect, it } from "vitest";

import { cleanup, connect, KEY_TEXT, once, ORIGIN, startTestHelper } from "./helpers.js";

const BIN = fileURLToPath(new URL("../bin/whatsapp-helper.js", import.meta.url));
/** @type {import("node:child_process").ChildProcess | null} */
let child = null;

afterEach(async () => {
  await cleanup();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
});

it("starts from environment variables, prints Portuguese instructions and serves the fake driver", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "helper-bin-"));
  child = spawn(process.execPath, [BIN], {
    env: {
      ...process.env,
      HELPER_PORT: "0",
      HELPER_KEY: KEY_TEXT,
      HELPER_ALLOWED_ORIGINS: `${ORIGIN}, http://localhost:5173`,
      HELPER_DRIVER: "fake",
      HELPER_DATA_DIR: dataDir,
      HELPER_MIN_DELAY_MS: "10",
      HELPER_MAX_DELAY_MS: "20",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line in: ${output}`)), 10_000);
    child?.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = /em execução em (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      // The whole banner has arrived once its last line has (standard output keeps its order).
      if (match && output.includes("Deixe esta janela aberta")) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  expect(output).toContain("MODO DEMONSTRAÇÃO");
  expect(output).toContain("Iniciar Espelhamento");
  expect(output).toContain("https://site.example, http://localhost:5173");

  const socket = connect(String(url));
  const state = await once(socket, "helper-state");
  expect(state).toMatchObject({ whatsapp: "idle", limits: { minDelayMs: 10, maxDelayMs: 20, dailyCap: 200 } });
  const ready = once(socket, "whatsapp-ready");
  socket.emit("init-whatsapp", { operatorName: "Maria" });
  await ready;
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs the bin to its end with the given environment.
 * @param {Record<string, string>} env
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runToEnd(env) {
  const run = spawn(process.execPath, [BIN], {
    env: { ...process.env, HELPER_DRIVER: "fake", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  run.stdout.on("data", (chunk) => (output += chunk));
  run.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => run.once("exit", (code) => resolve({ code, output })));
}

it("a second start on the port where the helper already runs says so in Portuguese and exits 0", async () => {
  const helper = await startTestHelper();
  const dataDir = mkdtempSync(join(tmpdir(), "helper-bin-"));
  const second = await runToEnd({
    HELPER_PORT: String(helper.port),
    HELPER_KEY: KEY_TEXT,
    HELPER_ALLOWED_ORIGINS: ORIGIN,
    HELPER_DATA_DIR: dataDir,
  });
  expect(second.code).toBe(0);
  expect(second.output).toContain(`O ajudante do WhatsApp já está em execução neste computador (porta ${helper.port})`);
  expect(second.output).not.toContain("HELPER_PORT");
  expect(second.output).not.toContain("em execução em http");
  // The first helper still answers.
  expect(await (await fetch(`${helper.url}/`)).text()).toContain("Ajudante WhatsApp");
  rmSync(dataDir, { recursive: true, force: true });
});

it("a port taken by another program is named as such, without advising HELPER_PORT", async () => {
  const other = createServer((_req, res) => res.end("outro programa"));
  await new Promise((resolve) => other.listen(0, "127.0.0.1", () => resolve(undefined)));
  const port = /** @type {import("node:net").AddressInfo} */ (other.address()).port;
  const dataDir = mkdtempSync(join(tmpdir(), "helper-bin-"));
  try {
    const run = await runToEnd({
      HELPER_PORT: String(port),
      HELPER_KEY: KEY_TEXT,
      HELPER_ALLOWED_ORIGINS: ORIGIN,
      HELPER_DATA_DIR: dataDir,
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `A porta ${port} está sendo usada por outro programa, não pelo ajudante (ou por um ajudante com outra chave).`,
    );
    expect(run.output).not.toContain("HELPER_PORT");
  } finally {
    await new Promise((resolve) => other.close(() => resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
