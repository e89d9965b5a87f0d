import { mount } from "~/ui/countdown.island";
import { countdownUnits, describeTimeLeft, timeLeft } from "~/ui/countdown-time";
import { useIsland } from "~/ui/use-island";

type CountdownProps = {
  /** The deadline, as an ISO string (with offset) or a Date. */
  target: string | Date;
  /**
   * The server's "now" (ISO string or epoch ms) used for the first render, so the server HTML and
   * the hydrated client agree; in the browser the island ticks it every second with the clock.
   */
  now: string | number | Date;
  /** Classes of the row of boxes, of each box, of the number and of the label. */
  className?: string;
  boxClassName?: string;
  valueClassName?: string;
  labelClassName?: string;
  /** Accessible name of the timer; default 'Tempo restante'. */
  label?: string;
  /** A rolling window (it moves on once passed); and what the page does at a fixed deadline. */
  rolling?: boolean;
  expire?: "hide" | "reload";
};

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Dias / Horas / Min / Seg, two digits each. Rendered by the server; with JavaScript the countdown
 * island (countdown.island.ts) ticks it every second, mounted by this component once hydrated or by
 * the islands' bundle on a page without React. Shows all zeros once the target has passed.
 */
export function Countdown({
  target,
  now,
  className = "flex gap-2 sm:gap-3",
  boxClassName = "flex w-16 flex-col items-center rounded-lg bg-white/10 px-2 py-2 sm:w-20",
  valueClassName = "text-2xl font-extrabold tabular-nums sm:text-3xl",
  labelClassName = "text-xs font-medium uppercase tracking-wide",
  label = "Tempo restante",
  rolling,
  expire,
}: CountdownProps) {
  const targetDate = toDate(target);
  const left = timeLeft(targetDate, toDate(now));
  const ref = useIsland<HTMLDivElement>(mount, targetDate.getTime());
  return (
    <div
      ref={ref}
      role="timer"
      aria-label={`${label}: ${describeTimeLeft(left)}`}
      className={className}
      data-testid="countdown"
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
