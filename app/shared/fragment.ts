/** The element id a fragment names ("#faq" → "faq"); a malformed escape is taken as written. */
export function fragmentId(hash: string): string {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
