import { saoPauloInstant } from "~/shared/dates";
import { type Deadline, rollingDeadline } from "~/ui/countdown-time";

export {
  ROLLING_WINDOW_DAYS as CAMPAIGN_WINDOW_DAYS,
  type Deadline as CampaignDeadline,
  formatDayMonth,
  refreshDeadline,
  rollingDeadline,
} from "~/ui/countdown-time";

/**
 * The flash campaign's deadline: the configured end date when one
 * is set; otherwise a rolling window that ends 5 days ahead at 23:59:59 São Paulo time and starts
 * again once it has passed, so the offer never shows an expired clock. A configured date that has
 * passed stays passed: the countdown shows zeros. The rolling window's rules live with the
 * countdown (~/ui/countdown-time), whose island moves the window on in the browser.
 */

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

/** The campaign deadline at `now`, given the configured end date (if any). */
export function campaignDeadline(now: Date, configuredEnd?: string | null): Deadline {
  const configured = parseCampaignEnd(configuredEnd);
  if (configured) return { endsAt: configured.toISOString(), rolling: false };
  return { endsAt: rollingDeadline(now).toISOString(), rolling: true };
}
