// A helper process killed (SIGKILL, no chance to tidy up) in the middle of a job, started again on
// the same data dir: the job comes back paused ('restored') with its progress, and only the contacts
// not yet processed are sent after 'Retomar'.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterEach, expect, it } from "vitest";

import { cleanup, connect, KEY_TEXT, once, ORIGIN, record } from "./helpers.js";

const BIN = fileURLToPath(new URL("../bin/whatsapp-helper.js", import.meta.url));
/** @type {import("node:child_process").ChildProcess[]} */
const children = [];
/** @type {string[]} */
const dirs = [];

afterEach(async () => {
  await cleanup();
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the helper command on `dataDir` and resolves with its address once it listens.
 * @param {string} dataDir @param {number} gapMs
 */
async function startProcess(dataDir, gapMs) {
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
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line in: ${output}`)), 15_000);
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = /em execução em (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, url: String(url), output: () => output };
}

it("a helper killed mid-job comes back with the job paused and its progress, and sends only the rest", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "helper-kill-"));
  dirs.push(dataDir);
  const contacts = [
    { name: "Ana", number: "31999991111" },
    { name: "Bruno", number: "31988882222" },
    { name: "Carla", number: "31977773333" },
  ];

  // the first process sends one message, then waits 10 minutes before the next: it is killed there
  const first = await startProcess(dataDir, 600_000);
  const page = connect(first.url);
  await once(page, "connect");
  const ready = once(page, "whatsapp-ready");
  page.emit("init-whatsapp", { operatorName: "Maria" });
  await ready;
  const sent = once(page, "message-status");
  const { jobId } = await page.emitWithAck("send-bulk-messages", {
    contacts,
    messageTemplate: "Olá {nome}",
    operatorName: "Maria",
  });
  expect(await sent).toMatchObject({ number: "31999991111", status: "sent" });
  const killed = new Promise((resolve) => first.child.once("exit", resolve));
  first.child.kill("SIGKILL");
  await killed;

  const second = await startProcess(dataDir, 10);
  const again = connect(second.url);
  const log = record(again);
  const state = await once(again, "helper-state");
  expect(state.job).toMatchObject({
    jobId,
    state: "paused",
    pauseReason: "restored",
    canResume: true,
    total: 3,
    done: 1,
    sent: 1,
    pending: 2,
  });
  expect(second.output()).toContain("restaurado");

  const readyAgain = once(again, "whatsapp-ready");
  again.emit("init-whatsapp", { operatorName: "Maria" });
  await readyAgain;
  const done = once(again, "bulk-status", (s) => !s.replay);
  expect(await again.emitWithAck("resume-bulk")).toEqual({ ok: true });
  expect(await done).toMatchObject({ status: "completed", jobId, total: 3, sent: 3, errors: 0 });
  const statuses = log.of("message-status");
  expect(statuses.filter((s) => s.replay).map((s) => s.number)).toEqual(["31999991111"]);
  expect(statuses.filter((s) => !s.replay).map((s) => s.number)).toEqual(["31988882222", "31977773333"]);
});
