import { requirePermission } from "~/features/staff/auth.server";

import type { Route } from "./+types/csv-route";
import { leadsCsvResponse } from "./csv.server";
import { parseLeadFilters } from "./filters";
import { LEAD_ORIGINS } from "./origins";
import { withinWall } from "./walls.server";

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
