import { Search } from "lucide-react";
import { Form } from "react-router";

import { COURSE_AREAS } from "~/features/courses/course-areas.seed";
import { ANY, DURATION_BUCKETS, FINDER_MODALITIES } from "~/features/courses/finder";
import { Button } from "~/ui/button";

/** Answers whose value is also their label. */
const named = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The course finder in one GET form (area, modality, duration → /curso-id results): what the
 * assistant sheet and /assistente show when no assistant URL is configured. Works with no
 * JavaScript; imports only the area names, not the catalogue.
 */
export function QuickCourseFinder({ idPrefix = "finder" }: { idPrefix?: string }) {
  // Built here, not at the top of the module: a module-level call would keep this module (and the
  // catalogue's area names) in every page's first view, where only the sheet's markup imports it.
  const questions = [
    { name: "area", label: "Qual área combina com você?", options: named(COURSE_AREAS) },
    { name: "modalidade", label: "Como prefere estudar?", options: named(FINDER_MODALITIES) },
    { name: "duracao", label: "Quanto tempo quer estudar?", options: DURATION_BUCKETS },
  ];
  return (
    <Form method="get" action="/curso-id" className="space-y-4" aria-label="Encontre seu curso ideal">
      {questions.map((question) => (
        <div key={question.name}>
          <label htmlFor={`${idPrefix}-${question.name}`} className="text-sm font-semibold text-slate-800">
            {question.label}
          </label>
          <select
            id={`${idPrefix}-${question.name}`}
            name={question.name}
            defaultValue={ANY}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-500"
          >
            <option value={ANY}>Tanto faz</option>
            {question.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <Button type="submit" variant="primary" size="xl" full>
        <Search aria-hidden="true" className="size-5" />
        Ver cursos
      </Button>
    </Form>
  );
}
