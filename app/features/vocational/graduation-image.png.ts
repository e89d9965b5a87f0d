import {
  graduationHeaders,
  graduationSvgFor,
  noGraduationPicture,
  renderGraduationPng,
} from "~/features/vocational/graduation.server";

import type { Route } from "./+types/graduation-image.png";

/**
 * The graduation picture as the 800x600 PNG people download and share (minha-formatura-{product}.png
 * with `?download=1`), rendered on the server so the download is a plain link that works without
 * JavaScript. Only for the session that filled the test's lead form, as the SVG.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const picture = await graduationSvgFor(request);
  if (!picture) return noGraduationPicture();
  const png = await renderGraduationPng(picture.svg);
  return new Response(new Uint8Array(png), { headers: graduationHeaders(request, "image/png", picture.productName, "png") });
}
