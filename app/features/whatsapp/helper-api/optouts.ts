import { optOutsApi } from "~/features/whatsapp/helper-api/helper-api.server";

import type { Route } from "./+types/optouts";

/**
 * /api/whatsapp-helper/descadastros: the central opt-out list for the operators' helpers
 * (GET reads it, POST reports new ones). Bearer token, no cookie: app/features/whatsapp/helper-api/helper-api.server.ts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return optOutsApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return optOutsApi(request);
}
