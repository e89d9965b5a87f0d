import { SITE_TIME_ZONE } from "~/shared/dates";
import { countdownUnits, timeLeft } from "~/ui/countdown-time";

/**
 * The result pages' countdown to the campaign's end, in the campaign page's units (Dias, Horas,
 * Min, Seg: "05 Dias 13 Horas", never "133 Horas"), two digits each, all zeros once it has passed.
 */
export function resultCountdownUnits(target: number, now: number) {
  return countdownUnits(timeLeft(new Date(target), new Date(now)));
}

const deadlineFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "10/12/2026, às 23h59": an instant in São Paulo time, as a deadline reads. */
export function deadlineText(instant: number): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    deadlineFormat.formatToParts(new Date(instant)).find((p) => p.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")}, às ${part("hour")}h${part("minute")}`;
}

/**
 * The result pages' sentence above the countdown: until when the test's offer holds, which is the
 * campaign's end the countdown counts to (never a personal "24 horas": decision 144).
 */
export function resultOfferNote(countdownEnd: number | null): string {
  return countdownEnd === null
    ? "Fale com um consultor e comece a estudar."
    : `Sua condição especial do teste vocacional vale até ${deadlineText(countdownEnd)} (horário de Brasília), quando termina a contagem. Fale com um consultor e comece a estudar.`;
}
