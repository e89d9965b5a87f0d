// The send queue on its own, with vitest fake timers: pacing, daily cap, cancel, rate limit.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { RateLimitError } from "../src/drivers/driver.js";
import { FakeDriver } from "../src/drivers/fake.js";
import { DailyCounter, FirstSendDays } from "../src/files.js";
import { OptOutList } from "../src/optout.js";
import { SendQueue } from "../src/queue.js";
import { parseSendWindow, zonedParts } from "../src/schedule.js";

/** @param {{ random?: () => number, minDelayMs?: number, maxDelayMs?: number, dailyCap?: number }} [options] */
function makeQueue(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), "queue-test-"));
  const driver = new FakeDriver();
  driver.ready = true;
  driver.account = "5511900000001";
  const optOuts = new OptOutList(join(dir, "opt-out.json"));
  /** @type {any[]} */
  const journal = [];
  const queue = new SendQueue({
    driver,
    isReady: () => driver.ready,
    optOuts,
    dailyCounter: new DailyCounter(join(dir, "daily-count.json")),
    journal: (entry) => journal.push(entry),
    minDelayMs: options.minDelayMs ?? 30_000,
    maxDelayMs: options.maxDelayMs ?? 60_000,
    dailyCap: options.dailyCap ?? 200,
    rateLimitPauseMs: 15 * 60_000,
    random: options.random,
    log: process.env.QDEBUG ? (m) => console.log(Date.now() % 1e6, m) : undefined,
  });
  /** @type {any[]} */
  const statuses = [];
  /** @type {any[]} */
  const finals = [];
  /** @type {any[]} */
  const progress = [];
  queue.on("message-status", (s) => statuses.push(s));
  queue.on("bulk-status", (s) => finals.push(s));
  queue.on("bulk-progress", (p) => progress.push(p));
  return { queue, driver, optOuts, journal, statuses, finals, progress };
}

/** @param {number} n */
const contacts = (n) => Array.from({ length: n }, (_, i) => ({ name: `C${i}`, number: `3199999${String(1000 + i)}` }));

/** @param {number[]} values */
const sequence = (values) => {
  let i = 0;
  return () => values[i++ % values.length];
};

/** Advances fake time, then lets the queue's async steps settle. @param {number} ms */
async function tick(ms) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-01-10T12:00:00Z") }); // 09:00 in São Paulo
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pacing", () => {
  it("waits a random gap within [min, max] between two sends, never less", async () => {
    const { queue, driver, finals } = makeQueue({ random: sequence([0, 0.999999, 0.5]) });
    queue.start({ contacts: contacts(3), messageTemplate: "Oi {nome}", operatorName: "Ana", optOutFooter: false });

    await tick(0);
    expect(driver.sent).toHaveLength(1); // the first message goes at once
    expect(driver.sent[0].text).toBe("Oi C0");

    await tick(29_999);
    expect(driver.sent).toHaveLength(1); // random 0 → exactly the minimum, 30 s
    await tick(1);
    expect(driver.sent).toHaveLength(2);

    await tick(59_998);
    expect(driver.sent).toHaveLength(2); // random ~1 → the maximum, 60 s
    await tick(2);
    expect(driver.sent).toHaveLength(3);

    expect(driver.sent[1].at.getTime() - driver.sent[0].at.getTime()).toBe(30_000);
    expect(driver.sent[2].at.getTime() - driver.sent[1].at.getTime()).toBe(60_000);
    await tick(0);
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ status: "completed", sent: 3, errors: 0, total: 3 });
  });

  it("keeps every gap inside the configured bounds, whatever the random source gives", async () => {
    const { queue, driver } = makeQueue({
      minDelayMs: 1000,
      maxDelayMs: 5000,
      random: sequence([0, 0.1, 0.5, 0.9, 0.999999, 1]),
    });
    queue.start({ contacts: contacts(12), messageTemplate: "Oi" });
    await tick(12 * 5000);
    expect(driver.sent).toHaveLength(12);
    expect(queue.gaps.length).toBeGreaterThanOrEqual(11);
    for (const gap of queue.gaps) {
      expect(gap).toBeGreaterThanOrEqual(1000);
      expect(gap).toBeLessThanOrEqual(5000);
    }
    for (let i = 1; i < driver.sent.length; i++) {
      const gap = driver.sent[i].at.getTime() - driver.sent[i - 1].at.getTime();
      expect(gap).toBeGreaterThanOrEqual(1000);
      expect(gap).toBeLessThanOrEqual(5000);
    }
  });

  it("paces look-ups too: a number without WhatsApp is followed by a gap, a local skip is not", async () => {
    const { queue, driver, optOuts, statuses } = makeQueue({ random: () => 0 });
    optOuts.add("5531999992000", new Date());
    queue.start({
      contacts: [
        { name: "Sem", number: "31999990000" }, // looked up, not on WhatsApp
        { name: "Saiu", number: "31999992000" }, // opted out: no call at all
        { name: "Ok", number: "31999993000" },
      ],
      messageTemplate: "Oi",
    });
    await tick(0);
    expect(driver.lookups).toEqual(["5531999990000"]);
    expect(statuses.map((s) => s.code)).toEqual(["not-on-whatsapp"]);
    await tick(29_999);
    expect(driver.lookups).toHaveLength(1);
    await tick(1);
    // after the gap: the opted-out contact is skipped locally and the next one sent at once
    expect(statuses.map((s) => s.code)).toEqual(["not-on-whatsapp", "opted-out", null]);
    expect(driver.lookups).toEqual(["5531999990000", "5531999993000"]);
    expect(driver.sent.map((s) => s.jid)).toEqual(["5531999993000@s.whatsapp.net"]);
  });

  it("keeps the gap across jobs", async () => {
    const { queue, driver } = makeQueue({ random: () => 0 });
    queue.start({ contacts: contacts(1), messageTemplate: "Oi" });
    await tick(0);
    expect(driver.sent).toHaveLength(1);
    queue.start({ contacts: [{ name: "X", number: "31988887777" }], messageTemplate: "Oi" });
    await tick(29_000);
    expect(driver.sent).toHaveLength(1);
    await tick(1000);
    expect(driver.sent).toHaveLength(2);
  });
});

describe("job rules", () => {
  it("refuses a second job while one runs, an empty message, no contacts, not ready", () => {
    const { queue, driver } = makeQueue();
    expect(() => queue.start({ contacts: contacts(1), messageTemplate: "  " })).toThrow(/Mensagem necessária/);
    expect(() => queue.start({ contacts: [{ name: "a", number: "abc" }], messageTemplate: "Oi" })).toThrow(
      /Nenhum contato válido/,
    );
    queue.start({ contacts: contacts(2), messageTemplate: "Oi" });
    expect(() => queue.start({ contacts: contacts(1), messageTemplate: "Oi" })).toThrow(/envio em andamento/);
    queue.cancel();
    driver.ready = false;
    expect(() => queue.start({ contacts: contacts(1), messageTemplate: "Oi" })).toThrow(/WhatsApp não autenticado/);
  });

  it("normalises Brazilian numbers, sends to the id the look-up returns and sends duplicates once", async () => {
    const { queue, driver, statuses } = makeQueue({ random: () => 0 });
    driver.isOnWhatsApp = async (number) => {
      driver.lookups.push(number);
      // an account older than the ninth digit: its id lacks the 9
      return number === "5531999998888" ? "553199998888@s.whatsapp.net" : `${number}@s.whatsapp.net`;
    };
    const { total, duplicates } = queue.start({
      contacts: [
        { name: "Ana", number: "31999998888" },
        { name: "Ana de novo", number: "5531999998888" },
      ],
      messageTemplate: "Olá {nome}",
      optOutFooter: false,
    });
    // the duplicate is a row of the job (decision 072): 'Ignorado', never sent
    expect({ total, duplicates }).toEqual({ total: 2, duplicates: 1 });
    await tick(0);
    expect(driver.lookups).toEqual(["5531999998888"]);
    expect(driver.sent).toEqual([expect.objectContaining({ jid: "553199998888@s.whatsapp.net", text: "Olá Ana" })]);
    expect(statuses[0]).toMatchObject({
      number: "31999998888",
      normalizedNumber: "5531999998888",
      status: "sent",
      message: "Olá Ana",
    });
  });

  it("one message per person: the same number with and without the ninth digit is sent once", async () => {
    const { queue, driver, statuses } = makeQueue({ random: () => 0 });
    /** @type {string[]} */
    const logs = [];
    queue.log = (line) => logs.push(line);
    const { total, duplicates } = queue.start({
      contacts: [
        { name: "Ana", number: "(31) 99999-0001" },
        { name: "Bruno", number: "31 9999-0001" },
      ],
      messageTemplate: "Olá {nome}",
      optOutFooter: false,
    });
    expect({ total, duplicates }).toEqual({ total: 2, duplicates: 1 });
    await tick(120_000);
    expect(driver.sent).toEqual([expect.objectContaining({ text: "Olá Ana" })]);
    // the second line is a row with its result, so the page never leaves it 'Pendente' (decision 072)
    expect(statuses).toHaveLength(2);
    expect(statuses[1]).toMatchObject({
      name: "Bruno",
      status: "error",
      code: "same-person",
      error: "Mesma pessoa da linha 1 (Ana)",
    });
    expect(logs).toContain("Ignorado: Bruno (3199990001): Mesma pessoa da linha 1 (Ana).");
  });

  it("two numbers WhatsApp resolves to one account are sent once; the second is 'Ignorado' with why", async () => {
    const { queue, driver, statuses, finals } = makeQueue({ random: () => 0 });
    driver.isOnWhatsApp = async (number) => {
      driver.lookups.push(number);
      return "5531999990001@s.whatsapp.net"; // both numbers: one account
    };
    queue.start({
      contacts: [
        { name: "Ana", number: "31999990001" },
        { name: "Bruno", number: "31988880002" },
      ],
      messageTemplate: "Olá {nome}",
      optOutFooter: false,
    });
    await tick(120_000);
    expect(driver.lookups).toEqual(["5531999990001", "5531988880002"]);
    expect(driver.sent).toEqual([expect.objectContaining({ jid: "5531999990001@s.whatsapp.net", text: "Olá Ana" })]);
    expect(statuses[1]).toMatchObject({
      name: "Bruno",
      status: "error",
      code: "same-person",
      message: "Mesma pessoa da linha 1 (Ana)",
    });
    expect(finals).toEqual([expect.objectContaining({ status: "completed", sent: 1, errors: 0, skipped: 1 })]);
  });

  it("never gives 55 to a number written with + and a country code; refuses foreign digits without +", async () => {
    const { queue, driver, statuses } = makeQueue({ random: () => 0 });
    queue.start({
      contacts: [
        { name: "Ann", number: "+1 415 555 2671" },
        { name: "Pablo", number: "34912345678x" }, // a Spanish number that lost its +: DDD 34 is Brazilian, so it is
        { name: "Joe", number: "14155552671" }, // an American number without its +: not Brazilian
        { name: "Bia", number: "12345678" }, // no DDD
      ],
      messageTemplate: "Oi",
      optOutFooter: false,
    });
    await tick(300_000);
    expect(driver.lookups).toEqual(["14155552671", "5534912345678"]);
    expect(statuses.map((s) => [s.name, s.code])).toEqual([
      ["Ann", null],
      ["Pablo", null],
      ["Joe", "invalid-number"],
      ["Bia", "invalid-number"],
    ]);
    expect(statuses[0]).toMatchObject({ number: "+14155552671", normalizedNumber: "14155552671" });
    expect(statuses[2].message).toMatch(/não é um número brasileiro válido.*escreva \+ e o código do país/);
  });

  it("cancels: no further sends and a bulk-status error 'cancelled'", async () => {
    const { queue, driver, finals } = makeQueue({ random: () => 0 });
    const { jobId } = queue.start({ contacts: contacts(3), messageTemplate: "Oi" });
    await tick(0);
    expect(queue.cancel()).toBe(jobId);
    await tick(120_000);
    expect(driver.sent).toHaveLength(1);
    expect(finals).toEqual([expect.objectContaining({ status: "error", reason: "cancelled", jobId, sent: 1, total: 3 })]);
  });

  it("pauses at the daily cap and resumes after midnight", async () => {
    const { queue, driver, progress, finals } = makeQueue({ random: () => 0, dailyCap: 2 });
    queue.start({ contacts: contacts(3), messageTemplate: "Oi" });
    await tick(60_000);
    expect(driver.sent).toHaveLength(2);
    const paused = progress.at(-1);
    expect(paused).toMatchObject({ paused: true, pauseReason: "daily-cap", pending: 1, sentToday: 2 });
    // 00:00 in São Paulo, whatever the computer's zone
    expect(zonedParts(Date.parse(paused.resumeAt))).toMatchObject({ hour: 0, minute: 0 });
    await tick(16 * 3600_000); // 09:01 → past midnight
    expect(driver.sent).toHaveLength(3);
    expect(finals[0]).toMatchObject({ status: "completed", sent: 3 });
  });

  it("pauses on a rate-limit error without failing the contact, then retries it", async () => {
    const { queue, driver, statuses, progress, finals } = makeQueue({ random: () => 0 });
    driver.sendFailures.push(new RateLimitError());
    queue.start({ contacts: contacts(2), messageTemplate: "Oi" });
    await tick(0);
    expect(statuses).toHaveLength(0);
    expect(progress.at(-1)).toMatchObject({ paused: true, pauseReason: "rate-limit", pending: 2 });
    expect(progress.at(-1).pauseMessage).toMatch(/limitou o envio/);
    await tick(15 * 60_000);
    await tick(30_000);
    expect(statuses.map((s) => s.status)).toEqual(["sent", "sent"]);
    expect(finals[0]).toMatchObject({ status: "completed", sent: 2, errors: 0 });
  });

  it("reports progress with the expected finish time", async () => {
    const { queue, progress } = makeQueue({ random: () => 0 });
    queue.start({ contacts: contacts(3), messageTemplate: "Oi" });
    await tick(0);
    const after1 = progress.at(-1);
    expect(after1).toMatchObject({ total: 3, done: 1, sent: 1, errors: 0, pending: 2, paused: false });
    // next send 30 s from now, then one more average gap of 45 s
    expect(new Date(after1.expectedFinishAt).getTime() - new Date(after1.nextAt).getTime()).toBe(45_000);
    expect(new Date(after1.nextAt).getTime() - Date.now()).toBe(30_000);
  });
});

describe("the expected finish counts the warm-up and the window", () => {
  it("60 contacts of a new number under a 20-a-day warm-up finish the next day, not in 45 minutes", async () => {
    vi.setSystemTime(new Date("2026-12-02T13:00:00Z")); // Wednesday 10:00 in São Paulo
    const dir = mkdtempSync(join(tmpdir(), "queue-warmup-"));
    const driver = new FakeDriver();
    driver.ready = true;
    driver.account = "5511900000001";
    const queue = new SendQueue({
      driver,
      isReady: () => driver.ready,
      optOuts: new OptOutList(join(dir, "opt-out.json")),
      dailyCounter: new DailyCounter(join(dir, "daily-count.json")),
      journal: () => {},
      minDelayMs: 30_000,
      maxDelayMs: 60_000,
      dailyCap: 200,
      rateLimitPauseMs: 15 * 60_000,
      sendWindow: /** @type {any} */ (parseSendWindow("seg-sab 08:00-20:00")),
      warmupSteps: [20, 40, 80],
      firstSendDays: new FirstSendDays(join(dir, "first-send.json")),
      random: () => 0.5,
    });
    /** @type {any[]} */
    const progress = [];
    queue.on("bulk-progress", (p) => progress.push(p));
    queue.start({ contacts: contacts(60), messageTemplate: "Oi" });
    await tick(0);
    const first = progress.at(-1);
    expect(first).toMatchObject({ sent: 1, pending: 59 });
    // 19 more today (to 10:15), then 40 on Thursday from 08:00: the 40th at 08:29:15
    expect(new Date(first.expectedFinishAt).toISOString()).toBe("2026-12-03T11:29:15.000Z");
    expect(first.limits.plan).toMatchObject({ dailyCap: 200, warmupSteps: [20, 40, 80], today: "2026-12-02", sentToday: 1 });
  });
});

describe("the sender-safety rules in the queue", () => {
  it("a refusal after the job finished turns that contact into an error (matched by id, or by number without one)", async () => {
    const { queue, driver, statuses, finals } = makeQueue({ random: () => 0 });
    queue.start({ contacts: contacts(2), messageTemplate: "Oi" });
    await tick(30_000);
    expect(finals[0]).toMatchObject({ sent: 2, errors: 0 });
    queue.onRefused({
      id: driver.sent[0].id,
      jid: driver.sent[0].jid,
      code: 479,
      reason: "WhatsApp recusou a mensagem (código 479)",
    });
    queue.onRefused({ id: null, jid: "553199991001:3@s.whatsapp.net", code: null, reason: "" }); // no id: by number
    expect(statuses.slice(2).map((s) => [s.number, s.status, s.code, s.error])).toEqual([
      ["31999991000", "error", "refused", "WhatsApp recusou a mensagem (código 479)"],
      ["31999991001", "error", "refused", "WhatsApp recusou a mensagem"],
    ]);
    expect(finals).toHaveLength(1); // the page updates from the message-status
    expect(queue.lastJob.final).toMatchObject({ sent: 0, errors: 2 });
    queue.onRefused({ id: driver.sent[0].id, jid: driver.sent[0].jid, code: 479, reason: "again" });
    expect(statuses).toHaveLength(4); // once per message
  });

  it("a single message outside the sending window is refused with when it can go", async () => {
    const { queue } = makeQueue();
    queue.sendWindow = /** @type {any} */ (parseSendWindow("seg-sex 10:00-18:00")); // now: Saturday 09:00
    expect(() => queue.start({ contacts: contacts(1), messageTemplate: "Oi", kind: "single" })).toThrow(
      "Fora do horário de envio (segunda a sexta, 10:00–18:00). O envio continua segunda às 10:00.",
    );
    // a bulk job is accepted and waits, saying why
    queue.start({ contacts: contacts(1), messageTemplate: "Oi" });
    await tick(0);
    expect(queue.progress()).toMatchObject({ state: "paused", pauseReason: "outside-window", canResume: false });
  });
});
