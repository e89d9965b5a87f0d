/** Lower-case and strip accents, so 'Saúde' matches 'saude' and 'EDUCAÇÃO' matches 'educacao'. */
export function normalizeText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

/** Case- and accent-insensitive substring test. An empty term matches everything. */
export function includesText(haystack: string, term: string): boolean {
  return normalizeText(haystack).includes(normalizeText(term));
}

/**
 * Joins class names, skipping the empty ones (`cx("a", flag && "b", undefined)` is "a" or "a b").
 * It does not merge Tailwind classes: two classes for one property (`px-4` and `px-5`) both stay, so
 * a primitive's variant and size maps never overlap and callers add only what the maps leave out
 * (margins, widths, shadows).
 */
export function cx(...classes: ReadonlyArray<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/**
 * Ends a sentence with one full stop: "mantido pela Exemplo Ltda." stays as it is, "mantido pela
 * Exemplo S/A" gains the stop. A sentence that ends in "!" or "?" keeps it.
 */
export function endSentence(sentence: string): string {
  const trimmed = sentence.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
