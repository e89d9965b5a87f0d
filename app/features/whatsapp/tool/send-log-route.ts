import { requireOperator, sentByOf } from "~/features/whatsapp/access/access.server";
import { listSendLog, recordSendResults } from "~/features/whatsapp/tool/send-log.server";
import { LOG_PAGE_PARAM } from "~/features/whatsapp/tool/tool";
import { sameOrigin } from "~/platform/same-origin.server";
import { privateData } from "~/shared/cache-headers";

import type { Route } from "./+types/send-log-route";

/**
 * /whatsapp/registro: 'Registro de Envios' as a resource for the operator's page.
 * POST (JSON or form) records one per-message result; idempotent per (jobId, number); each row names
 * who posted it (the staff user or the access password, decision 069). Open to an operator session
 * or a staff session whose role holds "whatsapp".
 * GET returns one page of the log, newest first (?pagina=N).
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, { as: "status" });
  const page = Number(new URL(request.url).searchParams.get(LOG_PAGE_PARAM) ?? 1);
  return privateData(listSendLog(page));
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireOperator(request, { as: "status" });
  if (request.method !== "POST") return privateData({ ok: false, error: "Método não permitido" }, { status: 405 });
  // The cookie is SameSite=Lax already; refusing foreign Origins is a second lock.
  if (!sameOrigin(request)) return privateData({ ok: false, error: "Origem não permitida" }, { status: 403 });

  let input: unknown;
  const type = request.headers.get("Content-Type") ?? "";
  try {
    input = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return privateData({ ok: false, error: "Requisição inválida" }, { status: 400 });
  }
  const count = Array.isArray(input) ? input.length : 1;
  if (count === 0 || count > 100) {
    return privateData({ ok: false, error: "Envie de 1 a 100 registros por vez" }, { status: 400 });
  }
  // Each row names the staff user or the access password behind this request (decision 069).
  const result = recordSendResults(input, new Date(), sentByOf(actor));
  if (!result.ok) {
    return privateData({ ok: false, error: "Registro inválido", fieldErrors: result.fieldErrors }, { status: 400 });
  }
  return privateData({ ok: true, inserted: result.inserted, received: count });
}
