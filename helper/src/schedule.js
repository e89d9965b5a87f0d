// Time rules of the helper, all in the site's time zone (America/Sao_Paulo) whatever the
// computer's own zone is: the calendar day of the daily cap, the sending window, the warm-up of a
// new number, and the pt-BR texts that say when sending continues.

/** The site's time zone: every day, hour and "continua às" the helper computes or shows. */
export const TIME_ZONE = "America/Sao_Paulo";

/** Default sending window: Monday to Saturday, 08:00–20:00. */
export const DEFAULT_SEND_WINDOW = "seg-sab 08:00-20:00";

/** Default warm-up: a number's first day sends at most 20, then 40, then 80, then the daily cap. */
export const DEFAULT_WARMUP_STEPS = [20, 40, 80];

const WEEKDAY_NAMES = ["domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado"];
const WEEKDAY_INDEX = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
/** Day names accepted in HELPER_SEND_WINDOW (pt-BR and English, accents ignored). */
const DAY_WORDS = /** @type {Record<string, number>} */ ({
  dom: 0,
  domingo: 0,
  sun: 0,
  seg: 1,
  segunda: 1,
  mon: 1,
  ter: 2,
  terca: 2,
  tue: 2,
  qua: 3,
  quarta: 3,
  wed: 3,
  qui: 4,
  quinta: 4,
  thu: 4,
  sex: 5,
  sexta: 5,
  fri: 5,
  sab: 6,
  sabado: 6,
  sat: 6,
});

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  weekday: "short",
});

/**
 * The wall-clock fields of an instant in São Paulo.
 * @param {number} epochMs
 * @returns {{ year: number, month: number, day: number, hour: number, minute: number, second: number, weekday: number }}
 */
export function zonedParts(epochMs) {
  /** @type {Record<string, string>} */
  const parts = {};
  for (const part of partsFormat.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAY_INDEX[/** @type {keyof typeof WEEKDAY_INDEX} */ (parts.weekday.toLowerCase().slice(0, 3))],
  };
}

/**
 * The instant at which São Paulo's clock shows this date and time.
 * @param {number} year @param {number} month 1-12 @param {number} day @param {number} [hour] @param {number} [minute]
 */
export function zonedTime(year, month, day, hour = 0, minute = 0) {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  // The zone's offset at the guess, applied until stable (twice is enough around a change).
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(guess);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const next = guess + (wall - shown);
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The São Paulo calendar day of an instant, "YYYY-MM-DD". @param {number} epochMs */
export function zonedDay(epochMs) {
  const p = zonedParts(epochMs);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** Whole days from day `from` to day `to` ("YYYY-MM-DD"). @param {string} from @param {string} to */
export function daysBetween(from, to) {
  const [y1, m1, d1] = from.split("-").map(Number);
  const [y2, m2, d2] = to.split("-").map(Number);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** The next 00:00 in São Paulo after an instant. @param {number} epochMs */
export function nextZonedMidnight(epochMs) {
  const p = zonedParts(epochMs);
  const noon = Date.UTC(p.year, p.month - 1, p.day, 12) + 86_400_000;
  const d = new Date(noon);
  return zonedTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0);
}

/** "dd/mm" in São Paulo. @param {number} epochMs */
export function formatDayMonth(epochMs) {
  const p = zonedParts(epochMs);
  return `${String(p.day).padStart(2, "0")}/${String(p.month).padStart(2, "0")}`;
}

/** "HH:MM" in São Paulo. @param {number} epochMs */
export function formatTime(epochMs) {
  const p = zonedParts(epochMs);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

/** "HH:MM:SS" in São Paulo (the helper window's log lines). @param {number} epochMs */
export function formatClock(epochMs) {
  const p = zonedParts(epochMs);
  return `${formatTime(epochMs)}:${String(p.second).padStart(2, "0")}`;
}

/**
 * When something happens, said from `now`: "hoje às 08:00", "amanhã às 08:00", "segunda às 08:00"
 * within a week, else "dd/mm às HH:MM".
 * @param {number} at @param {number} now
 */
export function formatWhen(at, now) {
  const days = daysBetween(zonedDay(now), zonedDay(at));
  const time = formatTime(at);
  if (days === 0) return `hoje às ${time}`;
  if (days === 1) return `amanhã às ${time}`;
  if (days > 1 && days < 7) return `${WEEKDAY_NAMES[zonedParts(at).weekday]} às ${time}`;
  return `${formatDayMonth(at)} às ${time}`;
}

/**
 * @typedef {{ always: true, text: string } | { always: false, days: number[], start: number, end: number, text: string }} SendWindow
 *   `days`: weekdays (0 = Sunday) when sending may happen; `start`/`end`: minutes after 00:00
 */

/** @param {string} text */
function plain(text) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/** @param {string} text @returns {number | null} minutes after midnight */
function parseClock(text) {
  const match = /^(\d{1,2})(?:[:h](\d{2}))?h?$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null;
  return hour * 60 + minute;
}

/**
 * Reads a sending window: "seg-sab 08:00-20:00", "seg,qua,sex 9-18", "seg-sex 08:00-18:00";
 * `always` (or "sempre", "off") sends at any time. Days before hours; days may wrap ("sab-seg").
 * @param {string | undefined | null} text
 * @returns {SendWindow | null} null when the text cannot be read
 */
export function parseSendWindow(text) {
  const value = plain(text ?? "");
  if (value === "") return parseSendWindow(DEFAULT_SEND_WINDOW);
  if (["always", "sempre", "off", "24h", "0"].includes(value)) return { always: true, text: "always" };
  const match = /^([a-z,\s-]+?)\s+(\d{1,2}(?:[:h]\d{2})?h?)\s*(?:-|–|a|ate)\s*(\d{1,2}(?:[:h]\d{2})?h?)$/.exec(value);
  if (!match) return null;
  /** @type {Set<number>} */
  const days = new Set();
  for (const piece of match[1].split(",")) {
    const [from, to, extra] = piece.split("-").map((s) => s.trim());
    if (extra !== undefined) return null;
    const a = DAY_WORDS[from];
    const b = to === undefined ? a : DAY_WORDS[to];
    if (a === undefined || b === undefined) return null;
    for (let d = a; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === b) break;
    }
  }
  const start = parseClock(match[2]);
  const end = parseClock(match[3]);
  if (start === null || end === null || end <= start || days.size === 0) return null;
  return { always: false, days: [...days].sort((x, y) => x - y), start, end, text: value };
}

/** @param {number} minutes */
function clockText(minutes) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The window in words: "segunda a sábado, 08:00–20:00", "todos os dias, …", "qualquer dia e hora".
 * @param {SendWindow} window
 */
export function windowLabel(window) {
  if (window.always) return "qualquer dia e hora";
  const days = window.days;
  const hours = `${clockText(window.start)}–${clockText(window.end)}`;
  if (days.length === 7) return `todos os dias, ${hours}`;
  // a run of consecutive days (Monday first) reads "segunda a sábado"
  const order = [1, 2, 3, 4, 5, 6, 0].filter((d) => days.includes(d));
  const ranks = order.map((d) => (d + 6) % 7);
  const consecutive = ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1);
  const names = order.map((d) => WEEKDAY_NAMES[d]);
  const dayText =
    consecutive && names.length > 2
      ? `${names[0]} a ${names.at(-1)}`
      : names.length === 1
        ? names[0]
        : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
  return `${dayText}, ${hours}`;
}

/**
 * Whether sending may happen at this instant.
 * @param {SendWindow} window @param {number} epochMs
 */
export function isWindowOpen(window, epochMs) {
  if (window.always) return true;
  const p = zonedParts(epochMs);
  const minutes = p.hour * 60 + p.minute;
  return window.days.includes(p.weekday) && minutes >= window.start && minutes < window.end;
}

/**
 * The first instant at or after `epochMs` when the window is open (`epochMs` itself when open).
 * @param {SendWindow} window @param {number} epochMs
 */
export function nextWindowOpening(window, epochMs) {
  if (window.always || isWindowOpen(window, epochMs)) return epochMs;
  const p = zonedParts(epochMs);
  for (let offset = 0; offset <= 7; offset++) {
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + offset, 12));
    const weekday = d.getUTCDay();
    if (!window.days.includes(weekday)) continue;
    const opening = zonedTime(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      Math.floor(window.start / 60),
      window.start % 60,
    );
    if (opening >= epochMs) return opening;
  }
  return epochMs; // unreachable with at least one day in the window
}

/**
 * Reads HELPER_WARMUP: "off" (or "0", "false", "nao") disables; a list "20,40,80" sets the steps;
 * anything else (or nothing) is the default 20 → 40 → 80.
 * @param {string | undefined | null | false | number[]} value
 * @returns {number[]} the caps of the first days, empty when warm-up is off
 */
export function parseWarmup(value) {
  if (Array.isArray(value)) return value;
  if (value === false) return [];
  const text = plain(value ?? "");
  if (["off", "0", "false", "nao", "desligado"].includes(text)) return [];
  if (/^\d+(\s*,\s*\d+)*$/.test(text)) return text.split(",").map((s) => Number(s.trim()));
  return DEFAULT_WARMUP_STEPS;
}

/**
 * The warm-up of a number on day `today` when its first send was on `firstDay` (both "YYYY-MM-DD").
 * @param {number[]} steps caps of day 1, 2, 3…
 * @param {string | null} firstDay null when the number never sent
 * @param {string} today
 * @returns {{ day: number, cap: number } | null} null when the warm-up is over (or off)
 */
export function warmupFor(steps, firstDay, today) {
  if (steps.length === 0) return null;
  const day = firstDay === null ? 1 : daysBetween(firstDay, today) + 1;
  if (day < 1 || day > steps.length) return day < 1 ? { day: 1, cap: steps[0] } : null;
  return { day, cap: steps[day - 1] };
}

/**
 * @typedef {{
 *   window: SendWindow, dailyCap: number, warmupSteps: number[], firstSendDay: string | null,
 *   today: string, sentToday: number, todayCap?: number | null,
 * }} SendPlan  what decides how many messages go on which day: the sending window, our daily
 *   cap, the warm-up of the number's first days (counted from `firstSendDay`, or from the first
 *   send to come), what went `today` (São Paulo's "YYYY-MM-DD") and today's lower ceiling if
 *   WhatsApp set one (`todayCap`)
 */

/**
 * When the last of `pending` messages should go, sending one every `gapMs` from `from` while the
 * window is open and each São Paulo day's cap (ours, or the warm-up's) has room: 60 messages under
 * a 20-a-day warm-up take three days, not 45 minutes. An estimate: the gap is an average, and
 * WhatsApp may hold the job longer.
 * @param {{ from: number, pending: number, gapMs: number, plan: SendPlan }} input
 * @returns {number | null} epoch ms, or null when nothing can go (a cap of 0)
 */
export function estimateFinish({ from, pending, gapMs, plan }) {
  if (pending <= 0) return from;
  let at = nextWindowOpening(plan.window, from);
  let day = zonedDay(at);
  const firstDay = plan.firstSendDay ?? day;
  /** @param {string} d */
  const capOf = (d) => {
    const warm = warmupFor(plan.warmupSteps, firstDay, d);
    const cap = Math.min(plan.dailyCap, warm?.cap ?? Infinity);
    return d === plan.today && plan.todayCap != null ? Math.min(cap, plan.todayCap) : cap;
  };
  let sent = day === plan.today ? plan.sentToday : 0;
  let left = pending;
  // a bound: each pass sends one message or moves to the next day
  for (let guard = 0; guard < 100_000; guard++) {
    const today = zonedDay(at);
    if (today !== day) {
      day = today;
      sent = 0;
    }
    const cap = capOf(day);
    if (cap <= 0 && day !== plan.today) return null;
    if (sent >= cap) {
      at = nextWindowOpening(plan.window, nextZonedMidnight(at));
      continue;
    }
    if (!isWindowOpen(plan.window, at)) {
      at = nextWindowOpening(plan.window, at);
      continue;
    }
    sent += 1;
    left -= 1;
    if (left === 0) return at;
    at += gapMs;
  }
  return null;
}
