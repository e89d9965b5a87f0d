import { data } from "react-router";

import { type DistributionStatus, distributionStatus } from "~/features/leads/distribution/assign.server";
import { type FirstContactState, firstContactState } from "~/features/leads/distribution/business-hours";
import { EMPTY_WAITING_BOX, type WaitingBox, waitingBox } from "~/features/leads/distribution/waiting.server";
import { can } from "~/features/staff/roles";
import type { StaffUser } from "~/features/staff/users.server";
import { LETTER_PROFILE } from "~/features/vocational/scoring";
import { whatsappContactsSince } from "~/features/whatsapp/clicks/clicks.server";
import { countOptOuts, withWhatsappOptOut } from "~/features/whatsapp/optouts/optouts.server";
import * as serverClock from "~/platform/clock.server";
import { saoPauloDate } from "~/shared/dates";
import type { ToastMessage } from "~/shared/toast";

import { contactNumber } from "./contact";
import {
  addDays,
  buildDashboard,
  buildStatusFunnel,
  type Dashboard,
  DASHBOARD_DAYS,
  type StatusFunnel,
  type WhatsappContacts,
} from "./dashboard";
import { EMPTY_FILTERS, hasActiveFilters, parseLeadFilters } from "./filters";
import { LEAD_ORIGINS } from "./origins";
import { ownerEmails, ownerOptions } from "./owner.server";
import type { OwnerChoice } from "./owner-select";
import { countLeadsByStatus, distinctResultProfiles, leadActivitySince, listLeadsPage, type PanelLead } from "./queries.server";
import { withinWall } from "./walls.server";

/**
 * What /contato shows, by role: the whole panel (dashboard, filters, the paginated table) for a
 * role holding "leads"; the dashboard's totals only for the others (marketing).
 */

/** One page of the panel's table. */
export type PanelPage = {
  /**
   * `whatsappOptOut`: the lead's phone is on the WhatsApp opt-out list ("não quer WhatsApp");
   * `owner`: the e-mail of the lead's owner ("responsável"), or null;
   * `contactable`: the phone is a usable mobile (the "Ligar" / "WhatsApp" buttons show).
   */
  rows: (PanelLead & { whatsappOptOut: boolean; owner: string | null; contactable: boolean; firstContact: FirstContactState })[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
};

/** The dashboard's funnel by follow-up status, and whether it counted the filtered leads or all. */
export type Statuses = { funnel: StatusFunnel; filtered: boolean };

const LOAD_ERROR: ToastMessage = {
  title: "Erro ao carregar leads",
  description: "Não foi possível carregar os dados. Tente novamente.",
  variant: "destructive",
};

const originLabels = () => ({ ...LEAD_ORIGINS }) as Record<string, string>;

/** The dashboard's parts on a page whose data could not be read (it shows LOAD_ERROR instead, with 503). */
const NO_TOTALS = {
  dashboard: null as Dashboard | null,
  whatsapp: null as WhatsappContacts | null,
  statuses: null as Statuses | null,
  error: LOAD_ERROR,
};

/** The last DASHBOARD_DAYS days' activity and WhatsApp clicks (totals, no person). */
function recentTotals() {
  const today = saoPauloDate(new Date());
  const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
  return { dashboard: buildDashboard(leadActivitySince(firstDay), today), whatsapp: whatsappContactsSince(firstDay) };
}

/**
 * The dashboard's totals and charts only (counts per day, origin, profile and status; WhatsApp
 * clicks): what a role without the "leads" permission (marketing) sees on /contato. No lead row,
 * name, e-mail or phone is read for it, so none can reach its page or its `.data`.
 */
export function loadTotalsOnly() {
  const base = { totalsOnly: true as const, originLabels: originLabels() };
  try {
    // Totals of every lead: this view has no filters (a filter could single a person out).
    const statuses: Statuses = { funnel: buildStatusFunnel(countLeadsByStatus(EMPTY_FILTERS)), filtered: false };
    return data({ ...base, ...recentTotals(), statuses, error: null });
  } catch (error) {
    console.error("admin: could not load the leads dashboard", error);
    return data({ ...base, ...NO_TOTALS }, { status: 503 });
  }
}

/** The whole panel for a role holding "leads": the page of leads the URL's filters select, and the dashboard. */
export function loadFullPanel(admin: StaffUser, searchParams: URLSearchParams) {
  const filters = parseLeadFilters(searchParams, Object.keys(LEAD_ORIGINS));
  const base = {
    totalsOnly: false as const,
    // "Meus leads": the owner filter with the signed-in user's id.
    myId: admin.id,
    // The unassigned-queue notice links to "Distribuição" for those who may open it.
    canDistribute: can(admin.role, "distribution"),
    filters,
    originLabels: originLabels(),
  };
  try {
    // The list and its funnel hold only the leads this user may see (decision 138).
    const walled = withinWall(filters, admin);
    const listed = listLeadsPage(walled);
    const emails = ownerEmails(listed.rows.map((row) => row.owner_id));
    const rows = withWhatsappOptOut(listed.rows).map((row) => ({
      ...row,
      owner: row.owner_id === null ? null : (emails.get(row.owner_id) ?? null),
      contactable: contactNumber(row.telefone) !== null,
      // "aguardando há 12 min" / late (decision 087).
      firstContact: firstContactState(row, serverClock.now()),
    }));
    const page: PanelPage = { ...listed, rows };
    const profiles = [...new Set([...Object.values(LETTER_PROFILE), ...distinctResultProfiles()])];
    // The funnel counts the leads the filters select (all of them without filters).
    const statuses: Statuses = { funnel: buildStatusFunnel(countLeadsByStatus(walled)), filtered: hasActiveFilters(filters) };
    const owners: OwnerChoice[] = ownerOptions();
    const waiting = waitingBox(admin, serverClock.now());
    const distribution = distributionStatus(serverClock.now());
    return data({
      ...base,
      ...recentTotals(),
      page,
      profiles,
      optOuts: countOptOuts(),
      statuses,
      owners,
      waiting,
      distribution,
      error: null,
    });
  } catch (error) {
    console.error("admin: could not load the leads", error);
    return data(
      {
        ...base,
        ...NO_TOTALS,
        page: null as PanelPage | null,
        profiles: [] as string[],
        optOuts: 0,
        owners: [] as OwnerChoice[],
        waiting: EMPTY_WAITING_BOX as WaitingBox,
        distribution: null as DistributionStatus | null,
      },
      { status: 503 },
    );
  }
}
