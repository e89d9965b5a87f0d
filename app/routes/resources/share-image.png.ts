import { sharePng } from "~/server/content/share-image.server";

/** The share image (og:image): a PNG of the brand and the current bolsa (decision 082). */
export async function loader() {
  const { png, hash } = await sharePng(new Date());
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=300", ETag: `"${hash}"` },
  });
}
