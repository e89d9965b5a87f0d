import { saoPauloDate } from "~/shared/dates";

/**
 * The club calendar as a club's own site shows it: only the games still to be played. A game stays
 * listed through its whole day (São Paulo) and drops off the next day; past games are never shown
 * as upcoming. Sorted by date and time.
 */
export function upcomingGames<T extends { date: string; time: string }>(games: readonly T[], now: Date): T[] {
  const today = saoPauloDate(now);
  return games.filter((game) => game.date >= today).sort((a, b) => `${a.date}T${a.time}`.localeCompare(`${b.date}T${b.time}`));
}
