import { describe, expect, it } from "vitest";
import {
  discountedFee,
  formatReais,
  HIGHLIGHT_RIBBON,
  modalityOffers,
  parseReais,
  regularPrices,
  totalDiscountPercent,
} from "~/content/offers";

describe("campaign offers (spec 01, section 9)", () => {
  it("has the six modality offers with the spec's first payments and discounts", () => {
    expect(modalityOffers.map((o) => [o.title, o.firstPayment, o.discount, o.scholarshipPercent])).toEqual([
      ["Graduação", "R$ 19,90", "Até 60% de desconto", 50],
      ["Híbridos B.E. e P.T.", "R$ 29,90", "Até 45% de desconto", 35],
      ["Demais híbridos", "R$ 39,90", "Até 45% de desconto", 35],
      ["Pós-graduação", "R$ 19,90", "Até 50% de desconto", 40],
      ["Profissionalizante", "R$ 19,90", "Até 50% de desconto", 40],
      ["Técnicos", "R$ 19,90", "Até 40% de desconto", 30],
    ]);
    expect(modalityOffers.filter((o) => o.highlight).map((o) => o.title)).toEqual(["Profissionalizante"]);
    expect(HIGHLIGHT_RIBBON).toBe("MAIS POPULAR");
    expect(modalityOffers.every((o) => o.details.includes("+ 10% de pontualidade"))).toBe(true);
  });
  it("has the four regular prices", () => {
    expect(regularPrices).toEqual([
      { title: "Graduação", firstPayment: "R$ 79,90", remainingPrice: "a partir de R$ 149,00" },
      { title: "Profissionalizantes", firstPayment: "R$ 49,90", remainingPrice: "R$ 69,90" },
      { title: "Técnicos", firstPayment: "R$ 59,90", remainingPrice: "R$ 89,90" },
      { title: "Pós-graduação", firstPayment: "R$ 49,90", remainingPrice: "R$ 79,90" },
    ]);
  });
});

describe("price helpers", () => {
  it("reads prices written in reais", () => {
    expect(parseReais("R$ 149,00")).toBe(149);
    expect(parseReais("a partir de R$ 1.049,90")).toBe(1049.9);
    expect(parseReais("grátis")).toBeNaN();
  });
  it("adds the punctuality discount to the scholarship", () => {
    expect(totalDiscountPercent({ scholarshipPercent: 50 })).toBe(60);
    expect(discountedFee(149, 50)).toBe(74.5);
    expect(discountedFee(149, 60)).toBe(59.6);
    expect(discountedFee(79.9, 60)).toBe(31.96);
  });
  it("formats reais the Brazilian way", () => {
    expect(formatReais(59.6)).toBe("R$ 59,60");
    expect(formatReais(1049.9)).toBe("R$ 1.049,90");
  });
});
