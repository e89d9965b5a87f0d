// Contact parsing shared by the /whatsapp page (site) and the helper.
// Parsing of the contact list the operator pastes. Pure: no I/O; the number rules are phone.js's.
import { numberProblem } from "./phone.js";

/** Name given to a contact whose line has no comma. */
export const UNKNOWN_CONTACT_NAME = "Desconhecido";

/** Contacts with fewer digits than this are dropped. */
export const MIN_CONTACT_DIGITS = 8;

/**
 * @typedef {{ name: string, number: string }} Contact  number: digits, or + and digits when it was
 *   written with a country code other than Brazil's (55)
 */

/**
 * @typedef {{ line: number, text: string, reason: string }} DroppedLine
 */

/** Why a line was dropped, in pt-BR (shown under the page's text box). */
export const DROP_REASONS = {
  noNumber: "sem número",
  tooShort: `número com menos de ${MIN_CONTACT_DIGITS} dígitos`,
};

/**
 * Parses the contact textarea ("Nome, Número" per line) into contacts, and lists the lines it
 * dropped (1-based line number, the line as typed, and why).
 *
 * Rules:
 * - split by lines; skip blank lines (they are not listed as dropped);
 * - a line with a comma gives the name (first part) and the number (second part);
 * - without a comma the name is 'Desconhecido' and the whole line is the number;
 * - non-digits are stripped from numbers, except the + of a foreign country code ("+1 415…" → "+1415…";
 *   "+55 31…" → "5531…");
 * - contacts with fewer than 8 digits are dropped;
 * - numbers that are neither Brazilian nor written with + and a valid country code are dropped
 *   (phone.js numberProblem): an 11-digit foreign number without its + would get 55.
 *
 * Names are trimmed; a blank name before the comma also becomes 'Desconhecido'
 * (unnamed contacts are logged as 'Desconhecido').
 *
 * @param {string} text
 * @returns {{ contacts: Contact[], dropped: DroppedLine[] }}
 */
export function parseContactLines(text) {
  /** @type {Contact[]} */
  const contacts = [];
  /** @type {DroppedLine[]} */
  const dropped = [];
  if (typeof text !== "string") return { contacts, dropped };
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    const comma = line.indexOf(",");
    let name;
    let rawNumber;
    if (comma === -1) {
      name = UNKNOWN_CONTACT_NAME;
      rawNumber = line;
    } else {
      name = line.slice(0, comma).trim() || UNKNOWN_CONTACT_NAME;
      // "second part": what lies between the first and the second comma
      const rest = line.slice(comma + 1);
      const next = rest.indexOf(",");
      rawNumber = next === -1 ? rest : rest.slice(0, next);
    }
    const digits = rawNumber.replace(/\D/g, "");
    const number = rawNumber.trim().startsWith("+") && !digits.startsWith("55") ? `+${digits}` : digits;
    if (digits.length < MIN_CONTACT_DIGITS) {
      dropped.push({
        line: index + 1,
        text: line.trim(),
        reason: digits.length === 0 ? DROP_REASONS.noNumber : DROP_REASONS.tooShort,
      });
      return;
    }
    const problem = numberProblem(number);
    if (problem) {
      dropped.push({ line: index + 1, text: line.trim(), reason: problem });
      return;
    }
    contacts.push({ name, number });
  });
  return { contacts, dropped };
}

/**
 * The contacts of the textarea (see parseContactLines for the rules).
 *
 * @param {string} text
 * @returns {Contact[]}
 */
export function parseContacts(text) {
  return parseContactLines(text).contacts;
}

const NAME_FIELD = /\{\s*nome\s*\}/gi;

/**
 * Puts the contact's name where the message says `{nome}` (any case, spaces inside the braces
 * allowed). A contact without a name ('Desconhecido') gets a natural greeting instead: the field
 * goes away with the space or comma before it ("Olá {nome}, tudo bem?" → "Olá, tudo bem?"), and at
 * the start of a line with the comma after it, the next letter becoming upper case
 * ("{nome}, temos uma vaga" → "Temos uma vaga").
 * @param {string} template
 * @param {string} name
 */
export function personalise(template, name) {
  if (name !== UNKNOWN_CONTACT_NAME) return template.replace(NAME_FIELD, () => name);
  return template
    .replace(/(^|\n)[ \t]*\{\s*nome\s*\}[ \t]*,?[ \t]*(\S?)/gi, (_, start, next) => `${start}${next.toUpperCase()}`)
    .replace(/[ \t]*,?[ \t]*\{\s*nome\s*\}/gi, "");
}
