import { START_SCRIPT_PATHS } from "~/lib/whatsapp/tool";
import { requireOperator } from "~/server/whatsapp/access.server";
import { issueHelperKey } from "~/server/whatsapp/helper-keys.server";
import { scriptResponse, scriptSettings, windowsStartScript } from "~/server/whatsapp/start-scripts.server";

import type { Route } from "./+types/start-script.bat";

/** The Windows start script of the helper (operator only: each download carries a key of its own, decision 070). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireOperator(request);
  return scriptResponse(
    windowsStartScript(scriptSettings(issueHelperKey(actor, "Windows"))),
    START_SCRIPT_PATHS.windows.split("/").pop()!,
    "application/x-msdos-program",
  );
}
