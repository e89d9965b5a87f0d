import { startScriptDownload } from "~/features/whatsapp/start-scripts/start-scripts.server";

import type { Route } from "./+types/mac.zip";

/** The macOS start script, a .command to open with a double click, zipped to keep it executable (operator only: each download carries a key of its own, decision 070). */
export const loader = ({ request }: Route.LoaderArgs) => startScriptDownload(request, "mac");
