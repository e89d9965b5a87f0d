import { ExternalLink, Trash2 } from "lucide-react";
import { Form } from "react-router";

import { courseLeadsWarning } from "~/features/courses/content";
import {
  courseEntryOr404,
  courseFormAction,
  coursesSharingPage,
  studioPoloOptions,
} from "~/features/courses/course-studio.server";
import { courseLeadCounts } from "~/features/leads/queries.server";
import { requirePermission } from "~/features/staff/auth.server";
import { CourseForm, CoursesLink } from "~/features/studio/course-form";
import { useStudioAnswer, VersionInput } from "~/features/studio/studio-fields";
import { PageError } from "~/ui/alert";
import { buttonClass, ButtonLink } from "~/ui/button";
import { Callout } from "~/ui/callout";
import { SubmitButton } from "~/ui/forms";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";
import { Title } from "~/ui/title";

import type { Route } from "./+types/studio-course";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const entry = courseEntryOr404(params.curso);
  return {
    id: entry.id,
    course: entry.data,
    version: entry.version,
    polos: studioPoloOptions(),
    sharedWith: coursesSharingPage(entry.id, entry.data.path),
    leadsWarning: courseLeadsWarning(courseLeadCounts(entry.data.name)),
    // "Excluir curso" asks first: ?excluir shows the question (a plain link, works without JavaScript).
    confirmDelete: new URL(request.url).searchParams.has("excluir"),
  };
}

export const action = ({ request, params }: Route.ActionArgs) => courseFormAction(request, params.curso);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function CourseEditStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { id, course, version } = loaderData;
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : undefined;
  const { pending, lostErrors, failure } = useStudioAnswer(deleteError ? undefined : actionData);
  return (
    <section aria-labelledby="curso-titulo">
      <CoursesLink />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <Title id="curso-titulo" size="area">
          {course.name}
          {course.active ? null : <span className="ml-2 text-base font-semibold text-slate-500">(inativo)</span>}
        </Title>
        <a href={course.path} target="_blank" rel="noopener" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Ver página
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </div>
      {loaderData.confirmDelete ? (
        <DeleteQuestion
          name={course.name}
          path={course.path}
          version={version}
          error={deleteError}
          pending={pending}
          leadsWarning={loaderData.leadsWarning}
        />
      ) : null}
      <CourseForm
        formId={`curso-${id}-${version}`}
        course={course}
        version={version}
        lastResult={failure?.result}
        formErrors={lostErrors}
        pending={pending}
        polos={loaderData.polos}
        sharesPage={loaderData.sharedWith.length > 0}
        leadsWarning={loaderData.leadsWarning}
      />
      {loaderData.confirmDelete ? null : (
        <p className="mt-8 border-t border-slate-200 pt-4">
          <ButtonLink to="?excluir#excluir" variant="danger-outline" size="md">
            <Trash2 aria-hidden="true" className="size-4" /> Excluir curso
          </ButtonLink>
        </p>
      )}
    </section>
  );
}

/** "Excluir o curso?": what deleting does, then the button that does it (a plain post). */
function DeleteQuestion(props: {
  name: string;
  path: string;
  version: number;
  error?: string;
  pending: boolean;
  leadsWarning: string | null;
}) {
  return (
    <Callout
      id="excluir"
      titleId="excluir-titulo"
      title={<>Excluir o curso &quot;{props.name}&quot;?</>}
      tone="danger"
      testId="delete-question"
    >
      <p className="mt-1 text-sm text-slate-700">
        O curso sai do catálogo, da busca e do mapa do site, e o endereço {props.path} passa a avisar que o curso não está mais
        disponível. O Histórico guarda a última versão: &quot;Restaurar&quot; traz o curso de volta.
      </p>
      {props.leadsWarning ? <p className="mt-2 text-sm font-semibold text-slate-800">{props.leadsWarning}</p> : null}
      <PageError message={props.error} className="mt-3" />
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <VersionInput version={props.version} />
        <SubmitButton name="intent" value="excluir" pending={props.pending} pendingText="Excluindo..." variant="danger" size="md">
          Excluir curso
        </SubmitButton>
        <ButtonLink to="." variant="secondary" size="md">
          Cancelar
        </ButtonLink>
      </Form>
    </Callout>
  );
}
