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
    /** @type {{ number: string, at: string }[]} */
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
   * @returns {boolean} true when newly added
   */
  add(number, at) {
    if (!number || this.has(number)) return false;
    this.entries.push({ number, at: at.toISOString() });
    this.keys.add(numberKey(number));
    writeJson(this.file, { entries: this.entries });
    return true;
  }
}
