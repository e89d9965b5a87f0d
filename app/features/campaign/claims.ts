import { MAX_SCHOLARSHIP_PERCENT } from "~/features/campaign/offers.seed";
import { type PlaceholderValues, renderPlaceholders } from "~/features/institution/placeholders";
import { formatNumber } from "~/shared/format";
import { siteFromMatches } from "~/shared/seo";

/** The selected courses' scholarship as the seed and today's fixed texts write it ("Bolsas de até 70%"). */
export const SEED_SELECTED_BOLSA = `${MAX_SCHOLARSHIP_PERCENT}%`;

/**
 * A fixed text that states the selected courses' scholarship (Educação Física: "Bolsas de até 70%"),
 * with the figure the studio stores instead (site.claims.selectedBolsa). With the seed, the text is unchanged.
 */
export function withSelectedBolsa(text: string, selectedBolsa: string): string {
  return text.replaceAll(SEED_SELECTED_BOLSA, selectedBolsa);
}

/**
 * The claims every page may make (the root loader's site.claims), all stored in the studio or derived
 * from it (decision 081): `bolsa` is the best active campaign offer ("" with no campaign running:
 * then no page states a campaign discount), `selectedBolsa` the selected courses' scholarship,
 * `courses` and `polos` the home page's counts, `polosMg` the active polos in Minas Gerais, `firstPayment` the active offers' lowest first payment.
 */
export type SiteClaims = {
  bolsa: string;
  courses: number;
  polos: number;
  selectedBolsa: string;
  /** The campaign's name as the studio stores it ("Campanha Relâmpago"), used wherever its name appears. */
  campaignName: string;
  /** False once its fixed end passed or every offer card expired: no bar, no discount, no deadline. */
  campaignRunning: boolean;
  polosMg: number;
  /** The lowest first monthly payment of the active offers ("R$ 19,90"), "" with no campaign running. */
  firstPayment: string;
  /** The states (full names) that have an active polo, in the studio's order: the footer's "Onde estamos". */
  poloStates: string[];
  /** Active courses whose recognition act the studio holds: what "cursos reconhecidos pelo MEC" may count (decision 143). */
  recognizedCourses: number;
  /** The partnership's name as the studio stores it (the club page, its home button, its /bolsas card); "" once switched off. */
  partnerName: string;
};

/** "Minas Gerais", "Paraná e Santa Catarina", "A, B e C": the states a sentence names. */
export function statesSentence(states: readonly string[]): string {
  if (states.length <= 1) return states.join("");
  return `${states.slice(0, -1).join(", ")} e ${states.at(-1)}`;
}

/** The values the placeholder renderer fills a text with, from the site's claims and brand. */
export function claimValues(claims: SiteClaims, brandName: string): PlaceholderValues {
  return {
    bolsa: claims.campaignRunning ? claims.bolsa : "",
    bolsa_selecionados: claims.selectedBolsa,
    primeira_mensalidade: claims.campaignRunning ? claims.firstPayment : "",
    cursos: claims.courses > 0 ? formatNumber(claims.courses) : "",
    polos: claims.polos > 0 ? formatNumber(claims.polos) : "",
    polos_mg: claims.polosMg > 0 ? formatNumber(claims.polosMg) : "",
    campanha: claims.campaignName,
    marca: brandName,
    estados: statesSentence(claims.poloStates),
  };
}

/** A fixed or stored text with the site's claims filled in; null when it states something not true now (hide it). */
export function claimText(text: string, claims: SiteClaims, brandName: string): string | null {
  return renderPlaceholders(text, claimValues(claims, brandName));
}

/** The selected courses' scholarship ("70%", stored in the studio's "Campanha") as the root loader's site.claims states it, for a route's `meta`. */
export function selectedBolsaFromMatches(matches: Parameters<typeof siteFromMatches>[0]): string {
  const site = siteFromMatches(matches) as
    (NonNullable<ReturnType<typeof siteFromMatches>> & { claims?: { selectedBolsa?: string } }) | undefined;
  return site?.claims?.selectedBolsa ?? SEED_SELECTED_BOLSA;
}
