/**
 * Brazilian mobile phone numbers as the lead forms take them:
 * canonical form '(99)99999-9999', i.e. a two-digit area code (DDD) and nine digits.
 */

/** The canonical pattern every stored phone matches. */
export const PHONE_PATTERN = /^\(\d{2}\)\d{5}-\d{4}$/;

/** The spec's message for a phone that is not a valid (99)99999-9999 number. */
export const PHONE_MESSAGE = "Telefone inválido - Formato: (99)99999-9999";

const MAX_DIGITS = 11;

/** Characters people type around the digits: spaces, dots, parentheses, hyphens and a leading +. */
const ALLOWED = /^[\d\s().+-]*$/;

/** Digits of what was typed, without a +55 / 55 country code or a 0 trunk prefix. */
function localDigits(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.length === 13 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length === 12 && digits.startsWith("0")) digits = digits.slice(1);
  return digits;
}

function format(digits: string): string {
  if (digits.length === 0) return "";
  if (digits.length <= 2) return `(${digits}`;
  if (digits.length <= 7) return `(${digits.slice(0, 2)})${digits.slice(2)}`;
  return `(${digits.slice(0, 2)})${digits.slice(2, 7)}-${digits.slice(7)}`;
}

/**
 * The canonical '(31)99999-8888' for a phone typed in any usual way ('31999998888',
 * '31 99999-8888', '(31) 99999-8888', '+55 31 99999-8888', '031 99999-8888'), or null when it
 * is not an 11-digit number with a real area code (Brazilian DDDs never contain a 0).
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const trimmed = input.trim();
  if (!trimmed || !ALLOWED.test(trimmed)) return null;
  const digits = localDigits(trimmed);
  if (digits.length !== MAX_DIGITS) return null;
  if (!/^[1-9]{2}/.test(digits)) return null;
  return format(digits);
}

/**
 * The typing mask: keeps only digits (at most 11) and inserts the parentheses and the hyphen as
 * the number grows: '3' → '(3', '3199' → '(31)99', '31999998' → '(31)99999-8'.
 */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.length > MAX_DIGITS && digits.startsWith("55")) digits = digits.slice(2);
  return format(digits.slice(0, MAX_DIGITS));
}
