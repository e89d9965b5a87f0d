import { describe, expect, it } from "vitest";

import { maskPhone, normalizePhone, PHONE_PATTERN } from "~/shared/phone";

describe("normalizePhone", () => {
  it.each([
    ["31999998888", "(31)99999-8888"],
    ["31 99999-8888", "(31)99999-8888"],
    ["(31) 99999-8888", "(31)99999-8888"],
    ["(31)99999-8888", "(31)99999-8888"],
    [" 31 9 9999 8888 ", "(31)99999-8888"],
    ["31.99999.8888", "(31)99999-8888"],
    ["+55 31 99999-8888", "(31)99999-8888"],
    ["5531999998888", "(31)99999-8888"],
    ["031 99999-8888", "(31)99999-8888"],
    ["(11) 91234-5678", "(11)91234-5678"],
  ])("accepts %j as %j", (input, expected) => {
    const result = normalizePhone(input);
    expect(result).toBe(expected);
    expect(result).toMatch(PHONE_PATTERN);
  });

  it.each([
    [""],
    ["   "],
    ["3199999888"], // 10 digits
    ["319999988889"], // 12 digits
    ["9999-8888"],
    ["(01)99999-8888"], // no DDD has a 0
    ["(30)99999-8888"],
    ["31 9999x-8888"],
    ["telefone"],
    ["31999998888 ramal 2"],
  ])("rejects %j", (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it("rejects what is not a string", () => {
    expect(normalizePhone(undefined)).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });
});

describe("maskPhone", () => {
  it.each([
    ["", ""],
    ["3", "(3"],
    ["31", "(31"],
    ["319", "(31)9"],
    ["3199999", "(31)99999"],
    ["31999998", "(31)99999-8"],
    ["31999998888", "(31)99999-8888"],
    ["(31) 99999-8888", "(31)99999-8888"],
    ["abc31def9", "(31)9"],
  ])("masks %j as %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it("keeps at most 11 digits", () => {
    expect(maskPhone("319999988887777")).toBe("(31)99999-8888");
  });

  it("drops a pasted +55 country code", () => {
    expect(maskPhone("+55 (31) 99999-8888")).toBe("(31)99999-8888");
  });

  it("is idempotent on its own output", () => {
    for (const typed of ["3", "319", "31999998", "31999998888"]) {
      expect(maskPhone(maskPhone(typed))).toBe(maskPhone(typed));
    }
  });
});
