import { shareSvg } from "~/features/share/share-image.server";

/** The share image's source (the PNG is drawn from it): what the image says, readable as text (decision 082). */
export function loader() {
  return new Response(shareSvg(new Date()), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
