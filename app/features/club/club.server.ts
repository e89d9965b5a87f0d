import { DEPENDANT_BENEFIT_PERCENT, employeeTexts, STAFF_BENEFIT_PERCENT } from "~/features/careers/employee.seed";
import { upcomingGames } from "~/features/club/club";
import { CLUB_NAME, clubTexts, homeGames2025 } from "~/features/club/club.seed";
import { activePartner, type ClubPages, clubPagesSchema, playedGames } from "~/features/club/content";
import { activePolos } from "~/features/courses/courses.server";
import { getSingleton, singletonCollection } from "~/features/studio/store.server";
import { STUDIO_PATH } from "~/features/studio/studio";
import { config } from "~/platform/config.server";

/** The club-games form: the configured URL, or the site's own enrolment form marked as coming from this page. */
const DEFAULT_CLUB_FORM_URL = "/inscricao?origem=america_mg&embed=1";

/** The first content: today's app/content/club.ts and employee.ts (the 2025 games stay as the list's history). */
export function clubPagesSeed(): ClubPages {
  return clubPagesSchema.parse({
    partnerName: CLUB_NAME,
    partnerRetired: false,
    gamesIntro: clubTexts.gamesIntro,
    noGamesText: clubTexts.noGamesText,
    games: homeGames2025.map((game) => ({
      opponent: game.opponent,
      date: game.date,
      time: game.time,
      location: game.location,
      round: game.round,
      highlight: game.highlight,
    })),
    employee: {
      heroTitle: employeeTexts.heroTitle,
      heroText: employeeTexts.heroText,
      benefitTitle: employeeTexts.benefitTitle,
      benefitText: employeeTexts.benefitText,
      formTitle: employeeTexts.formTitle,
      formText: employeeTexts.formText,
      staffPercent: STAFF_BENEFIT_PERCENT,
      dependantPercent: DEPENDANT_BENEFIT_PERCENT,
    },
  });
}

export const clubPagesContent = singletonCollection("club", clubPagesSchema, clubPagesSeed);

export function getClubPages(): ClubPages {
  return getSingleton(clubPagesContent).data;
}

/** The partnership's name while it is on, "" once switched off (then no page names it). */
export function activePartnerName(): string {
  return activePartner(getClubPages());
}

/** The club page's data at `now`: the form, its texts, and the home games not yet played (past ones are not shown as upcoming). */
export function clubPageData(now: Date) {
  const pages = getClubPages();
  return {
    partnerName: activePartner(pages),
    formUrl: config.clubFormUrl ?? DEFAULT_CLUB_FORM_URL,
    gamesIntro: pages.gamesIntro,
    noGamesText: pages.noGamesText,
    games: upcomingGames(pages.games, now),
    // The active polos of Minas Gerais, as the catalogue has them (the page's count says the same number).
    hubs: activePolos()
      .filter((polo) => / - MG$/.test(polo.location))
      .map((polo) => ({ location: polo.location.replace(/ - MG$/, ""), phone: polo.phone })),
  };
}

/** The employee page's editable texts. */
export function employeePageTexts(): ClubPages["employee"] {
  return getClubPages().employee;
}

/** The overview's warnings at `now`: no game to come (the page says the fixtures are not out yet). */
export function clubWarnings(now: Date): Array<{ section: string; to: string; text: string }> {
  const pages = getClubPages();
  const at = { section: "Clube e Trabalhe conosco", to: `${STUDIO_PATH}/clube` };
  if (upcomingGames(pages.games, now).length > 0) return [];
  const played = playedGames(pages.games, now).length;
  return [
    {
      ...at,
      text: `Nenhum jogo em casa por vir${played ? ` (${played} já aconteceram e não aparecem)` : ""}: a página do clube mostra que a tabela ainda não foi divulgada.`,
    },
  ];
}
