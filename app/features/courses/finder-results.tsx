import { BookOpen, Clock, MonitorSmartphone, RotateCcw } from "lucide-react";
import { Link } from "react-router";

import { type FinderAnswers, finderHref } from "~/features/courses/finder";
import { FormLink } from "~/features/leads/forms/form-link";
import { buttonClass, ButtonLink } from "~/ui/button";
import { textLink } from "~/ui/text-link";

/** The courses that match the course finder's three answers (/curso-id, routes/public/course-id.tsx). */
export function FinderResults({
  answers,
  results,
}: {
  answers: FinderAnswers;
  results: { id: number; name: string; area: string; modality: string; duration: string; url: string; description: string }[];
}) {
  return (
    <section aria-labelledby="resultado-titulo" className="mt-8" data-testid="finder-results">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="resultado-titulo" className="text-2xl font-bold text-slate-900">
          {results.length === 0
            ? "Nenhum curso encontrado com essas escolhas"
            : results.length === 1
              ? "Encontramos 1 curso para você"
              : `Encontramos ${results.length} cursos para você`}
        </h2>
        <Link to="/curso-id" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline">
          <RotateCcw aria-hidden="true" className="size-4" />
          Refazer as perguntas
        </Link>
      </div>
      {results.length === 0 ? (
        <p className="mt-4 text-slate-600">
          Tente outra combinação ou{" "}
          <Link to={finderHref({ area: answers.area })} className={textLink()}>
            mude a modalidade e a duração
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {results.map((course) => (
            <li
              key={course.id}
              className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              data-testid="finder-course"
            >
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{course.area}</p>
              <h3 className="mt-1 text-lg font-bold text-slate-900">{course.name}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{course.description}</p>
              <ul className="mt-3 flex flex-wrap gap-3 text-sm text-slate-700">
                <li className="inline-flex items-center gap-1">
                  <MonitorSmartphone aria-hidden="true" className="size-4" />
                  {course.modality}
                </li>
                <li className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-4" />
                  {course.duration}
                </li>
              </ul>
              <div className="mt-4 flex flex-wrap gap-2">
                <ButtonLink to={course.url} variant="secondary" size="sm">
                  <BookOpen aria-hidden="true" className="size-4" />
                  Ver curso
                </ButtonLink>
                <FormLink
                  type="scholarship"
                  description={`Curso de interesse: ${course.name}.`}
                  className={buttonClass({ variant: "accent", size: "sm" })}
                >
                  Quero minha bolsa
                </FormLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
