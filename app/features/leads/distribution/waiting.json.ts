import { waitingBox } from "~/features/leads/distribution/waiting.server";
import { getAdmin } from "~/features/staff/auth.server";
import { can } from "~/features/staff/roles";
import { privateHeaders } from "~/shared/cache-headers";

import type { Route } from "./+types/waiting.json";

/**
 * GET /contato/aguardando.json: the panel's "Aguardando primeiro contato" box, polled by the panel
 * so a new lead shows without a reload (decision 142). The server filters it per viewer (her wall,
 * decision 138): the totals, the first names of the most urgent leads, their course, polo and owner,
 * nothing the panel does not already show her. 401 without a session, 403 without "leads".
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await getAdmin(request);
  if (!staff) return Response.json({ error: "Entre novamente para ver os leads." }, { status: 401, headers: privateHeaders() });
  if (!can(staff.role, "leads")) {
    return Response.json({ error: "Seu perfil não tem acesso aos leads." }, { status: 403, headers: privateHeaders() });
  }
  return Response.json(waitingBox(staff), { headers: privateHeaders() });
}
