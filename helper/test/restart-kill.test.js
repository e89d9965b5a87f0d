// A helper process killed (SIGKILL, no chance to tidy up) in the middle of a job, started again on
// the same data dir: the job comes back paused ('restored') with its progress, and only the contacts
// not yet processed are sent after 'Retomar'.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, expect, it } from "vitest";

import { bulkJob, cleanup, connect, connectReady, once, record } from "./helpers.js";
import { killHelperProcesses, startHelperProcess as startProcess } from "./support/helper-process.js";

/** @type {string[]} */
const dirs = [];

afterEach(async () => {
  await cleanup();
  await killHelperProcesses();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

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
  const { socket: page } = await connectReady(first.url);
  const sent = once(page, "message-status");
  const { jobId } = await page.emitWithAck("send-bulk-messages", bulkJob(contacts));
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
