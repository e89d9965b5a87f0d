import { Search } from "lucide-react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { ANY, DURATION_BUCKETS, FINDER_MODALITIES } from "~/lib/courses/finder";
import { COURSE_AREAS } from "~/seed/course-areas";

/**
 * The course finder in one GET form (area, modality, duration → /curso-id results): what the
 * assistant sheet and /assistente show when no assistant URL is configured. Works with no
 * JavaScript; imports only the area names, not the catalogue.
 */
export function QuickCourseFinder({ idPrefix = "finder" }: { idPrefix?: string }) {
  const select =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-500";
  return (
    <Form method="get" action="/curso-id" className="space-y-4" aria-label="Encontre seu curso ideal">
      <div>
        <label htmlFor={`${idPrefix}-area`} className="text-sm font-semibold text-slate-800">
          Qual área combina com você?
        </label>
        <select id={`${idPrefix}-area`} name="area" defaultValue={ANY} className={select}>
          <option value={ANY}>Tanto faz</option>
          {COURSE_AREAS.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-modalidade`} className="text-sm font-semibold text-slate-800">
          Como prefere estudar?
        </label>
        <select id={`${idPrefix}-modalidade`} name="modalidade" defaultValue={ANY} className={select}>
          <option value={ANY}>Tanto faz</option>
          {FINDER_MODALITIES.map((modality) => (
            <option key={modality} value={modality}>
              {modality}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-duracao`} className="text-sm font-semibold text-slate-800">
          Quanto tempo quer estudar?
        </label>
        <select id={`${idPrefix}-duracao`} name="duracao" defaultValue={ANY} className={select}>
          <option value={ANY}>Tanto faz</option>
          {DURATION_BUCKETS.map((bucket) => (
            <option key={bucket.value} value={bucket.value}>
              {bucket.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="primary" size="xl" full>
        <Search aria-hidden="true" className="size-5" />
        Ver cursos
      </Button>
    </Form>
  );
}
