import { graduationHeaders, graduationSvgFor, noGraduationPicture } from "~/features/vocational/graduation.server";

import type { Route } from "./+types/graduation-image.svg";

/**
 * The graduation picture with the visitor's name, as an SVG image: the source the PNG is rendered
 * from (imagem.png), kept as a light vector version. `?download=1` sends it as a file.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const picture = await graduationSvgFor(request);
  if (!picture) return noGraduationPicture();
  return new Response(picture.svg, {
    headers: graduationHeaders(request, "image/svg+xml; charset=utf-8", picture.productName, "svg"),
  });
}
