// A helper process killed (SIGKILL, no chance to tidy up) in the middle of a job, started again on
// the same data dir: the job comes back paused ('restored') with its progress, and only the contacts
// not yet processed are sent after 'Retomar'.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

it("a message WhatsApp got just before a SIGKILL is 'Erro' at restart, then 'Enviado' once WhatsApp confirms it", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "helper-kill-ack-"));
  dirs.push(dataDir);
  const server = join(dataDir, "fake-whatsapp-server.jsonl");
  const contacts = [
    { name: "Ana", number: "31999991111" },
    { name: "Bruno", number: "31988882222" },
  ];

  // WhatsApp receives Ana's message, but the send never returns to the helper: it is killed there
  const first = await startProcess(dataDir, 10, { HELPER_FAKE_SERVER: "on", HELPER_FAKE_SEND_HANG_MS: "600000" });
  const { socket: page } = await connectReady(first.url);
  const { jobId } = await page.emitWithAck("send-bulk-messages", bulkJob(contacts));
  await until(() => existsSync(server) && readFileSync(server, "utf8").includes("31999991111"));
  const killed = new Promise((resolve) => first.child.once("exit", resolve));
  first.child.kill("SIGKILL");
  await killed;
  const { id } = JSON.parse(readFileSync(server, "utf8").trim().split("\n")[0]);

  // the restarted helper cannot know: 'Erro', never sent twice
  const second = await startProcess(dataDir, 10, { HELPER_FAKE_SERVER: "on" });
  const again = connect(second.url);
  const log = record(again);
  const state = await once(again, "helper-state");
  expect(state.job).toMatchObject({ jobId, state: "paused", pauseReason: "restored", sent: 0, errors: 1, pending: 1 });
  // WhatsApp's receipt arrives once it is connected again: the row becomes 'Enviado'
  const confirmed = once(again, "message-status", (s) => !s.replay && s.number === "31999991111" && s.status === "sent");
  const readyAgain = once(again, "whatsapp-ready");
  again.emit("init-whatsapp", { operatorName: "Maria" });
  await readyAgain;
  expect(await confirmed).toMatchObject({ jobId, status: "sent", error: null });
  await until(() => log.of("bulk-progress").some((p) => p.sent === 1));
  expect(log.of("bulk-progress").at(-1)).toMatchObject({ sent: 1, errors: 0, pending: 1 });
  expect(second.output()).toContain("O WhatsApp confirmou a mensagem para Ana");
  // the journal says so too, for the next restart
  const journal = readFileSync(join(dataDir, "jobs.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(journal.filter((e) => e.type === "message-sending" && e.index === 0).map((e) => e.messageId)).toEqual([id]);
  expect(journal.findLast((e) => e.type === "message-status" && e.index === 0)).toMatchObject({ status: "sent" });

  const done = once(again, "bulk-status", (s) => !s.replay);
  expect(await again.emitWithAck("resume-bulk")).toEqual({ ok: true });
  expect(await done).toMatchObject({ status: "completed", sent: 2, errors: 0 });
  expect(
    log
      .of("message-status")
      .filter((s) => !s.replay && s.status === "sent")
      .map((s) => s.number),
  ).toEqual(["31999991111", "31988882222"]);
  // Ana got one message: WhatsApp's side holds it once
  expect(
    readFileSync(server, "utf8")
      .trim()
      .split("\n")
      .filter((l) => l.includes("31999991111")),
  ).toHaveLength(1);
});

/** @param {() => boolean} test */
async function until(test) {
  for (let i = 0; i < 300 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!test()) throw new Error("timed out");
}
