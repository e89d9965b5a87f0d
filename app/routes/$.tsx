import { data, useLoaderData } from "react-router";

import { CoursePage } from "~/components/courses/course-page";
import { courses, findCoursesByUrl } from "~/content/courses";
import { coursePageData, courseSeo } from "~/lib/course-page";
import { pageMeta, siteFromMatches } from "~/lib/seo";

import type { Route } from "./+types/$";

/**
 * Course pages at their own top-level paths (/enfermagem, /educacaofisica, /administracao-nova, ...)
 * rendered from the catalogue data; any other path is the 404 page (root error boundary).
 */
export function loader({ params }: Route.LoaderArgs) {
  const page = coursePageData(findCoursesByUrl(`/${params["*"] ?? ""}`), courses);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [{ title: "Página não encontrada" }];
  return pageMeta(args, courseSeo(args.data.page, siteFromMatches(args.matches), args.location.pathname));
};

export default function CoursePath() {
  const { page } = useLoaderData<typeof loader>();
  return <CoursePage page={page} />;
}
