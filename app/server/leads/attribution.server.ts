import type { Session } from "react-router";

import { type AttributionKey, UTM_KEYS } from "~/lib/leads/attribution";

import { config } from "../platform/config.server";

/** Marketing attribution of a visit: UTM parameters and the external referrer of the landing. */
export type Attribution = Partial<Record<AttributionKey, string>>;

const ATTRIBUTION_KEY = "attribution";
const MAX_LENGTH = 300;

/** Reads the attribution a request carries: UTM query parameters and a foreign Referer. */
export function attributionFromRequest(request: Request): Attribution | null {
  const url = new URL(request.url);
  const found: Attribution = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) found[key] = value.slice(0, MAX_LENGTH);
  }
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const origin = new URL(referer).origin;
      if (origin !== url.origin && origin !== new URL(config.siteUrl).origin) found.referrer = referer.slice(0, MAX_LENGTH);
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
  const stored = session.get(ATTRIBUTION_KEY);
  if (stored && typeof stored === "object") return stored as Attribution;
  return attributionFromRequest(request);
}
