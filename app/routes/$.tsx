import { data, Link, redirect, useLoaderData } from "react-router";

import { CoursePage } from "~/components/courses/course-page";
import { coursePageData, courseSeo } from "~/lib/course-page";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { activeCourses, courseRedirect, findActiveCoursesByPath, isRetiredCoursePath } from "~/server/content/courses.server";

import type { Route } from "./+types/$";

/**
 * Course pages at their own top-level paths (/enfermagem, /educacaofisica, /administracao-nova, ...)
 * rendered from the catalogue in the content store. A course's former path answers 301 to its new
 * one; a deactivated course's path answers 410 with a way back to the catalogue; any other path is
 * the 404 page (root error boundary).
 */
export function loader({ params }: Route.LoaderArgs) {
  const path = `/${params["*"] ?? ""}`;
  const page = coursePageData(findActiveCoursesByPath(path), activeCourses());
  if (page) return { page, retired: false as const };
  const moved = courseRedirect(path);
  if (moved) throw redirect(moved, 301);
  if (isRetiredCoursePath(path)) return data({ page: null, retired: true as const }, { status: 410 });
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [{ title: "Página não encontrada" }];
  if (!args.data.page) return [{ title: "Curso encerrado" }, { name: "robots", content: "noindex" }];
  return pageMeta(args, courseSeo(args.data.page, siteFromMatches(args.matches), args.location.pathname));
};

export default function CoursePath() {
  const { page } = useLoaderData<typeof loader>();
  return page ? <CoursePage page={page} /> : <RetiredCourse />;
}

/** What a deactivated course's address shows (410): the course is no longer offered, the catalogue is. */
function RetiredCourse() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="retired-course">
      <p className="text-sm font-semibold text-brand-600">Erro 410</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Este curso não está mais disponível</h1>
      <p className="mt-4 text-slate-600">
        O curso deste endereço não recebe novas inscrições. Conheça os outros cursos do nosso catálogo.
      </p>
      <Link
        to="/#cursos"
        className="mt-8 inline-block rounded bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Ver o catálogo de cursos
      </Link>
    </section>
  );
}
