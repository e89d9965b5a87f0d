// Contact parsing shared by the /whatsapp page (site) and the helper.
// Parsing of the contact list the operator pastes. Pure: no I/O; the number rules are phone.js's.
import { NUMBER_PROBLEMS, numberProblem } from "./phone.js";

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

/** Columns of a row pasted from a spreadsheet: a Tab (Excel, Google Sheets, LibreOffice) or a `;` (CSV in pt-BR). */
const CELL_SEPARATOR = /\t|;/;
/** A cell that holds a phone number and nothing else: digits, spaces, ( ) . - + and a "0xx" prefix. */
const PHONE_CELL = /^\s*\+?[\d\s().\-/]*(?:0\s*xx\s*)?[\d\s().\-/]*$/i;

/**
 * The digits of a number as written, with the + of a foreign country code kept ("+1 415…" →
 * "+1415…"; "+55 31…" → "5531…"), and Brazil's long-distance prefix taken off: "0 + DDD"
 * ("011 98765-4321", "0xx11 98765-4321") and "0 + carrier + DDD" ("0 21 11 98765-4321").
 * @param {string} written
 * @returns {string}
 */
export function contactNumber(written) {
  const digits = written.replace(/\D/g, "");
  if (written.trim().startsWith("+")) return digits.startsWith("55") ? digits : `+${digits}`;
  if (digits.startsWith("0") && !digits.startsWith("00")) {
    // 0 + DDD + 8 or 9 digits: 11 or 12 digits; with a carrier's two digits after the 0: 13 or 14
    if (digits.length === 11 || digits.length === 12) return digits.slice(1);
    if (digits.length === 13 || digits.length === 14) return digits.slice(3);
  }
  return digits;
}

/**
 * What exactly is wrong with a number that is not Brazilian (no +): its length, its DDD, or its
 * first digit after the DDD.
 * @param {string} digits the number without its long-distance prefix
 * @returns {string}
 */
function brazilianDetail(digits) {
  const national = (digits.length === 12 || digits.length === 13) && digits.startsWith("55") ? digits.slice(2) : digits;
  if (national.length !== 10 && national.length !== 11) {
    return `tem ${digits.length} dígitos, e um número brasileiro tem DDD + 8 ou 9 dígitos (10 ou 11, ou 12 ou 13 com o 55)`;
  }
  const ddd = national.slice(0, 2);
  // a known-good subscriber after this DDD tells whether the DDD exists (phone.js keeps the list)
  if (numberProblem(`${ddd}987654321`) !== null) return `o DDD ${ddd} não existe`;
  if (national.length === 11) return `depois do DDD vêm 9 dígitos, e um celular de 9 dígitos começa com 9`;
  return `depois do DDD vêm 8 dígitos começando com ${national[2]}, e um número de 8 dígitos começa com 2 a 9`;
}

/**
 * The name and the written number of one line, or null when no part of it holds a number.
 * - Tab or `;` (a row pasted from a spreadsheet): the number is the first cell that is only a phone
 *   number, the name the first other non-empty cell ("Silva, Maria<Tab>31 99999-8888");
 * - a comma (spec 02): the name is the first part and the number the second; when the second part
 *   has no digit and a later part is a phone number, the name is everything before that part
 *   ("Silva, Maria, 31 99999-8888"), and a number written first gives the name after it;
 * - neither: the whole line is the number.
 * @param {string} line
 * @returns {{ name: string, rawNumber: string }}
 */
function splitLine(line) {
  if (CELL_SEPARATOR.test(line)) {
    const cells = line.split(CELL_SEPARATOR);
    const at = cells.findIndex((cell) => /\d/.test(cell) && PHONE_CELL.test(cell));
    if (at !== -1) {
      const name = cells.find((cell, index) => index !== at && cell.trim() !== "") ?? "";
      return { name: name.trim(), rawNumber: cells[at] };
    }
  }
  const comma = line.indexOf(",");
  if (comma === -1) return { name: "", rawNumber: line };
  const parts = line.split(",");
  if (/\d/.test(parts[1])) return { name: parts[0].trim(), rawNumber: parts[1] };
  const at = parts.findIndex((part) => /\d/.test(part) && PHONE_CELL.test(part));
  if (at === -1) return { name: parts[0].trim(), rawNumber: parts[1] };
  const name = at === 0 ? parts.slice(1).join(",") : parts.slice(0, at).join(",");
  return { name: name.trim(), rawNumber: parts[at] };
}

/**
 * Parses the contact textarea ("Nome, Número" per line, or rows pasted from a spreadsheet) into
 * contacts, and lists the lines it dropped (1-based line number, the line as typed, and exactly why).
 *
 * Rules:
 * - split by lines; skip blank lines (they are not listed as dropped);
 * - a line with a comma gives the name (first part) and the number (second part); a name with a
 *   comma in it is kept whole when the number comes after it (splitLine);
 * - a Tab or `;` separates the columns of a spreadsheet row: the number is the cell that is a
 *   phone number, the name the first other cell;
 * - without a separator the name is 'Desconhecido' and the whole line is the number;
 * - non-digits are stripped from numbers, except the + of a foreign country code ("+1 415…" → "+1415…";
 *   "+55 31…" → "5531…"); Brazil's long-distance "0 + DDD" and "0xx" prefixes are taken off;
 * - contacts with fewer than 8 digits are dropped;
 * - numbers that are neither Brazilian nor written with + and a valid country code are dropped
 *   (phone.js numberProblem): an 11-digit foreign number without its + would get 55.
 *
 * Names are trimmed; a blank name also becomes 'Desconhecido' (unnamed contacts are logged as
 * 'Desconhecido').
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
    const { name: rawName, rawNumber } = splitLine(line);
    const name = rawName.trim() || UNKNOWN_CONTACT_NAME;
    const number = contactNumber(rawNumber);
    const digits = number.replace(/\D/g, "");
    /** @param {string} reason */
    const drop = (reason) => dropped.push({ line: index + 1, text: line.trim(), reason });
    if (digits.length === 0) return drop(DROP_REASONS.noNumber);
    if (digits.length < MIN_CONTACT_DIGITS) return drop(DROP_REASONS.tooShort);
    const problem = numberProblem(number);
    if (problem === NUMBER_PROBLEMS.notBrazilian && !number.startsWith("+")) {
      return drop(`não é um número brasileiro válido: ${brazilianDetail(digits)}; de outro país, escreva + e o código do país`);
    }
    if (problem) return drop(problem);
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
