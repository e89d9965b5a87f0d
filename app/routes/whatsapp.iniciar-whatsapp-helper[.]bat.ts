import { START_SCRIPT_PATHS } from "~/lib/whatsapp";
import { scriptResponse, windowsStartScript } from "~/server/helper-scripts.server";
import { requireOperator } from "~/server/whatsapp-access.server";

import type { Route } from "./+types/whatsapp.iniciar-whatsapp-helper[.]bat";

/** The Windows start script of the helper (operator only: it carries the helper secret). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request);
  return scriptResponse(windowsStartScript(), START_SCRIPT_PATHS.windows.split("/").pop()!, "application/x-msdos-program");
}
