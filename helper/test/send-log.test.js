// The send-log outbox (decision 068): every result is kept in a file until the site acknowledges it,
// posted again with a growing back-off, kept across restarts, and a row the site refuses for good
// (400) does not hold the others back. Timers are injected: nothing here waits for a wall clock.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { SendLogOutbox, sendLogRowOf } from "../src/send-log.js";
import { SiteError } from "../src/site-api.js";

/** @type {string[]} */
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile() {
  const dir = mkdtempSync(join(tmpdir(), "send-log-"));
  dirs.push(dir);
  return join(dir, "send-log.jsonl");
}

/** @param {number} index @param {Partial<import("../src/queue.js").MessageStatus>} [extra] */
function status(index, extra = {}) {
  return /** @type {import("../src/queue.js").MessageStatus} */ ({
    jobId: "job-1",
    index,
    status: "sent",
    number: `553199990000${index}`,
    name: `Pessoa ${index}`,
    message: "Olá",
    text: "Olá",
    error: null,
    code: null,
    operatorName: "Ana",
    at: "2026-11-26T12:00:00.000Z",
    ...extra,
  });
}

/** Timers that fire only when the test says so. */
function manualTimers() {
  /** @type {{ fn: () => void, ms: number }[]} */
  const timers = [];
  return {
    timers,
    setTimer: (/** @type {() => void} */ fn, /** @type {number} */ ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (/** @type {any} */ timer) => {
      const at = timers.indexOf(timer);
      if (at >= 0) timers.splice(at, 1);
    },
    fire: () => timers.splice(0).forEach((timer) => timer.fn()),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("sendLogRowOf", () => {
  it("maps the statuses as the page did: sent, error with its reason, skipped ('Ignorado')", () => {
    expect(sendLogRowOf(status(1))).toEqual({
      jobId: "job-1",
      operator: "Ana",
      name: "Pessoa 1",
      number: "5531999900001",
      message: "Olá",
      status: "sent",
      sentAt: "2026-11-26T12:00:00.000Z",
    });
    expect(sendLogRowOf(status(2, { status: "error", code: "not-on-whatsapp", error: "sem WhatsApp" }))).toMatchObject({
      status: "error",
      detail: "sem WhatsApp",
    });
    expect(sendLogRowOf(status(3, { status: "error", code: "already-sent", error: "já enviado em 20/11" }))).toMatchObject({
      status: "skipped",
    });
    // a number the site can never store stays out of the outbox
    expect(sendLogRowOf(status(4, { number: "123", status: "error", code: "invalid-number" }))).toBeNull();
  });
});

describe("SendLogOutbox", () => {
  it("keeps what the site did not acknowledge across a restart, backs off, and posts each row until acknowledged", async () => {
    const file = tempFile();
    const clock = manualTimers();
    /** @type {unknown[][]} */
    const posts = [];
    let down = true;
    const post = async (/** @type {unknown[]} */ rows) => {
      posts.push(rows);
      if (down) throw new SiteError("site inacessível (ECONNREFUSED)", null);
    };
    const first = new SendLogOutbox({ file, post, retryMs: 1000, retryMaxMs: 4000, ...clock });
    first.setList("job-1", "lista_A-1");
    first.add(status(1));
    first.add(status(2));
    await settle();
    expect(posts).toHaveLength(1);
    expect(first.size).toBe(2);
    expect(clock.timers.map((t) => t.ms)).toEqual([1000]);
    // a new result while backing off waits for the timer
    first.add(status(3));
    await settle();
    expect(posts).toHaveLength(1);
    clock.fire();
    await settle();
    expect(clock.timers.map((t) => t.ms)).toEqual([2000]);
    clock.fire();
    await settle();
    clock.fire();
    await settle();
    expect(clock.timers.map((t) => t.ms)).toEqual([4000]); // capped
    first.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // restarted: the 3 rows come back with their list, and go at once when the site answers
    down = false;
    posts.length = 0;
    const second = new SendLogOutbox({ file, post, ...manualTimers() });
    expect(second.size).toBe(3);
    await second.flush();
    expect(posts).toEqual([[1, 2, 3].map((i) => ({ ...sendLogRowOf(status(i)), lista: "lista_A-1" }))]);
    expect(second.size).toBe(0);
    second.close();

    // acknowledged rows never come back; the file is compacted to what is owed (nothing)
    const third = new SendLogOutbox({ file, post, ...manualTimers() });
    expect(third.size).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("");
  });

  it("says how many rows the site acknowledged, only once it has (the pages reload their log then)", async () => {
    const clock = manualTimers();
    /** @type {number[]} */
    const acknowledged = [];
    let down = true;
    const post = async () => {
      if (down) throw new SiteError("site inacessível (ECONNREFUSED)", null);
    };
    const outbox = new SendLogOutbox({
      file: tempFile(),
      post,
      retryMs: 1000,
      ...clock,
      onAcknowledged: (count) => acknowledged.push(count),
    });
    outbox.add(status(1));
    outbox.add(status(2));
    await settle();
    expect(acknowledged).toEqual([]);
    down = false;
    clock.fire();
    await settle();
    expect(acknowledged).toEqual([2]);
    outbox.add(status(3));
    await settle();
    expect(acknowledged).toEqual([2, 1]);
    outbox.close();
  });

  it("a row the site refuses for good (400) is dropped alone; the rest of its batch is stored", async () => {
    /** @type {string[]} */
    const stored = [];
    const post = async (/** @type {any[]} */ rows) => {
      if (rows.some((row) => row.number.endsWith("2"))) throw new SiteError("o site respondeu 400: Registro inválido", 400);
      stored.push(...rows.map((row) => row.number));
    };
    const outbox = new SendLogOutbox({
      file: tempFile(),
      post,
      isPermanent: (error) => error instanceof SiteError && error.status === 400,
      ...manualTimers(),
    });
    for (const i of [1, 2, 3]) outbox.add(status(i));
    await outbox.flush();
    await settle();
    expect(stored.sort()).toEqual(["5531999900001", "5531999900003"]);
    expect(outbox.size).toBe(0);
  });
});
