import { describe, expect, it } from "vitest";

import { placeholderProblem, placeholdersIn, renderPlaceholders } from "../../app/lib/placeholders";

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
