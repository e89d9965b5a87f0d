import { describe, expect, it } from "vitest";

import { deadlineText, resultOfferNote } from "~/features/vocational/result-countdown-time";

describe("the result pages' sentence above the countdown", () => {
  it("names the campaign's end in São Paulo time, to the minute", () => {
    // 02:59 UTC on 10 December is 23:59 of the 9th in São Paulo (UTC−3).
    expect(deadlineText(Date.UTC(2026, 11, 10, 2, 59, 30))).toBe("09/12/2026, às 23h59");
    expect(deadlineText(Date.UTC(2026, 0, 5, 12, 5))).toBe("05/01/2026, às 09h05");
  });

  it("says until when the offer holds, the countdown's own end, and never a personal 24 hours", () => {
    const note = resultOfferNote(Date.UTC(2026, 11, 10, 2, 59));
    expect(note).toContain("vale até 09/12/2026, às 23h59 (horário de Brasília)");
    expect(note).not.toMatch(/24 horas/);
  });

  it("has no deadline to state when no campaign runs", () => {
    expect(resultOfferNote(null)).toBe("Fale com um consultor e comece a estudar.");
  });
});
