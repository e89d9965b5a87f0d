import { UserCheck } from "lucide-react";

import { BulkChangePage } from "~/components/leads/selection-confirmation";
import { BULK_KINDS } from "~/lib/leads/bulk";
import { pageMeta } from "~/lib/seo";
import { bulkChangeAction, bulkChangeView } from "~/server/leads/bulk.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requireSameOrigin } from "~/server/platform/same-origin.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/bulk-owner";

/**
 * /contato/atribuir-responsavel: "Atribuir responsável aos filtrados", the sibling of "Alterar status
 * dos filtrados" (bulk-status.tsx) with the same steps and the same server functions
 * (server/leads/bulk.server.ts). The chosen owner comes as ?novo_responsavel=<id> (empty = "Sem
 * responsável"); each lead's change is a note in its history. Works without JavaScript.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Atribuir responsável aos filtrados - Painel Administrativo",
    description: "Atribuição de responsável a vários leads.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "leads");
  return bulkChangeView(request, "owner");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "leads");
  requireSameOrigin(request);
  return bulkChangeAction(request, await readFormData(request), "owner", user.email);
}

export default function AssignOwnerOfSelection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BulkChangePage texts={BULK_KINDS.owner} view={loaderData} refusal={actionData?.error}>
      <UserCheck aria-hidden="true" className="size-4" /> Confirmar atribuição
    </BulkChangePage>
  );
}
