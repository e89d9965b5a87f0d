/** The first retry waits about this long… */
export const BASE_DELAY_MS = 10_000;
/** …doubling each time up to this. */
export const MAX_DELAY_MS = 5 * 60_000;

/**
 * The wait before attempt `attempt + 1`, after `attempt` failed ones: 10 s, 20 s, 40 s, … up to
 * 5 minutes, with "equal jitter" (between half and all of it), so receivers that come back are not
 * hit by every sender at the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
