import { type CampaignDeadline, parseCampaignEnd } from "~/features/campaign/campaign";
import {
  campaignDeadlineFor,
  getCampaign,
  largestActiveDiscount as campaignLargestDiscount,
} from "~/features/campaign/campaign.server";
import { type SiteClaims, statesSentence } from "~/features/campaign/claims";
import { lowestFirstPaymentOf } from "~/features/campaign/content";
import { activePartnerName } from "~/features/club/club.server";
import { BRAZILIAN_STATES } from "~/features/courses/content";
import {
  activeCourseCount,
  activePoloCount,
  activePolos,
  poloEntries,
  recognizedCourseCount,
} from "~/features/courses/courses.server";
import {
  countdownDateEnd,
  type FaqItemContent,
  faqItemSchema,
  fillStats,
  HOME_TEXT_FIELDS,
  type HomeContent,
  type HomeCountdownView,
  type HomeFacts,
  homeSchema,
  type HomeStats,
  homeStats,
  percentagesAbove,
  percentMessage,
  resolveHomeCountdown,
  type TestimonialContent,
  testimonialSchema,
} from "~/features/home/content";
import { faq as faqSeed } from "~/features/home/faq.seed";
import { testimonials as testimonialSeed } from "~/features/home/testimonials.seed";
import { getInstitution } from "~/features/institution/institution.server";
import type { StoredPhoto } from "~/features/studio/fields";
import { type ContentCollection, getSingleton, listEntries, singletonCollection } from "~/features/studio/store.server";
import { STUDIO_PATH } from "~/features/studio/studio";
import { config } from "~/platform/config.server";
import { formatDateBr, saoPauloDate } from "~/shared/dates";

/**
 * The home page's content in the store: the "Página inicial" singleton, the FAQ and the
 * testimonials (one document per item, in the page's order), seeded from today's app/content files.
 */

/** An explicit HOME_COUNTDOWN_TARGET seeds a date; otherwise the countdown follows the campaign. */
function seededCountdown(): Pick<HomeContent, "countdownMode" | "countdownDate"> {
  const target = parseCampaignEnd(config.homeCountdownTarget);
  return target
    ? { countdownMode: "date", countdownDate: saoPauloDate(target) }
    : { countdownMode: "campaign", countdownDate: "" };
}

export function homeSeed(): HomeContent {
  return {
    // No grade, no years of tradition: a claim only the studio may make, from stored facts (decision 081).
    heroBadge: "{campanha}",
    heroTitle: "Sua graduação com",
    heroHighlight: "bolsa de até {bolsa}",
    // The formats of Decreto 12.456/2025 (decision 083): no "híbridos".
    heroText: "Cursos EAD, semipresenciais e presenciais com polos perto de você. Estude no seu ritmo e pague menos.",
    // Both counts derived from the active catalogue and polos: the spec's "1000+" is a network nobody
    // stored (decision 081); the studio may type the network's size, and the overview then says so.
    courseCount: null,
    poloCount: null,
    scholarshipPercent: null,
    ...seededCountdown(),
    countdownTitle: "Bolsas de até {bolsa}: garanta a sua antes que o prazo acabe",
    heroPhoto: null,
    proofTestTakers: "",
    proofSatisfaction: "",
  };
}

/** The vocational test's social proof as the studio stores it; an empty one is not shown (decision 081). */
export function vocationalSocialProof(): { testTakers: string; satisfaction: string } {
  const home = getHomeContent();
  return { testTakers: home.proofTestTakers, satisfaction: home.proofSatisfaction };
}

export const homeContent = singletonCollection("home", homeSchema, homeSeed);

/** Today's FAQ texts, with their numbers turned into the stats' tokens so they never contradict the hero. */
function faqSeedItem(item: FaqItemContent): FaqItemContent {
  const tokens = (text: string) =>
    text
      .replace(/até 70%/g, "até {bolsa}")
      .replace(/mais de 1\.000 polos/g, "mais de {polos} polos")
      // The states follow the active polos (decision 143).
      .replace("Minas Gerais, Mato Grosso, Mato Grosso do Sul e Rio Grande do Norte", "{estados}");
  return { question: tokens(item.question), answer: tokens(item.answer) };
}

export const faqContent: ContentCollection<FaqItemContent> = {
  name: "faq",
  schema: faqItemSchema,
  seed: () => faqSeed.map((item, index) => ({ id: String(index + 1), data: faqSeedItem(item) })),
};

export const testimonialsContent: ContentCollection<TestimonialContent> = {
  name: "testimonials",
  schema: testimonialSchema,
  seed: () =>
    testimonialSeed.map((item) => ({
      id: String(item.id),
      data: { name: item.name, course: item.course, text: item.text, image: item.image, photo: null },
    })),
};

export function getHomeContent(): HomeContent {
  return getSingleton(homeContent).data;
}

/** The sizes of the active catalogue (the courses section's store: distinct active course names, active polos). */
export function activeCatalogueCounts(): { courses: number; polos: number } {
  return { courses: activeCourseCount(), polos: activePoloCount() };
}

/** The largest total discount (scholarship + punctuality) among the offers active at `now` (the campaign section's store). */
export function largestActiveDiscount(now: Date = new Date()): number {
  return campaignLargestDiscount(now);
}

/** The current campaign's deadline, or null once it has ended (the campaign section's rule). */
export function currentCampaignDeadline(now: Date): CampaignDeadline | null {
  return campaignDeadlineFor(now);
}

export function homeFacts(now: Date = new Date()): HomeFacts {
  const counts = activeCatalogueCounts();
  return { activeCourses: counts.courses, activePolos: counts.polos, largestDiscount: largestActiveDiscount(now) };
}

/** The states (full names) that have an active polo, in the studio's order. */
export function activePoloStates(): string[] {
  return [
    ...new Set(
      poloEntries()
        .filter((entry) => entry.data.active)
        .map((entry) => BRAZILIAN_STATES[entry.data.state]),
    ),
  ];
}

/**
 * The home page's stats as claims for the rest of the site (header bar, course and result pages),
 * and the selected courses' scholarship ("70%": Educação Física), which the campaign section stores.
 */
export function siteClaims(now: Date = new Date()): SiteClaims {
  const facts = homeFacts(now);
  const stats = homeStats(getHomeContent(), facts);
  const campaign = getCampaign();
  const running = facts.largestDiscount > 0;
  return {
    bolsa: running ? stats.bolsa : "",
    courses: stats.courseClaim,
    polos: stats.poloClaim,
    selectedBolsa: `${campaign.selectedCoursesPercent}%`,
    campaignName: campaign.title,
    campaignRunning: running,
    polosMg: activePolos().filter((polo) => / - MG$/.test(polo.location)).length,
    firstPayment: running ? lowestFirstPaymentOf(campaign, now) : "",
    poloStates: activePoloStates(),
    recognizedCourses: recognizedCourseCount(),
    partnerName: activePartnerName(),
  };
}

/** The hero photo uploaded in the studio (none: the hero shows its illustration). */
export type HeroPhoto = StoredPhoto;

export type HomePageContent = {
  hero: { badge: string; title: string; highlight: string; text: string; photo: HeroPhoto | null };
  stats: HomeStats;
  countdown: { view: HomeCountdownView; title: string; now: number };
  faq: Array<{ id: string } & FaqItemContent>;
  testimonials: Array<{ id: string } & TestimonialContent>;
};

/** Everything the home page shows from the store, with the stats filled into the texts. */
export function homePageContent(now: Date = new Date()): HomePageContent {
  const home = getHomeContent();
  const stats = homeStats(home, homeFacts(now));
  // A text whose placeholder has no value now ({bolsa} or {campanha} with no campaign running), or
  // that writes a percentage above the active offers ("até 37%" once they ended), is not shown
  // (decision 081): with no campaign, the hero's "{campanha}" badge is gone too.
  const largest = largestActiveDiscount(now);
  const campaign = getCampaign();
  const values = {
    campanha: largest > 0 ? campaign.title : "",
    primeira_mensalidade: largest > 0 ? lowestFirstPaymentOf(campaign, now) : "",
    marca: getInstitution().brandName,
    estados: statesSentence(activePoloStates()),
  };
  const honest = (text: string) => {
    const filled = fillStats(text, stats, values);
    return filled !== null && percentagesAbove(filled, largest).length === 0 ? filled : null;
  };
  const fill = (text: string) => honest(text) ?? "";
  const countdownTitle = honest(home.countdownTitle);
  const deadline = stats.bolsaPercent > 0 ? currentCampaignDeadline(now) : null;
  return {
    hero: {
      badge: fill(home.heroBadge),
      title: fill(home.heroTitle),
      highlight: fill(home.heroHighlight),
      text: fill(home.heroText),
      photo: home.heroPhoto,
    },
    stats,
    countdown: {
      // No campaign running: no deadline anywhere, whatever date the home page stores.
      view: deadline && countdownTitle ? resolveHomeCountdown(home, deadline, now) : null,
      title: countdownTitle ?? "",
      now: now.getTime(),
    },
    faq: listEntries(faqContent).flatMap((entry) => {
      const question = fillStats(entry.data.question, stats, values);
      const answer = fillStats(entry.data.answer, stats, values);
      return question && answer ? [{ id: entry.id, question, answer }] : [];
    }),
    // A testimonial may name the campaign or the brand ({campanha}, {marca}): one whose placeholder
    // has no value now is left out, like a FAQ item.
    testimonials: listEntries(testimonialsContent).flatMap((entry) => {
      const [name, course, text] = [entry.data.name, entry.data.course, entry.data.text].map((value) => honest(value));
      return name !== null && course !== null && text !== null ? [{ id: entry.id, ...entry.data, name, course, text }] : [];
    }),
  };
}

/**
 * The overview's warnings for the home page, seen at `now` (offers end and dates pass while nobody
 * edits): what the page would otherwise claim beyond the offers, and a countdown date that has passed.
 */
export function homeWarnings(now: Date = new Date()): Array<{ section: string; to: string; text: string }> {
  const home = getHomeContent();
  const largest = largestActiveDiscount(now);
  const at = { section: "Página inicial", to: `${STUDIO_PATH}/inicio` };
  const warnings: Array<{ section: string; to: string; text: string }> = [];
  if (largest === 0) {
    warnings.push({
      ...at,
      text: "Nenhuma oferta ativa: nenhuma página anuncia bolsa da campanha; os textos com {bolsa} e a contagem regressiva não aparecem.",
    });
  } else if (home.scholarshipPercent !== null && home.scholarshipPercent > largest) {
    warnings.push({
      ...at,
      text: `A bolsa informada (${home.scholarshipPercent}%) passa do maior desconto das ofertas ativas (${largest}%): a página mostra ${largest}%.`,
    });
  }
  for (const field of HOME_TEXT_FIELDS) {
    const [above] = percentagesAbove(home[field], largest);
    if (above !== undefined) warnings.push({ ...at, text: percentMessage(above, largest) });
  }
  if (home.countdownMode === "date") {
    const end = countdownDateEnd(home.countdownDate);
    if (!end || end.getTime() <= now.getTime()) {
      const fallback = currentCampaignDeadline(now) ? "a página mostra o prazo da campanha" : "a página não mostra contagem";
      warnings.push({
        ...at,
        text: `A data da contagem regressiva (${formatDateBr(home.countdownDate)}) já passou: ${fallback}.`,
      });
    }
  } else if (home.countdownMode === "campaign" && !currentCampaignDeadline(now)) {
    warnings.push({ ...at, text: "A campanha terminou: a contagem regressiva da página inicial não aparece." });
  }
  for (const entry of listEntries(faqContent)) {
    const [above] = [...percentagesAbove(entry.data.question, largest), ...percentagesAbove(entry.data.answer, largest)];
    if (above !== undefined) {
      warnings.push({
        section: "FAQ",
        to: `${STUDIO_PATH}/faq`,
        text: `"${entry.data.question}": ${percentMessage(above, largest)}`,
      });
    }
  }
  return warnings;
}
