import { privateData } from "~/lib/cache-headers";

import { config } from "./config.server";

/**
 * The one same-origin check of the staff and WhatsApp posts: this site's own Origin (the request's,
 * or SITE_URL's behind a proxy), or none (not a browser: the helper, a script). A cross-site post is
 * refused even before the SameSite cookie would stop it.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return origin === null || origin === new URL(request.url).origin || origin === new URL(config.siteUrl).origin;
}

/** What a foreign Origin is told (a page's post). */
export const FOREIGN_ORIGIN_MESSAGE = "Origem não permitida.";

/** Throws the 403 a post from another site gets: private, not indexed. */
export function requireSameOrigin(request: Request): void {
  if (!sameOrigin(request)) throw privateData(FOREIGN_ORIGIN_MESSAGE, { status: 403 });
}
