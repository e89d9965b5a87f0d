import { ArrowRight, GraduationCap, RotateCcw } from "lucide-react";
import { Form, Link } from "react-router";

import { selectedBolsaFromMatches } from "~/features/campaign/claims";
import { COURSE_AREAS } from "~/features/courses/course-areas.seed";
import { activeCourses } from "~/features/courses/courses.server";
import {
  answerLabel,
  filterCourses,
  type FinderAnswers,
  finderHref,
  finderOptions,
  type FinderStep,
  finderStep,
  parseFinderAnswers,
  uniqueCourses,
} from "~/features/courses/finder";
import { FinderResults } from "~/features/courses/finder-results";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta } from "~/shared/seo";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Title } from "~/ui/title";

import type { Route } from "./+types/course-id";

/** Plain HTML in the browser: no React, only the islands its markup names (decisions 092, 099). */
export const handle = { framework: false } satisfies PageScriptsHandle;

type Question = Exclude<FinderStep, "resultado">;

const QUESTIONS: { key: Question; title: string; legend: string }[] = [
  { key: "area", title: "Área", legend: "Qual área combina mais com você?" },
  { key: "modalidade", title: "Modalidade", legend: "Como você prefere estudar?" },
  { key: "duracao", title: "Duração", legend: "Quanto tempo você quer dedicar ao curso?" },
];

const MODALITY_HINTS: Record<string, string> = {
  Presencial: "A maior parte das aulas no campus",
  Semipresencial: "Parte presencial, com aulas práticas, e parte on-line ao vivo",
  EAD: "A maior parte on-line, com atividades e provas presenciais no polo",
};

export function loader({ request }: Route.LoaderArgs) {
  const answers = parseFinderAnswers(new URL(request.url).searchParams, COURSE_AREAS);
  const step = finderStep(answers);
  const courses = activeCourses();
  if (step === "resultado") {
    const results = uniqueCourses(filterCourses(courses, answers)).map((c) => ({
      id: c.id,
      name: c.name,
      area: c.area,
      modality: c.modality,
      duration: c.duration,
      url: c.url,
      description: c.description,
    }));
    return { answers, step, options: [], results };
  }
  return { answers, step, options: finderOptions(courses, answers, step, COURSE_AREAS), results: [] };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Curso Ideal: encontre o curso certo para você",
    description: `Responda três perguntas rápidas (área, modalidade e duração) e veja os cursos de graduação que combinam com você, com bolsas de até ${selectedBolsaFromMatches(args.matches)}.`,
    canonicalPath: "/curso-id",
  });

export default function CourseIdPage({ loaderData }: Route.ComponentProps) {
  const { answers, step, options, results } = loaderData;
  const stepIndex = step === "resultado" ? 3 : QUESTIONS.findIndex((q) => q.key === step);

  return (
    <div className="bg-slate-50">
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center">
          <Badge icon={GraduationCap}>Curso Ideal</Badge>
          <Title size="banner" onDark className="mt-4">
            Encontre seu curso ideal
          </Title>
          <p className="mx-auto mt-3 max-w-2xl text-slate-100">
            Três perguntas rápidas e mostramos os cursos do nosso catálogo que combinam com você.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-4xl px-4 py-10">
        <ol className="grid grid-cols-3 gap-2 text-sm" aria-label="Etapas">
          {QUESTIONS.map((q, i) => (
            <li
              key={q.key}
              aria-current={i === stepIndex ? "step" : undefined}
              className={`rounded-lg border px-3 py-2 text-center font-semibold ${
                i < stepIndex
                  ? "border-green-300 bg-green-50 text-green-800"
                  : i === stepIndex
                    ? "border-brand-500 bg-white text-brand-700"
                    : "border-slate-200 bg-white text-slate-500"
              }`}
            >
              {i + 1}. {q.title}
            </li>
          ))}
        </ol>

        {stepIndex > 0 ? <Summary answers={answers} upTo={stepIndex} /> : null}

        {step === "resultado" ? (
          <FinderResults answers={answers} results={results} />
        ) : (
          <QuestionForm answers={answers} question={step} options={options} />
        )}

        <aside className="mt-12 grid gap-4 sm:grid-cols-2" aria-label="Outras formas de escolher">
          <Link to="/curso-ideal" className="rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-400">
            <span className="font-semibold text-slate-900">Prefere conversar?</span>
            <span className="mt-1 block text-sm text-slate-600">Conheça o assistente virtual que ajuda você a escolher.</span>
          </Link>
          <Link to="/teste-vocacional" className="rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-400">
            <span className="font-semibold text-slate-900">Ainda em dúvida?</span>
            <span className="mt-1 block text-sm text-slate-600">Faça o teste vocacional gratuito e descubra seu perfil.</span>
          </Link>
        </aside>
      </div>
    </div>
  );
}

function Summary({ answers, upTo }: { answers: FinderAnswers; upTo: number }) {
  return (
    <dl className="mt-6 flex flex-wrap gap-2 text-sm" aria-label="Suas respostas">
      {QUESTIONS.slice(0, upTo).map((q, i) => {
        // Changing an answer asks it again and forgets the later ones.
        const keep: FinderAnswers = {};
        for (const earlier of QUESTIONS.slice(0, i)) keep[earlier.key] = answers[earlier.key];
        return (
          <div key={q.key} className="flex items-center gap-2 rounded-full bg-white px-3 py-1.5 ring-1 ring-slate-200">
            <dt className="text-slate-500">{q.title}:</dt>
            <dd className="font-semibold text-slate-900">{answerLabel(q.key, answers[q.key])}</dd>
            <dd>
              <Link to={finderHref(keep)} className="text-brand-700 underline" aria-label={`Alterar ${q.title.toLowerCase()}`}>
                alterar
              </Link>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function QuestionForm({
  answers,
  question,
  options,
}: {
  answers: FinderAnswers;
  question: Question;
  options: { value: string; label: string; hint?: string; count: number }[];
}) {
  const meta = QUESTIONS.find((q) => q.key === question)!;
  const earlier = QUESTIONS.slice(0, QUESTIONS.indexOf(meta));
  return (
    <Form method="get" action="/curso-id" className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      {earlier.map((q) => (
        <input key={q.key} type="hidden" name={q.key} value={answers[q.key] ?? ""} />
      ))}
      <fieldset>
        <legend className="text-xl font-bold text-slate-900">{meta.legend}</legend>
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          {options.map((option, i) => {
            const id = `opcao-${question}-${i}`;
            const hint = option.hint ?? (question === "modalidade" ? MODALITY_HINTS[option.value] : undefined);
            return (
              <label
                key={option.value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={id}
                  type="radio"
                  name={question}
                  value={option.value}
                  required
                  defaultChecked={answers[question] === option.value}
                  className="mt-1 size-4 accent-brand-600"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{option.label}</span>
                  {hint ? <span className="block text-sm text-slate-600">{hint}</span> : null}
                  <span className="mt-1 block text-xs font-medium text-brand-700">
                    {option.count} {option.count === 1 ? "curso" : "cursos"}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {earlier.length ? (
          <Link to="/curso-id" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 underline">
            <RotateCcw aria-hidden="true" className="size-4" />
            Recomeçar
          </Link>
        ) : (
          <span />
        )}
        <Button type="submit" variant="primary" size="xl" className="min-h-11">
          {question === "duracao" ? "Ver meus cursos" : "Continuar"}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </Form>
  );
}
