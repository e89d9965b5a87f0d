import { privateData } from "~/lib/cache-headers";

import { config } from "./config.server";

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return "";
  }
}

/**
 * The one same-origin check of the staff and WhatsApp posts (server/request-guards.js holds the same
 * rule for every route): `Sec-Fetch-Site` must not name another site or another origin of this one;
 * the Origin must be this site's own (the request's, or SITE_URL's behind a proxy); without an
 * Origin, a Referer must be a page of this site. None of the three (not a browser: the helper, a
 * script) passes. A cross-site post is refused even before the SameSite cookie would stop it.
 */
export function sameOrigin(request: Request): boolean {
  const own = [new URL(request.url).origin, new URL(config.siteUrl).origin];
  const site = request.headers.get("Sec-Fetch-Site")?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return own.includes(origin);
  const referer = request.headers.get("Referer");
  return !referer || own.includes(originOf(referer));
}

/** What a foreign Origin is told (a page's post). */
export const FOREIGN_ORIGIN_MESSAGE = "Origem não permitida.";

/** Throws the 403 a post from another site gets: private, not indexed. */
export function requireSameOrigin(request: Request): void {
  if (!sameOrigin(request)) throw privateData(FOREIGN_ORIGIN_MESSAGE, { status: 403 });
}
