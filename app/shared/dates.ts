/**
 * São Paulo's clock, for the browser and the server alike. Everything goes through the IANA zone
 * `America/Sao_Paulo` with Intl, never a fixed offset and never the machine's time zone: the zone
 * knows the summer times Brazil kept until 2019 (UTC−2 in those summers, UTC−3 otherwise).
 */
export const SITE_TIME_ZONE = "America/Sao_Paulo";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// Built once: creating an Intl.DateTimeFormat costs far more than formatting with it, and every
// lead saved formats its date (about 3 % of the lead POST's CPU when built per call).
// en-CA formats as YYYY-MM-DD.
const isoDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const dateTimeBrFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  dateStyle: "short",
  timeStyle: "medium",
});
const wallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

// The zone has changed its offset only on the hour since 1914, so one lookup serves a whole UTC
// hour. Bounded: cleared when it grows past a few years of hours.
const offsetByHour = new Map<number, number>();

/** São Paulo's offset from UTC at an instant (ms since the epoch), in milliseconds (−3 h today). */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  const part: Record<string, number> = {};
  for (const { type, value } of wallClockFormat.formatToParts(at)) part[type] = Number(value);
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  const offset = wall - at;
  if (offsetByHour.size > 50_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** São Paulo's offset from UTC at `instant`, in minutes: −180 today, −120 in the summers before 2019. */
export function saoPauloOffsetMinutes(instant: Date): number {
  return offsetAt(instant.getTime()) / MINUTE_MS;
}

/**
 * The São Paulo wall-clock time of an instant as milliseconds of a UTC-labelled clock: read it with
 * getUTC… methods (`new Date(wall).getUTCHours()` is the São Paulo hour). NaN for an invalid date.
 */
export function saoPauloWallTime(instant: Date): number {
  const ms = instant.getTime();
  return Number.isNaN(ms) ? NaN : ms + offsetAt(ms);
}

/**
 * The instant (ms since the epoch) at which São Paulo's clocks show `wall` (a UTC-labelled wall
 * time, as saoPauloWallTime gives), with the zone's offset at that instant. A wall time the clocks
 * skipped when summer time began gives the instant an hour later on the new clock; one they showed
 * twice when it ended gives the first of the two. NaN in, NaN out.
 */
export function instantOfSaoPauloWallTime(wall: number): number {
  if (Number.isNaN(wall)) return NaN;
  const guess = offsetAt(wall);
  let instant = wall - guess;
  const second = offsetAt(instant);
  if (second === guess) return instant;
  instant = wall - second;
  const third = offsetAt(instant);
  if (third === second) return instant;
  return wall - Math.min(second, third);
}

/**
 * The instant at which São Paulo's clocks show `date` (YYYY-MM-DD) at `time` (HH:mm, HH:mm:ss or
 * HH:mm:ss.sss; midnight when omitted). Text that is no such date and time gives an invalid Date.
 */
export function saoPauloInstant(date: string, time = "00:00"): Date {
  return new Date(instantOfSaoPauloWallTime(Date.parse(`${date}T${time}Z`)));
}

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function saoPauloDate(instant: Date): string {
  return isoDateFormat.format(instant);
}

/** The São Paulo hour (0 to 23) of an instant. */
export function saoPauloHour(instant: Date): number {
  return new Date(saoPauloWallTime(instant)).getUTCHours();
}

/** dd/mm/aaaa for a YYYY-MM-DD date string (no time-zone shift). */
export function formatDateBr(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return y && m && d ? `${d}/${m}/${y}` : isoDate;
}

/** dd/mm/aaaa hh:mm:ss of an instant, in São Paulo time. */
export function formatDateTimeBr(instant: Date | string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "-";
  return dateTimeBrFormat.format(date);
}
