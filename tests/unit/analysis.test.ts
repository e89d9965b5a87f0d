import { describe, expect, it } from "vitest";

import { analysisMessage, nextProgress } from "~/lib/vocational/analysis";

describe("analysis screen", () => {
  it.each([
    [0, 29, "Analisando padrões de resposta..."],
    [30, 59, "Comparando com perfis de sucesso..."],
    [60, 89, "Identificando cursos ideais..."],
    [90, 100, "Finalizando sua análise vocacional..."],
  ])("shows the spec's message from %i to %i%%: %s", (first, last, message) => {
    expect(analysisMessage(first)).toBe(message);
    expect(analysisMessage(last)).toBe(message);
  });

  it("rises by a random step from 0 to 10 and stops at 100", () => {
    expect(nextProgress(10, () => 0)).toBe(10);
    expect(nextProgress(10, () => 0.999999)).toBe(20);
    expect(nextProgress(10, () => 0.5)).toBe(15);
    expect(nextProgress(95, () => 0.999999)).toBe(100);
    expect(nextProgress(100, () => 0.7)).toBe(100);
  });
});

describe("result countdown", () => {
  it("shows 24:00:00 for a fresh 24 h countdown, ticks down and stops at 00:00:00", async () => {
    const { hoursMinutesSeconds } = await import("~/lib/vocational/result-countdown");
    const now = Date.UTC(2026, 0, 1, 12);
    const end = now + 24 * 3600 * 1000;
    expect(hoursMinutesSeconds(end, now)).toEqual({ hours: "24", minutes: "00", seconds: "00" });
    expect(hoursMinutesSeconds(end, now + 1000)).toEqual({ hours: "23", minutes: "59", seconds: "59" });
    expect(hoursMinutesSeconds(end, end - 61_000)).toEqual({ hours: "00", minutes: "01", seconds: "01" });
    expect(hoursMinutesSeconds(end, end)).toEqual({ hours: "00", minutes: "00", seconds: "00" });
    expect(hoursMinutesSeconds(end, end + 5000)).toEqual({ hours: "00", minutes: "00", seconds: "00" });
  });
});
