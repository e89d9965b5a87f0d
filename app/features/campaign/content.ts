import { z } from "zod";

import { COURSE_LEVELS, type CourseLevel } from "~/features/courses/course-offer";
import { OFFER_FORMATS, type OfferFormat } from "~/features/courses/offer-formats";
import { optionalIsoDate, percentField, priceReais, requiredText } from "~/features/studio/fields";
import { formatDateBr, saoPauloDate } from "~/shared/dates";
import { formatReais } from "~/shared/format";
import { normalizeText } from "~/shared/text";

import { type CampaignDeadline, parseCampaignEnd, rollingDeadline } from "./campaign";
import { MAX_SCHOLARSHIP_PERCENT, PUNCTUALITY_PERCENT, remainingPriceText } from "./offers.seed";

/**
 * The flash campaign (studio page "Campanha"): title, headline percentage, end (a date or the
 * rolling 5-day window), closing text, the six offer cards and the four price cards. The rules
 * that keep it honest (no headline above the offers, no expired date shown as current) are pure
 * functions of the document and a `now`, shared by the form, the server and the public pages.
 */

/** Check boxes that send one list (`name[0]`, `name[1]`… with gaps): the ticked values, none when none is ticked. */
function ticked<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (value) =>
      value === undefined || value === null || value === ""
        ? []
        : (Array.isArray(value) ? value : [value]).filter((item) => typeof item === "string" && item !== ""),
    z.array(z.enum(values, { error: message })),
  );
}

/** A card's validity: "" means "while the campaign lasts" (offers) or "no end" (prices). */
export const offerCardSchema = z.object({
  title: requiredText(60),
  /** First monthly payment, in reais. */
  firstPayment: priceReais,
  /** Campaign scholarship (%), without the punctuality discount. */
  scholarshipPercent: percentField(0, 90),
  details: requiredText(240),
  /** The highlighted card carries the 'MAIS POPULAR' ribbon. */
  highlight: z
    .boolean()
    .optional()
    .transform((value) => value ?? false),
  validUntil: optionalIsoDate,
  /** The levels the card covers; none ticked: the level its title names ("Pós-graduação", "Técnicos"). */
  levels: ticked(COURSE_LEVELS, "Escolha um nível da lista"),
  /** The formats (Decreto 12.456/2025) the card covers; none ticked: every format of its levels. */
  formats: ticked(OFFER_FORMATS, "Escolha um formato da lista"),
});

export const priceCardSchema = z.object({
  title: requiredText(60),
  firstPayment: priceReais,
  remainingPrice: priceReais,
  /** The later payments depend on the course and this is the lowest ('a partir de R$ 149,00'). */
  remainingFrom: z
    .boolean()
    .optional()
    .transform((value) => value ?? false),
  validUntil: optionalIsoDate,
});

/** "ended": the studio's "Encerrar agora"; the campaign stays over until another end is chosen. */
export const CAMPAIGN_END_MODES = ["rolling", "date", "ended"] as const;
/** The most offer cards a campaign may have. */
export const MAX_OFFER_CARDS = 12;
/** The campaign texts the site renders with placeholders ({bolsa}…); the studio refuses braces elsewhere. */
export const CAMPAIGN_PLACEHOLDER_FIELDS = ["closingTitle", "closingText"] as const;
export const END_DATE_REQUIRED = "Informe a data de término ou escolha a janela de 5 dias";

/** The fields as the studio's form must send them (every one required). */
const campaignFields = z.object({
  title: requiredText(80),
  /** "Até X% de desconto!" */
  headlinePercent: percentField(1, 100),
  /** "rolling": ends 5 days ahead and starts again; "date": ends on endDate at 23:59:59 (São Paulo); "ended": over now. */
  endMode: z.enum(CAMPAIGN_END_MODES, { error: "Escolha como a campanha termina" }),
  endDate: optionalIsoDate,
  closingTitle: requiredText(80),
  closingText: requiredText(400),
  offers: z
    .array(offerCardSchema)
    .min(1, "A campanha tem ao menos um cartão de oferta")
    .max(MAX_OFFER_CARDS, `A campanha tem no máximo ${MAX_OFFER_CARDS} cartões de oferta`),
  prices: z.array(priceCardSchema).length(4, "A campanha tem quatro cartões de preço"),
  /**
   * The scholarship of selected courses such as Educação Física, without the punctuality discount:
   * not a campaign offer, so no offer bounds it. "Bolsas de até X%" on /bolsas, /inscricao, the
   * vocational test and the Educação Física course cards (the root loader's site.claims.selectedBolsa).
   */
  selectedCoursesPercent: percentField(1, 100),
});

function endDateGiven(campaign: { endMode: string; endDate: string }, ctx: z.RefinementCtx) {
  if (campaign.endMode === "date" && !campaign.endDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: END_DATE_REQUIRED });
  }
}

/**
 * The stored document. A campaign saved before the selected courses' scholarship was a field reads
 * with the seed's figure (MAX_SCHOLARSHIP_PERCENT), instead of being unreadable.
 */
export const campaignSchema = campaignFields
  .extend({ selectedCoursesPercent: campaignFields.shape.selectedCoursesPercent.default(MAX_SCHOLARSHIP_PERCENT) })
  .superRefine(endDateGiven);

export type Campaign = z.infer<typeof campaignSchema>;
export type OfferCard = z.infer<typeof offerCardSchema>;
export type PriceCard = z.infer<typeof priceCardSchema>;

/** Total discount (%) of an offer: campaign scholarship plus the fixed punctuality discount (app/features/campaign/offers.seed.ts). */
export function offerDiscount(offer: Pick<OfferCard, "scholarshipPercent">): number {
  return offer.scholarshipPercent + PUNCTUALITY_PERCENT;
}

/** The headline as shown: "Até 60% de desconto!". */
export function headlineText(percent: number): string {
  return `Até ${percent}% de desconto!`;
}

/** A card's badge: "Até 60% de desconto". */
export function offerDiscountText(offer: OfferCard): string {
  return `Até ${offerDiscount(offer)}% de desconto`;
}

/** A card's text: "50% de bolsa da campanha + 10% de pontualidade. …". */
export function offerDetailsText(offer: OfferCard): string {
  return `${offer.scholarshipPercent}% de bolsa da campanha + ${PUNCTUALITY_PERCENT}% de pontualidade. ${offer.details}`;
}

/** A validity date (AAAA-MM-DD) has passed once its São Paulo day is over. */
export function datePassed(date: string, now: Date): boolean {
  return date !== "" && date < saoPauloDate(now);
}

/**
 * The campaign's deadline at `now`: its end date at 23:59:59 São Paulo time, or the rolling window
 * (today plus 5 days). `ended` is true once a fixed end date has passed: then no countdown and no
 * offer is shown as current.
 */
export function deadlineOf(campaign: Pick<Campaign, "endMode" | "endDate">, now: Date): CampaignDeadline & { ended: boolean } {
  if (campaign.endMode === "ended") return { endsAt: now.toISOString(), rolling: false, ended: true };
  const fixed = campaign.endMode === "date" ? parseCampaignEnd(campaign.endDate) : null;
  if (fixed) return { endsAt: fixed.toISOString(), rolling: false, ended: fixed.getTime() <= now.getTime() };
  return { endsAt: rollingDeadline(now).toISOString(), rolling: true, ended: false };
}

/** Offer cards visitors may see at `now`: none once the campaign ended, otherwise those whose own date has not passed. */
export function activeOfferCards(campaign: Campaign, now: Date): OfferCard[] {
  if (deadlineOf(campaign, now).ended) return [];
  return campaign.offers.filter((offer) => !datePassed(offer.validUntil, now));
}

/** Price cards visitors may see at `now` (a passed validity date hides the card). */
export function activePriceCards(campaign: Campaign, now: Date): PriceCard[] {
  return campaign.prices.filter((price) => !datePassed(price.validUntil, now));
}

/** The largest total discount among the offers active at `now` (0 when none is). */
export function largestDiscountOf(campaign: Campaign, now: Date): number {
  return Math.max(0, ...activeOfferCards(campaign, now).map((offer) => offerDiscount(offer)));
}

/** Which level a card's title sells ("Pós-graduação", "Técnicos", …); null when it names none. */
export function levelOfTitle(title: string): CourseLevel | null {
  const text = normalizeText(title);
  if (text.includes("pos")) return "Pós-graduação";
  if (text.includes("tecnic")) return "Técnico";
  if (text.includes("profissionalizante")) return "Profissionalizante";
  if (text.includes("graduacao")) return "Graduação";
  return null;
}

/** The levels a card covers: the ticked ones, else the one its title names. */
export function levelsOf(offer: Pick<OfferCard, "title" | "levels">): CourseLevel[] {
  if (offer.levels.length > 0) return offer.levels;
  const level = levelOfTitle(offer.title);
  return level ? [level] : [];
}

/** Whether a card applies to a course of `level` in `format` (a card with no format ticked covers them all). */
export function offerCovers(
  offer: Pick<OfferCard, "title" | "levels" | "formats">,
  course: { level: CourseLevel; format: OfferFormat },
): boolean {
  return levelsOf(offer).includes(course.level) && (offer.formats.length === 0 || offer.formats.includes(course.format));
}

/**
 * The offer card that applies to a course at `now`: among the active cards covering its level and
 * format, the one with the largest discount; null when none covers it (the page then states no bolsa).
 */
export function offerCardFor(
  campaign: Campaign,
  course: { level: CourseLevel; format: OfferFormat },
  now: Date,
): OfferCard | null {
  const covering = activeOfferCards(campaign, now).filter((offer) => offerCovers(offer, course));
  return covering.reduce<OfferCard | null>(
    (best, offer) => (best && offerDiscount(best) >= offerDiscount(offer) ? best : offer),
    null,
  );
}

/**
 * The lowest first monthly payment among the offers active at `now`, as the site writes money
 * ("R$ 19,90"): the `{primeira_mensalidade}` placeholder. "" when no offer is active (no campaign
 * running): a text quoting the campaign's first payment is then not shown.
 */
export function lowestFirstPaymentOf(campaign: Campaign, now: Date): string {
  const payments = activeOfferCards(campaign, now).map((offer) => offer.firstPayment);
  return payments.length > 0 ? formatReais(Math.min(...payments)) : "";
}

/** Every "até N%" a text promises. */
export function promisedPercents(text: string): number[] {
  return [...text.matchAll(/até\s+(\d{1,3})\s?%/gi)].map((match) => Number(match[1]));
}

/** A problem of the document, with the field it belongs to (conform's path) and its pt-BR message. */
export type CampaignProblem = { path: (string | number)[]; message: string };

/**
 * What would make the campaign tell visitors something untrue at `now`: the rules checked when
 * saving (messages next to the field) and listed as warnings on the studio's first page.
 */
export function campaignProblems(campaign: Campaign, now: Date): CampaignProblem[] {
  const problems: CampaignProblem[] = [];
  const deadline = deadlineOf(campaign, now);
  const today = saoPauloDate(now);
  if (campaign.endMode === "date" && campaign.endDate && campaign.endDate < today) {
    problems.push({
      path: ["endDate"],
      message: `A data de término (${formatDateBr(campaign.endDate)}) já passou: escolha uma data futura ou a janela de 5 dias`,
    });
  }
  const fixedEnd = campaign.endMode === "date" && campaign.endDate ? campaign.endDate : "";
  campaign.offers.forEach((offer, index) => {
    if (datePassed(offer.validUntil, now)) {
      problems.push({
        path: ["offers", index, "validUntil"],
        message: `A validade de "${offer.title}" (${formatDateBr(offer.validUntil)}) já passou: o cartão não aparece no site`,
      });
    } else if (fixedEnd && offer.validUntil > fixedEnd) {
      problems.push({
        path: ["offers", index, "validUntil"],
        message: `A validade de "${offer.title}" passa do fim da campanha (${formatDateBr(fixedEnd)})`,
      });
    }
  });
  campaign.prices.forEach((price, index) => {
    if (datePassed(price.validUntil, now)) {
      problems.push({
        path: ["prices", index, "validUntil"],
        message: `A validade do preço "${price.title}" (${formatDateBr(price.validUntil)}) já passou: o cartão não aparece no site`,
      });
    }
  });
  if (!deadline.ended) {
    problems.push(...storyProblems(campaign, now));
  }
  return problems;
}

/**
 * The campaign as one story (decision 081): the headline says exactly the best active offer, no
 * active card gives more than the headline, and the closing text's "até N%" is that same figure.
 * Each disagreement is reported on its own field, naming the card or the text.
 */
function storyProblems(campaign: Campaign, now: Date): CampaignProblem[] {
  const problems: CampaignProblem[] = [];
  const largest = largestDiscountOf(campaign, now);
  if (largest === 0) return problems;
  const headline = campaign.headlinePercent;
  if (headline > largest) {
    problems.push({
      path: ["headlinePercent"],
      message: `O título promete até ${headline}%, mas o maior desconto das ofertas ativas é ${largest}%`,
    });
  } else if (headline < largest) {
    problems.push({
      path: ["headlinePercent"],
      message: `O título diz até ${headline}%, mas a melhor oferta ativa dá ${largest}%: use ${largest}% para o título contar a mesma história dos cartões`,
    });
  }
  const active = new Set(activeOfferCards(campaign, now));
  campaign.offers.forEach((offer, index) => {
    if (!active.has(offer)) return;
    const discount = offerDiscount(offer);
    if (discount > headline) {
      problems.push({
        path: ["offers", index, "scholarshipPercent"],
        message: `O cartão "${offer.title}" dá até ${discount}% (bolsa + pontualidade), mais que o título (${headline}%)`,
      });
    }
  });
  const promised = promisedPercents(campaign.closingText);
  const [different] = promised.filter((value) => value !== largest);
  if (different !== undefined) {
    problems.push({
      path: ["closingText"],
      message:
        different > largest
          ? `O texto promete até ${different}%, mas o maior desconto das ofertas ativas é ${largest}%`
          : `O texto diz até ${different}%, mas a melhor oferta ativa dá ${largest}%: use {bolsa} para o número acompanhar as ofertas`,
    });
  }
  return problems;
}

/** The schema a save must pass at `now`: the document's own rules plus the honesty rules. */
/** The form's "Encerrar agora" button: its press saves the campaign as ended, whatever end was chosen. */
export const END_NOW_FIELD = "endNow";

function endNowPressed(value: unknown): unknown {
  if (value && typeof value === "object" && END_NOW_FIELD in value) return { ...value, endMode: "ended" };
  return value;
}

export function campaignSaveSchema(now: Date, coursePrices: readonly CoursePrice[] = []) {
  return z.preprocess(endNowPressed, campaignFields.superRefine(endDateGiven)).superRefine((campaign, ctx) => {
    for (const problem of [...campaignProblems(campaign, now), ...priceCardProblems(campaign.prices, coursePrices)])
      ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
  });
}

/** An active course's level and published monthly price (null: none published). */
export type CoursePrice = { level: CourseLevel; monthlyPrice: number | null };

/**
 * The price cards that ask less than any course of their level costs ("Graduação: a partir de
 * R$ 149,00" when the cheapest published graduação costs R$ 349,90): nobody could pay that price.
 * A card whose title names no level, or a level with no published price, is not checked.
 */
export function priceCardProblems(prices: readonly PriceCard[], courses: readonly CoursePrice[]): CampaignProblem[] {
  return prices.flatMap((price, index) => {
    const level = levelOfTitle(price.title);
    const published = courses.flatMap((course) =>
      course.level === level && course.monthlyPrice !== null ? [course.monthlyPrice] : [],
    );
    if (published.length === 0) return [];
    const lowest = Math.min(...published);
    if (price.remainingPrice >= lowest) return [];
    return [
      {
        path: ["prices", index, "remainingPrice"],
        message: `O cartão "${price.title}" diz ${remainingPriceText(price)}, mas a menor mensalidade publicada dos cursos de ${level!.toLowerCase()} é ${formatReais(lowest)}: use um valor que algum curso tenha`,
      },
    ];
  });
}
