import type { Session } from "react-router";

import { ATTRIBUTION_KEYS, type AttributionKey, UTM_KEYS } from "~/features/leads/forms/attribution";
import { config } from "~/platform/config.server";

/** Marketing attribution of a visit: UTM parameters and the external referrer of the landing. */
export type Attribution = Partial<Record<AttributionKey, string>>;

const ATTRIBUTION_KEY = "attribution";
const MAX_LENGTH = 300;

/** Control and invisible format characters (NUL, ESC, CR/LF, DEL, C1, bidi overrides, zero-width). */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

/**
 * An attribution value as it may be stored: control and invisible format characters removed
 * (a NUL, an escape sequence or a bidi override reaches the CSV and the panel otherwise), trimmed,
 * at most 300 characters; nothing left is no value.
 */
export function cleanAttributionValue(value: string | null | undefined): string | undefined {
  const cleaned = (value ?? "").replace(CONTROL_CHARACTERS, "").trim().slice(0, MAX_LENGTH);
  return cleaned || undefined;
}

/** Reads the attribution a request carries: UTM query parameters and a foreign Referer. */
export function attributionFromRequest(request: Request): Attribution | null {
  const url = new URL(request.url);
  const found: Attribution = {};
  for (const key of UTM_KEYS) {
    const value = cleanAttributionValue(url.searchParams.get(key));
    if (value) found[key] = value;
  }
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const origin = new URL(referer).origin;
      const value = cleanAttributionValue(referer);
      if (value && origin !== url.origin && origin !== new URL(config.siteUrl).origin) found.referrer = value;
    } catch {
      // Not a URL: ignore.
    }
  }
  return Object.keys(found).length ? found : null;
}

/**
 * Remembers the first attribution of a visit in the visitor session (first touch wins).
 * Returns true when the session changed and must be committed.
 */
export function rememberAttribution(request: Request, session: Session): boolean {
  if (session.has(ATTRIBUTION_KEY)) return false;
  const found = attributionFromRequest(request);
  if (!found) return false;
  session.set(ATTRIBUTION_KEY, found);
  return true;
}

/** The attribution to store with a lead: the session's landing first, else the request's own. */
export function attributionFor(request: Request, session: Session): Attribution | null {
  const stored: unknown = session.get(ATTRIBUTION_KEY);
  if (stored && typeof stored === "object") {
    // Cleaned here too, whatever the session cookie holds.
    const cleaned: Attribution = {};
    for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
      const clean = typeof value === "string" ? cleanAttributionValue(value) : undefined;
      if (clean && (ATTRIBUTION_KEYS as readonly string[]).includes(key)) cleaned[key as AttributionKey] = clean;
    }
    return Object.keys(cleaned).length ? cleaned : null;
  }
  return attributionFromRequest(request);
}
