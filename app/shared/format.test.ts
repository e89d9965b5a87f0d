import { describe, expect, it } from "vitest";

import { elapsedText, formatNumber, formatReais, formatYears } from "./format";

describe("pt-BR number formatting", () => {
  it("uses the decimal comma and dot-grouped thousands", () => {
    const values = [2.5, 1049.9, 1000, 4, 0.125, -1.5];
    expect(values.map((value) => formatNumber(value))).toEqual(["2,5", "1.049,9", "1.000", "4", "0,13", "-1,5"]);
    expect(formatNumber(33.333, 1)).toBe("33,3");
  });

  it("writes course durations in years", () => {
    expect(formatYears(2.5)).toBe("2,5 anos");
    expect(formatYears(4)).toBe("4 anos");
    expect(formatYears(1)).toBe("1 ano");
    expect(formatYears(1.5)).toBe("1,5 anos");
  });

  it("writes money in reais with cents and a plain space after R$", () => {
    const values = [19.9, 149, 59.6, 31.96, 1049.9, 0];
    expect(values.map(formatReais)).toEqual(["R$ 19,90", "R$ 149,00", "R$ 59,60", "R$ 31,96", "R$ 1.049,90", "R$ 0,00"]);
    expect(formatReais(19.9)).not.toContain("\u00a0");
  });
});

describe("elapsedText", () => {
  it("says a wait in minutes, hours and minutes, or days", () => {
    expect([0.4, 3, 59.9, 60, 125, 47 * 60 + 59, 72 * 60].map(elapsedText)).toEqual([
      "menos de 1 min",
      "3 min",
      "59 min",
      "1 h",
      "2 h 5 min",
      "47 h 59 min",
      "3 dias",
    ]);
  });
});
