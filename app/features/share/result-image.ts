import { resultShareImage, shareImageResponse } from "~/features/share/share-image.server";

import type { Route } from "./+types/result-image";

/**
 * A vocational result page's share image (/compartilhar/resultado/<perfil>-<hash>.png, .svg for its
 * source): the profile's name and the bolsa, nothing of the person (decision 082).
 */
export function loader({ params }: Route.LoaderArgs) {
  return shareImageResponse(params.arquivo, (key) => resultShareImage(key));
}
