// The helper as its own process (bin/whatsapp-helper.js, the fake driver, no site), for tests of
// what only a process shows: being killed, a signal, the files it leaves on disk.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

import { KEY_TEXT, ORIGIN } from "../helpers.js";

export const BIN = fileURLToPath(new URL("../../bin/whatsapp-helper.js", import.meta.url));

/** @type {import("node:child_process").ChildProcess[]} */
const children = [];

/** Kills (SIGKILL) the helper processes still running, and waits until they are gone. */
export async function killHelperProcesses() {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
}

/**
 * Starts the helper command on `dataDir` with `gapMs` between messages and resolves once it
 * listens: the process, its address, what it printed so far (standard output and error), and its
 * exit (code and signal). `env` adds or replaces variables (HELPER_PORT, HELPER_SITE_URL…).
 * @param {string} dataDir @param {number} gapMs @param {Record<string, string>} [env]
 */
export async function startHelperProcess(dataDir, gapMs, env = {}) {
  const child = spawn(process.execPath, [BIN], {
    env: {
      ...process.env,
      HELPER_PORT: "0",
      HELPER_KEY: KEY_TEXT,
      HELPER_ALLOWED_ORIGINS: ORIGIN,
      HELPER_SITE_URL: "http://127.0.0.1:9", // no site: refused at once, the local journal is used
      HELPER_DRIVER: "fake",
      HELPER_FAKE_READY_MS: "20",
      HELPER_DATA_DIR: dataDir,
      HELPER_MIN_DELAY_MS: String(gapMs),
      HELPER_MAX_DELAY_MS: String(gapMs),
      HELPER_SEND_WINDOW: "always",
      HELPER_WARMUP: "off",
      HELPER_KEEP_AWAKE: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line in: ${output}`)), 15_000);
    const check = () => {
      const match = /em execução em (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout?.on("data", check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the helper exited: ${output}`));
    });
  });
  return { child, url: String(url), output: () => output, exited };
}
