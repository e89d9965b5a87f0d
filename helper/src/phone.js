// Phone number helpers for Brazilian numbers.

/**
 * Digits only, with Brazil's country code 55 added to 10 or 11-digit numbers
 * (DDD + 8 or 9 digits). Other lengths are kept as they are.
 * @param {unknown} number
 * @returns {string}
 */
export function normalizeNumber(number) {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits;
}

/**
 * Key that compares Brazilian numbers with and without the mobile "ninth digit"
 * (accounts older than the ninth digit have WhatsApp ids without it):
 * 55 + DDD + the last 8 digits. Other numbers are their own key.
 * @param {string} number normalised digits
 * @returns {string}
 */
export function numberKey(number) {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) {
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
