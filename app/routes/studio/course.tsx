import { ExternalLink } from "lucide-react";
import { Link } from "react-router";

import { CourseForm } from "~/components/studio/course-form";
import { useStudioAnswer } from "~/components/studio/studio-fields";
import { buttonClass } from "~/components/ui/button";
import { STUDIO_PATH } from "~/lib/content/studio";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { courseEntryOr404, courseFormAction, studioPoloOptions } from "~/server/content/course-studio.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/course";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const entry = courseEntryOr404(params.curso);
  return { id: entry.id, course: entry.data, version: entry.version, polos: studioPoloOptions() };
}

export const action = ({ request, params }: Route.ActionArgs) => courseFormAction(request, params.curso);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function CourseEditStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { id, course, version } = loaderData;
  const { pending, lost, failure } = useStudioAnswer(actionData);
  return (
    <section aria-labelledby="curso-titulo">
      <p className="text-sm">
        <Link to={`${STUDIO_PATH}/cursos`} className="text-brand-700 underline">
          Cursos
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <h1 id="curso-titulo" className="text-2xl font-bold text-slate-900">
          {course.name}
          {course.active ? null : <span className="ml-2 text-base font-semibold text-slate-500">(inativo)</span>}
        </h1>
        <a href={course.path} target="_blank" rel="noopener" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Ver página
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </div>
      <CourseForm
        formId={`curso-${id}-${version}`}
        course={course}
        version={version}
        lastResult={failure?.result}
        formErrors={lost ? [lost.title + (lost.description ? ` ${lost.description}` : "")] : undefined}
        pending={pending}
        polos={loaderData.polos}
      />
    </section>
  );
}
