import { type CourseLevel, hasRecognitionAct } from "~/features/courses/course-offer";
import { activeCourses, courseEntries } from "~/features/courses/courses.server";
import type { OfferFormat } from "~/features/courses/offer-formats";
import { renderPlaceholders } from "~/features/institution/placeholders";
import { getSingleton, singletonCollection } from "~/features/studio/store.server";
import { STUDIO_PATH } from "~/features/studio/studio";
import { config } from "~/platform/config.server";
import { saoPauloDate, saoPauloInstant } from "~/shared/dates";

import { type CampaignDeadline, formatDayMonth } from "./campaign";
import { campaignTexts } from "./campaign.seed";
import {
  activeOfferCards,
  activePriceCards,
  type Campaign,
  campaignProblems,
  campaignSchema,
  deadlineOf,
  headlineText,
  largestDiscountOf,
  lowestFirstPaymentOf,
  type OfferCard,
  offerCardFor,
  offerCovers,
  offerDetailsText,
  offerDiscount,
  offerDiscountText,
  type PriceCard,
  priceCardProblems,
} from "./content";
import {
  CLOSING_DISCOUNT_PERCENT,
  MAX_SCHOLARSHIP_PERCENT,
  modalityOffers,
  PUNCTUALITY_PERCENT,
  regularPrices,
} from "./offers.seed";
import { shownStories } from "./stories.server";

/**
 * The flash campaign in the content store (one document). Seeded from app/content/offers.ts and
 * app/content/campaign.ts, made consistent: the headline promises what the best offer gives
 * (50% + 10% = 60%, not the old 70%), the cards have no date of their own (they last as long as
 * the campaign), and the end is CAMPAIGN_END_DATE when set, otherwise the rolling 5-day window.
 * Public pages and the home page read it through the accessors below, always with a `now`.
 */
export function campaignSeed(): Campaign {
  const offers = modalityOffers.map((offer) => ({
    title: offer.title,
    firstPayment: offer.firstPayment,
    scholarshipPercent: offer.scholarshipPercent,
    // The seed's texts start with the percentages, which the page now writes from the numbers.
    details: offer.details.replace(/^.*?de pontualidade\.\s*/, ""),
    highlight: offer.highlight,
    validUntil: "",
    levels: offer.levels,
    formats: offer.formats,
  }));
  const largest = Math.max(...modalityOffers.map((offer) => offer.scholarshipPercent + PUNCTUALITY_PERCENT));
  const endDate =
    config.campaignEndDate && /^\d{4}-\d{2}-\d{2}/.test(config.campaignEndDate) ? config.campaignEndDate.slice(0, 10) : "";
  return campaignSchema.parse({
    title: campaignTexts.title,
    headlinePercent: largest,
    endMode: endDate ? "date" : "rolling",
    endDate,
    closingTitle: campaignTexts.closingTitle,
    closingText: campaignTexts.closingText.replace(`até ${CLOSING_DISCOUNT_PERCENT}%`, `até ${largest}%`),
    offers,
    prices: regularPrices.map((price) => ({ ...price, remainingFrom: price.remainingFrom ?? false, validUntil: "" })),
    selectedCoursesPercent: MAX_SCHOLARSHIP_PERCENT,
  });
}

export const campaignContent = singletonCollection("campaign", campaignSchema, campaignSeed);

export function getCampaign(): Campaign {
  return getSingleton(campaignContent).data;
}

/** The offer cards visitors see at `now` (none once a fixed end date has passed; a card past its own date is left out). */
export function activeOffers(now: Date): OfferCard[] {
  return activeOfferCards(getCampaign(), now);
}

/** The price cards visitors see at `now`. */
export function activePrices(now: Date): PriceCard[] {
  return activePriceCards(getCampaign(), now);
}

/** The largest total discount (scholarship + punctuality) among the offers active at `now`; 0 when none is. */
export function largestActiveDiscount(now: Date): number {
  return largestDiscountOf(getCampaign(), now);
}

/**
 * The bolsa ("60%") a page about `courses` may state at `now`: the largest discount among the cards
 * that apply to them (its level and format); "" when no active card covers any of them.
 */
export function courseBolsa(courses: ReadonlyArray<{ level: CourseLevel; modality: OfferFormat }>, now: Date): string {
  const campaign = getCampaign();
  const discounts = courses.flatMap((course) => {
    const card = offerCardFor(campaign, { level: course.level, format: course.modality }, now);
    return card ? [offerDiscount(card)] : [];
  });
  return discounts.length > 0 ? `${Math.max(...discounts)}%` : "";
}

/**
 * The campaign's deadline at `now` for a countdown, or null once the campaign has ended (a fixed
 * end date that passed): then no countdown is shown, never one at zero under a call to hurry.
 */
export function campaignDeadlineFor(now: Date): CampaignDeadline | null {
  const deadline = deadlineOf(getCampaign(), now);
  return deadline.ended ? null : { endsAt: deadline.endsAt, rolling: deadline.rolling };
}

/**
 * The end (ms) of the campaign running at `now`, the only deadline a visitor's page may count down
 * to (decision 081); null once it ended or no offer card is current.
 */
export function runningCampaignEnd(now: Date): number | null {
  const campaign = getCampaign();
  const deadline = deadlineOf(campaign, now);
  if (deadline.ended || largestDiscountOf(campaign, now) === 0) return null;
  return new Date(deadline.endsAt).getTime();
}

/** The overview's warnings: the same rules a save is checked against, seen at `now` (dates pass while nobody edits). */
export function campaignWarnings(now: Date): Array<{ section: string; to: string; text: string }> {
  const campaign = getCampaign();
  const at = { section: "Campanha", to: `${STUDIO_PATH}/campanha` };
  const problems = [...campaignProblems(campaign, now), ...priceCardProblems(campaign.prices, activeCourses())];
  const warnings = problems.map((problem) => ({ ...at, text: `${problem.message}.` }));
  if (deadlineOf(campaign, now).ended) {
    warnings.unshift({
      ...at,
      text: 'A campanha terminou: a página mostra "Campanha encerrada" e nenhuma oferta. Defina uma nova data ou use a janela de 5 dias.',
    });
  }
  return warnings;
}

/** An offer card as the public pages show it. */
export type OfferView = OfferCard & { discount: number; discountText: string; detailsText: string; validUntilText: string };

/**
 * Whether "Diploma reconhecido pelo MEC" is true of what the offers sell: every active course an
 * offer covers has its recognition act in the studio, and there is at least one (decision 143).
 */
export function offersAllRecognized(offers: ReadonlyArray<Pick<OfferCard, "title" | "levels" | "formats">>): boolean {
  const offered = courseEntries().filter(
    (entry) =>
      entry.data.active && offers.some((offer) => offerCovers(offer, { level: entry.data.level, format: entry.data.modality })),
  );
  return offered.length > 0 && offered.every((entry) => hasRecognitionAct(entry.data));
}

/**
 * Everything the campaign page (and /bolsas) shows at `now`, from the store: only the cards that
 * are current, one deadline for both "Condições válidas até" and "Descontos válidos até", and a
 * card's own date only when it ends before the campaign. Once a fixed end date has passed the page
 * says the campaign ended: no headline percentage, no offer, no countdown.
 */
export function campaignPageData(now: Date) {
  const campaign = getCampaign();
  const deadline = deadlineOf(campaign, now);
  const deadlineDay = saoPauloDate(new Date(deadline.endsAt));
  const largest = largestDiscountOf(campaign, now);
  const firstPayment = largest > 0 ? lowestFirstPaymentOf(campaign, now) : "";
  const storyValues = { bolsa: largest > 0 ? `${largest}%` : "", campanha: campaign.title, primeira_mensalidade: firstPayment };
  const offers: OfferView[] = activeOfferCards(campaign, now).map((offer) => ({
    ...offer,
    discount: offerDiscount(offer),
    discountText: offerDiscountText(offer),
    detailsText: offerDetailsText(offer),
    // A card's own date is worth saying only when it comes before the campaign's end.
    validUntilText:
      offer.validUntil && offer.validUntil < deadlineDay ? formatDayMonth(saoPauloInstant(offer.validUntil, "12:00")) : "",
  }));
  // Every offer card expired ends the campaign as much as its end date (decision 081).
  const ended = deadline.ended || offers.length === 0;
  return {
    title: campaign.title,
    headlinePercent: campaign.headlinePercent,
    // Written here: the page's script then needs none of the campaign's schemas (zod).
    headline: headlineText(campaign.headlinePercent),
    largestDiscount: largestDiscountOf(campaign, now),
    ended,
    deadline: { endsAt: deadline.endsAt, rolling: deadline.rolling } satisfies CampaignDeadline,
    // The closing texts may write {bolsa} and {campanha} (decision 081); one that cannot be filled is not shown.
    closingTitle: renderPlaceholders(campaign.closingTitle, storyValues) ?? "",
    closingText: renderPlaceholders(campaign.closingText, storyValues) ?? "",
    // The lowest first payment of the active offers ("R$ 19,90"), "" once none is active.
    firstPayment,
    // The fixed intro quotes it ({primeira_mensalidade}); with no offer active it is not shown.
    intro: renderPlaceholders(campaignTexts.intro, storyValues) ?? "",
    punctualityPercent: PUNCTUALITY_PERCENT,
    offers,
    diplomaRecognized: offersAllRecognized(offers),
    prices: activePriceCards(campaign, now),
    // "Histórias de Sucesso" are about the campaign: none once it has ended (decision 143).
    stories: ended ? [] : shownStories(),
    now: now.toISOString(),
  };
}

export type CampaignPageData = ReturnType<typeof campaignPageData>;
