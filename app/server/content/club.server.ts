import { homeGames2025 } from "~/content/club";
import { upcomingGames } from "~/lib/club";

import { config } from "../config.server";

/** The club-games form: the configured URL, or the site's own enrolment form marked as coming from this page. */
const DEFAULT_CLUB_FORM_URL = "/inscricao?origem=america_mg&embed=1";

/** The club page's data at `now`: the form, and the home games not yet played (past ones are not shown as upcoming). */
export function clubPageData(now: Date) {
  return { formUrl: config.clubFormUrl ?? DEFAULT_CLUB_FORM_URL, games: upcomingGames(homeGames2025, now) };
}
