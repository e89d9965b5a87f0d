import { describe, expect, it } from "vitest";

import { fillBySentence, placeholderProblem, placeholdersIn, renderPlaceholders } from "./placeholders";

describe("the studio's placeholders (decision 081)", () => {
  const values = { bolsa: "37%", polos: "123", campanha: "Semana Azul", marca: "Instituto Teste Ômega" };

  it("fills every placeholder a text uses, as often as it appears", () => {
    expect(renderPlaceholders("{campanha}: bolsa de até {bolsa}, {bolsa} em {polos} polos", values)).toBe(
      "Semana Azul: bolsa de até 37%, 37% em 123 polos",
    );
    expect(renderPlaceholders("Sem campos", {})).toBe("Sem campos");
  });

  it("gives no text when a placeholder has no value now (never 'até 0%' or 'até %')", () => {
    expect(renderPlaceholders("bolsa de até {bolsa}", { ...values, bolsa: "" })).toBeNull();
    expect(renderPlaceholders("{cursos} cursos", values)).toBeNull();
  });

  it("fills {primeira_mensalidade}, and leaves out only the sentence it cannot fill", () => {
    const text = "A bolsa chega a até {bolsa}. A primeira mensalidade começa em {primeira_mensalidade}. Fale com um consultor.";
    expect(renderPlaceholders("a partir de {primeira_mensalidade}", { primeira_mensalidade: "R$ 23,45" })).toBe(
      "a partir de R$ 23,45",
    );
    expect(fillBySentence(text, (sentence) => renderPlaceholders(sentence, { ...values, primeira_mensalidade: "" }))).toBe(
      "A bolsa chega a até 37%. Fale com um consultor.",
    );
    expect(fillBySentence(text, (sentence) => renderPlaceholders(sentence, { ...values, primeira_mensalidade: "R$ 9,99" }))).toBe(
      "A bolsa chega a até 37%. A primeira mensalidade começa em R$ 9,99. Fale com um consultor.",
    );
    expect(fillBySentence("Só {primeira_mensalidade}.", (sentence) => renderPlaceholders(sentence, {}))).toBeNull();
    expect(placeholderProblem("a partir de {primeira_mensalidade}")).toBeNull();
  });

  it("refuses an unknown placeholder, naming it and the known ones", () => {
    expect(placeholderProblem("bolsa de até {desconto}")).toMatch(/^\{desconto\} não é um campo conhecido\. Use \{bolsa\}/);
    expect(placeholderProblem("{}")).toMatch(/^\{\} não é um campo conhecido/);
    expect(placeholderProblem("{Bolsa}")).toMatch(/não é um campo conhecido/);
  });

  it("refuses unbalanced or nested braces", () => {
    for (const text of ["bolsa de até {bolsa", "bolsa}", "{{bolsa}}", "}{bolsa}{"]) {
      expect(placeholderProblem(text), text).toBe("Chaves sem par: cada { precisa de um } (ex.: {bolsa})");
    }
  });

  it("accepts texts with known placeholders or none", () => {
    expect(
      placeholderProblem("{campanha}: até {bolsa} em {polos} polos, {cursos} cursos, {marca}, {bolsa_selecionados}"),
    ).toBeNull();
    expect(placeholderProblem("Texto simples, 100% on-line")).toBeNull();
    expect(placeholdersIn("{a} e {bolsa}")).toEqual(["a", "bolsa"]);
  });
});
