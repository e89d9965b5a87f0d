import { describe, expect, it } from "vitest";

import { endSentence } from "~/shared/text";

describe("sentences that end with the company name", () => {
  it("a legal name that ends with a dot gets no second full stop", () => {
    expect(endSentence("O site é mantido pela Empresa Educacional Exemplo Ltda.")).toBe(
      "O site é mantido pela Empresa Educacional Exemplo Ltda.",
    );
  });

  it("a legal name without a dot gets one full stop", () => {
    expect(endSentence("O site é mantido pela Exemplo S/A")).toBe("O site é mantido pela Exemplo S/A.");
    expect(endSentence("mantido pela Exemplo Ltda, CNPJ 00.000.000/0001-00")).toBe(
      "mantido pela Exemplo Ltda, CNPJ 00.000.000/0001-00.",
    );
  });

  it("a sentence ending in a question or exclamation mark keeps it", () => {
    expect(endSentence("Dúvidas?")).toBe("Dúvidas?");
    expect(endSentence("Bem-vindo!")).toBe("Bem-vindo!");
  });
});
