import { siteShareResponse } from "~/features/share/share-image.server";

import type { Route } from "./+types/image.png";

/** The site's share image (og:image): a PNG of the brand and the current bolsa (decisions 082, 102). */
export function loader({ request }: Route.LoaderArgs) {
  return siteShareResponse(request, new Date());
}
