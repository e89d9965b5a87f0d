// The `whatsapp-helper` command, as the start scripts run it: settings from the environment.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterEach, expect, it } from "vitest";

import { cleanup, connect, once, ORIGIN, SECRET } from "./helpers.js";

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
      HELPER_SECRET: SECRET,
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
