import type { PoloCourseOption } from "~/features/polos/polo-studio.server";
import { type AnyField, CheckboxListField } from "~/ui/forms";

/**
 * The polo × course table of the "Polos" form (decision 085): one box per course, ticked when the
 * course is offered at the polo. The boxes ticked when the form was opened go along in the hidden
 * `courseIdsBefore` (ids separated by commas), so the save applies only what this form changed.
 */
export function PoloCoursesField({ meta, courses }: { meta: AnyField; courses: PoloCourseOption[] }) {
  const offered = courses.filter((course) => course.offered);
  return (
    <CheckboxListField
      meta={meta}
      legend="Cursos oferecidos neste polo"
      intro="Os cursos marcados aparecem na página do polo e, na página de cada curso, entre os polos que o oferecem."
      empty="Nenhum curso cadastrado."
      testId="polo-courses"
      choices={courses.map((course) => ({
        value: course.id,
        checked: course.offered,
        label: (
          <>
            {course.name} <span className="text-slate-500">({course.area})</span>
            {course.active ? null : " (inativo)"}
          </>
        ),
      }))}
    >
      <input type="hidden" name="courseIdsBefore" value={offered.map((course) => course.id).join(",")} />
    </CheckboxListField>
  );
}
