import { saoPauloDate, saoPauloInstant } from "~/shared/dates";

/**
 * The flash campaign's deadline: the configured end date when one
 * is set; otherwise a rolling window that ends 5 days ahead at 23:59:59 São Paulo time and starts
 * again once it has passed, so the offer never shows an expired clock. A configured date that has
 * passed stays passed: the countdown shows zeros.
 */

export const CAMPAIGN_WINDOW_DAYS = 5;

export type CampaignDeadline = {
  /** The instant the offer ends, as an ISO string (survives the loader's serialisation). */
  endsAt: string;
  /** True when the deadline is the rolling fallback (it moves on once passed). */
  rolling: boolean;
};

/**
 * Reads a configured end date. Accepts `YYYY-MM-DD` (that day at 23:59:59 in São Paulo),
 * `YYYY-MM-DDTHH:mm[:ss]` (São Paulo local time) or a full ISO instant with `Z` or an offset.
 * Anything else is `null`.
 */
export function parseCampaignEnd(value: string | null | undefined): Date | null {
  const text = value?.trim();
  if (!text) return null;
  let date: Date;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) date = saoPauloInstant(text, "23:59:59");
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text))
    date = saoPauloInstant(text.slice(0, 10), text.slice(11));
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) date = new Date(text);
  else return null;
  if (Number.isNaN(date.getTime())) return null;
  // Reject dates JavaScript silently rolled over (2025-02-30 becomes 2025-03-02).
  const [y, m, d] = text.slice(0, 10).split("-").map(Number);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return date;
}

/** The rolling deadline seen at `now`: São Paulo's calendar day of `now` plus 5 days, at 23:59:59. */
export function rollingDeadline(now: Date, days = CAMPAIGN_WINDOW_DAYS): Date {
  const [y, m, d] = saoPauloDate(now).split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1, d + days));
  return saoPauloInstant(target.toISOString().slice(0, 10), "23:59:59");
}

/** The campaign deadline at `now`, given the configured end date (if any). */
export function campaignDeadline(now: Date, configuredEnd?: string | null): CampaignDeadline {
  const configured = parseCampaignEnd(configuredEnd);
  if (configured) return { endsAt: configured.toISOString(), rolling: false };
  return { endsAt: rollingDeadline(now).toISOString(), rolling: true };
}

/**
 * The deadline to show at `now` for a page that was given `deadline` earlier: a rolling deadline
 * that has passed is recomputed; a configured one never moves (its countdown stays at zero).
 */
export function refreshDeadline(deadline: CampaignDeadline, now: Date): CampaignDeadline {
  if (!deadline.rolling || now.getTime() < new Date(deadline.endsAt).getTime()) return deadline;
  return { endsAt: rollingDeadline(now).toISOString(), rolling: true };
}

/** 'dd/mm' of an instant in São Paulo: 'Condições válidas até dd/mm'. */
export function formatDayMonth(instant: Date | string): string {
  const [, m, d] = saoPauloDate(new Date(instant)).split("-");
  return `${d}/${m}`;
}
