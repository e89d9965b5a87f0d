import { z } from "zod";

import { DEPENDANT_BENEFIT_PERCENT, STAFF_BENEFIT_PERCENT } from "~/features/careers/employee.seed";
import { isoDate, optionalText, percentField, requiredText } from "~/features/studio/fields";
import { saoPauloDate } from "~/shared/dates";

import { CLUB_NAME } from "./club.seed";

/**
 * The studio's "Clube e Trabalhe conosco": the club page's home games and texts around them, and
 * the employee page's texts. A game that has been played stays in the list (the history) but is
 * never shown as upcoming (app/features/club/club.ts).
 */

export const TIME_MESSAGE = "Horário inválido - use HH:MM, ex.: 16:00";

export const clubGameSchema = z.object({
  opponent: requiredText(60),
  /** AAAA-MM-DD */
  date: isoDate,
  /** HH:mm, Brasília time */
  time: z
    .string({ error: TIME_MESSAGE })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE),
  location: requiredText(120),
  round: optionalText(40),
  highlight: z
    .boolean()
    .optional()
    .transform((value) => value ?? false),
});

export const clubPagesSchema = z.object({
  /**
   * The partnership's name: the club page, the home's button and the /bolsas card say it (decision
   * 143). A document saved before it was a field reads with the seed's.
   */
  partnerName: requiredText(60).default(CLUB_NAME),
  /** Switched off: no club page (404), no home button, no /bolsas card, not in the sitemap. */
  partnerRetired: z
    .boolean()
    .optional()
    .transform((value) => value ?? false),
  gamesIntro: requiredText(300),
  /** Shown when no game of the list is still to be played. */
  noGamesText: requiredText(300),
  games: z.array(clubGameSchema).max(20, "Use no máximo 20 jogos"),
  employee: z.object({
    heroTitle: requiredText(80),
    heroText: requiredText(400),
    benefitTitle: requiredText(80),
    benefitText: requiredText(400),
    formTitle: requiredText(80),
    formText: requiredText(400),
    /**
     * The Auxílio Educação's scholarships (decision 081: a percentage a visitor reads is stored here,
     * not typed in the page). A document saved before they were fields reads with the spec's figures.
     */
    staffPercent: percentField(1, 100).default(STAFF_BENEFIT_PERCENT),
    dependantPercent: percentField(1, 100).default(DEPENDANT_BENEFIT_PERCENT),
  }),
});

export type ClubPages = z.infer<typeof clubPagesSchema>;
export type ClubGameEntry = z.infer<typeof clubGameSchema>;

/** The partnership's name while it is on, "" once the studio switched it off. */
export function activePartner(pages: Pick<ClubPages, "partnerName" | "partnerRetired">): string {
  return pages.partnerRetired ? "" : pages.partnerName;
}

/** Games whose day is over: kept in the list, never shown as upcoming. */
export function playedGames(games: readonly ClubGameEntry[], now: Date): ClubGameEntry[] {
  const today = saoPauloDate(now);
  return games.filter((game) => game.date < today);
}
