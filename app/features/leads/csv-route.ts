import { leadsCsvResponse } from "~/features/leads/csv.server";
import { parseLeadFilters } from "~/features/leads/filters";
import { LEAD_ORIGINS } from "~/features/leads/save.server";
import { withinWall } from "~/features/leads/walls.server";
import { requirePermission } from "~/features/staff/auth.server";

import type { Route } from "./+types/csv-route";

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
