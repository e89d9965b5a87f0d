import { useEffect, useState } from "react";

import { countdownUnits, describeTimeLeft, isOver, timeLeft } from "~/ui/countdown-time";

type CountdownProps = {
  /** The deadline, as an ISO string (with offset) or a Date. */
  target: string | Date;
  /**
   * The server's "now" (ISO string or epoch ms) used for the first render, so the server HTML and
   * the hydrated client agree; after hydration the countdown ticks every second with the clock.
   */
  now: string | number | Date;
  /** Called once when the deadline passes while the page is open (e.g. to roll a campaign). */
  onExpire?: () => void;
  /** Classes of the row of boxes, of each box, of the number and of the label. */
  className?: string;
  boxClassName?: string;
  valueClassName?: string;
  labelClassName?: string;
  /** Accessible name of the timer; default 'Tempo restante'. */
  label?: string;
  /** A rolling campaign window (it moves on once passed); and what a page without React does at a fixed deadline. */
  rolling?: boolean;
  expire?: "hide" | "reload";
};

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Dias / Horas / Min / Seg, two digits each. Rendered by the server; with
 * JavaScript it ticks every second (React here, or the countdown island on a page without React).
 * Shows all zeros once the target has passed.
 */
export function Countdown({
  target,
  now,
  onExpire,
  className = "flex gap-2 sm:gap-3",
  boxClassName = "flex w-16 flex-col items-center rounded-lg bg-white/10 px-2 py-2 sm:w-20",
  valueClassName = "text-2xl font-extrabold tabular-nums sm:text-3xl",
  labelClassName = "text-xs font-medium uppercase tracking-wide",
  label = "Tempo restante",
  rolling,
  expire,
}: CountdownProps) {
  const targetDate = toDate(target);
  const targetMs = targetDate.getTime();
  const [current, setCurrent] = useState(() => toDate(now).getTime());

  useEffect(() => {
    setCurrent(Date.now());
    if (isOver(new Date(targetMs), new Date())) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setCurrent(t);
      if (isOver(new Date(targetMs), new Date(t))) {
        window.clearInterval(id);
        onExpire?.();
      }
    }, 1000);
    return () => window.clearInterval(id);
    // onExpire is deliberately not a dependency: a new callback identity must not restart the clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetMs]);

  const left = timeLeft(new Date(targetMs), new Date(current));
  return (
    <div
      role="timer"
      aria-label={`${label}: ${describeTimeLeft(left)}`}
      className={className}
      data-testid="countdown"
      // On a page without React the countdown island ticks it (app/islands/countdown.ts, decision 098).
      data-island="countdown"
      data-ends-at={targetDate.toISOString()}
      data-rolling={rolling ? "" : undefined}
      data-label={label}
      data-expire={expire}
    >
      {countdownUnits(left).map((unit) => (
        <div key={unit.key} className={boxClassName} aria-hidden="true">
          <span className={valueClassName} data-unit={unit.key}>
            {unit.value}
          </span>
          <span className={labelClassName}>{unit.label}</span>
        </div>
      ))}
    </div>
  );
}
