// The whole flow over a real socket.io connection with the fake driver.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { cleanup, connect, connectReady, manualTimers, once, record, startTestHelper } from "./helpers.js";

afterEach(cleanup);

const THREE = [
  { name: "Ana", number: "31999991111" },
  { name: "Sem WhatsApp", number: "31999990000" },
  { name: "Bruno", number: "5531988882222" },
];

describe("spec 02 section 7 flow", () => {
  it("init → whatsapp-qr → whatsapp-ready → bulk send → three message-status and bulk-status completed", async () => {
    const helper = await startTestHelper();
    const socket = connect(helper.url);
    const log = record(socket);
    await once(socket, "connect");
    expect(log.of("helper-state")[0]).toMatchObject({ whatsapp: "idle", job: null });

    const qr = once(socket, "whatsapp-qr");
    const ready = once(socket, "whatsapp-ready");
    socket.emit("init-whatsapp", { operatorName: "Maria" });
    expect((await qr).qrDataURL).toMatch(/^data:image\/png;base64,/);
    await ready;

    const done = once(socket, "bulk-status");
    const ack = await socket.emitWithAck("send-bulk-messages", {
      contacts: THREE,
      messageTemplate: "Olá {nome}, temos uma bolsa para você!",
      operatorName: "Maria",
      optOutFooter: false,
    });
    expect(ack).toMatchObject({ ok: true, total: 3 });
    const final = await done;

    const statuses = log.of("message-status");
    expect(statuses).toHaveLength(3);
    expect(statuses.map((s) => [s.number, s.status])).toEqual([
      ["31999991111", "sent"],
      ["31999990000", "error"],
      ["5531988882222", "sent"],
    ]);
    expect(statuses[0]).toMatchObject({
      name: "Ana",
      message: "Olá Ana, temos uma bolsa para você!",
      jobId: ack.jobId,
      operatorName: "Maria",
    });
    expect(statuses[1]).toMatchObject({ code: "not-on-whatsapp", message: "Número não está no WhatsApp" });
    expect(final).toMatchObject({ status: "completed", jobId: ack.jobId, total: 3, sent: 2, errors: 1 });
    expect(final.results).toEqual([
      { number: "31999991111", name: "Ana", status: "sent", message: "Olá Ana, temos uma bolsa para você!" },
      { number: "31999990000", name: "Sem WhatsApp", status: "error", message: "Número não está no WhatsApp" },
      { number: "5531988882222", name: "Bruno", status: "sent", message: "Olá Bruno, temos uma bolsa para você!" },
    ]);
    expect(log.of("bulk-started")[0]).toMatchObject({ jobId: ack.jobId, total: 3 });
    expect(log.of("bulk-progress").at(-1)).toMatchObject({ state: "completed", done: 3, pending: 0, sent: 2, errors: 1 });

    // only the numbers on WhatsApp were sent to, with their normalised ids
    expect(helper.driver.sent.map((/** @type {any} */ s) => s.jid)).toEqual([
      "5531999991111@s.whatsapp.net",
      "5531988882222@s.whatsapp.net",
    ]);
    // the gaps the queue chose respect the configured bounds (20-40 ms here)
    for (const gap of helper.queue.gaps) {
      expect(gap).toBeGreaterThanOrEqual(20);
      expect(gap).toBeLessThanOrEqual(40);
    }

    // the journal recorded the job
    const journal = readFileSync(join(helper.dataDir, "jobs.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // each send is announced before it happens ("message-sending"), so a restart never repeats it
    expect(journal.map((e) => e.type)).toEqual([
      "job-started",
      "message-sending",
      "message-status",
      "message-status",
      "message-sending",
      "message-status",
      "job-finished",
    ]);
  });

  it("refuses a bulk send before WhatsApp is ready, and a second one while one runs", async () => {
    const helper = await startTestHelper({ minDelayMs: 2000, maxDelayMs: 2000 });
    const early = connect(helper.url);
    await once(early, "connect");
    const refused = once(early, "bulk-status");
    const ack = await early.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi", operatorName: "Maria" });
    expect(ack).toMatchObject({ ok: false, reason: "not-ready" });
    expect(await refused).toMatchObject({
      status: "error",
      jobId: null,
      message: expect.stringMatching(/WhatsApp não autenticado/),
    });

    const { socket } = await connectReady(helper.url);
    expect(await socket.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi" })).toMatchObject({
      ok: true,
    });
    expect(await socket.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi" })).toMatchObject({
      ok: false,
      reason: "busy",
    });
    expect(await socket.emitWithAck("send-message", { number: "31977776666", message: "Oi" })).toMatchObject({
      ok: false,
      reason: "busy",
    });
  });

  it("send-message sends one message with a job id and no bulk-status", async () => {
    const helper = await startTestHelper();
    const { socket, log } = await connectReady(helper.url);
    const status = once(socket, "message-status");
    const ack = await socket.emitWithAck("send-message", { number: "(31) 97777-6666", message: "Oi" });
    expect(ack).toMatchObject({ ok: true });
    expect(await status).toMatchObject({ jobId: ack.jobId, status: "sent", number: "31977776666", name: "Desconhecido" });
    await socket.emitWithAck("get-state"); // whatever the job emitted before this answer has arrived
    expect(log.of("bulk-status")).toHaveLength(0);
  });

  it("a second init while connected answers whatsapp-ready at once; logout emits whatsapp-logged-out", async () => {
    const helper = await startTestHelper();
    const { socket } = await connectReady(helper.url);
    const ready = once(socket, "whatsapp-ready");
    socket.emit("init-whatsapp", { operatorName: "Maria" });
    await ready;
    const loggedOut = once(socket, "whatsapp-logged-out");
    expect(await socket.emitWithAck("logout-whatsapp")).toEqual({ ok: true });
    await loggedOut;
    expect((await socket.emitWithAck("get-state")).whatsapp).toBe("logged-out");
  });

  it("whatsapp-disconnected tells the page the reason and whether the helper reconnects by itself", async () => {
    const helper = await startTestHelper();
    const { socket } = await connectReady(helper.url);
    const transient = once(socket, "whatsapp-disconnected");
    helper.driver.simulateDisconnect("sem acesso à internet ou ao WhatsApp", 10_000);
    expect(await transient).toEqual({ reason: "sem acesso à internet ou ao WhatsApp", reconnecting: true });
    expect((await socket.emitWithAck("get-state")).whatsapp).toBe("connecting");
    helper.driver.clearTimer();
    const final = once(socket, "whatsapp-disconnected");
    helper.driver.simulateDisconnect("A sessão foi aberta em outro lugar.", -1);
    expect(await final).toEqual({ reason: "A sessão foi aberta em outro lugar.", reconnecting: false });
    expect((await socket.emitWithAck("get-state")).whatsapp).toBe("disconnected");
  });

  it("cancel-bulk ('Limpar') stops the job: bulk-status error 'cancelled', nothing more sent", async () => {
    const timers = manualTimers();
    const helper = await startTestHelper({ minDelayMs: 400, maxDelayMs: 400, ...timers.options });
    const { socket, log } = await connectReady(helper.url);
    const firstStatus = once(socket, "message-status");
    const { jobId } = await socket.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi" });
    await firstStatus;
    const final = once(socket, "bulk-status");
    expect(await socket.emitWithAck("cancel-bulk", { jobId })).toEqual({ ok: true, jobId });
    expect(await final).toMatchObject({ status: "error", reason: "cancelled", jobId, sent: 1 });
    timers.runAll(); // the gap before the second message passes
    expect(helper.driver.sent).toHaveLength(1);
    expect(log.of("message-status")).toHaveLength(1);
  });
});

describe("reconnection", () => {
  it("a client that reconnects during a job receives the statuses already produced, then the rest", async () => {
    // The gaps between messages run when the test says so: the reconnection lands between the first
    // and the second message however slow the machine is.
    const timers = manualTimers();
    const helper = await startTestHelper({ minDelayMs: 800, maxDelayMs: 800, ...timers.options });
    const first = await connectReady(helper.url);
    const firstStatus = once(first.socket, "message-status");
    const { jobId } = await first.socket.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi {nome}" });
    await firstStatus;
    first.socket.disconnect(); // e.g. the page is reloaded

    const again = connect(helper.url);
    const log = record(again);
    await once(again, "bulk-progress"); // the replay ends with the job's progress
    const finished = once(again, "bulk-status");
    for (const done of [2, 3]) {
      const live = once(again, "message-status");
      timers.runNext();
      expect(await live).toMatchObject({ number: THREE[done - 1].number });
    }
    await finished;
    const statuses = log.of("message-status");
    expect(statuses.map((s) => s.number)).toEqual(THREE.map((c) => c.number));
    expect(statuses[0]).toMatchObject({ jobId, replay: true, status: "sent" });
    expect(statuses.every((s) => s.jobId === jobId)).toBe(true);
    expect(statuses[2].replay).toBeUndefined(); // produced after the reconnection: live
    expect(log.of("helper-state")[0].job).toMatchObject({ jobId, state: "running" });
    expect(log.of("bulk-progress")[0]).toMatchObject({ jobId, done: 1, total: 3 });

    // a page that connects after the end still receives the finished job (for the log)
    const late = connect(helper.url);
    const lateLog = record(late);
    const replayedFinal = await once(late, "bulk-status");
    expect(replayedFinal).toMatchObject({ jobId, status: "completed", replay: true });
    expect(lateLog.of("message-status")).toHaveLength(3);
  });
});

describe("protections", () => {
  it("skips numbers on the opt-out list (SAIR/PARAR replies), with an error status that says so", async () => {
    const helper = await startTestHelper();
    const { socket } = await connectReady(helper.url);
    const optOut = once(socket, "opt-out");
    helper.driver.simulateIncoming("553199991111", "  Sáir! "); // old id without the ninth digit
    expect(await optOut).toMatchObject({ number: "553199991111" });
    helper.driver.simulateIncoming("5531988882222", "quero saber mais"); // not an opt-out

    const log = record(socket);
    const done = once(socket, "bulk-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi" });
    const final = await done;
    const ana = log.of("message-status").find((s) => s.number === "31999991111");
    expect(ana).toMatchObject({
      status: "error",
      code: "opted-out",
      message: "Contato pediu para não receber mensagens (SAIR/PARAR)",
    });
    expect(helper.driver.lookups).not.toContain("5531999991111");
    expect(helper.driver.sent.map((/** @type {any} */ s) => s.jid)).toEqual(["5531988882222@s.whatsapp.net"]);
    expect(final).toMatchObject({ sent: 1, errors: 1, optedOut: 1 }); // an opt-out is not an error
    const file = JSON.parse(readFileSync(join(helper.dataDir, "opt-out.json"), "utf8"));
    expect(file.entries.map((/** @type {any} */ e) => e.number)).toEqual(["553199991111"]);
  });

  it("pauses on a rate-limit error and says why, then resumes (resume-bulk) without failing the contact", async () => {
    const helper = await startTestHelper({ rateLimitPauseMs: 60_000 });
    const { socket, log } = await connectReady(helper.url);
    const paused = once(socket, "bulk-progress", (p) => p.paused);
    const contacts = [
      { name: "Limitado", number: "31999990429" }, // the fake driver rate-limits its first send
      { name: "Bruno", number: "31988882222" },
    ];
    await socket.emitWithAck("send-bulk-messages", { contacts, messageTemplate: "Oi" });
    const progress = await paused;
    expect(progress).toMatchObject({ pauseReason: "rate-limit", done: 0, pending: 2 });
    expect(progress.pauseMessage).toMatch(/O WhatsApp limitou o envio/);
    expect(progress.resumeAt).not.toBeNull();
    expect(log.of("message-status")).toHaveLength(0);

    const done = once(socket, "bulk-status");
    expect(await socket.emitWithAck("resume-bulk")).toEqual({ ok: true });
    expect(await done).toMatchObject({ status: "completed", sent: 2, errors: 0 });
  });

  it("pauses when WhatsApp logs out and continues after a new scan", async () => {
    const timers = manualTimers();
    const helper = await startTestHelper({ minDelayMs: 300, maxDelayMs: 300, ...timers.options });
    const { socket, log } = await connectReady(helper.url);
    const firstStatus = once(socket, "message-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: THREE, messageTemplate: "Oi" });
    await firstStatus;
    const paused = once(socket, "bulk-progress", (p) => p.paused);
    helper.driver.simulateLogout();
    expect(await paused).toMatchObject({ pauseReason: "logged-out", done: 1 });
    timers.runAll(); // the gap before the second message passes while logged out
    expect(log.of("message-status")).toHaveLength(1);
    timers.release();

    const done = once(socket, "bulk-status");
    socket.emit("init-whatsapp", { operatorName: "Maria" });
    expect(await done).toMatchObject({ status: "completed", total: 3, sent: 2, errors: 1 });
  });
});
