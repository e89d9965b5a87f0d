// Opt-out: contacts who answer 'SAIR' or 'PARAR' are never messaged again by this helper.
import { readJson, writeJson } from "./files.js";
import { numberKey } from "./phone.js";

const OPT_OUT_WORDS = new Set(["sair", "parar"]);

/**
 * True when an incoming text asks to stop: 'SAIR' or 'PARAR', ignoring case, accents,
 * surrounding spaces and punctuation ("Sair.", " parar! ", "PÁRAR").
 * @param {unknown} text
 * @returns {boolean}
 */
export function isOptOutText(text) {
  if (typeof text !== "string") return false;
  const word = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "");
  return OPT_OUT_WORDS.has(word);
}

/** The opt-out list, kept in `<dataDir>/opt-out.json`. */
export class OptOutList {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {{ number: string, at: string, reported?: boolean, operator?: string, source?: "site" }[]} */
    this.entries = readJson(file, { entries: [] }).entries ?? [];
    this.keys = new Set(this.entries.map((e) => numberKey(e.number)));
  }

  /** @param {string} number */
  has(number) {
    return number !== "" && this.keys.has(numberKey(number));
  }

  /**
   * @param {string} number normalised digits
   * @param {Date} at
   * @param {string} [operator] who ran the helper when the reply came (reported to the site)
   * @returns {boolean} true when newly added
   */
  add(number, at, operator) {
    if (!number || this.has(number)) return false;
    // reported: false until the site has stored it (entries of older versions lack the flag: also unreported)
    this.entries.push({ number, at: at.toISOString(), reported: false, ...(operator ? { operator } : {}) });
    this.keys.add(numberKey(number));
    writeJson(this.file, { entries: this.entries });
    return true;
  }

  /** Entries the site has not stored yet. */
  unreported() {
    return this.entries.filter((e) => e.reported !== true && e.source !== "site");
  }

  /** Marks these numbers as stored by the site. @param {string[]} numbers */
  markReported(numbers) {
    const done = new Set(numbers);
    let changed = false;
    for (const entry of this.entries) {
      if (done.has(entry.number) && entry.reported !== true) {
        entry.reported = true;
        changed = true;
      }
    }
    if (changed) writeJson(this.file, { entries: this.entries });
  }

  /**
   * Adds the site's central list (numbers other operators' helpers reported); kept locally so the
   * helper still skips them when the site cannot be reached.
   * @param {string[]} numbers
   * @param {Date} at
   * @returns {number} how many were new here
   */
  merge(numbers, at) {
    let added = 0;
    for (const raw of numbers) {
      const number = String(raw ?? "").replace(/\D/g, "");
      if (!number || this.has(number)) continue;
      this.entries.push({ number, at: at.toISOString(), reported: true, source: "site" });
      this.keys.add(numberKey(number));
      added += 1;
    }
    if (added > 0) writeJson(this.file, { entries: this.entries });
    return added;
  }
}
