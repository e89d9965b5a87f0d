import { resultsCsvResponse } from "~/features/leads/results/results.server";
import { requirePermission } from "~/features/staff/auth.server";

import type { Route } from "./+types/csv";

/** GET /admin/resultados.csv: the "Resultados" report of the same query, as CSV (decision 089). */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "results");
  return resultsCsvResponse(new URL(request.url).searchParams, staff);
}
