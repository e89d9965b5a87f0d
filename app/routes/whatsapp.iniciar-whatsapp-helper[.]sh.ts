import { START_SCRIPT_PATHS } from "~/lib/whatsapp";
import { scriptResponse, unixStartScript } from "~/server/helper-scripts.server";
import { requireOperator } from "~/server/whatsapp-access.server";

import type { Route } from "./+types/whatsapp.iniciar-whatsapp-helper[.]sh";

/** The Mac/Linux start script of the helper (operator only: it carries the helper secret). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request);
  return scriptResponse(unixStartScript(), START_SCRIPT_PATHS.unix.split("/").pop()!, "text/x-shellscript");
}
