import type { ComponentProps } from "react";

import { type Dashboard, percent, type StatusFunnel, utmSourceLabel, type WhatsappContacts } from "~/features/leads/dashboard";
import { profileLabel } from "~/features/leads/filters";
import { SectionHeading } from "~/ui/section-heading";

import { BarList, DailyChart, number, originColor, StatusFunnelTable } from "./lead-dashboard-charts";

/**
 * The panel's dashboard: server-rendered SVG charts (no chart library, no script needed), sized by
 * their viewBox so they scale to the width of a phone. Each chart has a text alternative and its
 * numbers in a <details> table.
 */

const PROFILE_COLOR = "#7c3aed";

type Props = {
  dashboard: Dashboard;
  originLabels: Record<string, string>;
  /** Clicks on the students' WhatsApp buttons; null hides the card (no number set and no click in the period). */
  whatsapp?: WhatsappContacts | null;
  /** The funnel by follow-up status and what it was counted on (the panel's filters, or every lead); null hides it. */
  statuses?: { funnel: StatusFunnel; filtered: boolean } | null;
  /** Closed under its title (a <details>): the panel's list comes first, the charts one tap away. */
  folded?: boolean;
};

const WHATSAPP_COLOR = "#15803d";

/** Each bar chart's card title, its text when there is nothing to count, and its list's accessible name. */
const BARS = {
  origin: { title: "Por origem", empty: "Nenhum lead nos últimos 30 dias.", caption: "Leads por origem nos últimos 30 dias" },
  profile: {
    title: "Por perfil do resultado",
    empty: "Nenhum teste concluído nos últimos 30 dias.",
    caption: "Leads por perfil do resultado do teste nos últimos 30 dias",
  },
  funnel: {
    title: "Funil do teste vocacional",
    empty: "Ninguém preencheu o formulário do teste nos últimos 30 dias.",
    caption: "Funil do teste vocacional: formulário preenchido, teste concluído",
  },
  whatsapp: {
    empty: "Nenhum clique no botão do WhatsApp nos últimos 30 dias.",
    caption: "Cliques no botão do WhatsApp por origem (utm_source) nos últimos 30 dias",
  },
} as const;

export function LeadDashboard({ folded = false, ...props }: Props) {
  const heading = (
    <SectionHeading id="dashboard-title" size="panel" className={folded ? "inline" : undefined}>
      Resumo dos últimos 30 dias
    </SectionHeading>
  );
  if (!folded) {
    return (
      <section aria-labelledby="dashboard-title" className="mt-8" data-testid="dashboard">
        {heading}
        <DashboardBody {...props} />
      </section>
    );
  }
  return (
    <details className="mt-10 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="dashboard">
      <summary className="cursor-pointer" data-testid="dashboard-summary">
        {heading} <span className="text-sm text-slate-600">(gráficos e totais)</span>
      </summary>
      <DashboardBody {...props} />
    </details>
  );
}

function DashboardBody({ dashboard, originLabels, whatsapp = null, statuses = null }: Omit<Props, "folded">) {
  const origins = Object.keys(originLabels);
  const { funnel } = dashboard;
  const today = dashboard.days.at(-1);
  const originLabel = (key: string) => originLabels[key] ?? key;
  const colorOfOrigin = (key: string) => originColor(origins, key);
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Leads em 30 dias" value={number.format(dashboard.total)} />
        <Stat label="Leads hoje" value={number.format(today?.total ?? 0)} />
        <Stat label="Formulários do teste" value={number.format(funnel.formLeads)} />
        <Stat label="Testes concluídos" value={`${percent(funnel.completed, funnel.formLeads)}%`} />
      </dl>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Card title="Leads por dia" className="lg:col-span-2">
          <DailyChart dashboard={dashboard} origins={origins} originLabels={originLabels} />
        </Card>
        <BarCard texts={BARS.origin} slices={dashboard.byOrigin} label={originLabel} color={colorOfOrigin} />
        <BarCard texts={BARS.profile} slices={dashboard.byProfile} label={profileLabel} color={() => PROFILE_COLOR} />
        <BarCard
          texts={BARS.funnel}
          className="lg:col-span-2"
          slices={[
            { key: "form", n: funnel.formLeads },
            { key: "done", n: funnel.completed },
          ]}
          label={(key) => (key === "form" ? "Preencheram o formulário" : "Concluíram o teste")}
          color={(key) => (key === "form" ? "#1f56c8" : "#059669")}
          total={funnel.formLeads}
        />
        {statuses ? (
          <Card
            title={statuses.filtered ? "Funil de acompanhamento (leads filtrados)" : "Funil de acompanhamento (todos os leads)"}
            className="lg:col-span-2"
          >
            <StatusFunnelTable funnel={statuses.funnel} />
          </Card>
        ) : null}
        {whatsapp ? (
          <Card title="Cliques no botão do WhatsApp do site" className="lg:col-span-2">
            <p className="text-sm text-slate-700" data-testid="whatsapp-contatos-total">
              <strong className="text-2xl font-bold text-slate-900">{number.format(whatsapp.total)}</strong>{" "}
              {whatsapp.total === 1 ? "clique" : "cliques"} de visitantes nos botões de WhatsApp do site nos últimos 30 dias
            </p>
            <p className="mt-1 text-sm text-slate-700" data-testid="whatsapp-equipe-total">
              <strong className="font-bold text-slate-900">{number.format(whatsapp.teamContacts ?? 0)}</strong>{" "}
              {whatsapp.teamContacts === 1 ? "contato" : "contatos"} pelo WhatsApp registrados pela equipe no painel (outro
              número)
            </p>
            <div className="mt-3">
              <BarList {...BARS.whatsapp} slices={whatsapp.bySource} label={utmSourceLabel} color={() => WHATSAPP_COLOR} />
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function Card({ title, className = "", children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <figure className={`rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      <div className="mt-3">{children}</div>
    </figure>
  );
}

/** A card holding one bar chart (its texts from BARS). */
function BarCard({
  texts: { title, ...texts },
  className,
  ...bars
}: { texts: { title: string; empty: string; caption: string }; className?: string } & Omit<
  ComponentProps<typeof BarList>,
  "empty" | "caption"
>) {
  return (
    <Card title={title} className={className}>
      <BarList {...texts} {...bars} />
    </Card>
  );
}
