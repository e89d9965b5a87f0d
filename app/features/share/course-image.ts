import { courseShareImage, shareImageResponse } from "~/features/share/share-image.server";

import type { Route } from "./+types/course-image";

/**
 * A course page's share image (/compartilhar/curso/<id>-<hash>.png, its SVG source as .svg): the
 * course's photo under the brand and bolsa band, or the brand's picture; 404 for a course that is
 * not active (decision 082).
 */
export function loader({ params }: Route.LoaderArgs) {
  return shareImageResponse(params.arquivo, (key) => (/^[1-9]\d{0,8}$/.test(key) ? courseShareImage(Number(key)) : null));
}
