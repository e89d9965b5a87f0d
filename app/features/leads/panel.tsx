import { Download, MessageCircle, TriangleAlert, Users } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigation } from "react-router";

import { BulkOwnerForm, BulkStatusForm } from "~/features/leads/bulk-forms";
import { UnassignedNotice } from "~/features/leads/distribution/unassigned-notice";
import { WaitingLeads } from "~/features/leads/distribution/waiting-leads";
import { leadFiltersQuery } from "~/features/leads/filters";
import { LeadDashboard } from "~/features/leads/lead-dashboard";
import { LeadsTable, OptOutCount } from "~/features/leads/leads-table";
import { loadFullPanel, loadTotalsOnly } from "~/features/leads/panel.server";
import { LeadFiltersForm } from "~/features/leads/panel-filters";
import { requirePermission } from "~/features/staff/auth.server";
import { can } from "~/features/staff/roles";
import { privatePageMeta } from "~/shared/seo";
import { toast } from "~/shared/toast";
import { Alert } from "~/ui/alert";
import { buttonClass } from "~/ui/button";
import { SectionHeading } from "~/ui/section-heading";
import { AreaTitle } from "~/ui/title";

import type { Route } from "./+types/panel";

/**
 * /contato: the leads panel. Search (GET form), filters, a server-side paginated table newest
 * first, bulk changes, CSV export and the hand-off to WhatsApp of the current selection; under them
 * the dashboard, folded.
 * A role without the "leads" permission (marketing) gets the dashboard's totals only.
 */

export const meta = privatePageMeta(
  "Painel de Leads - Painel Administrativo",
  "Leads do teste vocacional e dos formulários do site.",
);

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "dashboard");
  // Need to know: without "leads" (marketing) the panel is the totals, decided before any lead is read.
  if (!can(staff.role, "leads")) return loadTotalsOnly();
  return loadFullPanel(staff, new URL(request.url).searchParams);
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
      <AreaTitle icon={Users} area="Painel Administrativo">
        Leads
      </AreaTitle>
      <p className="mt-2 text-sm text-slate-700" data-testid="totals-only">
        Seu perfil vê apenas os totais dos leads, sem os dados de cada pessoa.
      </p>
      {error ? (
        <Alert role="alert" size="md" className="mt-6" data-testid="load-error">
          <p className="font-semibold">{error.title}</p>
          <p className="text-sm">{error.description}</p>
        </Alert>
      ) : null}
      {dashboard ? (
        <LeadDashboard dashboard={dashboard} originLabels={originLabels} whatsapp={whatsapp} statuses={statuses} />
      ) : null}
    </section>
  );
}

function FullPanel({ loaderData }: { loaderData: Extract<Route.ComponentProps["loaderData"], { totalsOnly: false }> }) {
  // The admin's e-mail and 'Sair' are in the admin area's header (components/layout/area-header.tsx).
  const { filters, originLabels, page, dashboard, whatsapp, profiles, optOuts, statuses, owners, myId, waiting, error } =
    loaderData;
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
          <AreaTitle icon={Users} area="Painel Administrativo">
            Leads
          </AreaTitle>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={csvHref} download data-testid="export-csv" className={buttonClass({ variant: "primary", size: "md" })}>
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
        <Alert role="alert" size="md" className="mt-6 flex gap-3" data-testid="load-error">
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
        </Alert>
      ) : null}

      <UnassignedNotice status={loaderData.distribution} canDistribute={loaderData.canDistribute} />
      <WaitingLeads box={waiting} />

      <section aria-labelledby="leads-title" className="mt-8">
        <SectionHeading id="leads-title" size="panel">
          Lista de leads
        </SectionHeading>
        <LeadFiltersForm filters={filters} originLabels={originLabels} profiles={profiles} owners={owners} myId={myId} />

        {page ? (
          <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
            {loading ? (
              <p role="status" className="mt-4 text-sm text-slate-600">
                Carregando leads...
              </p>
            ) : null}
            <LeadsTable page={page} filters={filters} originLabels={originLabels} />
            {page.total > 0 ? <BulkStatusForm filters={filters} total={page.total} /> : null}
            {page.total > 0 ? <BulkOwnerForm filters={filters} total={page.total} owners={owners} /> : null}
            <OptOutCount count={optOuts} />
          </div>
        ) : null}
      </section>

      {/* The list comes first; the 30 days' charts are folded under it. */}
      {dashboard ? (
        <LeadDashboard dashboard={dashboard} originLabels={originLabels} whatsapp={whatsapp} statuses={statuses} folded />
      ) : null}
    </section>
  );
}
