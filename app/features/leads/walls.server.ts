import { sql } from "drizzle-orm";

import type { LeadFilters } from "~/features/leads/filters";
import type { Role } from "~/features/staff/roles";
import { db, schema } from "~/platform/db/client.server";
import { privateData } from "~/shared/cache-headers";

import { type Lead, LEAD_NOT_FOUND, leadOr404 } from "./privacy.server";
import type { LeadWall } from "./queries.server";

/**
 * The walls between salespeople (decision 138): which leads a staff user may see and change. An
 * admin sees every lead; anyone else holding "leads" (a comercial user) sees the leads she owns and
 * those nobody owns, in the list, the CSV, the lead pages and every change. This module is the one
 * place that decides it; every lead route asks it.
 */

export type LeadViewer = { id: number; role: Role };

export type { LeadWall };

/** The members of the teams she belongs to whose leads an admin opened to the team. */
function sharedTeamMates(userId: number): number[] {
  const rows = db.all<{ userId: number }>(sql`
    SELECT DISTINCT mate.user_id AS userId
    FROM ${schema.salesTeamMembers} mine
    JOIN ${schema.salesTeams} team ON team.id = mine.team_id AND team.shared_leads = 1
    JOIN ${schema.salesTeamMembers} mate ON mate.team_id = team.id
    WHERE mine.user_id = ${userId}`);
  return rows.map((row) => row.userId);
}

/**
 * The viewer's wall: none for an admin (the manager); for anyone else her own id, and her team
 * mates' in a team whose leads are open to the team.
 */
export function leadWallOf(viewer: LeadViewer): LeadWall {
  if (viewer.role === "admin") return null;
  return { ownerIds: [...new Set([viewer.id, ...sharedTeamMates(viewer.id)])] };
}

/** The filters a viewer's queries run with: the panel's own filters, inside her wall. */
export function withinWall<F extends LeadFilters>(filters: F, viewer: LeadViewer): F & { wall: LeadWall } {
  return { ...filters, wall: leadWallOf(viewer) };
}

/** Whether the viewer may see (and so follow up) this lead. */
export function canSeeLead(viewer: LeadViewer, lead: Pick<Lead, "owner_id">): boolean {
  const wall = leadWallOf(viewer);
  return wall === null || lead.owner_id === null || wall.ownerIds.includes(lead.owner_id);
}

/**
 * The lead a route's `:id` names, if the viewer may see it; otherwise the same private 404 as a lead
 * that does not exist (a colleague's lead is not even confirmed to exist).
 */
export function visibleLeadOr404(viewer: LeadViewer, idParam: string | undefined, message: string = LEAD_NOT_FOUND): Lead {
  const lead = leadOr404(idParam, message);
  if (!canSeeLead(viewer, lead)) throw privateData(message, { status: 404 });
  return lead;
}

/**
 * Whether the viewer may change this lead's owner: the manager (no wall) any lead's; anyone else only
 * her own lead's or an unowned one's. A colleague's lead she sees in a shared team she asks for
 * (decision 146): she cannot take it.
 */
export function canChangeOwner(viewer: LeadViewer, lead: Pick<Lead, "owner_id">): boolean {
  return viewer.role === "admin" || lead.owner_id === null || lead.owner_id === viewer.id;
}

/** Whether the viewer may ask for this lead: a comercial user who sees it (a shared team) and does not own it. */
export function canAskForLead(viewer: LeadViewer, lead: Pick<Lead, "owner_id">): boolean {
  return viewer.role === "comercial" && !canChangeOwner(viewer, lead) && canSeeLead(viewer, lead);
}

/** Whether the viewer decides the requests for leads: whoever moves any lead's owner (the manager, decision 146). */
export function decidesLeadRequests(viewer: LeadViewer): boolean {
  return viewer.role === "admin";
}

/**
 * The filters of an owner change over a selection ("Atribuir responsável aos filtrados"): the leads
 * whose owner the viewer may change (`canChangeOwner`): every lead for the manager; her own and the
 * unowned ones for anyone else, never a shared team mate's.
 */
export function withinOwnerWall<F extends LeadFilters>(filters: F, viewer: LeadViewer): F & { wall: LeadWall } {
  return { ...filters, wall: viewer.role === "admin" ? null : { ownerIds: [viewer.id] } };
}
