import { describe, expect, it } from "vitest";
import { formatNumber, formatYears } from "./format";

describe("pt-BR number formatting", () => {
  it("uses the decimal comma and dot-grouped thousands", () => {
    expect(formatNumber(2.5)).toBe("2,5");
    expect(formatNumber(1049.9)).toBe("1.049,9");
    expect(formatNumber(1000)).toBe("1.000");
    expect(formatNumber(4)).toBe("4");
    expect(formatNumber(0.125)).toBe("0,13");
    expect(formatNumber(33.333, 1)).toBe("33,3");
    expect(formatNumber(-1.5)).toBe("-1,5");
  });

  it("writes course durations in years", () => {
    expect(formatYears(2.5)).toBe("2,5 anos");
    expect(formatYears(4)).toBe("4 anos");
    expect(formatYears(1)).toBe("1 ano");
    expect(formatYears(1.5)).toBe("1,5 anos");
  });
});
