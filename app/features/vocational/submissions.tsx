import { Link } from "react-router";

import { RESULT_PAGES } from "~/features/vocational/profiles.seed";
import { readTestState, submissionsOf } from "~/features/vocational/vocational.server";
import { SURVEY_FIELDS, surveyLabel } from "~/features/vocational/vocational-form.seed";
import { getVisitorSession } from "~/platform/session.server";
import { visitorPageHeaders } from "~/shared/cache-headers";
import { formatDateTimeBr } from "~/shared/dates";
import { privatePageMeta } from "~/shared/seo";
import { TableHead } from "~/ui/table-head";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { Route } from "./+types/submissions";

/** Built from the visitor's own answers: never marked for a shared cache. */
export const headers = visitorPageHeaders;

export const meta: Route.MetaFunction = privatePageMeta(
  "Registros de Formulário - Teste Vocacional",
  "Os envios do formulário do teste vocacional feitos neste navegador.",
);

/** Only this visitor's own submissions (the ids kept in their session); all leads are in the admin panel. */
export async function loader({ request }: Route.LoaderArgs) {
  const state = readTestState(await getVisitorSession(request));
  const rows = submissionsOf(state.envios).map((row) => ({
    id: row.id,
    nome: row.nome,
    telefone: row.telefone,
    email: row.email,
    survey: SURVEY_FIELDS.map((field) => surveyLabel(field.name, row[field.column])),
    resultado:
      row.perfil_resultado && row.perfil_resultado in RESULT_PAGES
        ? RESULT_PAGES[row.perfil_resultado as keyof typeof RESULT_PAGES].title
        : null,
    enviadoEm: formatDateTimeBr(row.atualizado_em),
  }));
  return { rows };
}

export default function SubmissionsPage({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <Title size="page">Registros de Formulário</Title>
      <p className="mt-2 text-slate-600">Os envios do teste vocacional feitos nesta sessão do seu navegador.</p>
      {rows.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-slate-50 p-8 text-center ring-1 ring-slate-200">
          <p className="text-slate-700">Nenhum registro encontrado.</p>
          <Link to="/teste-vocacional" className={textLink("mt-4 inline-block")}>
            Fazer o teste vocacional
          </Link>
        </div>
      ) : (
        <section
          className="mt-8 overflow-x-auto rounded-2xl ring-1 ring-slate-200"
          tabIndex={0}
          aria-label="Registros de Formulário (role para os lados)"
        >
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Registros de Formulário</caption>
            <TableHead
              look="banded"
              columns={[
                "Nome",
                "Telefone",
                "Email",
                ...SURVEY_FIELDS.map((field) => field.logHeader),
                "Resultado",
                "Data de Envio",
              ]}
            />
            <tbody className="divide-y divide-slate-100 bg-white">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="px-3 py-3 font-medium text-slate-900">{row.nome}</td>
                  <td className="whitespace-nowrap px-3 py-3">{row.telefone}</td>
                  <td className="px-3 py-3">{row.email}</td>
                  {row.survey.map((label, i) => (
                    <td key={SURVEY_FIELDS[i].name} className="px-3 py-3">
                      {label}
                    </td>
                  ))}
                  <td className="px-3 py-3">{row.resultado ?? "-"}</td>
                  <td className="whitespace-nowrap px-3 py-3">{row.enviadoEm}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
