import { RefreshCw } from "lucide-react";

import { BulkChangePage } from "~/components/leads/selection-confirmation";
import { BULK_KINDS } from "~/lib/leads/bulk";
import { pageMeta } from "~/lib/seo";
import { bulkChangeAction, bulkChangeView } from "~/server/leads/bulk.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requireSameOrigin } from "~/server/platform/same-origin.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/bulk-status";

/**
 * /contato/alterar-status: "Alterar status dos filtrados". The panel's GET form lands here with its
 * filters and the chosen status (?novo_status=&motivo=); this page says how many leads will change
 * and asks for confirmation; the POST changes them all in one transaction and returns to the panel
 * with the same filters (server/leads/bulk.server.ts, shared with bulk-owner.tsx). Works without
 * JavaScript.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Alterar status dos filtrados - Painel Administrativo",
    description: "Alteração de status de vários leads.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "leads");
  return bulkChangeView(request, "status");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "leads");
  requireSameOrigin(request);
  return bulkChangeAction(request, await readFormData(request), "status", user.email);
}

export default function ChangeStatusOfSelection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BulkChangePage texts={BULK_KINDS.status} view={loaderData} refusal={actionData?.error}>
      <RefreshCw aria-hidden="true" className="size-4" /> Confirmar alteração
    </BulkChangePage>
  );
}
