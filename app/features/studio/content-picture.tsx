import type { StoredPhoto } from "~/features/studio/fields";
import { photoSrcSet, photoUrl, photoWidths } from "~/features/studio/photos";

/**
 * A studio photo on a public page: AVIF, then WebP, then JPEG, each at every stored width, so the
 * browser takes the smallest file that fills `sizes` at the screen's density. The <img> carries the
 * photo's width and height, so the page keeps its space before the file arrives (no layout shift;
 * CSS may scale it, e.g. `h-auto w-full` or `object-cover` with a fixed box).
 *
 * `priority` is for the one photo that is the page's largest element on arrival (the home hero, the
 * LCP): requested at once and at high priority. Every other photo loads lazily, when it nears the screen.
 *
 * `media` shows the photo only where that media query holds (e.g. "(min-width: 1024px)" for a photo
 * the layout hides on phones): elsewhere the picture is an empty 1×1 image from the page itself, so a
 * hidden photo costs a phone no download (CSS alone would hide it but not stop the request).
 */
const BLANK = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

export function ContentPicture({
  photo,
  sizes,
  priority = false,
  className,
  imgClassName,
  media,
}: {
  photo: StoredPhoto;
  /** The width the photo takes in the layout, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  media?: string;
}) {
  const widths = photoWidths(photo.width);
  // For browsers that ignore srcset: a middle width.
  const fallback = widths.find((width) => width >= 800) ?? widths[widths.length - 1];
  return (
    <picture className={className}>
      {media ? <source media={`not all and ${media}`} srcSet={BLANK} /> : null}
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} media={media} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} media={media} />
      <img
        src={photoUrl(photo.id, fallback, "jpg")}
        srcSet={photoSrcSet(photo, "jpg")}
        sizes={sizes}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? undefined : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={imgClassName}
      />
    </picture>
  );
}
