import { saoPauloDate, saoPauloInstant } from "~/shared/dates";

/** Countdown math: days, hours, minutes and seconds left, never negative. */
export type TimeLeft = {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
};

export const ZERO_TIME_LEFT: TimeLeft = { days: 0, hours: 0, minutes: 0, seconds: 0 };

/** Whole units left from `now` until `target`; all zeros once the target has passed (or is invalid). */
export function timeLeft(target: Date, now: Date): TimeLeft {
  const ms = target.getTime() - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return { ...ZERO_TIME_LEFT };
  const totalSeconds = Math.floor(ms / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
  };
}

export function isOver(target: Date, now: Date): boolean {
  const ms = target.getTime() - now.getTime();
  return !Number.isFinite(ms) || ms <= 0;
}

/** Two digits at least: 5 → '05', 123 → '123'. */
export function pad2(value: number): string {
  return String(Math.max(0, Math.floor(value))).padStart(2, "0");
}

/** The four units with their pt-BR labels, as the countdown shows them. */
export function countdownUnits(left: TimeLeft): { key: keyof TimeLeft; label: string; value: string }[] {
  return [
    { key: "days", label: "Dias", value: pad2(left.days) },
    { key: "hours", label: "Horas", value: pad2(left.hours) },
    { key: "minutes", label: "Min", value: pad2(left.minutes) },
    { key: "seconds", label: "Seg", value: pad2(left.seconds) },
  ];
}

/** A screen-reader sentence: '3 dias, 4 horas, 5 minutos e 6 segundos'. */
export function describeTimeLeft(left: TimeLeft): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${part(left.days, "dia", "dias")}, ${part(left.hours, "hora", "horas")}, ${part(
    left.minutes,
    "minuto",
    "minutos",
  )} e ${part(left.seconds, "segundo", "segundos")}`;
}

/** How many days a rolling deadline's window lasts (the flash campaign's when no end date is set). */
export const ROLLING_WINDOW_DAYS = 5;

export type Deadline = {
  /** The instant the offer ends, as an ISO string (survives the loader's serialisation). */
  endsAt: string;
  /** True when the deadline is a rolling window (it moves on once passed). */
  rolling: boolean;
};

/** The rolling deadline seen at `now`: São Paulo's calendar day of `now` plus 5 days, at 23:59:59. */
export function rollingDeadline(now: Date, days = ROLLING_WINDOW_DAYS): Date {
  const [y, m, d] = saoPauloDate(now).split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1, d + days));
  return saoPauloInstant(target.toISOString().slice(0, 10), "23:59:59");
}

/**
 * The deadline to show at `now` for a page that was given `deadline` earlier: a rolling deadline
 * that has passed is recomputed; a configured one never moves (its countdown stays at zero).
 */
export function refreshDeadline(deadline: Deadline, now: Date): Deadline {
  if (!deadline.rolling || now.getTime() < new Date(deadline.endsAt).getTime()) return deadline;
  return { endsAt: rollingDeadline(now).toISOString(), rolling: true };
}

/** 'dd/mm' of an instant in São Paulo: 'Condições válidas até dd/mm'. */
export function formatDayMonth(instant: Date | string): string {
  const [, m, d] = saoPauloDate(new Date(instant)).split("-");
  return `${d}/${m}`;
}
