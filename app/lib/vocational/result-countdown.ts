import { countdownUnits, timeLeft } from "../countdown";

/**
 * The result pages' countdown to the campaign's end, in the campaign page's units (Dias, Horas,
 * Min, Seg: "05 Dias 13 Horas", never "133 Horas"), two digits each, all zeros once it has passed.
 */
export function resultCountdownUnits(target: number, now: number) {
  return countdownUnits(timeLeft(new Date(target), new Date(now)));
}
