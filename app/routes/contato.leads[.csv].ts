import type { Route } from "./+types/contato.leads[.csv]";
import { requireAdmin } from "~/server/auth.server";

/** CSV export of the leads (being built). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response("", { status: 204 });
}
