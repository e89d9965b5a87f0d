/**
 * The flash campaign's offers: the six modality cards of 'Modalidades e
 * Descontos' and the four regular-price cards of 'AGORA EU POSSO'. Every discount is a campaign
 * scholarship plus the 10% punctuality discount. This is the seed of the content store's campaign
 * (app/features/campaign/campaign.server.ts): the pages read the store, edited in the studio. Prices are numbers in reais, written on the pages by formatReais
 * so that every price reads the same way ('R$ 19,90').
 */

// Relative: the catalogue (courses.ts), which Playwright imports without the "~" alias, reads the prices.
import type { CourseLevel } from "~/features/courses/course-offer";
import type { OfferFormat } from "~/features/courses/offer-formats";
import { formatReais } from "~/shared/format";

export type ModalityOffer = {
  title: string;
  /** First monthly payment, in reais. */
  firstPayment: number;
  /** The headline discount, as shown. */
  discount: string;
  details: string;
  /** The highlighted card carries the 'MAIS POPULAR' ribbon. */
  highlight: boolean;
  /** Campaign scholarship (%), without the punctuality discount. */
  scholarshipPercent: number;
  /** The course levels the card covers. */
  levels: CourseLevel[];
  /** The formats it covers; empty: every format of its levels. */
  formats: OfferFormat[];
};

export type PriceCard = {
  title: string;
  /** First monthly payment, in reais. */
  firstPayment: number;
  /** Every later monthly payment, in reais. */
  remainingPrice: number;
  /** The later payments depend on the course and this is the lowest ('a partir de R$ 149,00'). */
  remainingFrom?: boolean;
};

/** The extra discount for paying each monthly fee by its due date. */
export const PUNCTUALITY_PERCENT = 10;

/** The largest scholarship, in selected courses such as Educação Física ('Bolsas de até 70%' on /bolsas): not a campaign offer. */
export const MAX_SCHOLARSHIP_PERCENT = 70;

/** The old closing text's figure ('até 60% de desconto'); the seed writes the best offer's discount in its place. */
export const CLOSING_DISCOUNT_PERCENT = 60;

/** The ribbon of the highlighted offer. */
export const HIGHLIGHT_RIBBON = "MAIS POPULAR";

/** The note under the regular prices. */
export const PRICES_NOTE = "*CURSOS SELECIONADOS";

function offer(
  title: string,
  firstPayment: number,
  scholarshipPercent: number,
  details: string,
  covers: { levels: CourseLevel[]; formats: OfferFormat[] },
  highlight = false,
): ModalityOffer {
  const total = scholarshipPercent + PUNCTUALITY_PERCENT;
  return {
    title,
    firstPayment,
    discount: `Até ${total}% de desconto`,
    details: `${scholarshipPercent}% de bolsa da campanha + ${PUNCTUALITY_PERCENT}% de pontualidade. ${details}`,
    highlight,
    scholarshipPercent,
    ...covers,
  };
}

export const modalityOffers: ModalityOffer[] = [
  offer("Graduação", 19.9, 50, "Bacharelados, licenciaturas e tecnólogos EAD.", { levels: ["Graduação"], formats: ["EAD"] }),
  offer("Semipresenciais B.E. e P.T.", 29.9, 35, "Condição especial para os cursos semipresenciais B.E. e P.T.", {
    levels: ["Graduação"],
    formats: ["Semipresencial"],
  }),
  offer("Demais semipresenciais", 39.9, 35, "Todos os outros cursos semipresenciais, com aulas práticas no polo.", {
    levels: ["Graduação"],
    formats: ["Semipresencial"],
  }),
  offer("Pós-graduação", 19.9, 40, "Especializações e MBAs 100% on-line.", { levels: ["Pós-graduação"], formats: [] }),
  offer(
    "Profissionalizante",
    19.9,
    40,
    "Cursos rápidos para entrar no mercado de trabalho.",
    { levels: ["Profissionalizante"], formats: [] },
    true,
  ),
  offer("Técnicos", 19.9, 30, "Cursos técnicos com certificado reconhecido.", { levels: ["Técnico"], formats: [] }),
];

export const regularPrices: PriceCard[] = [
  { title: "Graduação", firstPayment: 79.9, remainingPrice: 149, remainingFrom: true },
  { title: "Profissionalizantes", firstPayment: 49.9, remainingPrice: 69.9 },
  { title: "Técnicos", firstPayment: 59.9, remainingPrice: 89.9 },
  { title: "Pós-graduação", firstPayment: 49.9, remainingPrice: 79.9 },
];

/** The later monthly payments as a price card shows them: 'R$ 69,90' or 'a partir de R$ 149,00'. */
export function remainingPriceText(price: PriceCard): string {
  return `${price.remainingFrom ? "a partir de " : ""}${formatReais(price.remainingPrice)}`;
}

/** Total discount (%) of an offer: scholarship plus punctuality. */
export function totalDiscountPercent(offer: Pick<ModalityOffer, "scholarshipPercent">): number {
  return offer.scholarshipPercent + PUNCTUALITY_PERCENT;
}

/** A monthly fee after a percentage discount (percentages add up: 50% + 10% = 60% off), rounded to cents. */
export function discountedFee(fee: number, percent: number): number {
  return Math.round(fee * (100 - percent)) / 100;
}
