// The helper's time rules in São Paulo time: days, the sending window, the warm-up, the texts.
import { describe, expect, it } from "vitest";

import {
  estimateFinish,
  formatWhen,
  isWindowOpen,
  nextWindowOpening,
  nextZonedMidnight,
  parseSendWindow,
  parseWarmup,
  warmupFor,
  windowLabel,
  zonedDay,
  zonedParts,
  zonedTime,
} from "../src/schedule.js";

const SP = (/** @type {string} */ local) => Date.parse(`${local}-03:00`);
const window = /** @type {import("../src/schedule.js").SendWindow} */ (parseSendWindow("seg-sab 08:00-20:00"));

describe("São Paulo calendar", () => {
  it("days and midnight follow America/Sao_Paulo, not the computer's zone", () => {
    // 01:30 UTC on the 25th is still the 24th in São Paulo (a Mato Grosso or UTC computer would disagree)
    expect(zonedDay(Date.parse("2026-11-25T01:30:00Z"))).toBe("2026-11-24");
    expect(zonedParts(Date.parse("2026-11-25T01:30:00Z"))).toMatchObject({ hour: 22, minute: 30, weekday: 2 });
    expect(new Date(nextZonedMidnight(Date.parse("2026-11-25T01:30:00Z"))).toISOString()).toBe("2026-11-25T03:00:00.000Z");
  });
});

describe("HELPER_SEND_WINDOW", () => {
  it("reads 'seg-sab 08:00-20:00' (the default), lists, other spellings and 'always'", () => {
    expect(parseSendWindow(undefined)).toEqual(window);
    expect(window).toMatchObject({ always: false, days: [1, 2, 3, 4, 5, 6], start: 480, end: 1200 });
    expect(parseSendWindow("Seg-Sáb 8h-20h")).toMatchObject({ days: [1, 2, 3, 4, 5, 6], start: 480, end: 1200 });
    expect(parseSendWindow("seg,qua,sex 9-18")).toMatchObject({ days: [1, 3, 5], start: 540, end: 1080 });
    expect(parseSendWindow("mon-fri 09:30-17:00")).toMatchObject({ days: [1, 2, 3, 4, 5], start: 570, end: 1020 });
    expect(parseSendWindow("always")).toEqual({ always: true, text: "always" });
    expect(parseSendWindow("sempre")).toMatchObject({ always: true });
    for (const bad of ["todo dia", "seg-sab 20:00-08:00", "xyz 08:00-20:00", "seg-sab 25:00-26:00"]) {
      expect(parseSendWindow(bad)).toBeNull();
    }
  });

  it("labels the window in pt-BR", () => {
    expect(windowLabel(window)).toBe("segunda a sábado, 08:00–20:00");
    expect(windowLabel(/** @type {any} */ (parseSendWindow("seg,qua,sex 9-18")))).toBe("segunda, quarta e sexta, 09:00–18:00");
    expect(windowLabel(/** @type {any} */ (parseSendWindow("dom-sab 7-22")))).toBe("todos os dias, 07:00–22:00");
  });

  it("is open from the start minute to before the end minute, on its days only", () => {
    expect(isWindowOpen(window, SP("2026-11-28T08:00:00"))).toBe(true); // Saturday
    expect(isWindowOpen(window, SP("2026-11-28T19:59:59"))).toBe(true);
    expect(isWindowOpen(window, SP("2026-11-28T20:00:00"))).toBe(false);
    expect(isWindowOpen(window, SP("2026-11-29T12:00:00"))).toBe(false); // Sunday
    expect(isWindowOpen(window, SP("2026-11-30T07:59:00"))).toBe(false);
  });

  it("opens next at 08:00 of the next sending day; never at midnight", () => {
    expect(nextWindowOpening(window, SP("2026-11-28T20:00:00"))).toBe(SP("2026-11-30T08:00:00"));
    expect(nextWindowOpening(window, SP("2026-11-25T00:00:00"))).toBe(SP("2026-11-25T08:00:00"));
    expect(nextWindowOpening(window, SP("2026-11-25T10:00:00"))).toBe(SP("2026-11-25T10:00:00")); // open: now
  });
});

describe("texts of when sending continues", () => {
  it("says today, tomorrow, the weekday or the date, in São Paulo time", () => {
    const now = SP("2026-11-28T20:00:00");
    expect(formatWhen(SP("2026-11-28T21:15:00"), now)).toBe("hoje às 21:15");
    expect(formatWhen(SP("2026-11-29T08:00:00"), now)).toBe("amanhã às 08:00");
    expect(formatWhen(SP("2026-11-30T08:00:00"), now)).toBe("segunda às 08:00");
    expect(formatWhen(SP("2026-12-10T08:00:00"), now)).toBe("10/12 às 08:00");
  });
});

describe("HELPER_WARMUP", () => {
  it("20 → 40 → 80 → the daily cap by default; 'off' disables; a list sets the steps", () => {
    expect(parseWarmup(undefined)).toEqual([20, 40, 80]);
    expect(parseWarmup("off")).toEqual([]);
    expect(parseWarmup("10, 30")).toEqual([10, 30]);
    const steps = parseWarmup(undefined);
    expect(warmupFor(steps, null, "2026-11-27")).toEqual({ day: 1, cap: 20 });
    expect(warmupFor(steps, "2026-11-27", "2026-11-28")).toEqual({ day: 2, cap: 40 });
    expect(warmupFor(steps, "2026-11-27", "2026-11-29")).toEqual({ day: 3, cap: 80 });
    expect(warmupFor(steps, "2026-11-27", "2026-11-30")).toBeNull();
    expect(warmupFor([], null, "2026-11-27")).toBeNull();
  });
});

describe("estimateFinish: caps, warm-up and the sending window", () => {
  const window = /** @type {import("../src/schedule.js").SendWindow} */ (parseSendWindow("seg-sab 08:00-20:00"));
  const always = /** @type {import("../src/schedule.js").SendWindow} */ (parseSendWindow("always"));
  // Wednesday 02/12/2026, 10:00 in São Paulo
  const from = zonedTime(2026, 12, 2, 10, 0);
  /** @type {import("../src/schedule.js").SendPlan} */
  const plan = { window, dailyCap: 200, warmupSteps: [20, 40, 80], firstSendDay: null, today: "2026-12-02", sentToday: 0 };
  const at = (/** @type {number | null} */ t) =>
    t === null ? null : new Date(t).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" });

  /** @type {[string, number, Partial<import("../src/schedule.js").SendPlan>, string | null][]} */
  const cases = [
    ["12 messages within the day's room: 11 gaps of 45 s", 12, {}, "02/12/2026, 10:08:15"],
    ["60 under a 20-a-day warm-up of a new number: day 1 20, day 2 40", 60, {}, "03/12/2026, 08:29:15"],
    ["100 under the warm-up: 20 + 40 + 40 of day 3's 80", 100, {}, "04/12/2026, 08:29:15"],
    [
      "a number in its third day already sent 70 of its 80 today",
      20,
      { firstSendDay: "2026-11-30", sentToday: 70 },
      "03/12/2026, 08:06:45",
    ],
    ["the warm-up over: our cap of 200 a day", 250, { firstSendDay: "2026-01-01", sentToday: 150 }, "03/12/2026, 10:29:15"],
    [
      "the window closes at 20:00: 800 today, 200 tomorrow",
      1000,
      { firstSendDay: "2026-01-01", dailyCap: 2000 },
      "03/12/2026, 10:29:15",
    ],
    ["any hour, no warm-up", 100, { window: always, warmupSteps: [] }, "02/12/2026, 11:14:15"],
    ["WhatsApp's quota lower than ours today", 30, { firstSendDay: "2026-01-01", todayCap: 10 }, "03/12/2026, 08:14:15"],
  ];
  it.each(cases)("%s", (_label, pending, changes, expected) => {
    expect(at(estimateFinish({ from, pending, gapMs: 45_000, plan: { ...plan, ...changes } }))).toBe(expected);
  });

  it("outside the window, the first message waits for the opening", () => {
    const night = zonedTime(2026, 12, 5, 21, 0); // Saturday 21:00: next opening Monday 08:00
    expect(at(estimateFinish({ from: night, pending: 1, gapMs: 45_000, plan: { ...plan, firstSendDay: "2026-01-01" } }))).toBe(
      "07/12/2026, 08:00:00",
    );
  });
});
