import { requireOperator } from "~/server/whatsapp/access.server";
import { issueHelperKey } from "~/server/whatsapp/helper-keys.server";
import { MAC_SCRIPT_PATH, macStartZip, scriptResponse, scriptSettings } from "~/server/whatsapp/start-scripts.server";

import type { Route } from "./+types/start-script-mac.zip";

/** The macOS start script, a .command to open with a double click, zipped to keep it executable (operator only: each download carries a key of its own, decision 070). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireOperator(request);
  return scriptResponse(
    macStartZip(scriptSettings(issueHelperKey(actor, "Mac"))),
    MAC_SCRIPT_PATH.split("/").pop()!,
    "application/zip",
  );
}
