import { keyCheckApi } from "~/features/whatsapp/helper-api/helper-api.server";

import type { Route } from "./+types/key";

/**
 * /api/whatsapp-helper/chave: whether the calling helper's key still lives (GET; 401 once revoked).
 * The helper's key, no cookie: app/features/whatsapp/helper-api/helper-api.server.ts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return keyCheckApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return keyCheckApi(request);
}
