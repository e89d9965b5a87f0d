import { alreadySentApi } from "~/features/whatsapp/helper-api/helper-api.server";

import type { Route } from "./+types/already-sent";

/**
 * /api/whatsapp-helper/ja-enviados: which contacts already got the same text in the last 7 days
 * (POST only; a GET is answered 405 past the token check). Bearer token, no cookie:
 * app/features/whatsapp/helper-api/helper-api.server.ts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return alreadySentApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return alreadySentApi(request);
}
