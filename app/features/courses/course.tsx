import { data, redirect, useLoaderData } from "react-router";

import { courseBolsa } from "~/features/campaign/campaign.server";
import { offerConditions } from "~/features/courses/course-offer.server";
import { courseMeta, coursePageData } from "~/features/courses/course-page";
import { CoursePage } from "~/features/courses/course-page-parts";
import {
  activeCourses,
  courseRedirect,
  findActiveCoursesByPath,
  findSpecialCourse,
  isRetiredCoursePath,
} from "~/features/courses/courses.server";
import { RetiredCourse } from "~/features/courses/retired-course";
import { courseSharePath } from "~/features/share/share-image.server";
import { now } from "~/platform/clock.server";
import type { PageScriptsHandle } from "~/shared/page-scripts";

import type { Route } from "./+types/course";

/** Plain HTML in the browser: no React, only the islands its markup names (decisions 092, 099). */
export const handle = { framework: false } satisfies PageScriptsHandle;

/**
 * The dedicated course pages (/cursos/administracao, /cursos/agronegocio,
 * /cursos/analise-desenvolvimento, /cursos/biomedicina), with the sticky bar after 500 px.
 * A course whose path the studio set to /cursos/<slug> is shown here too; a former path answers
 * 301 to the new one, /cursos/<path of another course> redirects to that course's page; anything
 * else is a 404. A deactivated course's /cursos/ address answers 410.
 */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const here = findActiveCoursesByPath(`/cursos/${slug}`);
  const special = findSpecialCourse(slug);
  const matched = here.length ? here : special ? [special] : [];
  if (!matched.length) {
    const moved = courseRedirect(`/cursos/${slug}`);
    if (moved) throw redirect(moved, 301);
    if (isRetiredCoursePath(`/cursos/${slug}`)) return data({ page: null, retired: true as const }, { status: 410 });
    const elsewhere = findActiveCoursesByPath(`/${slug}`)[0];
    if (elsewhere) throw redirect(elsewhere.url, 301);
    throw data(null, { status: 404 });
  }
  const page = coursePageData(matched, activeCourses());
  if (!page) throw data(null, { status: 404 });
  return {
    page,
    conditions: offerConditions(page.variants.map((variant) => variant.id)),
    // The figure of the offer cards covering this course's level and format, never the best card's.
    bolsa: courseBolsa(matched, now()),
    // The page's own share image, by content hash (decision 082).
    shareImage: courseSharePath(page.variants[0]!.id),
    retired: false as const,
  };
}

export const meta: Route.MetaFunction = courseMeta;

export default function SpecialCoursePage() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.page ? <CoursePage page={loaded.page} conditions={loaded.conditions} bolsa={loaded.bolsa} /> : <RetiredCourse />;
}
