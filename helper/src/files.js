// Small JSON/JSONL file helpers for the data dir (session, opt-outs, counts, journal).
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * @template T
 * @param {string} file
 * @param {T} fallback
 * @returns {T}
 */
export function readJson(file, fallback) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return fallback;
  }
}

/** Writes atomically (temp file + rename). @param {string} file @param {unknown} value */
export function writeJson(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}

/** @param {string} file @param {unknown} value */
export function appendJsonLine(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(value)}\n`);
}

/**
 * Messages sent per sending number per local day, in `<dataDir>/daily-count.json`.
 */
export class DailyCounter {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {Record<string, { day: string, count: number }>} */
    this.counts = readJson(file, {});
  }

  /** @param {Date} date */
  static day(date) {
    const y = date.getFullYear();
    const m = String(date.getMonth() + 1).padStart(2, "0");
    const d = String(date.getDate()).padStart(2, "0");
    return `${y}-${m}-${d}`;
  }

  /** @param {string} account @param {Date} now */
  get(account, now) {
    const entry = this.counts[account];
    return entry && entry.day === DailyCounter.day(now) ? entry.count : 0;
  }

  /** @param {string} account @param {Date} now */
  increment(account, now) {
    const count = this.get(account, now) + 1;
    this.counts[account] = { day: DailyCounter.day(now), count };
    writeJson(this.file, this.counts);
    return count;
  }
}

/** Start of the next local day after `now`. @param {Date} now */
export function nextMidnight(now) {
  const next = new Date(now.getTime());
  next.setHours(24, 0, 0, 0);
  return next;
}
