import { START_SCRIPT_PATHS } from "~/lib/whatsapp/tool";
import { requireOperator } from "~/server/whatsapp/access.server";
import { issueHelperKey } from "~/server/whatsapp/helper-keys.server";
import { scriptResponse, scriptSettings, unixStartScript } from "~/server/whatsapp/start-scripts.server";

import type { Route } from "./+types/start-script.sh";

/** The Mac/Linux start script of the helper (operator only: each download carries a key of its own, decision 070). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireOperator(request);
  return scriptResponse(
    unixStartScript(scriptSettings(issueHelperKey(actor, "Linux"))),
    START_SCRIPT_PATHS.unix.split("/").pop()!,
    "text/x-shellscript",
  );
}
