import { startScriptDownload } from "~/features/whatsapp/start-scripts/start-scripts.server";

import type { Route } from "./+types/bat";

/** The Windows start script of the helper (operator only: each download carries a key of its own, decision 070). */
export const loader = ({ request }: Route.LoaderArgs) => startScriptDownload(request, "windows");
