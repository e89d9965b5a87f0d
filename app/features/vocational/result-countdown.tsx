import { Clock } from "lucide-react";
import { useEffect, useState } from "react";

import { useSite } from "~/features/site/use-site";
import { resultCountdownUnits } from "~/features/vocational/result-countdown-time";
import { describeTimeLeft, timeLeft } from "~/ui/countdown-time";

/**
 * The result pages' countdown to the campaign's end, in the campaign page's units (dias / horas /
 * min / seg), rendered by the server at `now` and ticking every second with JavaScript, stopping at zero.
 */
export function ResultCountdown({
  target,
  now,
  variant = "dark",
  compact = false,
}: {
  target: number;
  now: number;
  variant?: "dark" | "light";
  compact?: boolean;
}) {
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    setCurrent(Date.now());
    const id = window.setInterval(() => {
      const t = Date.now();
      setCurrent(t);
      if (t >= target) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [target]);

  const units = resultCountdownUnits(target, current);
  const box = variant === "dark" ? "bg-white/15 text-white" : "bg-brand-50 text-brand-900";
  const size = compact ? "min-w-11 px-1.5 py-1 text-lg" : "min-w-16 px-2 py-2 text-2xl sm:text-3xl";
  return (
    <div
      role="timer"
      aria-label={`Tempo restante: ${describeTimeLeft(timeLeft(new Date(target), new Date(current)))}`}
      data-testid="contagem-resultado"
      data-remaining={units.map((unit) => unit.value).join(":")}
      className="flex items-center gap-1.5"
    >
      {units.map((unit, index) => (
        <span key={unit.key} className="flex items-center gap-1.5" aria-hidden="true">
          {index > 0 ? <span className="font-bold opacity-70">:</span> : null}
          <span className={`flex flex-col items-center rounded-lg font-extrabold tabular-nums ${box} ${size}`}>
            <span data-unit={unit.key}>{unit.value}</span>
            <span className="text-[10px] font-medium uppercase tracking-wide">{unit.label}</span>
          </span>
        </span>
      ))}
    </div>
  );
}

/** The banner with the countdown (sticky on the business page, as the spec says). */
export function CountdownBanner({ target, now, sticky = false }: { target: number | null; now: number; sticky?: boolean }) {
  const { campaignName } = useSite().claims;
  if (target === null) return null;
  return (
    <div data-testid="faixa-contagem" className={`${sticky ? "sticky top-[100px] z-20" : ""} bg-red-700 text-white shadow`}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-3 px-4 py-2 sm:gap-5">
        <p className="flex items-center gap-2 font-bold">
          <Clock aria-hidden="true" className="size-5" /> A {campaignName} termina em
        </p>
        <ResultCountdown target={target} now={now} compact />
      </div>
    </div>
  );
}
