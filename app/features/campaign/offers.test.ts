import { describe, expect, it } from "vitest";

import {
  discountedFee,
  HIGHLIGHT_RIBBON,
  modalityOffers,
  regularPrices,
  remainingPriceText,
  totalDiscountPercent,
} from "~/features/campaign/offers.seed";
import { formatReais } from "~/shared/format";

describe("campaign offers", () => {
  it("has the six modality offers with the spec's first payments and discounts", () => {
    expect(modalityOffers.map((o) => [o.title, formatReais(o.firstPayment), o.discount, o.scholarshipPercent])).toEqual([
      ["Graduação", "R$ 19,90", "Até 60% de desconto", 50],
      ["Semipresenciais B.E. e P.T.", "R$ 29,90", "Até 45% de desconto", 35],
      ["Demais semipresenciais", "R$ 39,90", "Até 45% de desconto", 35],
      ["Pós-graduação", "R$ 19,90", "Até 50% de desconto", 40],
      ["Profissionalizante", "R$ 19,90", "Até 50% de desconto", 40],
      ["Técnicos", "R$ 19,90", "Até 40% de desconto", 30],
    ]);
    expect(modalityOffers.filter((o) => o.highlight).map((o) => o.title)).toEqual(["Profissionalizante"]);
    expect(HIGHLIGHT_RIBBON).toBe("MAIS POPULAR");
    expect(modalityOffers.every((o) => o.details.includes("+ 10% de pontualidade"))).toBe(true);
  });
  it("has the four regular prices, as the cards show them", () => {
    const shown = regularPrices.map((p) => ({
      title: p.title,
      firstPayment: formatReais(p.firstPayment),
      remainingPrice: remainingPriceText(p),
    }));
    expect(shown).toEqual([
      { title: "Graduação", firstPayment: "R$ 79,90", remainingPrice: "a partir de R$ 149,00" },
      { title: "Profissionalizantes", firstPayment: "R$ 49,90", remainingPrice: "R$ 69,90" },
      { title: "Técnicos", firstPayment: "R$ 59,90", remainingPrice: "R$ 89,90" },
      { title: "Pós-graduação", firstPayment: "R$ 49,90", remainingPrice: "R$ 79,90" },
    ]);
  });
});

describe("price helpers", () => {
  it("adds the punctuality discount to the scholarship", () => {
    expect(totalDiscountPercent({ scholarshipPercent: 50 })).toBe(60);
    expect(discountedFee(149, 50)).toBe(74.5);
    expect(discountedFee(149, 60)).toBe(59.6);
    expect(discountedFee(79.9, 60)).toBe(31.96);
  });
});
