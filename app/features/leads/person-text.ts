/**
 * What a person's name or a city may contain: letters of any alphabet (with accents), spaces,
 * apostrophes, hyphens and dots ("Maria D'Ávila", "São João del-Rei", "Jr."). Markup, digits,
 * symbols, control characters and NUL bytes are refused, so a bot's HTML, links or SQL never
 * become a lead. The empty string passes: the schemas' own minimum lengths report it.
 */
export const PERSON_TEXT = /^(?:[\p{L}\p{M}][\p{L}\p{M} \u00A0'’.-]*)?$/u;

export const NAME_CHARS_MESSAGE = "Use apenas letras no nome";
export const CITY_CHARS_MESSAGE = "Use apenas letras no nome da cidade";

export function isPersonText(value: string): boolean {
  return PERSON_TEXT.test(value);
}
