import { privateData } from "~/shared/cache-headers";

import { isOwnRequest } from "../../server/request-guards.js";
import { config } from "./config.server";

/**
 * The one same-origin check of the staff and WhatsApp posts, by the rule every route's guard uses
 * (`isOwnRequest`, server/request-guards.js): `Sec-Fetch-Site` must not name another site or another
 * origin of this one; the Origin must be this site's own (the request's, or SITE_URL's behind a
 * proxy); without an Origin, a Referer must be a page of this site. None of the three (not a
 * browser: the helper, a script) passes. A cross-site post is refused even before the SameSite
 * cookie would stop it.
 */
export function sameOrigin(request: Request): boolean {
  const header = (name: string) => request.headers.get(name) ?? undefined;
  return isOwnRequest({ origin: header("Origin"), referer: header("Referer"), secFetchSite: header("Sec-Fetch-Site") }, [
    new URL(request.url).origin,
    new URL(config.siteUrl).origin,
  ]);
}

/** What a foreign Origin is told (a page's post). */
export const FOREIGN_ORIGIN_MESSAGE = "Origem não permitida.";

/** Throws the 403 a post from another site gets: private, not indexed. */
export function requireSameOrigin(request: Request): void {
  if (!sameOrigin(request)) throw privateData(FOREIGN_ORIGIN_MESSAGE, { status: 403 });
}
