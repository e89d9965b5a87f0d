// The sender-safety rules (decisions 050 and 051) over a real socket.io connection: WhatsApp's refusals and restriction, WhatsApp's cap,
// the sending window and warm-up (injected clock), a job restored after a restart, no double send
// (a real local HTTP server plays the site's API), opt-outs shared through the site.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { FakeDriver } from "../src/drivers/fake.js";
import { restrictedMessage } from "../src/queue.js";
import { signToken } from "../src/token.js";
import { cleanup, connect, KEY, KEY_TEXT, manualTimers, once, record, startTestHelper } from "./helpers.js";
import { startSiteStub } from "./site-stub.js";

/** @type {Array<() => Promise<unknown>>} */
const stubs = [];
afterEach(async () => {
  await cleanup();
  while (stubs.length) await stubs.pop()?.();
});

/** A clock the test moves. @param {number} start */
function testClock(start) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

/**
 * Connects with a token signed at the helper's (injected) time, starts WhatsApp, waits for ready.
 * @param {string} url @param {number} at
 */
async function readyPage(url, at) {
  const socket = connect(url, { token: signToken(KEY, 600, at) });
  const log = record(socket);
  await once(socket, "connect");
  const ready = once(socket, "whatsapp-ready");
  socket.emit("init-whatsapp", { operatorName: "Maria" });
  await ready;
  return { socket, log };
}

const SP = (/** @type {string} */ local) => Date.parse(`${local}-03:00`); // a São Paulo wall-clock time

describe("WhatsApp's refusal 463 (account restricted)", () => {
  it("marks the contact refused, stops the job with 'restricted', sends nothing more, and resumes only after the wait", async () => {
    const timers = manualTimers();
    const clock = testClock(Date.now());
    /** @type {Array<() => void>} */
    const refusals = [];
    const driver = new FakeDriver({ readyDelayMs: 20, schedule: (fn) => refusals.push(fn), cancel: () => {} });
    const helper = await startTestHelper({ driver, now: clock.now, minDelayMs: 400, maxDelayMs: 400, ...timers.options });
    const { socket, log } = await readyPage(helper.url, clock.t);

    const contacts = [
      { name: "Restrita", number: "31999990463" }, // the fake driver accepts it, then WhatsApp refuses: 463
      { name: "Bruno", number: "31988882222" },
      { name: "Carla", number: "31977773333" },
    ];
    const sent = once(socket, "message-status");
    const { jobId } = await socket.emitWithAck("send-bulk-messages", { contacts, messageTemplate: "Oi {nome}" });
    expect(await sent).toMatchObject({ number: "31999990463", status: "sent" });

    const refused = once(socket, "message-status", (s) => s.code === "refused");
    const paused = once(socket, "bulk-progress", (p) => p.paused);
    refusals.shift()?.(); // "a moment later"
    expect(await refused).toMatchObject({
      jobId,
      number: "31999990463",
      status: "error",
      code: "refused",
      message: "WhatsApp recusou a mensagem: conta restrita",
      error: "WhatsApp recusou a mensagem: conta restrita",
    });
    const until = clock.t + 24 * 3600_000; // the default wait
    expect(await paused).toMatchObject({
      pauseReason: "restricted",
      canResume: false,
      resumeAt: new Date(until).toISOString(),
      pauseMessage: restrictedMessage(until),
      pending: 2,
    });
    expect(restrictedMessage(until)).toMatch(
      /^WhatsApp restringiu esta conta\. O envio só pode continuar depois de \d\d\/\d\d às \d\d:\d\d\.$/,
    );

    // whatever timers are waiting run: still nothing more goes out, and 'Retomar' is refused
    for (const handle of timers.due.splice(0)) handle.fn();
    expect(await socket.emitWithAck("resume-bulk")).toEqual({ ok: false, message: restrictedMessage(until) });
    expect(helper.driver.sent).toHaveLength(1);
    expect(helper.driver.lookups).toEqual(["5531999990463"]);
    const state = await socket.emitWithAck("get-state");
    expect(state.restrictedUntil).toBe(new Date(until).toISOString());
    expect(state.job).toMatchObject({ pauseReason: "restricted", sent: 0, errors: 1, pending: 2 });
    expect(log.of("message-status").filter((s) => s.status === "sent")).toHaveLength(1);

    // after the wait the operator may resume; the rest of the list goes
    clock.t = until + 1000;
    const resumable = once(socket, "bulk-progress", (p) => p.canResume === true);
    timers.runNext();
    await resumable;
    const done = once(socket, "bulk-status");
    timers.release();
    expect(await socket.emitWithAck("resume-bulk")).toEqual({ ok: true });
    expect(await done).toMatchObject({ status: "completed", sent: 2, errors: 1 });
    expect(helper.driver.sent.map((/** @type {any} */ s) => s.jid)).toEqual([
      "5531999990463@s.whatsapp.net",
      "5531988882222@s.whatsapp.net",
      "5531977773333@s.whatsapp.net",
    ]);
  });

  it("the restriction outlives a restart: a new job is refused until the wait ends", async () => {
    const clock = testClock(Date.now());
    /** @type {Array<() => void>} */
    const refusals = [];
    const driver = new FakeDriver({ readyDelayMs: 20, schedule: (fn) => refusals.push(fn), cancel: () => {} });
    const first = await startTestHelper({ driver, now: clock.now, restrictedPauseMs: 3600_000 });
    const page = await readyPage(first.url, clock.t);
    const sent = once(page.socket, "message-status");
    await page.socket.emitWithAck("send-message", { number: "31999990463", message: "Oi" });
    await sent;
    const refused = once(page.socket, "message-status", (s) => s.code === "refused");
    refusals.shift()?.();
    await refused;
    await first.close();

    const again = await startTestHelper({ dataDir: first.dataDir, now: clock.now });
    const { socket } = await readyPage(again.url, clock.t);
    const until = clock.t + 3600_000;
    expect((await socket.emitWithAck("get-state")).restrictedUntil).toBe(new Date(until).toISOString());
    expect(
      await socket.emitWithAck("send-bulk-messages", {
        contacts: [{ name: "Ana", number: "31999991111" }],
        messageTemplate: "Oi",
      }),
    ).toEqual({
      ok: false,
      reason: "restricted",
      message: restrictedMessage(until),
    });
    expect(again.driver.sent).toHaveLength(0);
  });
});

describe("WhatsApp's new-chat cap", () => {
  it("lowers ours: the effective cap is shown and the job pauses there", async () => {
    const driver = new FakeDriver({ readyDelayMs: 20, chatCap: { limit: 2, remaining: null, resetsAt: null } });
    const helper = await startTestHelper({ driver, dailyCap: 200 });
    const { socket } = await readyPage(helper.url, Date.now());
    const state = await socket.emitWithAck("get-state");
    expect(state.limits).toMatchObject({ dailyCap: 200, whatsappCap: 2, effectiveCap: 2, sentToday: 0 });

    const paused = once(socket, "bulk-progress", (p) => p.paused);
    const contacts = [
      { name: "Ana", number: "31999991111" },
      { name: "Bruno", number: "31988882222" },
      { name: "Carla", number: "31977773333" },
    ];
    await socket.emitWithAck("send-bulk-messages", { contacts, messageTemplate: "Oi" });
    const progress = await paused;
    // WhatsApp gave no cycle end: the quota waits for its next report, not for midnight (decision 067)
    expect(progress).toMatchObject({ pauseReason: "chat-cap", sent: 2, pending: 1, effectiveCap: 2, resumeAt: null });
    expect(progress.pauseMessage).toBe(
      "Limite de novas conversas do WhatsApp atingido (2 de 2 neste ciclo); o envio continua quando o WhatsApp renovar o limite.",
    );
    expect(helper.driver.sent).toHaveLength(2);

    // WhatsApp's new report gives room for 1 more: the paused job goes on with it, then stops again
    const done = once(socket, "bulk-status");
    helper.driver.simulateChatCap({ limit: 10, remaining: 1, resetsAt: null });
    expect(await done).toMatchObject({ status: "completed", sent: 3 });
    expect((await socket.emitWithAck("get-state")).limits).toMatchObject({ whatsappCap: 3, effectiveCap: 3, sentToday: 3 });
  });
});

describe("sending window and warm-up (São Paulo time, injected clock)", () => {
  it("sends 2 on the number's first day, pauses until 08:00 (not midnight), then stops at 20:00 until Monday", async () => {
    const timers = manualTimers();
    const clock = testClock(SP("2026-11-27T19:59:00")); // a Friday
    const helper = await startTestHelper({
      now: clock.now,
      sendWindow: "seg-sab 08:00-20:00",
      warmup: "2,4",
      dailyCap: 200,
      ...timers.options,
    });
    const { socket, log } = await readyPage(helper.url, clock.t);
    const before = await socket.emitWithAck("get-state");
    expect(before).toMatchObject({
      timeZone: "America/Sao_Paulo",
      window: { always: false, open: true, label: "segunda a sábado, 08:00–20:00", nextOpenAt: null },
      limits: { warmupDay: 1, warmupCap: 2, effectiveCap: 2, dailyCap: 200 },
    });

    const contacts = ["31999991111", "31988882222", "31977773333", "31966664444"].map((number, i) => ({
      name: `C${i + 1}`,
      number,
    }));
    /**
     * At São Paulo time `at` the next timer fires: resolves with the first `event` (that passes `test`) it leads to.
     * @param {string} at @param {string} event @param {(payload: any) => boolean} [test]
     */
    const fireAt = (at, event, test) => {
      clock.t = SP(at);
      const next = once(socket, event, test);
      timers.runNext();
      return next;
    };
    const first = once(socket, "message-status");
    await socket.emitWithAck("send-bulk-messages", { contacts, messageTemplate: "Oi {nome}" });
    await first;
    await fireAt("2026-11-27T19:59:30", "message-status", (s) => s.name === "C2");

    // day 1 of the warm-up allows 2: pause until the window opens on Saturday, not at midnight
    expect(await fireAt("2026-11-27T19:59:50", "bulk-progress", (p) => p.paused)).toMatchObject({
      pauseReason: "daily-cap",
      resumeAt: new Date(SP("2026-11-28T08:00:00")).toISOString(),
      pauseMessage: "Aquecimento do número (dia 1): no máximo 2 mensagens hoje; o envio continua amanhã às 08:00.",
      canResume: false,
    });
    expect(timers.due.map((h) => h.ms)).toEqual([SP("2026-11-28T08:00:00") - clock.t]);
    expect(await socket.emitWithAck("resume-bulk")).toMatchObject({ ok: false });
    expect(JSON.parse(readFileSync(join(helper.dataDir, "first-send.json"), "utf8"))).toEqual({ 5511900000001: "2026-11-27" });

    expect(await fireAt("2026-11-28T08:00:00", "message-status", (s) => s.name === "C3")).toMatchObject({ status: "sent" });
    expect((await socket.emitWithAck("get-state")).limits).toMatchObject({ warmupDay: 2, warmupCap: 4, sentToday: 1 });

    // Saturday 20:00: outside the window until Monday 08:00 (Sunday is closed)
    expect(await fireAt("2026-11-28T20:00:05", "bulk-progress", (p) => p.paused)).toMatchObject({
      pauseReason: "outside-window",
      resumeAt: new Date(SP("2026-11-30T08:00:00")).toISOString(),
      pauseMessage: "Fora do horário de envio (segunda a sábado, 08:00–20:00). O envio continua segunda às 08:00.",
    });
    expect((await socket.emitWithAck("get-state")).window).toMatchObject({
      open: false,
      nextOpenAt: new Date(SP("2026-11-30T08:00:00")).toISOString(),
    });
    expect(helper.driver.sent).toHaveLength(3);

    expect(await fireAt("2026-11-30T08:00:00", "bulk-status")).toMatchObject({ status: "completed", sent: 4 });
    expect(log.of("message-status").map((s) => s.name)).toEqual(["C1", "C2", "C3", "C4"]);
    // day 4: the warm-up (2 days here) is over, our cap applies
    expect((await socket.emitWithAck("get-state")).limits).toMatchObject({ warmupDay: null, warmupCap: null, effectiveCap: 200 });
  });
});

describe("a helper restarted mid-job", () => {
  it("comes back with the job paused ('restored') and its progress; an unconfirmed send is not repeated", async () => {
    const timers = manualTimers();
    /** @type {(value?: unknown) => void} */
    let sendingSecond = () => {};
    const hung = new Promise((resolve) => (sendingSecond = resolve));
    const driverA = new FakeDriver({ readyDelayMs: 20 });
    const realSend = driverA.sendText.bind(driverA);
    driverA.sendText = async (jid, text) => {
      if (!jid.startsWith("5531988882222")) return realSend(jid, text);
      sendingSecond(); // the helper is killed while this message is being handed to WhatsApp
      return new Promise(() => {});
    };
    const a = await startTestHelper({ driver: driverA, minDelayMs: 400, maxDelayMs: 400, ...timers.options });
    const pageA = await readyPage(a.url, Date.now());
    const contacts = [
      { name: "Ana", number: "31999991111" },
      { name: "Bruno", number: "31988882222" },
      { name: "Carla", number: "31977773333" },
    ];
    const firstStatus = once(pageA.socket, "message-status");
    const { jobId } = await pageA.socket.emitWithAck("send-bulk-messages", {
      contacts,
      messageTemplate: "Olá {nome}",
      operatorName: "Maria",
    });
    await firstStatus;
    timers.runNext();
    await hung;
    await a.close();

    const b = await startTestHelper({ dataDir: a.dataDir, minDelayMs: 20, maxDelayMs: 20 });
    const socket = connect(b.url);
    const log = record(socket);
    await once(socket, "bulk-progress");
    expect(log.of("helper-state")[0].job).toMatchObject({
      jobId,
      state: "paused",
      pauseReason: "restored",
      pauseMessage: "Envio restaurado após reinício do programa auxiliar. Clique em Retomar.",
      canResume: true,
      restored: true,
      total: 3,
      done: 2,
      sent: 1,
      errors: 1,
      operatorName: "Maria",
    });
    const replayed = log.of("message-status");
    expect(replayed.map((s) => [s.number, s.status, s.replay])).toEqual([
      ["31999991111", "sent", true],
      ["31988882222", "error", true],
    ]);
    expect(replayed[1].error).toMatch(/programa auxiliar foi encerrado durante o envio/);
    // the send cut off by the crash is owed to the site's log like any other result
    const owed = [...b.sendLog.pending.values()];
    expect(owed.filter((row) => row.number.endsWith("988882222")).map((row) => row.status)).toEqual(["error"]);

    // WhatsApp connecting again does not resume it: the operator does
    const ready = once(socket, "whatsapp-ready");
    socket.emit("init-whatsapp", { operatorName: "Maria" });
    await ready;
    expect((await socket.emitWithAck("get-state")).job).toMatchObject({ state: "paused", pauseReason: "restored" });
    const done = once(socket, "bulk-status");
    expect(await socket.emitWithAck("resume-bulk")).toEqual({ ok: true });
    expect(await done).toMatchObject({ status: "completed", jobId, total: 3, sent: 2, errors: 1 });
    expect(b.driver.sent.map((/** @type {any} */ s) => s.jid)).toEqual(["5531977773333@s.whatsapp.net"]);
    await b.close();

    // a finished job is not brought back to be resumed: it is the last job, finished (decision 072)
    const c = await startTestHelper({ dataDir: a.dataDir });
    const late = connect(c.url);
    const state = await once(late, "helper-state");
    expect(state.job).toMatchObject({ jobId, state: "completed", phase: "finished", restored: false, pending: 0 });
    expect(c.queue.job).toBeNull();
  });
});

describe("the site's API", () => {
  it("re-sending the same list sends nothing twice: the site's log says 'já enviado em dd/mm'", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    const list = [
      { name: "Ana", number: "31999991111" },
      { name: "Bruno", number: "5531988882222" },
    ];
    const first = await startTestHelper({ siteUrl: site.url });
    const pageA = await readyPage(first.url, Date.now());
    pageA.socket.on("message-status", (s) => site.logStatus(s)); // the page records 'Registro de Envios'
    const doneA = once(pageA.socket, "bulk-status");
    await pageA.socket.emitWithAck("send-bulk-messages", { contacts: list, messageTemplate: "Olá {nome}, temos uma vaga" });
    expect(await doneA).toMatchObject({ sent: 2 });
    expect(first.driver.sent[0].text).toBe("Olá Ana, temos uma vaga\n\nResponda SAIR para não receber mais mensagens");

    // another operator's helper (its own computer, nothing in its journal) sends the same list
    const second = await startTestHelper({ siteUrl: site.url });
    const pageB = await readyPage(second.url, Date.now());
    const doneB = once(pageB.socket, "bulk-status");
    await pageB.socket.emitWithAck("send-bulk-messages", { contacts: list, messageTemplate: "Olá {nome}, temos uma vaga" });
    const finalB = await doneB;
    const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit" }).format(
      new Date(),
    );
    expect(finalB).toMatchObject({ status: "completed", sent: 0, errors: 0, skipped: 2 });
    expect(pageB.log.of("message-status").map((s) => [s.number, s.status, s.code, s.error])).toEqual([
      ["31999991111", "error", "already-sent", `já enviado em ${today}`],
      ["5531988882222", "error", "already-sent", `já enviado em ${today}`],
    ]);
    expect(second.driver.sent).toHaveLength(0);
    expect(second.driver.lookups).toHaveLength(0);
    const asked = site.requests.filter((r) => r.path === "/api/whatsapp-helper/ja-enviados");
    expect(asked.every((r) => r.status === 200)).toBe(true);
    expect(asked.at(-1)?.body.contacts[0]).toEqual({
      number: "31999991111",
      text: "Olá Ana, temos uma vaga\n\nResponda SAIR para não receber mais mensagens",
    });

    // a different text is a different message; and an explicit allowRepeat sends again
    const doneC = once(pageB.socket, "bulk-status");
    await pageB.socket.emitWithAck("send-bulk-messages", {
      contacts: list,
      messageTemplate: "Olá {nome}, temos uma vaga",
      allowRepeat: true,
    });
    expect(await doneC).toMatchObject({ sent: 2, skipped: 0 });
  });

  it("the same helper does not repeat a send even when the site cannot be reached (its own journal)", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    site.state.down = true;
    const helper = await startTestHelper({ siteUrl: site.url });
    const { socket, log } = await readyPage(helper.url, Date.now());
    const list = [{ name: "Ana", number: "31999991111" }];
    const first = once(socket, "bulk-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: list, messageTemplate: "Oi", optOutFooter: false });
    await first;
    const second = once(socket, "bulk-status");
    await socket.emitWithAck("send-bulk-messages", { contacts: list, messageTemplate: "Oi", optOutFooter: false });
    expect(await second).toMatchObject({ sent: 0, skipped: 1 });
    expect(log.of("message-status").map((s) => s.code)).toEqual([null, "already-sent"]);
    expect(helper.driver.sent.map((/** @type {any} */ s) => s.text)).toEqual(["Oi"]);
  });

  it("an opt-out received while the helper was closed reaches the site (retried after the site was down), and a second helper's job skips that person", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    stubs.push(site.close);
    site.state.down = true;
    const driver = new FakeDriver({
      readyDelayMs: 20,
      offlineMessages: [{ from: "553199991111", text: "Quero sair da lista!" }],
    });
    const first = await startTestHelper({ driver, siteUrl: site.url });
    const { socket } = await readyPage(first.url, Date.now());
    await site.until(() => site.requests.some((r) => r.method === "POST" && r.status === 503));
    const file = () => JSON.parse(readFileSync(join(first.dataDir, "opt-out.json"), "utf8")).entries;
    expect(file()).toEqual([expect.objectContaining({ number: "553199991111", reported: false, operator: "Maria" })]);

    // the site is back: the next connection reports it
    site.state.down = false;
    const reconnected = once(socket, "whatsapp-ready");
    first.driver.simulateDisconnect("Conexão perdida", 0);
    await reconnected;
    await site.until(() => site.optOuts.length === 1);
    await first.reportOptOuts(); // the report that was under way has finished
    expect(site.optOuts).toEqual([expect.objectContaining({ number: "+553199991111", operator: "Maria" })]);
    expect(file()).toEqual([expect.objectContaining({ number: "553199991111", reported: true })]);

    // another operator's helper loads the central list before its job: that person is skipped
    const second = await startTestHelper({ siteUrl: site.url });
    const pageB = await readyPage(second.url, Date.now());
    const done = once(pageB.socket, "bulk-status");
    await pageB.socket.emitWithAck("send-bulk-messages", {
      contacts: [
        { name: "Ana", number: "31999991111" }, // the same person with the ninth digit
        { name: "Bruno", number: "31988882222" },
      ],
      messageTemplate: "Oi",
    });
    expect(await done).toMatchObject({ sent: 1 });
    expect(pageB.log.of("message-status").map((s) => [s.number, s.code])).toEqual([
      ["31999991111", "opted-out"],
      ["31988882222", null],
    ]);
    expect(second.driver.lookups).toEqual(["5531988882222"]);

    // 'Desfazer' on the site (decision 071): both helpers forget their copy, the person is messaged again
    const undoneAt = Date.now();
    site.undo("553199991111", new Date(undoneAt).toISOString());
    await first.loadCentralOptOuts();
    await second.loadCentralOptOuts();
    expect(file()).toEqual([]);
    const again = once(pageB.socket, "bulk-status");
    await pageB.socket.emitWithAck("send-bulk-messages", {
      contacts: [{ name: "Ana", number: "31999991111" }],
      messageTemplate: "Oi de novo",
    });
    expect(await again).toMatchObject({ sent: 1 });

    // an opt-out caught after the undo stays (reported, and the site's old undo read again)
    while (Date.now() <= undoneAt) await new Promise((resolve) => setTimeout(resolve, 1));
    first.driver.simulateIncoming("553199991111", "SAIR");
    await site.until(() => site.optOuts.length === 1);
    await first.reportOptOuts();
    expect(file()).toEqual([expect.objectContaining({ number: "553199991111", reported: true })]);
    await first.loadCentralOptOuts();
    expect(file()).toEqual([expect.objectContaining({ number: "553199991111", reported: true })]);
  });
});

describe("contacts without a name", () => {
  it("get a natural greeting while the log keeps 'Desconhecido'", async () => {
    const helper = await startTestHelper();
    const { socket } = await readyPage(helper.url, Date.now());
    const status = once(socket, "message-status");
    await socket.emitWithAck("send-bulk-messages", {
      contacts: [{ number: "31999991111" }],
      messageTemplate: "Olá {nome}, tudo bem?",
      optOutFooter: false,
    });
    expect(await status).toMatchObject({ name: "Desconhecido", text: "Olá, tudo bem?", status: "sent" });
    expect(helper.driver.sent[0].text).toBe("Olá, tudo bem?");
  });
});

describe("the helper's window", () => {
  it("prints WhatsApp's warnings in pt-BR", async () => {
    /** @type {string[]} */
    const lines = [];
    const helper = await startTestHelper({ logger: (line) => lines.push(line) });
    await readyPage(helper.url, Date.now());
    helper.driver.simulateWarning("WhatsApp recusou uma mensagem: conta restrita (erro 463).");
    expect(lines).toContain("Aviso do WhatsApp: WhatsApp recusou uma mensagem: conta restrita (erro 463).");
    expect(lines).toContain("Horário de envio: qualquer dia e hora.");
  });
});
