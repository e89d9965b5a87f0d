import { Link } from "react-router";

import { actText, evaluationText, NOT_INFORMED } from "~/features/courses/course-conditions";
import { allOfferConditions, institutionConditions } from "~/features/courses/course-offer.server";
import { pageMeta } from "~/shared/seo";
import { TableHead } from "~/ui/table-head";
import { Title } from "~/ui/title";

import type { Route } from "./+types/offer-conditions";

/**
 * The institution's "Condições de oferta" (Portaria Normativa MEC 23/2017, art. 99; decision 084):
 * its e-MEC code, IGC and CI, leaders, and every active course with its act and latest grade.
 */
export function loader() {
  return { institution: institutionConditions(), courses: allOfferConditions() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Condições de oferta",
    description: "Atos de autorização e reconhecimento, avaliações do MEC e formato de oferta de cada curso da instituição.",
  });

export default function OfferConditionsPage({ loaderData }: Route.ComponentProps) {
  const { institution, courses } = loaderData;
  return (
    <article className="mx-auto max-w-7xl px-4 py-12 text-slate-700">
      <Title size="page">Condições de oferta</Title>
      <p className="mt-3 max-w-3xl">
        Informações que o MEC exige de cada instituição sobre ela e os seus cursos. A página de cada curso traz também a matriz
        curricular, a coordenação, a carga horária, os valores e os polos.
      </p>
      <section aria-labelledby="instituicao-titulo" className="mt-8">
        <h2 id="instituicao-titulo" className="text-xl font-bold text-slate-900">
          Instituição
        </h2>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[16rem_1fr]" data-testid="institution-conditions" data-legal>
          <dt className="font-semibold text-slate-900">Mantenedora</dt>
          <dd>{institution.companyName}</dd>
          <dt className="font-semibold text-slate-900">Código e-MEC</dt>
          <dd>
            {institution.emecCode ? (
              institution.emecUrl ? (
                <a href={institution.emecUrl} rel="noopener" target="_blank" className="text-brand-700 underline">
                  {institution.emecCode}
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              ) : (
                institution.emecCode
              )
            ) : (
              NOT_INFORMED
            )}
          </dd>
          <dt className="font-semibold text-slate-900">IGC</dt>
          <dd>{institution.igc ? `${institution.igc.grade} (${institution.igc.year})` : NOT_INFORMED}</dd>
          <dt className="font-semibold text-slate-900">CI</dt>
          <dd>{institution.ci ? `${institution.ci.grade} (${institution.ci.year})` : NOT_INFORMED}</dd>
          <dt className="font-semibold text-slate-900">Dirigentes</dt>
          <dd>
            {institution.leaders.length === 0 ? (
              NOT_INFORMED
            ) : (
              <ul>
                {institution.leaders.map((leader) => (
                  <li key={leader}>{leader}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="cursos-titulo" className="mt-10">
        <h2 id="cursos-titulo" className="text-xl font-bold text-slate-900">
          Cursos
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="courses-conditions" data-legal>
            <caption className="sr-only">Cursos com o nível, o formato, o ato regulatório e a última avaliação</caption>
            <TableHead
              look="ruled"
              columns={["Curso", "Nível", "Formato", "Ato de autorização ou reconhecimento", "Última avaliação"]}
            />
            <tbody>
              {courses.map((course) => (
                <tr key={course.id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    <Link to={course.path} className="text-brand-700 underline">
                      {course.name}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{course.level}</td>
                  <td className="py-2 pr-3">{course.format}</td>
                  <td className="py-2 pr-3">{actText(course.act)}</td>
                  <td className="py-2 pr-3">{evaluationText(course.evaluation)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}
