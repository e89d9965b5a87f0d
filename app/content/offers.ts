/**
 * The flash campaign's offers (spec 01, section 9): the six modality cards of 'Modalidades e
 * Descontos' and the four regular-price cards of 'AGORA EU POSSO'. Every discount is a campaign
 * scholarship plus the 10% punctuality discount. Change a price or a percentage here; the campaign
 * page and /bolsas read this file.
 */

export type ModalityOffer = {
  title: string;
  /** First monthly payment, as shown. */
  firstPayment: string;
  /** The headline discount, as shown. */
  discount: string;
  details: string;
  /** The highlighted card carries the 'MAIS POPULAR' ribbon. */
  highlight: boolean;
  /** Campaign scholarship (%), without the punctuality discount. */
  scholarshipPercent: number;
};

export type PriceCard = {
  title: string;
  firstPayment: string;
  remainingPrice: string;
};

/** The extra discount for paying each monthly fee by its due date. */
export const PUNCTUALITY_PERCENT = 10;

/** The headline scholarship of the campaign ('Até 70% de desconto!'). */
export const MAX_SCHOLARSHIP_PERCENT = 70;

/** The closing call to action's figure ('até 60% de desconto'). */
export const CLOSING_DISCOUNT_PERCENT = 60;

/** Spec 01: the modality discounts are stated as valid until this day (dd/mm). */
export const OFFERS_VALID_UNTIL = "14/04";

/** The ribbon of the highlighted offer. */
export const HIGHLIGHT_RIBBON = "MAIS POPULAR";

/** The note under the regular prices. */
export const PRICES_NOTE = "*CURSOS SELECIONADOS";

function offer(title: string, firstPayment: string, scholarshipPercent: number, details: string, highlight = false): ModalityOffer {
  const total = scholarshipPercent + PUNCTUALITY_PERCENT;
  return {
    title,
    firstPayment,
    discount: `Até ${total}% de desconto`,
    details: `${scholarshipPercent}% de bolsa da campanha + ${PUNCTUALITY_PERCENT}% de pontualidade. ${details}`,
    highlight,
    scholarshipPercent,
  };
}

export const modalityOffers: ModalityOffer[] = [
  offer("Graduação", "R$ 19,90", 50, "Bacharelados, licenciaturas e tecnólogos EAD."),
  offer("Híbridos B.E. e P.T.", "R$ 29,90", 35, "Condição especial para os cursos híbridos B.E. e P.T."),
  offer("Demais híbridos", "R$ 39,90", 35, "Todos os outros cursos híbridos, com aulas práticas no polo."),
  offer("Pós-graduação", "R$ 19,90", 40, "Especializações e MBAs 100% on-line."),
  offer("Profissionalizante", "R$ 19,90", 40, "Cursos rápidos para entrar no mercado de trabalho.", true),
  offer("Técnicos", "R$ 19,90", 30, "Cursos técnicos com certificado reconhecido."),
];

export const regularPrices: PriceCard[] = [
  { title: "Graduação", firstPayment: "R$ 79,90", remainingPrice: "a partir de R$ 149,00" },
  { title: "Profissionalizantes", firstPayment: "R$ 49,90", remainingPrice: "R$ 69,90" },
  { title: "Técnicos", firstPayment: "R$ 59,90", remainingPrice: "R$ 89,90" },
  { title: "Pós-graduação", firstPayment: "R$ 49,90", remainingPrice: "R$ 79,90" },
];

/** Total discount (%) of an offer: scholarship plus punctuality. */
export function totalDiscountPercent(offer: Pick<ModalityOffer, "scholarshipPercent">): number {
  return offer.scholarshipPercent + PUNCTUALITY_PERCENT;
}

/** 'R$ 149,00' → 149; 'a partir de R$ 1.049,90' → 1049.9; no price → NaN. */
export function parseReais(text: string): number {
  const match = text.match(/R\$\s*([\d.]+,\d{2}|[\d.]+)/);
  if (!match) return Number.NaN;
  return Number(match[1].replace(/\./g, "").replace(",", "."));
}

/** A value in reais as 'R$ 1.234,56'. */
export function formatReais(value: number): string {
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value).replace(/\u00a0/g, " ");
}

/** A monthly fee after a percentage discount (percentages add up: 50% + 10% = 60% off), rounded to cents. */
export function discountedFee(fee: number, percent: number): number {
  return Math.round(fee * (100 - percent)) / 100;
}
