import { Clock, MonitorSmartphone } from "lucide-react";
import { Link } from "react-router";

import type { CourseCardData } from "~/features/home/home-data";
import { useSite } from "~/features/site/use-site";

import { CourseCardArt } from "./course-card-art";

/**
 * One course in a grid: art, name (the link), area, modality, duration, optional scholarship badge
 * (Educação Física: the selected courses' scholarship the studio stores, site.claims.selectedBolsa).
 */
export function CourseCard({ course, headingLevel = 3 }: { course: CourseCardData; headingLevel?: 3 | 4 }) {
  const { selectedBolsa } = useSite().claims;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md"
      data-testid="course-card"
    >
      <div className="relative aspect-video w-full overflow-hidden bg-slate-100">
        <CourseCardArt course={course} />
        {course.scholarshipBadge ? (
          <span className="absolute left-3 top-3 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-slate-900 shadow">
            Bolsa de até {selectedBolsa}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{course.area}</p>
        <Heading className="text-lg font-bold leading-snug text-slate-900">
          <Link to={course.url} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {course.name}
          </Link>
        </Heading>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm text-slate-600">
          <li className="inline-flex items-center gap-1">
            <MonitorSmartphone aria-hidden="true" className="size-4" />
            <span className="sr-only">Modalidade: </span>
            {course.modality}
          </li>
          <li className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            <span className="sr-only">Duração: </span>
            {course.duration}
          </li>
        </ul>
        <span aria-hidden="true" className="pt-1 text-sm font-semibold text-brand-700 group-hover:underline">
          Ver curso →
        </span>
      </div>
    </article>
  );
}

export function CourseGrid({
  courses,
  label,
  headingLevel = 3,
}: {
  courses: CourseCardData[];
  label?: string;
  headingLevel?: 3 | 4;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={label}>
      {courses.map((c) => (
        <li key={c.id}>
          <CourseCard course={c} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
