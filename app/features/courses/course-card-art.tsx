import { courseIconSrc } from "~/features/courses/course-icon-src";
import type { CourseCardData } from "~/features/home/home-data";
import { ContentPicture } from "~/features/studio/content-picture";

/**
 * The top of a card: the course's photo once it has one (the studio's photo upload fills
 * `course.photo`), until then the icon chosen for this course on a tinted background.
 * The icon is a file (public/images/icones/), so the cards add no script to the page.
 */
export function CourseCardArt({
  course,
  sizes = "(min-width: 1280px) 20rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
}: {
  course: Pick<CourseCardData, "photo" | "icon">;
  /** The photo's width in the card's grid (the `sizes` of its <picture>). */
  sizes?: string;
}) {
  if (course.photo) {
    return (
      <ContentPicture
        photo={course.photo}
        sizes={sizes}
        className="block h-full w-full"
        imgClassName="h-full w-full object-cover"
      />
    );
  }
  return (
    <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100">
      <img
        src={courseIconSrc(course.icon)}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16"
        data-testid="course-icon"
        data-icon={course.icon}
      />
    </div>
  );
}
