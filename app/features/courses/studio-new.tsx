import { courseFormAction, studioPoloOptions } from "~/features/courses/course-studio.server";
import { requirePermission } from "~/features/staff/auth.server";
import { CourseForm, CoursesLink, EMPTY_COURSE } from "~/features/studio/course-form";
import { useStudioAnswer } from "~/features/studio/studio-fields";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";
import { Title } from "~/ui/title";

import type { Route } from "./+types/studio-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  return { polos: studioPoloOptions() };
}

export const action = ({ request }: Route.ActionArgs) => courseFormAction(request, null);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function NewCourseStudio({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, lostErrors, failure } = useStudioAnswer(actionData);
  return (
    <section aria-labelledby="novo-curso-titulo">
      <CoursesLink />
      <Title id="novo-curso-titulo" size="area" className="mt-1">
        Novo curso
      </Title>
      <CourseForm
        formId="curso-novo"
        course={EMPTY_COURSE}
        version={0}
        lastResult={failure?.result}
        formErrors={lostErrors}
        pending={pending}
        polos={loaderData.polos}
      />
    </section>
  );
}
