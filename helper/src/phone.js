// Phone number rules: Brazilian numbers, or numbers written with + and a country code.
import { parsePhoneNumberFromString } from "libphonenumber-js";

/** Brazil's area codes (DDD). */
const BRAZILIAN_DDDS = new Set(
  (
    "11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 " +
    "51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 " +
    "91 92 93 94 95 96 97 98 99"
  ).split(" "),
);

/** Why a number is refused, in pt-BR (shown under the page's text box and in 'Status dos Envios'). */
export const NUMBER_PROBLEMS = {
  notBrazilian: "não é um número brasileiro válido (DDD + número); de outro país, escreva + e o código do país",
  badInternational: "número internacional inválido (confira o + e o código do país)",
};

/** Whether the number is written with + (an explicit country code). @param {unknown} number */
function isInternational(number) {
  return String(number ?? "")
    .trim()
    .startsWith("+");
}

/**
 * Digits only, with Brazil's country code 55 added to 10 or 11-digit numbers (DDD + 8 or 9
 * digits). A number written with + already carries its country code: it is kept as written
 * ("+1 415 555 2671" → "14155552671"), never given 55. Other lengths are kept as they are.
 * @param {unknown} number
 * @returns {string}
 */
export function normalizeNumber(number) {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (isInternational(number)) return digits;
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits;
}

/**
 * DDD + 8 or 9 digits: a valid DDD, then 9 digits starting with 9 (mobile) or 8 digits starting
 * with 2-9 (landline, or a mobile written without the ninth digit).
 * @param {string} national
 */
function isBrazilianNational(national) {
  if (!BRAZILIAN_DDDS.has(national.slice(0, 2))) return false;
  const subscriber = national.slice(2);
  if (subscriber.length === 9) return subscriber.startsWith("9");
  return subscriber.length === 8 && /^[2-9]/.test(subscriber);
}

/**
 * Why the number may not be sent to (pt-BR), or null when it may: a Brazilian number (DDD +
 * number, with or without 55), or a number written with + and a country code that
 * libphonenumber-js finds valid. Digits without + that are not a Brazilian number (an 11-digit
 * foreign number with its + lost, a number without DDD) are refused: they would go to a stranger.
 * @param {unknown} number
 * @returns {string | null}
 */
export function numberProblem(number) {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (isInternational(number)) {
    const parsed = parsePhoneNumberFromString(`+${digits}`);
    if (!parsed || !parsed.isValid()) return NUMBER_PROBLEMS.badInternational;
    if (parsed.countryCallingCode !== "55") return null;
    return isBrazilianNational(digits.slice(2)) ? null : NUMBER_PROBLEMS.notBrazilian;
  }
  const national = digits.length === 12 || digits.length === 13 ? (digits.startsWith("55") ? digits.slice(2) : "") : digits;
  if (national.length !== 10 && national.length !== 11) return NUMBER_PROBLEMS.notBrazilian;
  return isBrazilianNational(national) ? null : NUMBER_PROBLEMS.notBrazilian;
}

/**
 * The E.164 form ("+5531999998888", "+14155550100") of a number written any usual way, or "" when
 * it holds no digits. A number written with + keeps its country code. Digits without + are read as
 * Brazil's rule reads them: DDD + number (10 or 11 digits) or 55 + DDD + number; digits that are no
 * Brazilian number are taken as already international (a WhatsApp id, a foreign number whose + was
 * lost: "14155550100" is +1 415 555 0100, never 55 + 14 + 155550100).
 * @param {unknown} number
 * @returns {string}
 */
export function toE164(number) {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (digits === "") return "";
  if (isInternational(number)) return `+${digits}`;
  if ((digits.length === 10 || digits.length === 11) && isBrazilianNational(digits)) return `+55${digits}`;
  return `+${digits}`;
}

/**
 * The E.164 form of a WhatsApp id's number: its digits are international as they are.
 * @param {string | null | undefined} jid
 * @returns {string}
 */
export function jidToE164(jid) {
  const digits = jidToNumber(jid);
  return digits ? `+${digits}` : "";
}

/**
 * Key that compares Brazilian numbers with and without the mobile "ninth digit"
 * (accounts older than the ninth digit have WhatsApp ids without it):
 * 55 + DDD + the last 8 digits, for a number that is Brazilian (55, a real DDD, a mobile or landline
 * subscriber). Any other number is its own key (its E.164 digits), so a foreign number never shares
 * a key with a Brazilian one.
 * @param {string} number normalised digits or E.164
 * @returns {string}
 */
export function numberKey(number) {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13) && isBrazilianNational(digits.slice(2))) {
    return `55${digits.slice(2, 4)}${digits.slice(-8)}`;
  }
  return digits;
}

/**
 * The user part of a WhatsApp id ("5531999999999:12@s.whatsapp.net" → "5531999999999").
 * @param {string | null | undefined} jid
 * @returns {string}
 */
export function jidToNumber(jid) {
  if (!jid) return "";
  return String(jid).split("@")[0].split(":")[0].replace(/\D/g, "");
}
