import { Link } from "react-router";

import { Callout } from "~/components/ui/callout";
import type { FirstContactState } from "~/lib/leads/business-hours";
import type { WaitingLead } from "~/server/leads/distribution.server";

/** "aguardando há 12 min" and, once past the due time, "atrasado" (decision 087). */
export function FirstContactLabel({ state }: { state: FirstContactState }) {
  if (!state) return null;
  return (
    <span className={`block text-xs ${state.late ? "font-semibold text-red-700" : "text-slate-600"}`} data-testid="first-contact">
      {state.text}
      {state.late ? " · atrasado" : null}
    </span>
  );
}

/**
 * The panel's "Aguardando primeiro contato": leads with no contact that reached the person yet, most urgent first (the
 * earliest due time), before the dashboard, so the next call is the first thing a salesperson sees.
 */
export function WaitingLeads({ leads }: { leads: WaitingLead[] }) {
  if (leads.length === 0) return null;
  return (
    <Callout titleId="aguardando-titulo" title="Aguardando primeiro contato" tone="warning" testId="waiting-leads">
      <ol className="mt-2 divide-y divide-amber-200">
        {leads.map((lead) => (
          <li
            key={lead.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 [overflow-wrap:anywhere]"
          >
            <Link to={`/contato/lead/${lead.id}`} className="font-semibold text-brand-700 underline">
              {lead.firstName}
            </Link>
            <span className="text-sm text-slate-700">{[lead.course, lead.polo].filter(Boolean).join(" · ") || "-"}</span>
            <span className="text-sm text-slate-600">{lead.owner ?? "Sem responsável"}</span>
            <span className={`text-sm ${lead.late ? "font-semibold text-red-700" : "text-slate-700"}`}>
              {lead.text}
              {lead.late ? " · atrasado" : null}
            </span>
          </li>
        ))}
      </ol>
    </Callout>
  );
}
