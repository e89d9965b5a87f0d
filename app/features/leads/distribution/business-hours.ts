/**
 * Business-hours arithmetic for the first-contact clock (decision 087). Pure: the instant "now" is
 * always a parameter. The hours are São Paulo wall-clock hours, turned into instants with the
 * zone's offset on each day (../dates), never with the machine's time zone.
 */
import { ENROLLED_STATUSES } from "~/features/leads/status";
import { instantOfSaoPauloWallTime, saoPauloWallTime } from "~/shared/dates";

import { isFirstContactLate } from "./late";

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;

/** Opening and closing minute of the day (0–1440) per weekday, 0 = Sunday; null = closed. */
export type WeeklyHours = readonly ([number, number] | null)[];

/** Monday to Friday, 8h to 21h: the seed's phone hours. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = [null, [480, 1260], [480, 1260], [480, 1260], [480, 1260], [480, 1260], null];

/** The first-contact target when the admin has set none, in business minutes. */
export const DEFAULT_TARGET_MINUTES = 5;

const DAY_NAMES: Record<string, number> = {
  domingo: 0,
  segunda: 1,
  terca: 2,
  quarta: 3,
  quinta: 4,
  sexta: 5,
  sabado: 6,
};

function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function dayIndex(word: string): number | undefined {
  const key = plain(word).replace(/-feira$/, "");
  return DAY_NAMES[key];
}

function minuteOf(hours: string, minutes?: string): number {
  return Number(hours) * 60 + (minutes ? Number(minutes) : 0);
}

/**
 * The institution's phone hours as written in the studio ("Segunda a sexta, das 8h às 21h";
 * parts may follow, split by ";" or " e ": "sábado, das 8h às 12h") as weekly hours. Text it cannot
 * read gives the default (Monday to Friday, 8h to 21h).
 */
export function parsePhoneHours(text: string): WeeklyHours {
  const week: ([number, number] | null)[] = [null, null, null, null, null, null, null];
  let found = false;
  const pattern =
    /([a-zçáéíóúâêô-]+)(?:\s+a\s+([a-zçáéíóúâêô-]+))?\s*,?\s*(?:das\s+)?(\d{1,2})h(\d{2})?\s*(?:às|as|a|-)\s*(\d{1,2})h(\d{2})?/giu;
  for (const match of text.matchAll(pattern)) {
    const from = dayIndex(match[1]);
    const to = match[2] ? dayIndex(match[2]) : from;
    if (from === undefined || to === undefined) continue;
    const open = minuteOf(match[3], match[4]);
    const close = minuteOf(match[5], match[6]);
    if (!(open < close && close <= 1440)) continue;
    for (let day = from; ; day = (day + 1) % 7) {
      week[day] = [open, close];
      if (day === to) break;
    }
    found = true;
  }
  return found ? week : DEFAULT_WEEKLY_HOURS;
}

/** A São Paulo calendar date (YYYY-MM-DD) of a wall-clock millisecond count (../dates). */
function wallDate(wall: number): string {
  return new Date(wall).toISOString().slice(0, 10);
}

/** The wall-clock start (ms, ../dates) of the São Paulo day holding `instant`. */
function wallDayStart(instant: Date): number {
  return Math.floor(saoPauloWallTime(instant) / DAY_MS) * DAY_MS;
}

export type BusinessCalendar = {
  hours: WeeklyHours;
  /** São Paulo dates (YYYY-MM-DD) with no business hours. */
  holidays: ReadonlySet<string>;
};

/**
 * The business window of the São Paulo day whose wall clock starts at `dayStart`, as instants
 * (ms since the epoch), or null when closed.
 */
function windowOf(dayStart: number, calendar: BusinessCalendar): [number, number] | null {
  if (calendar.holidays.has(wallDate(dayStart))) return null;
  const weekday = new Date(dayStart).getUTCDay();
  const hours = calendar.hours[weekday];
  return hours
    ? [instantOfSaoPauloWallTime(dayStart + hours[0] * MINUTE_MS), instantOfSaoPauloWallTime(dayStart + hours[1] * MINUTE_MS)]
    : null;
}

/**
 * The instant `minutes` business minutes after `start`: time outside the hours (nights, weekends,
 * holidays) does not count. A lead arriving at 23h on a Friday with a 5-minute target is due at
 * 8h05 on Monday.
 */
export function addBusinessMinutes(start: Date, minutes: number, calendar: BusinessCalendar): Date {
  if (!calendar.hours.some(Boolean)) throw new Error("addBusinessMinutes: no business hours in the week");
  const at = start.getTime();
  let dayStart = wallDayStart(start);
  let remaining = Math.max(0, minutes) * MINUTE_MS;
  // A year of closed days (holidays) at most: beyond that the calendar is wrong, not the lead.
  for (let guard = 0; guard < 400; guard++, dayStart += DAY_MS) {
    const window = windowOf(dayStart, calendar);
    if (!window) continue;
    const from = Math.max(at, window[0]);
    if (from >= window[1]) continue;
    const available = window[1] - from;
    if (remaining <= available) return new Date(from + remaining);
    remaining -= available;
  }
  throw new Error("addBusinessMinutes: no business hours within a year");
}

/** Whole business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  return Math.floor(exactBusinessMinutesBetween(from, to, calendar));
}

/** Business minutes between two instants, with the fraction (0 when `to` is not after `from`). */
export function exactBusinessMinutesBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  const start = from.getTime();
  const end = to.getTime();
  let total = 0;
  for (let dayStart = wallDayStart(from); instantOfSaoPauloWallTime(dayStart) < end; dayStart += DAY_MS) {
    const window = windowOf(dayStart, calendar);
    if (!window) continue;
    const a = Math.max(start, window[0]);
    const b = Math.min(end, window[1]);
    if (b > a) total += b - a;
  }
  return total / MINUTE_MS;
}

/** Holidays typed by the admin, one per line or separated by commas (DD/MM/AAAA or AAAA-MM-DD). */
export function parseHolidays(text: string): { ok: true; dates: string[] } | { ok: false; error: string } {
  const dates: string[] = [];
  for (const part of text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(part);
    const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : part;
    const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
      return { ok: false, error: `Data inválida: “${part.slice(0, 30)}”. Use DD/MM/AAAA, uma por linha.` };
    }
    dates.push(iso);
  }
  return { ok: true, dates: [...new Set(dates)].sort() };
}

/** "aguardando há 12 min", "aguardando há 2 h 5 min", from wall-clock minutes. */
export function waitingText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `aguardando há ${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `aguardando há ${h} h${m % 60 ? ` ${m % 60} min` : ""}`;
  return `aguardando há ${Math.floor(h / 24)} dias`;
}

export type FirstContactState = { text: string; late: boolean } | null;

/**
 * What the panel says about a lead's first contact now: nothing once it happened (an attempt that
 * reached the person, decision 140) or the person enrolled; otherwise "aguardando há N min"
 * (wall-clock time since it arrived) and whether it is late (past its due time in business hours).
 * A status change alone never ends the wait.
 */
export function firstContactState(
  lead: { criado_em: string; first_contact_due_at: string | null; first_contact_at: string | null; status: string },
  now: Date,
): FirstContactState {
  if (lead.first_contact_at || ENROLLED_STATUSES.includes(lead.status)) return null;
  const waited = (now.getTime() - Date.parse(lead.criado_em)) / MINUTE_MS;
  const late = isFirstContactLate(lead, now);
  return { text: waitingText(waited), late };
}
