import { pad2, timeLeft } from "../countdown";

/** The result pages' countdown (24 h): hours (not split into days), minutes and seconds, two digits each. */
export function hoursMinutesSeconds(target: number, now: number) {
  const left = timeLeft(new Date(target), new Date(now));
  return { hours: pad2(left.days * 24 + left.hours), minutes: pad2(left.minutes), seconds: pad2(left.seconds) };
}
