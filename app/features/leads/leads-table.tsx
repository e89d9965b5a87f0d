import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

import { hasActiveFilters, type LeadFilters, leadFiltersQuery, NO_OWNER_LABEL } from "~/features/leads/filters";
import type { PanelPage } from "~/features/leads/panel.server";
import { statusWithReason } from "~/features/leads/status";
import { formatDateBr, SITE_TIME_ZONE } from "~/shared/dates";
import { TableHead } from "~/ui/table-head";
import { textLink } from "~/ui/text-link";

import { ContactButtons } from "./contact-buttons";
import { FirstContactLabel } from "./distribution/waiting-leads";

/**
 * The leads panel's table (newest first, one page of the server's pagination), its count line,
 * its pagination and the opt-out count under it. It holds what a salesperson works from (date,
 * name with the origin, phone and contact buttons, course, polo, status with the waiting time, next
 * contact, owner) and fits a 1280 px laptop without a sideways scroll: a long name or e-mail wraps.
 * The rest (e-mail, city, result profile, the test's answers, the LGPD links) is on the lead's page,
 * one click away. Below the `sm` breakpoint each row is a card (decision 096), each cell with its
 * label. CSS only: the same cells, no second copy of the buttons.
 */

const timeFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const number = new Intl.NumberFormat("pt-BR");

function formatTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

export function LeadsTable({
  page,
  filters,
  originLabels,
}: {
  page: PanelPage;
  filters: LeadFilters;
  originLabels: Record<string, string>;
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
          <Link to="/contato" className={textLink("mt-3 inline-block text-sm")}>
            Limpar filtros
          </Link>
        ) : null}
      </div>
    );
  }
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + rows.length - 1;
  const cell = "px-3 py-2 align-top";
  // A name or an owner's e-mail wraps anywhere (a pasted token, a long address): the table never
  // outgrows a laptop's width. The phone sits over its two buttons.
  const long = "min-w-36 max-w-60 [overflow-wrap:anywhere] max-sm:min-w-0 max-sm:max-w-none";
  // On a phone: a labelled line of the card, or nothing (the column is on the lead's page).
  const line = `${cell} max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:mr-1 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]`;
  return (
    <>
      <p className="mt-4 text-sm text-slate-700" data-testid="leads-count" aria-live="polite">
        {total === 1 ? "1 lead encontrado" : `${number.format(total)} leads encontrados`}
        {pages > 1 ? ` · mostrando ${number.format(first)}–${number.format(last)}` : ""}
      </p>
      <section
        className="relative mt-2 overflow-x-auto rounded-lg border border-slate-200 max-sm:overflow-visible max-sm:border-0"
        tabIndex={0}
        aria-label="Tabela de leads"
      >
        <table className="w-full divide-y divide-slate-200 text-left text-sm max-sm:block" data-testid="leads-table">
          <caption className="sr-only">Leads, do mais recente para o mais antigo</caption>
          <TableHead
            look="banded-dense"
            className="max-sm:hidden"
            columns={["Data", "Nome", "Telefone", "Curso de interesse", "Polo", "Status", "Próximo contato", "Responsável"]}
          />
          <tbody className="divide-y divide-slate-100 bg-white max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:bg-transparent">
            {rows.map((lead) => (
              <tr
                key={lead.id}
                data-testid="lead-row"
                className="max-sm:flex max-sm:flex-col max-sm:rounded-lg max-sm:[overflow-wrap:anywhere] max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3"
              >
                <td className={`${line} whitespace-nowrap max-sm:text-xs`} data-label="Recebido em">
                  {formatDateBr(lead.data_criacao)} <span className="text-slate-500">{formatTime(lead.criado_em)}</span>
                </td>
                <th
                  scope="row"
                  className={`${cell} ${long} font-medium text-slate-900 max-sm:order-first max-sm:block max-sm:px-0 max-sm:text-base`}
                >
                  <Link to={`/contato/lead/${lead.id}`} className="text-brand-700 underline" data-testid="lead-link">
                    {lead.nome}
                  </Link>
                  <span className="block text-xs font-normal text-slate-500" data-testid="lead-origin">
                    {originLabels[lead.origem] ?? lead.origem}
                  </span>
                </th>
                <td className={`${line} min-w-48 max-w-60 max-sm:min-w-0 max-sm:max-w-none`} data-label="Telefone">
                  <ContactButtons
                    leadId={lead.id}
                    nome={lead.nome}
                    telefone={lead.telefone}
                    optedOut={lead.whatsappOptOut}
                    contactable={lead.contactable}
                  />
                </td>
                <td className={line} data-label="Curso">
                  {lead.curso_interesse || "-"}
                </td>
                <td className={line} data-label="Polo">
                  {lead.polo || "-"}
                </td>
                <td className={line} data-label="Status">
                  <span data-testid="lead-status">{statusWithReason(lead.status, lead.motivo_perda)}</span>
                  <FirstContactLabel state={lead.firstContact} />
                </td>
                <td className={`${line} whitespace-nowrap`} data-label="Próximo contato">
                  {lead.proximo_contato ? formatDateBr(lead.proximo_contato) : "-"}
                </td>
                <td className={`${line} ${long}`} data-label="Responsável" data-testid="lead-owner">
                  {lead.owner ?? NO_OWNER_LABEL}
                </td>
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
