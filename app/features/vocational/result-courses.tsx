import { CourseCardArt } from "~/features/courses/course-card-art";
import type { CourseIcon } from "~/features/courses/course-icons";
import type { StoredPhoto } from "~/features/studio/fields";
import type { ExtraCourse } from "~/features/vocational/profiles.seed";
import { ButtonLink } from "~/ui/button";

/** A recommended course as its result page's loader sends it (app/features/courses/courses.server.ts resultCourses). */
export type ResultCourse = {
  id: number;
  name: string;
  area: string;
  modality: string;
  duration: string;
  description: string;
  url: string;
  icon: string;
  photo: StoredPhoto | null;
};

/** The cards show the course's own icon until it has a photo, with the catalogue's cards' art. */
export function CourseCard({ course }: { course: ResultCourse }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="aspect-video w-full">
        <CourseCardArt
          course={{ photo: course.photo, icon: course.icon as CourseIcon }}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{course.area}</p>
        <h3 className="mt-1 text-lg font-bold text-slate-900">{course.name}</h3>
        <p className="mt-1 text-sm text-slate-600">
          {course.modality} · {course.duration}
        </p>
        <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">{course.description}</p>
        <ButtonLink to={course.url} variant="primary" size="md" weight="bold" className="mt-4">
          Conhecer o curso<span className="sr-only"> {course.name}</span>
        </ButtonLink>
      </div>
    </li>
  );
}

/** The cards of `ids`, in that order; a course the loader did not send (deactivated) is left out. */
export function CourseGrid({ ids, courses, testId }: { ids: number[]; courses: Record<number, ResultCourse>; testId?: string }) {
  const shown = ids.map((id) => courses[id]).filter((course): course is ResultCourse => course !== undefined);
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {shown.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </ul>
  );
}

export function ExtraCourseList({ items }: { items: ExtraCourse[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.name} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h4 className="font-bold text-slate-900">{item.name}</h4>
          <p className="mt-1 text-sm text-slate-600">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
