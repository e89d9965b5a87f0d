import { data, redirect, useLoaderData } from "react-router";

import { courseBolsa } from "~/features/campaign/campaign.server";
import { offerConditions } from "~/features/courses/course-offer.server";
import { courseMeta, coursePageData } from "~/features/courses/course-page";
import { CoursePage } from "~/features/courses/course-page-parts";
import { activeCourses, courseRedirect, findActiveCoursesByPath, isRetiredCoursePath } from "~/features/courses/courses.server";
import { RetiredCourse } from "~/features/courses/retired-course";
import { courseSharePath } from "~/features/share/share-image.server";
import { now } from "~/platform/clock.server";
import type { PageScriptsHandle } from "~/shared/page-scripts";

import type { Route } from "./+types/catch-all";

/** Plain HTML in the browser: no React, only the islands its markup names (decisions 092, 099). */
export const handle = { framework: false } satisfies PageScriptsHandle;

/**
 * Course pages at their own top-level paths (/enfermagem, /educacaofisica, /administracao-nova, ...)
 * rendered from the catalogue in the content store. A course's former path answers 301 to its new
 * one; a deactivated course's path answers 410 with a way back to the catalogue; any other path is
 * the 404 page (root error boundary).
 */
export function loader({ params }: Route.LoaderArgs) {
  const path = `/${params["*"] ?? ""}`;
  const matched = findActiveCoursesByPath(path);
  const page = coursePageData(matched, activeCourses());
  if (page)
    return {
      page,
      conditions: offerConditions(page.variants.map((variant) => variant.id)),
      // The figure of the offer cards covering this course's level and format, never the best card's.
      bolsa: courseBolsa(matched, now()),
      // The page's own share image, by content hash (decision 082).
      shareImage: courseSharePath(page.variants[0]!.id),
      retired: false as const,
    };
  const moved = courseRedirect(path);
  if (moved) throw redirect(moved, 301);
  if (isRetiredCoursePath(path)) return data({ page: null, retired: true as const }, { status: 410 });
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = courseMeta;

export default function CoursePath() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.page ? <CoursePage page={loaded.page} conditions={loaded.conditions} bolsa={loaded.bolsa} /> : <RetiredCourse />;
}
