import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

import { TableHead } from "~/components/ui/table-head";
import { formatDateBr, SITE_TIME_ZONE } from "~/lib/dates";
import { hasActiveFilters, type LeadFilters, leadFiltersQuery, NO_OWNER_LABEL, profileLabel } from "~/lib/leads/filters";
import { statusWithReason } from "~/lib/leads/status";
import { SURVEY_FIELDS, type SurveyField, surveyLabel } from "~/seed/vocational-form";
import type { PanelPage } from "~/server/leads/panel.server";

import { ContactButtons } from "./contact-buttons";
import { FirstContactLabel } from "./waiting-leads";

/**
 * The leads panel's table (newest first, one page of the server's pagination), its count line,
 * its pagination and the opt-out count under it. Below the `sm` breakpoint each row is a card
 * (decision 096): what a salesperson needs (name, date, phone and contact buttons, course, polo,
 * status with the waiting time, next contact, owner), each with its label; the other columns are
 * on the lead's page, one click away. CSS only: the same cells, no second copy of the buttons.
 */

const timeFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const number = new Intl.NumberFormat("pt-BR");

function formatTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

const SURVEY_HEADERS: Record<SurveyField, string> = {
  workStatus: "Status Profissional",
  workArea: "Área de Atuação",
  workSatisfaction: "Satisfação",
  careerGoal: "Objetivo de Carreira",
  desiredArea: "Área Desejada",
};

export function LeadsTable({
  page,
  filters,
  originLabels,
  canLgpd,
}: {
  page: PanelPage;
  filters: LeadFilters;
  originLabels: Record<string, string>;
  canLgpd: boolean;
}) {
  const { rows, total, pages } = page;
  const filtered = hasActiveFilters(filters);
  if (total === 0) {
    return (
      <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center" data-testid="leads-empty">
        <p className="font-semibold text-slate-900">{filtered ? "Nenhum lead encontrado." : "Nenhum lead cadastrado ainda."}</p>
        <p className="mt-1 text-sm text-slate-600">
          {filtered
            ? "Nenhum lead corresponde à busca e aos filtros escolhidos."
            : "Os leads aparecem aqui assim que alguém preencher um formulário do site."}
        </p>
        {filtered ? (
          <Link to="/contato" className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
            Limpar filtros
          </Link>
        ) : null}
      </div>
    );
  }
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + rows.length - 1;
  const cell = "whitespace-nowrap px-3 py-2";
  // On a phone: a labelled line of the card, or nothing (the column is on the lead's page).
  const line = `${cell} max-sm:block max-sm:whitespace-normal max-sm:px-0 max-sm:py-0.5 max-sm:before:mr-1 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]`;
  const extra = `${cell} max-sm:hidden`;
  return (
    <>
      <p className="mt-4 text-sm text-slate-700" data-testid="leads-count" aria-live="polite">
        {total === 1 ? "1 lead encontrado" : `${number.format(total)} leads encontrados`}
        {pages > 1 ? ` · mostrando ${number.format(first)}–${number.format(last)}` : ""}
      </p>
      <section
        className="relative mt-2 overflow-x-auto rounded-lg border border-slate-200 max-sm:overflow-visible max-sm:border-0"
        tabIndex={0}
        aria-label="Tabela de leads (role para os lados)"
      >
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block" data-testid="leads-table">
          <caption className="sr-only">Leads, do mais recente para o mais antigo</caption>
          <TableHead
            look="banded-dense"
            className="max-sm:hidden"
            columns={[
              "Data",
              "Nome",
              "Telefone",
              "E-mail",
              "Cidade",
              "Curso de interesse",
              "Polo",
              "Origem",
              "Perfil (resultado)",
              "Status",
              "Próximo contato",
              "Responsável",
              ...SURVEY_FIELDS.map((f) => SURVEY_HEADERS[f.name]),
              "ID",
              canLgpd ? "Dados (LGPD)" : null,
            ]}
          />
          <tbody className="divide-y divide-slate-100 bg-white max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:bg-transparent">
            {rows.map((lead) => (
              <tr
                key={lead.id}
                data-testid="lead-row"
                className="max-sm:flex max-sm:flex-col max-sm:rounded-lg max-sm:[overflow-wrap:anywhere] max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3"
              >
                <td className={`${line} max-sm:text-xs`} data-label="Recebido em">
                  {formatDateBr(lead.data_criacao)} <span className="text-slate-500">{formatTime(lead.criado_em)}</span>
                </td>
                <th
                  scope="row"
                  className={`${cell} font-medium text-slate-900 max-sm:order-first max-sm:block max-sm:whitespace-normal max-sm:px-0 max-sm:text-base`}
                >
                  <Link to={`/contato/lead/${lead.id}`} className="text-brand-700 underline" data-testid="lead-link">
                    {lead.nome}
                  </Link>
                </th>
                <td className={`${line} max-sm:[&>div]:flex-wrap`} data-label="Telefone">
                  <ContactButtons
                    leadId={lead.id}
                    nome={lead.nome}
                    telefone={lead.telefone}
                    optedOut={lead.whatsappOptOut}
                    contactable={lead.contactable}
                    wrap={false}
                  />
                </td>
                <td className={extra}>{lead.email}</td>
                <td className={extra}>{lead.cidade || "-"}</td>
                <td className={line} data-label="Curso">
                  {lead.curso_interesse || "-"}
                </td>
                <td className={line} data-label="Polo">
                  {lead.polo || "-"}
                </td>
                <td className={extra}>{originLabels[lead.origem] ?? lead.origem}</td>
                <td className={extra}>{lead.perfil_resultado ? profileLabel(lead.perfil_resultado) : "-"}</td>
                <td className={line} data-label="Status">
                  <span data-testid="lead-status">{statusWithReason(lead.status, lead.motivo_perda)}</span>
                  <FirstContactLabel state={lead.firstContact} />
                </td>
                <td className={line} data-label="Próximo contato">
                  {lead.proximo_contato ? formatDateBr(lead.proximo_contato) : "-"}
                </td>
                <td className={line} data-label="Responsável" data-testid="lead-owner">
                  {lead.owner ?? NO_OWNER_LABEL}
                </td>
                {SURVEY_FIELDS.map((f) => (
                  <td key={f.name} className={extra}>
                    {surveyLabel(f.name, lead[f.column])}
                  </td>
                ))}
                <td className={`${extra} text-slate-500`}>{lead.id}</td>
                {canLgpd ? (
                  <td className={extra}>
                    <a href={`/contato/lead/${lead.id}/dados.json`} download className="font-semibold text-brand-700 underline">
                      Exportar<span className="sr-only"> os dados de {lead.nome}</span>
                    </a>
                    {" · "}
                    <Link to={`/contato/lead/${lead.id}/excluir`} className="font-semibold text-red-700 underline">
                      Excluir<span className="sr-only"> {lead.nome}</span>
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? <Pagination page={page.page} pages={pages} filters={filters} /> : null}
    </>
  );
}

/** How many people asked not to get WhatsApp messages (the helpers skip them). */
export function OptOutCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mt-3 text-sm text-slate-600" data-testid="whatsapp-optout-count">
      {count === 1
        ? "1 número pediu para não receber mensagens de WhatsApp; os envios pelo WhatsApp o pulam."
        : `${number.format(count)} números pediram para não receber mensagens de WhatsApp; os envios pelo WhatsApp os pulam.`}
    </p>
  );
}

function Pagination({ page, pages, filters }: { page: number; pages: number; filters: LeadFilters }) {
  const href = (n: number) => `/contato${leadFiltersQuery({ ...filters, pagina: n })}`;
  const link =
    "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";
  const disabled = "inline-flex items-center gap-1 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-400";
  return (
    <nav aria-label="Paginação" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" data-testid="page-status">
        Página {number.format(page)} de {number.format(pages)}
      </p>
      <div className="flex flex-wrap gap-2">
        {page > 1 ? (
          <>
            <Link to={href(1)} className={link}>
              Primeira
            </Link>
            <Link to={href(page - 1)} className={link} rel="prev">
              <ChevronLeft aria-hidden="true" className="size-4" /> Anterior
            </Link>
          </>
        ) : (
          <span className={disabled} aria-disabled="true">
            <ChevronLeft aria-hidden="true" className="size-4" /> Anterior
          </span>
        )}
        {page < pages ? (
          <>
            <Link to={href(page + 1)} className={link} rel="next">
              Próxima <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to={href(pages)} className={link}>
              Última
            </Link>
          </>
        ) : (
          <span className={disabled} aria-disabled="true">
            Próxima <ChevronRight aria-hidden="true" className="size-4" />
          </span>
        )}
      </div>
    </nav>
  );
}
