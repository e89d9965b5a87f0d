import { data, redirect, useLoaderData } from "react-router";

import { CoursePage } from "~/components/courses/course-page";
import { courses, findCoursesByUrl, findSpecialCourse } from "~/content/courses";
import { coursePageData, courseSeo } from "~/lib/course-page";
import { pageMeta, siteFromMatches } from "~/lib/seo";

import type { Route } from "./+types/cursos.$slug";

/**
 * The dedicated course pages (/cursos/administracao, /cursos/agronegocio,
 * /cursos/analise-desenvolvimento, /cursos/biomedicina), with the sticky bar after 500 px.
 * /cursos/<path of another course> redirects to that course's page; anything else is a 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const course = findSpecialCourse(slug);
  if (!course) {
    const elsewhere = findCoursesByUrl(`/${slug}`)[0];
    if (elsewhere) throw redirect(elsewhere.url, 301);
    throw data(null, { status: 404 });
  }
  const page = coursePageData([course], courses);
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
