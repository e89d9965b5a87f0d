// Small JSON/JSONL file helpers for the data dir (session, opt-outs, counts, journal).
import {
  appendFileSync,
  chmodSync,
  closeSync,
  fchmodSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname } from "node:path";

import { nextZonedMidnight, zonedDay } from "./schedule.js";

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

/** Helper folders are private to the operator's account (decision 065). */
export const DIR_MODE = 0o700;
/** Helper files too: the session, contact lists and opt-outs are nobody else's to read. */
export const FILE_MODE = 0o600;

/** Creates `dir` (and parents) 0700 whatever the umask; an existing one is made 0700. @param {string} dir */
export function ensurePrivateDirSync(dir) {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (process.platform !== "win32") chmodSync(dir, DIR_MODE);
}

/** Writes atomically (temp file + rename), 0600. @param {string} file @param {unknown} value */
export function writeJson(file, value) {
  mkdirSync(dirname(file), { recursive: true, mode: DIR_MODE });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: FILE_MODE });
  if (process.platform !== "win32") chmodSync(tmp, FILE_MODE); // a leftover tmp keeps its old mode
  renameSync(tmp, file);
}

/**
 * Replaces `file` with `text` atomically and durably: a temporary file (0600) written and fsynced,
 * renamed over `file` (removed when the rename fails), then the folder fsynced so the rename itself
 * survives a power cut.
 * @param {string} file @param {string} text
 */
export function writeFileDurable(file, text) {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, "w", FILE_MODE);
  try {
    if (process.platform !== "win32") fchmodSync(fd, FILE_MODE); // a leftover tmp keeps its old mode
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
  if (process.platform === "win32") return; // a folder cannot be opened for fsync there
  const dirFd = openSync(dir, "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

/**
 * Writes JSON atomically and durably (writeFileDurable). For files whose loss would message someone
 * who asked not to be (the opt-out list).
 * @param {string} file @param {unknown} value
 */
export function writeJsonDurable(file, value) {
  writeFileDurable(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Appends one line, creating the file 0600 (an existing file is made 0600 too). @param {string} file @param {unknown} value */
export function appendJsonLine(file, value) {
  mkdirSync(dirname(file), { recursive: true, mode: DIR_MODE });
  const fd = openSync(file, "a", FILE_MODE);
  try {
    if (process.platform !== "win32") fchmodSync(fd, FILE_MODE);
    appendFileSync(fd, `${JSON.stringify(value)}\n`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Messages sent per sending number per São Paulo calendar day, in `<dataDir>/daily-count.json`.
 */
export class DailyCounter {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {Record<string, { day: string, count: number }>} */
    this.counts = readJson(file, {});
  }

  /** The São Paulo day of `date` (the cap resets at 00:00 there, whatever the computer's zone). @param {Date} date */
  static day(date) {
    return zonedDay(date.getTime());
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

/** Start of the next São Paulo day after `now`. @param {Date} now */
export function nextMidnight(now) {
  return new Date(nextZonedMidnight(now.getTime()));
}

/**
 * The São Paulo day of each sending number's first message, in `<dataDir>/first-send.json`: the
 * warm-up counts its days from there.
 */
export class FirstSendDays {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {Record<string, string>} */
    this.days = readJson(file, {});
  }

  /** @param {string} account @returns {string | null} */
  get(account) {
    return this.days[account] ?? null;
  }

  /** Records `day` as the first send day unless one is already known. @param {string} account @param {string} day */
  note(account, day) {
    if (this.days[account]) return;
    this.days[account] = day;
    writeJson(this.file, this.days);
  }
}

/** Largest tail of the journal read at start (older jobs are finished and not needed). */
const JOURNAL_TAIL_BYTES = 16 * 1024 * 1024;

/**
 * The journal's entries (one JSON object a line), reading at most its last 16 MB; a torn last
 * line (the helper killed while writing) is skipped.
 * @param {string} file
 * @returns {Record<string, any>[]}
 */
export function readJsonLines(file) {
  let text;
  try {
    const fd = openSync(file, "r");
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, JOURNAL_TAIL_BYTES);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      text = buffer.toString("utf8");
      if (length < size) text = text.slice(text.indexOf("\n") + 1);
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  /** @type {Record<string, any>[]} */
  const entries = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      // a line cut short by a crash
    }
  }
  return entries;
}

/**
 * Until when WhatsApp restricts the account (epoch ms, or null), kept in `file` so that it outlives
 * a restart.
 * @param {string} file
 * @returns {{ get: () => number | null, set: (until: number | null) => void }}
 */
export function restrictionStore(file) {
  return {
    get: () => {
      const until = Date.parse(readJson(file, { until: null }).until ?? "");
      return Number.isFinite(until) ? until : null;
    },
    set: (until) => writeJson(file, { until: until === null ? null : new Date(until).toISOString() }),
  };
}
