import { MAC_SCRIPT_PATH, macStartZip, scriptResponse } from "~/server/helper-scripts.server";
import { requireOperator } from "~/server/whatsapp-access.server";

import type { Route } from "./+types/whatsapp.iniciar-whatsapp-helper-mac[.]zip";

/** The macOS start script, a .command to open with a double click, zipped to keep it executable (operator only: it carries the helper secret). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request);
  return scriptResponse(macStartZip(), MAC_SCRIPT_PATH.split("/").pop()!, "application/zip");
}
