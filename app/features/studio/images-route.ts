import { openImageFile } from "~/features/studio/images.server";
import { PHOTO_CACHE_CONTROL } from "~/features/studio/photos";
import { PRIVATE_CACHE_CONTROL } from "~/shared/cache-headers";

import type { Route } from "./+types/images-route";

/**
 * The studio's photos (/imagens/<hash>-<width>.<avif|webp|jpg>). A file's name changes whenever its
 * content does, so browsers and CDNs keep it for a year without asking again. Only names of the
 * exact pattern are looked up (no path can reach outside the images folder).
 */
export function loader({ params }: Route.LoaderArgs) {
  const file = openImageFile(params.file);
  if (!file) {
    throw new Response("Imagem não encontrada.", {
      status: 404,
      // Kept by no cache: the file may exist a moment later (and the answer is the same for everyone).
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Cache-Control": PHOTO_CACHE_CONTROL,
    },
  });
}
