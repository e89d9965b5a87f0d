import { describe, expect, it } from "vitest";

import { analysisMessage, nextProgress } from "~/features/vocational/analysis";

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
  it("counts in the campaign page's units: days and hours, never 133 hours", async () => {
    const { resultCountdownUnits } = await import("~/features/vocational/result-countdown-time");
    const values = (target: number, now: number) =>
      Object.fromEntries(resultCountdownUnits(target, now).map((unit) => [unit.label, unit.value]));
    const now = Date.UTC(2026, 0, 1, 12);
    const end = now + 133 * 3600 * 1000;
    expect(values(end, now)).toEqual({ Dias: "05", Horas: "13", Min: "00", Seg: "00" });
    expect(values(end, now + 1000)).toEqual({ Dias: "05", Horas: "12", Min: "59", Seg: "59" });
    expect(values(end, end - 61_000)).toEqual({ Dias: "00", Horas: "00", Min: "01", Seg: "01" });
    expect(values(end, end + 5000)).toEqual({ Dias: "00", Horas: "00", Min: "00", Seg: "00" });
  });
});
