import { Download } from "lucide-react";
import { Form } from "react-router";

import { FilterDate } from "~/features/leads/panel-filters";
import { ResultsChart } from "~/features/leads/results/chart";
import { type ResultRow, resultsQueryString, type SourceCampaignCell } from "~/features/leads/results/results";
import { resultsReport } from "~/features/leads/results/results.server";
import { requirePermission } from "~/features/staff/auth.server";
import { StudioTable } from "~/features/studio/studio-table";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";
import { buttonClass } from "~/ui/button";
import { Field, inputClass, SelectOptions, SubmitButton, useIsPending } from "~/ui/forms";
import { Title } from "~/ui/title";

import type { Route } from "./+types/page";

/**
 * /admin/resultados: which campaign, form, polo, area or owner produced leads and enrolments in a
 * period (decision 089). A GET form (works without JavaScript), an SVG chart, the table and its CSV.
 * Admin and marketing see every lead (no personal data is shown); a comercial user their own leads.
 */

export const meta = privatePageMeta(
  "Resultados - Painel Administrativo",
  "Leads e matrículas por campanha, formulário, polo, área e responsável.",
);

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "results");
  return resultsReport(new URL(request.url).searchParams, staff);
}

const minutes = (value: number | null) => (value === null ? "-" : `${value} min`);
const pct = (value: number | null) => (value === null ? "-" : `${String(value).replace(".", ",")}%`);

function Cells({ row }: { row: ResultRow }) {
  return (
    <>
      <td className="py-2 pr-3 text-right">{row.leads}</td>
      <td className="py-2 pr-3 text-right">
        {row.contacted} ({pct(row.contactedPercent)})
      </td>
      <td className="py-2 pr-3 text-right">{minutes(row.medianMinutes)}</td>
      <td className="py-2 pr-3 text-right">{minutes(row.enrolledMedianMinutes)}</td>
      <td className="py-2 pr-3 text-right">{minutes(row.p90Minutes)}</td>
      <td className="py-2 pr-3 text-right">{pct(row.withinTargetPercent)}</td>
      <td className="py-2 pr-3 text-right">{row.enrolled}</td>
      <td className="py-2 pr-3 text-right">{row.matriculated}</td>
      <td className="py-2 pr-3 text-right">{pct(row.conversionPercent)}</td>
      <td className="py-2 pr-3 text-right" data-testid="enrolled-in-period">
        {row.enrolledInPeriod}
      </td>
      <td className="py-2 pr-3 text-right" data-testid="matriculated-in-period">
        {row.matriculatedInPeriod}
      </td>
      <td className="py-2">
        {row.lost}
        {row.lostReasons.length > 0 ? (
          <span className="block text-xs text-slate-600">
            {row.lostReasons.map((each) => `${each.reason}: ${each.count}`).join(", ")}
          </span>
        ) : null}
      </td>
    </>
  );
}

export default function ResultsPage({ loaderData }: Route.ComponentProps) {
  const { query, error, dimensions, credits, ownOnly, rows, total, sourceCampaign } = loaderData;
  const loading = useIsPending({ formMethod: "GET" });
  const groupLabel = dimensions.find((each) => each.value === query.by)?.label ?? "";
  return (
    <section aria-labelledby="resultados-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <Title id="resultados-titulo" size="area">
        Resultados
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Quantos leads cada campanha, formulário, polo ou área trouxe no período, quantos foram contatados e em quanto tempo
        (minutos úteis), quantos se inscreveram e se matricularam. Sem dados pessoais.
      </p>
      <p className="mt-1 max-w-3xl text-sm text-slate-600" data-testid="results-how-counted">
        O período conta os leads que chegaram entre as duas datas (a turma de chegada), com o que aconteceu com eles até hoje.
        Inscritos inclui os matriculados. Ao lado, “no período”: as inscrições e matrículas que aconteceram entre as duas datas,
        tenha o lead chegado quando for.
      </p>
      {ownOnly ? (
        <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="results-own-only">
          {query.credit === "primeiro_contato"
            ? "Você vê apenas os leads em que fez o primeiro contato."
            : "Você vê apenas os leads dos quais é responsável."}
        </p>
      ) : null}

      <Form method="get" className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-5">
        <FilterDate name="de" label="De" value={query.from} errorId="periodo-erro" error={error} />
        <FilterDate name="ate" label="Até" value={query.to} />
        <Field label="Agrupar por" htmlFor="por">
          <select id="por" name="por" defaultValue={query.by} key={query.by} className={inputClass("compact")}>
            <SelectOptions options={dimensions} />
          </select>
        </Field>
        <Field label="Creditar a" htmlFor="credito">
          <select id="credito" name="credito" defaultValue={query.credit} key={query.credit} className={inputClass("compact")}>
            <SelectOptions options={credits} />
          </select>
        </Field>
        <div className="flex items-end">
          <SubmitButton pending={loading} pendingText="Carregando..." variant="primary" size="md">
            Ver resultados
          </SubmitButton>
        </div>
      </Form>

      <p className="mt-4">
        <a
          href={`/admin/resultados.csv${resultsQueryString(query)}`}
          download
          data-testid="results-csv"
          className={buttonClass({ variant: "primary", size: "md" })}
        >
          <Download aria-hidden="true" className="size-4" /> Baixar CSV
        </a>
      </p>

      {rows.length === 0 ? (
        <Alert tone="warning" as="p" className="mt-6" data-testid="results-empty">
          Nenhum lead no período.
        </Alert>
      ) : (
        <>
          <ResultsChart rows={rows} />
          <StudioTable
            testId="results-table"
            caption={`${groupLabel}: leads de ${query.from.split("-").reverse().join("/")} a ${query.to.split("-").reverse().join("/")}`}
            columns={[
              groupLabel,
              "Leads",
              "Contatados",
              "Mediana até o 1º contato",
              "Mediana dos inscritos",
              "90% contatados em até",
              "No prazo",
              "Inscritos",
              "Matriculados",
              "Conversão",
              "Inscritos no período",
              "Matriculados no período",
              "Perdidos (motivos)",
            ]}
          >
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100 align-top" data-testid="results-row">
                <th scope="row" className="py-2 pr-3 font-medium break-words">
                  {row.key}
                </th>
                <Cells row={row} />
              </tr>
            ))}
            <tr className="border-t-2 border-slate-300 align-top font-semibold" data-testid="results-total">
              <th scope="row" className="py-2 pr-3">
                {total.key}
              </th>
              <Cells row={total} />
            </tr>
          </StudioTable>
          <SourceCampaignTable {...sourceCampaign} />
        </>
      )}
    </section>
  );
}

const cellText = (cell: SourceCampaignCell | undefined) => (cell ? `${cell.leads} / ${cell.enrolled}` : "-");

/** The period's leads by source (rows) and campaign (columns): "leads / inscritos" in each cell. */
function SourceCampaignTable({ campaigns, rows }: Route.ComponentProps["loaderData"]["sourceCampaign"]) {
  return (
    <section aria-labelledby="origem-campanha-titulo" className="mt-8">
      <h2 id="origem-campanha-titulo" className="text-lg font-semibold text-slate-900">
        Origem × campanha
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Leads que chegaram no período por origem (utm_source) e campanha (utm_campaign). Em cada célula: leads / inscritos.
      </p>
      <StudioTable
        testId="source-campaign-table"
        caption="Leads e inscritos por origem e campanha"
        columns={["Origem / campanha", ...campaigns, "Total"]}
      >
        {rows.map((row) => (
          <tr key={row.source} className="border-b border-slate-100" data-testid="source-campaign-row">
            <th scope="row" className="py-2 pr-3 font-medium break-words">
              {row.source}
            </th>
            {campaigns.map((campaign) => (
              <td key={campaign} className="py-2 pr-3 text-right" data-campaign={campaign}>
                {cellText(row.cells[campaign])}
              </td>
            ))}
            <td className="py-2 pr-3 text-right font-semibold">{cellText(row.total)}</td>
          </tr>
        ))}
      </StudioTable>
    </section>
  );
}
