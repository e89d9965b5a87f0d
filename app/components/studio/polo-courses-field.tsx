import { type AnyField, ErrorList } from "~/components/forms";
import type { PoloCourseOption } from "~/server/content/polo-studio.server";

/**
 * The polo × course table of the "Polos" form (decision 085): one box per course, ticked when the
 * course is offered at the polo. The boxes ticked when the form was opened go along in the hidden
 * `courseIdsBefore` (ids separated by commas), so the save applies only what this form changed.
 */
export function PoloCoursesField({ meta, courses }: { meta: AnyField; courses: PoloCourseOption[] }) {
  const offered = courses.filter((course) => course.offered);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby={meta.errorId} data-testid="polo-courses">
      <legend className="px-1 text-base font-semibold text-slate-900">Cursos oferecidos neste polo</legend>
      <p className="text-sm text-slate-600">
        Os cursos marcados aparecem na página do polo e, na página de cada curso, entre os polos que o oferecem.
      </p>
      <input type="hidden" name="courseIdsBefore" value={offered.map((course) => course.id).join(",")} />
      {courses.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhum curso cadastrado.</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {/* One name per box (courseIds[0], courseIds[1], …): the form reads them as one list with gaps. */}
          {courses.map((course, index) => (
            <li key={course.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={`${meta.id}-${course.id}`}
                name={`${meta.name}[${index}]`}
                value={course.id}
                defaultChecked={course.offered}
                className="size-4 accent-brand-600"
              />
              <label htmlFor={`${meta.id}-${course.id}`} className="text-sm text-slate-800">
                {course.name} <span className="text-slate-500">({course.area})</span>
                {course.active ? null : " (inativo)"}
              </label>
            </li>
          ))}
        </ul>
      )}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
