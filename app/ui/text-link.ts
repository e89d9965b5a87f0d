import { cx } from "~/shared/text";

/**
 * The look of a link inside text or beside a form (bold, brand blue, underlined): one class string,
 * so every text link on a staff or public page looks the same. Spacing and size are the caller's:
 * `textLink("mt-4 text-sm")`.
 */
export function textLink(extra?: string): string {
  return cx("font-semibold text-brand-700 underline", extra);
}
