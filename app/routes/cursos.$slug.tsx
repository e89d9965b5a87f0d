import { data, redirect, useLoaderData } from "react-router";

import { CoursePage } from "~/components/courses/course-page";
import { coursePageData, courseSeo } from "~/lib/course-page";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { activeCourses, courseRedirect, findActiveCoursesByPath, findSpecialCourse } from "~/server/content/courses.server";

import type { Route } from "./+types/cursos.$slug";

/**
 * The dedicated course pages (/cursos/administracao, /cursos/agronegocio,
 * /cursos/analise-desenvolvimento, /cursos/biomedicina), with the sticky bar after 500 px.
 * A course whose path the studio set to /cursos/<slug> is shown here too; a former path answers
 * 301 to the new one, /cursos/<path of another course> redirects to that course's page; anything
 * else is a 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const here = findActiveCoursesByPath(`/cursos/${slug}`);
  const special = findSpecialCourse(slug);
  const matched = here.length ? here : special ? [special] : [];
  if (!matched.length) {
    const moved = courseRedirect(`/cursos/${slug}`);
    if (moved) throw redirect(moved, 301);
    const elsewhere = findActiveCoursesByPath(`/${slug}`)[0];
    if (elsewhere) throw redirect(elsewhere.url, 301);
    throw data(null, { status: 404 });
  }
  const page = coursePageData(matched, activeCourses());
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [{ title: "Página não encontrada" }];
  return pageMeta(args, courseSeo(args.data.page, siteFromMatches(args.matches), args.location.pathname));
};

export default function SpecialCoursePage() {
  const { page } = useLoaderData<typeof loader>();
  return <CoursePage page={page} />;
}
