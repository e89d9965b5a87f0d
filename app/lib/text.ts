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
