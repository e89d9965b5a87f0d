import { describe, expect, it } from "vitest";
import { analysisMessage, nextProgress } from "~/lib/analysis";

describe("analysis screen", () => {
  it("shows the spec's message for each progress band", () => {
    expect(analysisMessage(0)).toBe("Analisando padrões de resposta...");
    expect(analysisMessage(29)).toBe("Analisando padrões de resposta...");
    expect(analysisMessage(30)).toBe("Comparando com perfis de sucesso...");
    expect(analysisMessage(59)).toBe("Comparando com perfis de sucesso...");
    expect(analysisMessage(60)).toBe("Identificando cursos ideais...");
    expect(analysisMessage(89)).toBe("Identificando cursos ideais...");
    expect(analysisMessage(90)).toBe("Finalizando sua análise vocacional...");
    expect(analysisMessage(100)).toBe("Finalizando sua análise vocacional...");
  });

  it("rises by a random step from 0 to 10 and stops at 100", () => {
    expect(nextProgress(10, () => 0)).toBe(10);
    expect(nextProgress(10, () => 0.999999)).toBe(20);
    expect(nextProgress(10, () => 0.5)).toBe(15);
    expect(nextProgress(95, () => 0.999999)).toBe(100);
    expect(nextProgress(100, () => 0.7)).toBe(100);
  });
});
