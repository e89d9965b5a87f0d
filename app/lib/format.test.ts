import { describe, expect, it } from "vitest";

import { formatNumber, formatReais, formatYears } from "./format";

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

  it("writes money in reais with cents and a plain space after R$", () => {
    expect(formatReais(19.9)).toBe("R$ 19,90");
    expect(formatReais(149)).toBe("R$ 149,00");
    expect(formatReais(59.6)).toBe("R$ 59,60");
    expect(formatReais(31.96)).toBe("R$ 31,96");
    expect(formatReais(1049.9)).toBe("R$ 1.049,90");
    expect(formatReais(0)).toBe("R$ 0,00");
    expect(formatReais(19.9)).not.toContain("\u00a0");
  });
});
