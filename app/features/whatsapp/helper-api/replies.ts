import { repliesApi } from "~/features/whatsapp/helper-api/helper-api.server";

import type { Route } from "./+types/replies";

/**
 * /api/whatsapp-helper/respostas: the helper forwards the replies people sent (POST only; a GET is
 * answered 405 past the token check), decision 071. Bearer token, no cookie:
 * app/features/whatsapp/helper-api/helper-api.server.ts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return repliesApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return repliesApi(request);
}
