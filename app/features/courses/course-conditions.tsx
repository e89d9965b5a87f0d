import { Link } from "react-router";

import { brazilianDate, type OfferConditions } from "~/features/courses/course-offer";
import { poloPath } from "~/features/polos/content";
import { formatReais } from "~/shared/format";
import { textLink } from "~/ui/text-link";

/** What a missing legal item reads as: said plainly, never a guess (decision 084). */
export const NOT_INFORMED = "Não informado pela instituição";

/** "Portaria nº 1.234 (Reconhecimento), DOU de 20/05/2025". */
export function actText(act: OfferConditions["act"]): string {
  return act ? `${act.type}: ${act.number}, publicado no DOU em ${brazilianDate(act.date)}` : NOT_INFORMED;
}

export function evaluationText(evaluation: OfferConditions["evaluation"]): string {
  return evaluation ? `${evaluation.kind} ${evaluation.grade} (${evaluation.year})` : NOT_INFORMED;
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-3 sm:grid-cols-[16rem_1fr]">
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="text-slate-700" data-legal>
        {children}
      </dd>
    </div>
  );
}

/**
 * "Condições de oferta" of a course page (Portaria Normativa MEC 23/2017, art. 99; decision 084):
 * each variant's act, evaluation, coordinator, workload, matrix per period, fees and polos.
 */
export function CourseConditions({ conditions }: { conditions: OfferConditions[] }) {
  if (conditions.length === 0) return null;
  return (
    <section aria-labelledby="condicoes-titulo" className="py-12" data-testid="course-conditions">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="condicoes-titulo" className="text-2xl font-extrabold text-slate-900">
          Condições de oferta
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Informações exigidas pelo MEC. Veja todos os cursos em{" "}
          <Link to="/condicoes-de-oferta" className={textLink()}>
            Condições de oferta da instituição
          </Link>
          .
        </p>
        {conditions.map((course) => (
          <div key={course.id} className="mt-6">
            {conditions.length > 1 ? <h3 className="text-lg font-bold text-slate-900">{course.name}</h3> : null}
            {course.missing.length > 0 ? (
              <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="conditions-pending">
                Informações em atualização pela instituição: {course.missing.join(", ")}.
              </p>
            ) : null}
            <dl className="mt-2">
              <Row term="Nível">{course.level}</Row>
              <Row term="Formato de oferta">{course.format}</Row>
              <Row term="Ato de autorização ou reconhecimento">{actText(course.act)}</Row>
              <Row term="Última avaliação do MEC">{evaluationText(course.evaluation)}</Row>
              <Row term="Coordenação">{course.coordinator || NOT_INFORMED}</Row>
              <Row term="Carga horária e duração">
                {course.workloadHours
                  ? `${course.workloadHours.toLocaleString("pt-BR")} horas`
                  : `Carga horária: ${NOT_INFORMED}`}
                {` · ${course.duration}`}
              </Row>
              <Row term="Mensalidade e reajuste">
                {course.monthlyPrice === null ? NOT_INFORMED : `A partir de ${formatReais(course.monthlyPrice)}`}
                {". Reajuste: "}
                {course.readjustmentRule || NOT_INFORMED}
              </Row>
              <Row term="Polos que oferecem o curso">
                {course.polos.length === 0 ? (
                  NOT_INFORMED
                ) : (
                  <ul className="flex flex-wrap gap-x-4 gap-y-1">
                    {course.polos.map((polo) => (
                      <li key={polo.slug}>
                        <a href={poloPath(polo.slug)} className="text-brand-700 underline">
                          {polo.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </Row>
              <Row term="Matriz curricular">
                {course.curriculum.length === 0 ? (
                  NOT_INFORMED
                ) : (
                  <ol className="space-y-2" data-testid="curriculum">
                    {course.curriculum.map((subjects, index) => (
                      <li key={index}>
                        <span className="font-semibold">{index + 1}º período:</span> {subjects.join("; ")}
                      </li>
                    ))}
                  </ol>
                )}
              </Row>
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
