import { parseLeadFilters } from "~/lib/leads/filters";
import { LEAD_ORIGINS } from "~/lib/leads/origins";
import { leadsCsvResponse } from "~/server/leads/csv.server";
import { withinWall } from "~/server/leads/walls.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/csv";

/**
 * GET /contato/leads.csv: the leads matching the panel's current search and filters (same query
 * string as /contato), streamed as leads-<origin>-<status>-<day>.csv (leadsCsvFileName): only the
 * leads the user may see (walls.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "leads");
  const filters = parseLeadFilters(new URL(request.url).searchParams, Object.keys(LEAD_ORIGINS));
  return leadsCsvResponse(withinWall(filters, staff));
}
