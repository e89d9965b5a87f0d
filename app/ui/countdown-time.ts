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
