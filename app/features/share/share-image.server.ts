import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { courseBolsa } from "~/features/campaign/campaign.server";
import { claimText } from "~/features/campaign/claims";
import { commonCourseTitle } from "~/features/courses/course-page";
import { activeCourses, findActiveCoursesByPath } from "~/features/courses/courses.server";
import { publicSite } from "~/features/site/site.server";
import { getImage, imagesDir } from "~/features/studio/images.server";
import { photoFileName } from "~/features/studio/photos";
import { isResultSlug, RESULT_PAGES } from "~/features/vocational/profiles.seed";
import { GENERIC_PROFILE_NAMES } from "~/features/vocational/scoring";
import { PRIVATE_CACHE_CONTROL } from "~/shared/cache-headers";
import { SHARE_IMAGE_PATH as SITE_SHARE_PATH } from "~/shared/seo";

import { parseShareImageFile, SHARE_HASH_LENGTH, SHARE_HEIGHT, SHARE_WIDTH, shareImageFile, shareImageSvg } from "./share-image";

/**
 * The share images (og:image, decision 082): the brand and the current claim, drawn from the studio's
 * content at `now` as SVG and rendered to a 1200x630 PNG with sharp. Each is kept by the hash of what
 * it shows (its SVG and, for a course, its photo's id): the same content renders once; a save that
 * changes the brand, the bolsa or the photo makes a new one, under a new address for the pages that
 * name the hash (courses, vocational results, the home and the campaign; decision 102).
 */
export type ShareImage = {
  /** What the picture says (the PNG is drawn from it). */
  svg: string;
  /** The studio photo under the brand band (a course's own photo), or null. */
  photoFile: string | null;
  hash: string;
};

const rendered = new Map<string, Buffer>();
/** About one picture per course page and result profile, plus the site's. */
const KEEP = 128;

function shareImage(svg: string, photoFile: string | null = null): ShareImage {
  const hash = createHash("sha256")
    .update(svg)
    .update("\0")
    .update(photoFile ? path.basename(photoFile) : "")
    .digest("hex")
    .slice(0, SHARE_HASH_LENGTH);
  return { svg, photoFile, hash };
}

/** The site's own picture (the home, the campaign and every page without one of its own). */
export function siteShareImage(now: Date = new Date()): ShareImage {
  const site = publicSite(now);
  const campaign = claimText("{campanha}: bolsas de até {bolsa}", site.claims, site.brandName);
  return shareImage(
    shareImageSvg({
      brand: site.brandName,
      headline: campaign ?? claimText("Bolsas de até {bolsa_selecionados}", site.claims, site.brandName) ?? "",
      line: "Graduação a distância, semipresencial e presencial",
    }),
  );
}

/** The site picture's address for a page that names its hash (the home, the campaign): `/compartilhar/imagem.png?v=<hash>`. */
export function siteSharePath(now: Date = new Date()): string {
  return `${SITE_SHARE_PATH}?v=${siteShareImage(now).hash}`;
}

/**
 * The answer to `/compartilhar/imagem.png`: the site picture, kept for a year when `?v=` names its
 * hash (an address that changes with the content), for 5 minutes otherwise (decision 102).
 */
export async function siteShareResponse(request: Request, now: Date = new Date()): Promise<Response> {
  const image = siteShareImage(now);
  const asked = new URL(request.url).searchParams.get("v");
  return new Response(new Uint8Array(await sharePngOf(image)), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": asked === image.hash ? IMMUTABLE : CURRENT,
      ETag: `"${image.hash}"`,
    },
  });
}

export function shareSvg(now: Date = new Date()): string {
  return siteShareImage(now).svg;
}

/** The stored file of a photo to lay the band over: the smallest JPEG at least as wide as the picture. */
function photoFileOf(photoId: string): string | null {
  const image = getImage(photoId);
  if (!image) return null;
  const width = image.widths.find((w) => w >= SHARE_WIDTH) ?? image.widths[image.widths.length - 1];
  if (!width) return null;
  const file = path.join(imagesDir(), photoFileName(image.id, width, "jpg"));
  return existsSync(file) ? file : null;
}

/**
 * An active course's picture: its page's title (every course at its address, as the page names it),
 * the brand and the bolsa of the offer cards covering it (courseBolsa), over the course's own photo when one of them has
 * one, else on the brand's plain background. Null for an unknown or inactive course.
 */
export function courseShareImage(id: number, now: Date = new Date()): ShareImage | null {
  const course = activeCourses().find((c) => c.id === id);
  if (!course) return null;
  const atPath = findActiveCoursesByPath(course.url);
  const matched = atPath.some((c) => c.id === id) ? atPath : [course];
  const site = publicSite(now);
  const photo = matched.find((c) => c.photo)?.photo ?? null;
  const photoFile = photo ? photoFileOf(photo.id) : null;
  const bolsa = courseBolsa(matched, now);
  const text = {
    brand: site.brandName,
    headline: commonCourseTitle(matched.map((c) => c.name)),
    line: bolsa ? `Bolsa de até ${bolsa}` : `${course.level} ${[...new Set(matched.map((c) => c.modality))].join(" ou ")}`,
  };
  return shareImage(shareImageSvg(text, { photo: photoFile !== null }), photoFile);
}

/** The keys of the result pictures: a profile page's slug, or a generic result's letter ("a" to "d"). */
const GENERIC_KEYS: Record<string, keyof typeof GENERIC_PROFILE_NAMES> = { a: "A", b: "B", c: "C", d: "D" };

export function resultShareKey(profile: string): string {
  return profile.toLowerCase();
}

/**
 * A vocational result's picture: the profile's name and the selected courses' bolsa that the result
 * page offers, with the brand. Never anything of the person (no name, no answers). Null for an unknown key.
 */
export function resultShareImage(key: string, now: Date = new Date()): ShareImage | null {
  const letter = Object.hasOwn(GENERIC_KEYS, key) ? GENERIC_KEYS[key] : undefined;
  const profile = letter ? GENERIC_PROFILE_NAMES[letter] : isResultSlug(key) ? RESULT_PAGES[key].title : null;
  if (!profile) return null;
  const site = publicSite(now);
  return shareImage(
    shareImageSvg({
      brand: site.brandName,
      headline: `Perfil ${profile}`,
      line: claimText("Teste vocacional: bolsas de até {bolsa_selecionados}", site.claims, site.brandName) ?? "Teste vocacional",
    }),
  );
}

/** A page's own picture address, `/compartilhar/<kind>/<key>-<hash>.png` (decision 082). */
export function sharePath(kind: "curso" | "resultado", key: string | number, image: ShareImage): string {
  return `/compartilhar/${kind}/${shareImageFile(key, image.hash)}`;
}

/** The picture as PNG, 1200x630: rendered once per hash (sharp), the band laid over the photo when there is one. */
export async function sharePngOf(image: ShareImage): Promise<Buffer> {
  let png = rendered.get(image.hash);
  if (png) return png;
  const overlay = Buffer.from(image.svg);
  png = image.photoFile
    ? await sharp(image.photoFile)
        .resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: "cover", position: "attention" })
        .composite([{ input: overlay, top: 0, left: 0 }])
        .png()
        .toBuffer()
    : await sharp(overlay).resize(SHARE_WIDTH, SHARE_HEIGHT).png().toBuffer();
  if (rendered.size >= KEEP) rendered.delete(rendered.keys().next().value!);
  rendered.set(image.hash, png);
  return png;
}

/** A hashed address never shows anything else: browsers and link previews may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The current picture under an older or hashless address: kept briefly (the next save may change it). */
const CURRENT = "public, max-age=300";

/**
 * The answer to `/compartilhar/<kind>/<file>`: the PNG (or its SVG source, what tests read) of the
 * picture `find` draws for the file's key; 404 for a name of another pattern or a key with no picture.
 */
export async function shareImageResponse(file: string, find: (key: string) => ShareImage | null): Promise<Response> {
  const parsed = parseShareImageFile(file);
  const image = parsed ? find(parsed.key) : null;
  if (!parsed || !image) {
    return new Response("Imagem não encontrada.", {
      status: 404,
      // Kept by no cache: a course activated a moment later has its picture.
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  const headers = { "Cache-Control": parsed.hash === image.hash ? IMMUTABLE : CURRENT, ETag: `"${image.hash}"` };
  if (parsed.format === "svg") {
    return new Response(image.svg, { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
  }
  const png = await sharePngOf(image);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}

/** The address of a course page's picture (the page's first course names it), for its og:image. */
export function courseSharePath(id: number, now: Date = new Date()): string | undefined {
  const image = courseShareImage(id, now);
  return image ? sharePath("curso", id, image) : undefined;
}

/** The address of a result page's picture (a profile slug or a generic result's letter), for its og:image. */
export function resultSharePath(profile: string, now: Date = new Date()): string | undefined {
  const key = resultShareKey(profile);
  const image = resultShareImage(key, now);
  return image ? sharePath("resultado", key, image) : undefined;
}
