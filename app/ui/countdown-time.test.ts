import { describe, expect, it } from "vitest";

import { countdownUnits, describeTimeLeft, isOver, pad2, timeLeft } from "./countdown-time";

describe("timeLeft", () => {
  const target = new Date("2024-10-15T23:59:59-03:00");

  it("splits the remaining time into days, hours, minutes and seconds", () => {
    const now = new Date(target.getTime() - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 - 300);
    expect(timeLeft(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it("is all zeros at and after the target, and for an invalid date", () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(timeLeft(target, target)).toEqual(zero);
    expect(timeLeft(target, new Date("2030-01-01T00:00:00Z"))).toEqual(zero);
    expect(timeLeft(new Date("garbage"), new Date())).toEqual(zero);
    expect(isOver(target, new Date("2030-01-01T00:00:00Z"))).toBe(true);
    expect(isOver(target, new Date("2024-10-01T00:00:00Z"))).toBe(false);
  });
});

describe("pad2 and units", () => {
  it("pads to two digits", () => {
    expect([0, 7, 59, 123, -4].map(pad2)).toEqual(["00", "07", "59", "123", "00"]);
  });

  it("labels Dias, Horas, Min, Seg", () => {
    const units = countdownUnits({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(units.map((u) => `${u.value} ${u.label}`)).toEqual(["01 Dias", "02 Horas", "03 Min", "04 Seg"]);
    expect(describeTimeLeft({ days: 1, hours: 2, minutes: 1, seconds: 0 })).toBe("1 dia, 2 horas, 1 minuto e 0 segundos");
  });
});
