// The page's counters are the helper's (decision 072): 'bulk-started' lists every row of the job,
// 'bulk-progress' carries the totals, the job's phase and the helper's own counters (sent today,
// caps, WhatsApp's quota), and a page that (re)connects gets every row's result, after a restart
// and after any time too. Over the real socket.io flow with the fake driver.
import { afterEach, describe, expect, it } from "vitest";

import { formatClock } from "../src/schedule.js";
import { signToken } from "../src/token.js";
import { bulkJob, cleanup, connect, connectReady, KEY, manualTimers, once, record, startTestHelper } from "./helpers.js";

afterEach(cleanup);

/** Five lines: one is the same person as the first (ninth digit), one is not on WhatsApp, one WhatsApp refuses after the send. */
const LIST = [
  { name: "Ana", number: "(31) 99999-0001" },
  { name: "Bruno", number: "31 9999-0001" }, // Ana without the ninth digit: the same person
  { name: "Sem WhatsApp", number: "31999990000" },
  { name: "Carla", number: "31977773333" },
  { name: "Davi", number: "31966664444" },
];

/** @param {any} p */
const totals = (p) => ({ total: p.total, sent: p.sent, errors: p.errors, skipped: p.skipped, pending: p.pending });

describe("bulk-progress carries the page's numbers", () => {
  it("a contact who opted out is counted as 'descadastrado', not as an error; the totals still add up", async () => {
    const helper = await startTestHelper();
    helper.queue.optOuts.add("5531977773333", new Date());
    const { socket, log } = await connectReady(helper.url);
    const done = once(socket, "bulk-status");
    await socket.emitWithAck("send-bulk-messages", {
      ...bulkJob([
        { name: "Ana", number: "31999990001" },
        { name: "Carla", number: "31977773333" },
      ]),
      optOutFooter: false,
    });
    const final = await done;
    expect(final).toMatchObject({ status: "completed", sent: 1, errors: 0, skipped: 0, optedOut: 1 });
    const last = log.of("bulk-progress").at(-1);
    expect(last).toMatchObject({ total: 2, sent: 1, errors: 0, skipped: 0, optedOut: 1, pending: 0 });
    for (const p of log.of("bulk-progress")) expect(p.sent + p.errors + p.skipped + p.optedOut + p.pending).toBe(p.total);
    expect(log.of("message-status").find((s) => s.number === "31977773333")).toMatchObject({ code: "opted-out" });
  });

  it("every row is in bulk-started and gets a result; the totals add up after every change; sentToday is the helper's", async () => {
    const helper = await startTestHelper();
    const { socket, log } = await connectReady(helper.url);
    const done = once(socket, "bulk-status");
    const ack = await socket.emitWithAck("send-bulk-messages", { ...bulkJob(LIST), optOutFooter: false });
    expect(ack).toMatchObject({ ok: true, total: 5, duplicates: 1 });
    await done;

    const started = log.of("bulk-started")[0];
    expect(started.total).toBe(5);
    expect(started.contacts).toEqual([
      { index: 0, name: "Ana", number: "31999990001" },
      { index: 1, name: "Bruno", number: "3199990001" },
      { index: 2, name: "Sem WhatsApp", number: "31999990000" },
      { index: 3, name: "Carla", number: "31977773333" },
      { index: 4, name: "Davi", number: "31966664444" },
    ]);
    // one result per row: the duplicate too ('Ignorado' with why), none left 'Pendente'
    const statuses = log.of("message-status");
    expect(statuses.map((s) => s.index).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(statuses.find((s) => s.index === 1)).toMatchObject({ code: "same-person", error: "Mesma pessoa da linha 1 (Ana)" });
    expect(helper.driver.sent).toHaveLength(3);

    const progress = log.of("bulk-progress");
    for (const p of progress) {
      expect(p.sent + p.errors + p.skipped + p.pending, `totals of ${JSON.stringify(totals(p))}`).toBe(p.total);
      // the helper's own daily counter rides with every progress: never 'Enviadas hoje: 0' after sends
      expect(p.limits.sentToday).toBe(p.sent);
      expect(p.sentToday).toBe(p.sent);
    }
    const last = progress.at(-1);
    expect(totals(last)).toEqual({ total: 5, sent: 3, errors: 1, skipped: 1, pending: 0 });
    expect(last).toMatchObject({ state: "completed", phase: "finished", duplicates: 1 });
    expect(last.finishedAt).toEqual(expect.any(String));
    expect(last.limits).toMatchObject({ sentToday: 3, dailyCap: expect.any(Number), effectiveCap: expect.any(Number) });

    // WhatsApp refuses one after the end: the helper's totals change, and say so in a progress
    const refusedSend = helper.driver.sent[1];
    const changed = once(socket, "bulk-progress", (p) => p.errors === 2);
    helper.driver.emit("message-refused", { id: refusedSend.id, jid: refusedSend.jid, code: 479, reason: "" });
    expect(totals(await changed)).toEqual({ total: 5, sent: 2, errors: 2, skipped: 1, pending: 0 });
  });

  it("says the job's phase: waiting for the gap, paused with its reason, finished", async () => {
    const timers = manualTimers();
    const helper = await startTestHelper({ minDelayMs: 60_000, maxDelayMs: 60_000, ...timers.options });
    const { socket, log } = await connectReady(helper.url);
    const firstSent = once(socket, "bulk-progress", (p) => p.sent === 1);
    await socket.emitWithAck("send-bulk-messages", {
      contacts: [LIST[0], { name: "Lento", number: "31955550429" }, LIST[3]],
      messageTemplate: "Oi",
    });
    expect(await firstSent).toMatchObject({ state: "running", phase: "waiting-delay", nextAt: expect.any(String) });

    // the fake driver rate-limits numbers ending in 0429: a pause with its reason and message
    timers.runNext();
    const paused = await once(socket, "bulk-progress", (p) => p.state === "paused" && p.pauseReason === "rate-limit", 5000);
    expect(paused).toMatchObject({ phase: "paused", paused: true, pauseMessage: expect.stringMatching(/limitou o envio/) });
    const done = once(socket, "bulk-status");
    expect(await socket.emitWithAck("resume-bulk")).toEqual({ ok: true });
    timers.release();
    await done;
    expect(log.of("bulk-progress").at(-1)).toMatchObject({ phase: "finished", sent: 3, pending: 0 });
  });

  it("outside the sending window the phase is 'waiting-window', with when it resumes", async () => {
    // a window that is closed now: every day, one hour starting two hours from now (São Paulo time)
    const hour = Number(formatClock(Date.now()).slice(0, 2));
    const start = (hour + 2) % 23;
    const window = `seg-dom ${String(start).padStart(2, "0")}:00-${String(start + 1).padStart(2, "0")}:00`;
    const helper = await startTestHelper({ sendWindow: window });
    const { socket } = await connectReady(helper.url);
    const paused = once(socket, "bulk-progress", (p) => p.state === "paused");
    await socket.emitWithAck("send-bulk-messages", { contacts: [LIST[0]], messageTemplate: "Oi" });
    const progress = await paused;
    expect(progress).toMatchObject({
      phase: "waiting-window",
      pauseReason: "outside-window",
      resumeAt: helper.queue.windowState().nextOpenAt,
      pauseMessage: expect.stringMatching(/^Fora do horário de envio/),
    });
    expect(formatClock(Date.parse(progress.resumeAt))).toMatch(new RegExp(`^${String(start).padStart(2, "0")}:00`));
  });
});

describe("a page that (re)connects gets every row's final result", () => {
  it("after a restart of the helper: the finished job's rows, results, counters and end", async () => {
    const a = await startTestHelper();
    const first = await connectReady(a.url);
    const done = once(first.socket, "bulk-status");
    const { jobId } = await first.socket.emitWithAck("send-bulk-messages", { contacts: LIST, messageTemplate: "Olá {nome}" });
    await done;
    // WhatsApp refuses Carla's message after the end: the journal keeps it for the restart
    const carla = a.driver.sent[1];
    const refused = once(first.socket, "bulk-progress", (p) => p.errors === 2);
    a.driver.emit("message-refused", { id: carla.id, jid: carla.jid, code: 479, reason: "" });
    await refused;
    await a.close();

    const b = await startTestHelper({ dataDir: a.dataDir });
    const page = connect(b.url);
    const log = record(page);
    const replayedEnd = await once(page, "bulk-status");
    expect(replayedEnd).toMatchObject({ jobId, replay: true, status: "completed", sent: 2, errors: 2 });
    expect(log.of("bulk-started")).toEqual([
      expect.objectContaining({ jobId, replay: true, recent: true, total: 5, contacts: expect.any(Array) }),
    ]);
    expect(log.of("bulk-started")[0].contacts).toHaveLength(5);
    const statuses = log.of("message-status");
    expect(statuses.map((s) => [s.index, s.status, s.code])).toEqual([
      [0, "sent", null],
      [1, "error", "same-person"],
      [2, "error", "not-on-whatsapp"],
      [3, "error", "refused"],
      [4, "sent", null],
    ]);
    expect(totals(log.of("bulk-progress").at(-1))).toEqual({ total: 5, sent: 2, errors: 2, skipped: 1, pending: 0 });
    expect(log.of("helper-state")[0].job).toMatchObject({ jobId, phase: "finished" });
  });

  it("long after the end too (no 10-minute limit): marked not recent, for the page that was following it", async () => {
    let now = Date.now();
    const helper = await startTestHelper({ now: () => now });
    const first = await connectReady(helper.url);
    const done = once(first.socket, "bulk-status");
    const { jobId } = await first.socket.emitWithAck("send-bulk-messages", { contacts: LIST, messageTemplate: "Oi" });
    await done;
    first.socket.disconnect();

    now += 11 * 60_000;
    const page = connect(helper.url, { token: signToken(KEY, 3600) });
    const log = record(page);
    await once(page, "bulk-status");
    expect(log.of("bulk-started")[0]).toMatchObject({ jobId, replay: true, recent: false });
    expect(log.of("message-status")).toHaveLength(5);
    expect(log.of("bulk-progress").at(-1)).toMatchObject({ jobId, phase: "finished", pending: 0 });
  });
});
