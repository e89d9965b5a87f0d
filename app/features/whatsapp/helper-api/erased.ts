import { erasedPhonesApi } from "~/features/whatsapp/helper-api/helper-api.server";

import type { Route } from "./+types/erased";

/**
 * /api/whatsapp-helper/apagados: which of the given numbers belong to people erased on the site
 * (POST only; a GET is answered 405 past the token check). Bearer token, no cookie:
 * app/features/whatsapp/helper-api/helper-api.server.ts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return erasedPhonesApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return erasedPhonesApi(request);
}
