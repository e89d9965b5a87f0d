import { describe, expect, it } from "vitest";

import {
  formatDateTimeBr,
  instantOfSaoPauloWallTime,
  saoPauloDate,
  saoPauloHour,
  saoPauloInstant,
  saoPauloOffsetMinutes,
  saoPauloWallTime,
} from "./dates";

/**
 * São Paulo's clock comes from the IANA zone, not from a fixed −03:00: the summer times Brazil kept
 * until 2019 (2018-11-04 to 2019-02-16 was the last, at −02:00) prove the zone is the one read.
 */
describe("São Paulo's offset", () => {
  it("is −3 h today, summer and winter", () => {
    expect(saoPauloOffsetMinutes(new Date("2027-01-14T12:00:00Z"))).toBe(-180);
    expect(saoPauloOffsetMinutes(new Date("2027-07-14T12:00:00Z"))).toBe(-180);
  });

  it("was −2 h in the last summer time (2018-11-04 to 2019-02-16)", () => {
    expect(saoPauloOffsetMinutes(new Date("2019-01-15T12:00:00Z"))).toBe(-120);
    expect(saoPauloOffsetMinutes(new Date("2018-11-04T02:59:59Z"))).toBe(-180);
    expect(saoPauloOffsetMinutes(new Date("2018-11-04T03:00:00Z"))).toBe(-120);
    expect(saoPauloOffsetMinutes(new Date("2019-02-17T01:59:59Z"))).toBe(-120);
    expect(saoPauloOffsetMinutes(new Date("2019-02-17T02:00:00Z"))).toBe(-180);
  });
});

describe("saoPauloInstant (São Paulo wall time → instant)", () => {
  it("uses −03:00 today", () => {
    expect(saoPauloInstant("2026-11-25", "18:30").toISOString()).toBe("2026-11-25T21:30:00.000Z");
    expect(saoPauloInstant("2026-11-25").toISOString()).toBe("2026-11-25T03:00:00.000Z");
    expect(saoPauloInstant("2026-11-25", "23:59:59.500").toISOString()).toBe("2026-11-26T02:59:59.500Z");
  });

  it("uses the zone's offset at that instant: −02:00 in the summer of 2019", () => {
    expect(saoPauloInstant("2019-01-15", "10:00").toISOString()).toBe("2019-01-15T12:00:00.000Z");
    // The day summer time began, midnight did not exist: the clocks went from 23:59:59 to 01:00.
    expect(saoPauloInstant("2018-11-03", "23:59").toISOString()).toBe("2018-11-04T02:59:00.000Z");
    expect(saoPauloInstant("2018-11-04", "01:00").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(saoPauloInstant("2018-11-04", "12:00").toISOString()).toBe("2018-11-04T14:00:00.000Z");
    // The day after summer time ended, back at −03:00.
    expect(saoPauloInstant("2019-02-17", "12:00").toISOString()).toBe("2019-02-17T15:00:00.000Z");
  });

  it("a skipped wall time gives the instant an hour later on the new clock", () => {
    expect(saoPauloInstant("2018-11-04", "00:30").toISOString()).toBe("2018-11-04T03:30:00.000Z");
  });

  it("a wall time shown twice (23h on 2019-02-16, first at −02:00, then at −03:00) gives the first", () => {
    expect(saoPauloInstant("2019-02-16", "23:30").toISOString()).toBe("2019-02-17T01:30:00.000Z");
    expect(saoPauloWallTime(new Date("2019-02-17T02:30:00Z"))).toBe(Date.parse("2019-02-16T23:30:00Z"));
  });

  it("text that is no date gives an invalid Date", () => {
    expect(Number.isNaN(saoPauloInstant("amanhã").getTime())).toBe(true);
    expect(Number.isNaN(saoPauloInstant("2026-13-01").getTime())).toBe(true);
    expect(Number.isNaN(instantOfSaoPauloWallTime(NaN))).toBe(true);
  });
});

describe("instant → São Paulo wall time", () => {
  it("reads the date and hour in the zone", () => {
    expect(saoPauloDate(new Date("2026-11-26T02:59:59Z"))).toBe("2026-11-25");
    expect(saoPauloDate(new Date("2026-11-26T03:00:00Z"))).toBe("2026-11-26");
    expect(saoPauloHour(new Date("2026-11-25T21:30:00Z"))).toBe(18);
    expect(saoPauloHour(new Date("2026-11-26T02:59:59Z"))).toBe(23);
    expect(saoPauloHour(new Date("2026-11-26T03:00:00Z"))).toBe(0);
  });

  it("in the summer of 2019 the hour is an hour later than −03:00 would say", () => {
    expect(saoPauloHour(new Date("2019-01-15T12:00:00Z"))).toBe(10);
    expect(saoPauloDate(new Date("2019-01-15T02:30:00Z"))).toBe("2019-01-15");
    expect(formatDateTimeBr("2019-01-15T12:00:00Z")).toBe("15/01/2019, 10:00:00");
  });

  it("wall time and instant round-trip", () => {
    for (const iso of ["2026-11-25T21:30:00Z", "2019-01-15T12:00:00Z", "2018-11-04T03:00:00Z", "2019-02-17T03:00:00Z"]) {
      const instant = new Date(iso);
      expect(instantOfSaoPauloWallTime(saoPauloWallTime(instant))).toBe(instant.getTime());
    }
  });
});
