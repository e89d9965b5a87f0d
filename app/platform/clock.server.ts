/**
 * The server's one clock for time that is stored and later compared with "now" (decision 059).
 *
 * Code that writes a time a later step compares (the webhook outbox's "due at", the worker's "is
 * it due?") reads it here, so a test that moves time moves it for both sides at once. Mixing an
 * injected clock on one side with `Date.now()` on the other made a test pinned to one day fail
 * on every later day (decision 059).
 */
type Clock = () => number;

let current: Clock = Date.now;

/** Now, in milliseconds since the epoch. */
export function nowMs(): number {
  return current();
}

/** Now, as a Date. */
export function now(): Date {
  return new Date(current());
}

/**
 * Tests only: replaces the clock until the returned function is called (or `resetClock`).
 * Production never calls it.
 */
export function setClockForTests(clock: Clock): () => void {
  current = clock;
  return resetClock;
}

export function resetClock(): void {
  current = Date.now;
}
