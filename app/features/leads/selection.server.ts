import { describeLeadFilters, type LeadFilters, leadFiltersQuery, leadFiltersToParams, parseLeadFilters } from "./filters";
import { LEAD_ORIGINS } from "./origins";
import { ownerLabel } from "./owner.server";
import { countLeads } from "./queries.server";
import type { BulkChange } from "./selection-confirmation";
import { type LeadViewer, withinWall } from "./walls.server";

/**
 * The panel's filtered selection as the pages that change all of it read it (bulk status, bulk
 * owner, hand-off to WhatsApp): from the query string (GET) or the confirmation form (POST).
 */

/**
 * The filters of a selection (always from the first page: a selection is every page), inside the
 * viewer's wall: a change or a hand-off never reaches a lead she may not see.
 */
export function selectionFilters(params: URLSearchParams, viewer: LeadViewer): LeadFilters {
  return withinWall({ ...parseLeadFilters(params, Object.keys(LEAD_ORIGINS)), pagina: 1 }, viewer);
}

/** A posted form's text fields as query parameters (the confirmation form carries the filters). */
export function formParams(form: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  return params;
}

/** The filters in words, for a confirmation ("Origem: Teste vocacional · Responsável: ana@…"). */
export function selectionInWords(filters: LeadFilters): string[] {
  return describeLeadFilters(filters, {
    originLabel: (key) => LEAD_ORIGINS[key as keyof typeof LEAD_ORIGINS] ?? key,
    ownerLabel,
  });
}

/** The panel showing this selection (where "Cancelar" and a confirmed change go back to). */
export function panelHref(filters: LeadFilters): string {
  return `/contato${leadFiltersQuery(filters)}`;
}

/**
 * What a bulk change's confirmation page shows and posts: the selection's count, how many leads
 * would change and to what, and the confirm form's address and hidden fields (the filters, then
 * the choice's own fields).
 */
export function bulkChange(
  path: string,
  filters: LeadFilters,
  choice: { fields: [string, string][]; changes: number; target: string },
): BulkChange {
  const hidden: [string, string][] = [...leadFiltersToParams(filters).entries(), ...choice.fields];
  return {
    total: countLeads(filters),
    changes: choice.changes,
    target: choice.target,
    hidden,
    action: `${path}?${new URLSearchParams(hidden).toString()}`,
  };
}
