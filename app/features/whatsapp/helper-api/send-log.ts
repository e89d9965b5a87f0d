import { sendLogApi } from "~/features/whatsapp/helper-api/helper-api.server";

import type { Route } from "./+types/send-log";

/**
 * /api/whatsapp-helper/registro: the helper writes 'Registro de Envios' (POST only; a GET is answered
 * 405 past the token check). Bearer token, no cookie: app/features/whatsapp/helper-api/helper-api.server.ts.
 */
export function loader({ request }: Route.LoaderArgs) {
  return sendLogApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return sendLogApi(request);
}
