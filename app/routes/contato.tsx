import {
  ChevronLeft,
  ChevronRight,
  Download,
  MessageCircle,
  RefreshCw,
  Search,
  TriangleAlert,
  UserCheck,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";

import { LeadDashboard } from "~/components/admin/lead-dashboard";
import { Field, SubmitButton, useIsPending } from "~/components/forms";
import { ContactButtons } from "~/components/leads/contact-buttons";
import { type OwnerChoice, OwnerOptions } from "~/components/leads/owner-select";
import { SURVEY_FIELDS, type SurveyField, surveyLabel } from "~/content/vocational-form";
import { formatDateBr, saoPauloDate, SITE_TIME_ZONE } from "~/lib/dates";
import {
  addDays,
  buildDashboard,
  buildStatusFunnel,
  type Dashboard,
  DASHBOARD_DAYS,
  type StatusFunnel,
  type WhatsappContacts,
} from "~/lib/lead-dashboard";
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  type LeadFilters,
  leadFiltersQuery,
  leadFiltersToParams,
  NO_OWNER,
  NO_OWNER_LABEL,
  NO_PROFILE,
  parseLeadFilters,
  profileLabel,
} from "~/lib/lead-filters";
import { LEAD_STATUSES, LOSS_REASONS, statusWithReason } from "~/lib/lead-status";
import { can } from "~/lib/roles";
import { LETTER_PROFILE } from "~/lib/scoring";
import { pageMeta } from "~/lib/seo";
import { toast, type ToastMessage } from "~/lib/toast";
import {
  countLeadsByStatus,
  distinctResultProfiles,
  leadActivitySince,
  listLeadsPage,
  type PanelLead,
} from "~/server/admin-leads.server";
import type { AdminUser } from "~/server/admin-users.server";
import { requirePermission } from "~/server/auth.server";
import { ownerEmails, ownerOptions } from "~/server/lead-owner.server";
import { LEAD_ORIGINS } from "~/server/leads.server";
import { whatsappContactsSince } from "~/server/whatsapp-clicks.server";
import { countOptOuts, withWhatsappOptOut } from "~/server/whatsapp-optouts.server";

import type { Route } from "./+types/contato";

/**
 * /contato: the admin leads panel. Dashboard, search (GET form), filters, a server-side paginated
 * table newest first, CSV export of the current selection, and 'Sair'. Admin only.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Painel de Leads - Painel Administrativo",
    description: "Leads do teste vocacional e dos formulários do site.",
    noindex: true,
  });

type PageData = {
  /**
   * `whatsappOptOut`: the lead's phone is on the WhatsApp opt-out list ("não quer WhatsApp");
   * `owner`: the e-mail of the lead's owner ("responsável"), or null.
   */
  rows: (PanelLead & { whatsappOptOut: boolean; owner: string | null })[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
};

/** The dashboard's funnel by follow-up status, and whether it counted the filtered leads or all. */
type Statuses = { funnel: StatusFunnel; filtered: boolean };

const LOAD_ERROR: ToastMessage = {
  title: "Erro ao carregar leads",
  description: "Não foi possível carregar os dados. Tente novamente.",
  variant: "destructive",
};

/**
 * The dashboard's totals and charts only (counts per day, origin and profile; WhatsApp clicks):
 * what a role without the "leads" permission (marketing) sees on /contato. No lead row, name,
 * e-mail or phone is read for it, so none can reach its page or its `.data`.
 */
function totalsOnly(admin: AdminUser) {
  const base = {
    totalsOnly: true as const,
    adminEmail: admin.email,
    originLabels: { ...LEAD_ORIGINS } as Record<string, string>,
  };
  try {
    const today = saoPauloDate(new Date());
    const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
    const dashboard = buildDashboard(leadActivitySince(firstDay), today);
    // Totals of every lead: this view has no filters (a filter could single a person out).
    const statuses = { funnel: buildStatusFunnel(countLeadsByStatus(EMPTY_FILTERS)), filtered: false };
    return data({ ...base, dashboard, whatsapp: whatsappContactsSince(firstDay), statuses, error: null });
  } catch (error) {
    console.error("admin: could not load the leads dashboard", error);
    return data(
      {
        ...base,
        dashboard: null as Dashboard | null,
        whatsapp: null as WhatsappContacts | null,
        statuses: null as Statuses | null,
        error: LOAD_ERROR,
      },
      { status: 503 },
    );
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "dashboard");
  // Need to know: without "leads" (marketing) the panel is the totals, decided before any lead is read.
  if (!can(admin.role, "leads")) return totalsOnly(admin);
  const filters = parseLeadFilters(new URL(request.url).searchParams, Object.keys(LEAD_ORIGINS));
  const base = {
    totalsOnly: false as const,
    adminEmail: admin.email,
    // The LGPD export and erasure links show only to roles holding "lgpd" (admin).
    canLgpd: can(admin.role, "lgpd"),
    // "Meus leads": the owner filter with the signed-in user's id.
    myId: admin.id,
    filters,
    originLabels: { ...LEAD_ORIGINS } as Record<string, string>,
  };
  try {
    const listed = listLeadsPage(filters);
    const emails = ownerEmails(listed.rows.map((row) => row.owner_id));
    const rows = withWhatsappOptOut(listed.rows).map((row) => ({
      ...row,
      owner: row.owner_id === null ? null : (emails.get(row.owner_id) ?? null),
    }));
    const page: PageData = { ...listed, rows };
    const today = saoPauloDate(new Date());
    const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
    const dashboard = buildDashboard(leadActivitySince(firstDay), today);
    const whatsapp = whatsappContactsSince(firstDay);
    const profiles = [...new Set([...Object.values(LETTER_PROFILE), ...distinctResultProfiles()])];
    // The funnel counts the leads the filters select (all of them without filters).
    const statuses: Statuses = { funnel: buildStatusFunnel(countLeadsByStatus(filters)), filtered: hasActiveFilters(filters) };
    const owners: OwnerChoice[] = ownerOptions();
    return data({ ...base, page, dashboard, whatsapp, profiles, optOuts: countOptOuts(), statuses, owners, error: null });
  } catch (error) {
    console.error("admin: could not load the leads", error);
    return data(
      {
        ...base,
        page: null as PageData | null,
        dashboard: null as Dashboard | null,
        whatsapp: null as WhatsappContacts | null,
        profiles: [] as string[],
        optOuts: 0,
        statuses: null as Statuses | null,
        owners: [] as OwnerChoice[],
        error: LOAD_ERROR,
      },
      { status: 503 },
    );
  }
}

const timeFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const number = new Intl.NumberFormat("pt-BR");

function formatTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

export default function LeadsPanel({ loaderData }: Route.ComponentProps) {
  if (loaderData.totalsOnly) return <TotalsOnlyPanel {...loaderData} />;
  return <FullPanel loaderData={loaderData} />;
}

/** The panel of a role without the "leads" permission (marketing): the dashboard, no list, search or CSV. */
function TotalsOnlyPanel({
  dashboard,
  whatsapp,
  statuses,
  originLabels,
  error,
}: Extract<Route.ComponentProps["loaderData"], { totalsOnly: true }>) {
  useEffect(() => {
    if (error) toast(error);
  }, [error]);
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <Users aria-hidden="true" className="size-4" /> Painel Administrativo
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Leads</h1>
      <p className="mt-2 text-sm text-slate-700" data-testid="totals-only">
        Seu perfil vê apenas os totais dos leads, sem os dados de cada pessoa.
      </p>
      {error ? (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-red-900" data-testid="load-error">
          <p className="font-semibold">{error.title}</p>
          <p className="text-sm">{error.description}</p>
        </div>
      ) : null}
      {dashboard ? (
        <LeadDashboard dashboard={dashboard} originLabels={originLabels} whatsapp={whatsapp} statuses={statuses} />
      ) : null}
    </section>
  );
}

function FullPanel({ loaderData }: { loaderData: Extract<Route.ComponentProps["loaderData"], { totalsOnly: false }> }) {
  // The admin's e-mail and 'Sair' are in the admin area's header (components/layout/area-header.tsx).
  const { filters, originLabels, page, dashboard, whatsapp, profiles, optOuts, statuses, owners, myId, error } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/contato";
  const csvHref = `/contato/leads.csv${leadFiltersQuery({ ...filters, pagina: 1 })}`;
  // The spec's toast; without JavaScript the alert below says the same.
  useEffect(() => {
    if (error) toast(error);
  }, [error]);

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
            <Users aria-hidden="true" className="size-4" /> Painel Administrativo
          </p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Leads</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={csvHref}
            download
            data-testid="export-csv"
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Download aria-hidden="true" className="size-4" /> Exportar CSV
          </a>
          <Link
            to={`/contato/enviar-whatsapp${leadFiltersQuery({ ...filters, pagina: 1 })}`}
            data-testid="handoff-whatsapp"
            className="inline-flex items-center gap-2 rounded-md border border-emerald-700 px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
          >
            <MessageCircle aria-hidden="true" className="size-4" /> Enviar pelo WhatsApp
          </Link>
        </div>
      </header>

      {error ? (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900"
          data-testid="load-error"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{error.title}</p>
            <p className="text-sm">{error.description}</p>
            <Link
              to={`/contato${leadFiltersQuery(filters)}`}
              reloadDocument
              className="mt-2 inline-block text-sm font-semibold underline"
            >
              Tentar novamente
            </Link>
          </div>
        </div>
      ) : null}

      {dashboard ? (
        <LeadDashboard dashboard={dashboard} originLabels={originLabels} whatsapp={whatsapp} statuses={statuses} />
      ) : null}

      <section aria-labelledby="leads-title" className="mt-10">
        <h2 id="leads-title" className="text-lg font-semibold text-slate-900">
          Lista de leads
        </h2>
        <FiltersForm filters={filters} originLabels={originLabels} profiles={profiles} owners={owners} myId={myId} />

        {page ? (
          <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
            {loading ? (
              <p role="status" className="mt-4 text-sm text-slate-600">
                Carregando leads...
              </p>
            ) : null}
            <LeadsTable page={page} filters={filters} originLabels={originLabels} canLgpd={loaderData.canLgpd} />
            {page.total > 0 ? <BulkStatusForm filters={filters} total={page.total} /> : null}
            {page.total > 0 ? <BulkOwnerForm filters={filters} total={page.total} owners={owners} /> : null}
            <OptOutCount count={optOuts} />
          </div>
        ) : null}
      </section>
    </section>
  );
}

function FiltersForm({
  filters,
  originLabels,
  profiles,
  owners,
  myId,
}: {
  filters: LeadFilters;
  originLabels: Record<string, string>;
  profiles: string[];
  /** The comercial users (the owners a lead may have). */
  owners: OwnerChoice[];
  /** The signed-in user's id: "Meus leads" when they are one of the owners. */
  myId: number;
}) {
  const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
  const filtering = useIsPending({ formMethod: "GET" });
  return (
    <Form
      method="get"
      action="/contato"
      role="search"
      aria-label="Filtros dos leads"
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <Field label="Buscar" htmlFor="busca" className="sm:col-span-2">
          <input
            id="busca"
            name="busca"
            type="search"
            defaultValue={filters.busca}
            key={filters.busca}
            placeholder="Nome, e-mail, telefone, cidade, curso ou polo"
            className={field}
          />
        </Field>
        <Field label="Origem" htmlFor="origem">
          <select id="origem" name="origem" defaultValue={filters.origem ?? ""} key={filters.origem ?? ""} className={field}>
            <option value="">Todas</option>
            {Object.entries(originLabels).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Perfil do resultado" htmlFor="perfil">
          <select id="perfil" name="perfil" defaultValue={filters.perfil ?? ""} key={filters.perfil ?? ""} className={field}>
            <option value="">Todos</option>
            {profiles.map((key) => (
              <option key={key} value={key}>
                {profileLabel(key)}
              </option>
            ))}
            <option value={NO_PROFILE}>Sem resultado</option>
          </select>
        </Field>
        <Field label="Status" htmlFor="status">
          <select id="status" name="status" defaultValue={filters.status ?? ""} key={filters.status ?? ""} className={field}>
            <option value="">Todos</option>
            {Object.entries(LEAD_STATUSES).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              name="atrasados"
              value="1"
              defaultChecked={filters.atrasados}
              key={`atrasados-${filters.atrasados}`}
              className="size-4 accent-brand-600"
            />
            Atrasados
          </label>
        </div>
        <Field label="De" htmlFor="de">
          <input id="de" name="de" type="date" defaultValue={filters.de ?? ""} key={`de-${filters.de}`} className={field} />
        </Field>
        <Field label="Até" htmlFor="ate">
          <input id="ate" name="ate" type="date" defaultValue={filters.ate ?? ""} key={`ate-${filters.ate}`} className={field} />
        </Field>
        <Field label="Responsável" htmlFor="responsavel" className="sm:col-span-2">
          <select
            id="responsavel"
            name="responsavel"
            defaultValue={filters.responsavel === null ? "" : String(filters.responsavel)}
            key={`responsavel-${filters.responsavel}`}
            className={field}
          >
            <option value="">Todos</option>
            <option value={NO_OWNER}>{NO_OWNER_LABEL}</option>
            {owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.email}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <SubmitButton
          pending={filtering}
          pendingText="Filtrando..."
          spinnerClassName="size-4"
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          <Search aria-hidden="true" className="size-4" /> Filtrar
        </SubmitButton>
        {owners.some((owner) => owner.id === myId) ? (
          <Link
            to={`/contato${leadFiltersQuery({ responsavel: myId })}`}
            data-testid="my-leads"
            aria-current={filters.responsavel === myId ? "page" : undefined}
            className="inline-flex items-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <UserCheck aria-hidden="true" className="size-4" /> Meus leads
          </Link>
        ) : null}
        {hasActiveFilters(filters) ? (
          <Link
            to="/contato"
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Limpar filtros
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const SURVEY_HEADERS: Record<SurveyField, string> = {
  workStatus: "Status Profissional",
  workArea: "Área de Atuação",
  workSatisfaction: "Satisfação",
  careerGoal: "Objetivo de Carreira",
  desiredArea: "Área Desejada",
};

function LeadsTable({
  page,
  filters,
  originLabels,
  canLgpd,
}: {
  page: PageData;
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
  return (
    <>
      <p className="mt-4 text-sm text-slate-700" data-testid="leads-count" aria-live="polite">
        {total === 1 ? "1 lead encontrado" : `${number.format(total)} leads encontrados`}
        {pages > 1 ? ` · mostrando ${number.format(first)}–${number.format(last)}` : ""}
      </p>
      <section
        className="relative mt-2 overflow-x-auto rounded-lg border border-slate-200"
        tabIndex={0}
        aria-label="Tabela de leads (role para os lados)"
      >
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm" data-testid="leads-table">
          <caption className="sr-only">Leads, do mais recente para o mais antigo</caption>
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className={cell}>
                Data
              </th>
              <th scope="col" className={cell}>
                Nome
              </th>
              <th scope="col" className={cell}>
                Telefone
              </th>
              <th scope="col" className={cell}>
                E-mail
              </th>
              <th scope="col" className={cell}>
                Cidade
              </th>
              <th scope="col" className={cell}>
                Curso de interesse
              </th>
              <th scope="col" className={cell}>
                Polo
              </th>
              <th scope="col" className={cell}>
                Origem
              </th>
              <th scope="col" className={cell}>
                Perfil (resultado)
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
              <th scope="col" className={cell}>
                Próximo contato
              </th>
              <th scope="col" className={cell}>
                Responsável
              </th>
              {SURVEY_FIELDS.map((f) => (
                <th key={f.name} scope="col" className={cell}>
                  {SURVEY_HEADERS[f.name]}
                </th>
              ))}
              <th scope="col" className={cell}>
                ID
              </th>
              {canLgpd ? (
                <th scope="col" className={cell}>
                  Dados (LGPD)
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((lead) => (
              <tr key={lead.id} data-testid="lead-row">
                <td className={cell}>
                  {formatDateBr(lead.data_criacao)} <span className="text-slate-500">{formatTime(lead.criado_em)}</span>
                </td>
                <th scope="row" className={`${cell} font-medium text-slate-900`}>
                  <Link to={`/contato/lead/${lead.id}`} className="text-brand-700 underline" data-testid="lead-link">
                    {lead.nome}
                  </Link>
                </th>
                <td className={cell}>
                  <ContactButtons
                    leadId={lead.id}
                    nome={lead.nome}
                    telefone={lead.telefone}
                    optedOut={lead.whatsappOptOut}
                    wrap={false}
                  />
                </td>
                <td className={cell}>{lead.email}</td>
                <td className={cell}>{lead.cidade || "-"}</td>
                <td className={cell}>{lead.curso_interesse || "-"}</td>
                <td className={cell}>{lead.polo || "-"}</td>
                <td className={cell}>{originLabels[lead.origem] ?? lead.origem}</td>
                <td className={cell}>{lead.perfil_resultado ? profileLabel(lead.perfil_resultado) : "-"}</td>
                <td className={cell} data-testid="lead-status">
                  {statusWithReason(lead.status, lead.motivo_perda)}
                </td>
                <td className={cell}>{lead.proximo_contato ? formatDateBr(lead.proximo_contato) : "-"}</td>
                <td className={cell} data-testid="lead-owner">
                  {lead.owner ?? NO_OWNER_LABEL}
                </td>
                {SURVEY_FIELDS.map((f) => (
                  <td key={f.name} className={cell}>
                    {surveyLabel(f.name, lead[f.column])}
                  </td>
                ))}
                <td className={`${cell} text-slate-500`}>{lead.id}</td>
                {canLgpd ? (
                  <td className={cell}>
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

/**
 * "Alterar status dos filtrados": a GET form to the confirmation page (contato.alterar-status.tsx),
 * carrying the panel's filters and the chosen status; nothing changes before the confirmation there.
 */
function BulkStatusForm({ filters, total }: { filters: LeadFilters; total: number }) {
  const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
  const hidden = [...leadFiltersToParams({ ...filters, pagina: 1 }).entries()];
  return (
    <Form
      method="get"
      action="/contato/alterar-status"
      aria-labelledby="bulk-title"
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="bulk-title" className="text-sm font-semibold text-slate-900">
        Alterar status dos filtrados ({total === 1 ? "1 lead" : `${number.format(total)} leads`})
      </h3>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <Field label="Novo status" htmlFor="novo_status">
          <select id="novo_status" name="novo_status" defaultValue="em_contato" className={field}>
            {Object.entries(LEAD_STATUSES).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Motivo (se Perdido)" htmlFor="bulk-motivo">
          <select id="bulk-motivo" name="motivo" defaultValue="" className={field}>
            <option value="">—</option>
            {Object.entries(LOSS_REASONS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <RefreshCw aria-hidden="true" className="size-4" /> Alterar status dos filtrados
        </button>
      </div>
    </Form>
  );
}

/**
 * "Atribuir responsável aos filtrados": a GET form to the confirmation page
 * (contato.atribuir-responsavel.tsx) with the panel's filters and the chosen owner; nothing changes
 * before the confirmation there.
 */
function BulkOwnerForm({ filters, total, owners }: { filters: LeadFilters; total: number; owners: OwnerChoice[] }) {
  const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
  const hidden = [...leadFiltersToParams({ ...filters, pagina: 1 }).entries()];
  return (
    <Form
      method="get"
      action="/contato/atribuir-responsavel"
      aria-labelledby="bulk-owner-title"
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="bulk-owner-title" className="text-sm font-semibold text-slate-900">
        Atribuir responsável aos filtrados ({total === 1 ? "1 lead" : `${number.format(total)} leads`})
      </h3>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <Field label="Novo responsável" htmlFor="novo_responsavel">
          <select
            id="novo_responsavel"
            name="novo_responsavel"
            defaultValue={owners[0] ? String(owners[0].id) : ""}
            className={field}
          >
            <OwnerOptions owners={owners} />
          </select>
        </Field>
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <UserCheck aria-hidden="true" className="size-4" /> Atribuir responsável aos filtrados
        </button>
      </div>
    </Form>
  );
}

/** How many people asked not to get WhatsApp messages (the helpers skip them). */
function OptOutCount({ count }: { count: number }) {
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
