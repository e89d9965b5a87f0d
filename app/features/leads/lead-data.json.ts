import { personDataExport } from "~/features/leads/privacy.server";
import { visibleLeadOr404 } from "~/features/leads/walls.server";
import { requirePermission } from "~/features/staff/auth.server";
import { privateHeaders } from "~/shared/cache-headers";

import type { Route } from "./+types/lead-data.json";

/**
 * GET /contato/lead/:id/dados.json: every record the site keeps about this lead's person (their
 * rows of every form and the WhatsApp messages sent to them), as a JSON download: the LGPD's
 * access and portability rights, answered by an admin. Admin only.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "lgpd");
  const lead = visibleLeadOr404(staff, params.id, "Lead não encontrado.");
  console.info(`staff ${staff.email}: exported the data of lead ${lead.id}`);
  return new Response(JSON.stringify(personDataExport(lead), null, 2), {
    headers: privateHeaders({
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="dados-lead-${lead.id}.json"`,
    }),
  });
}
