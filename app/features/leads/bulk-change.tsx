import { RefreshCw, UserCheck } from "lucide-react";
import { useLocation } from "react-router";

import { BULK_KINDS, bulkKindAt } from "~/features/leads/bulk";
import { bulkChangeAction, bulkChangeView } from "~/features/leads/bulk.server";
import { BulkChangePage } from "~/features/leads/selection-confirmation";
import { requirePermission } from "~/features/staff/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { requireSameOrigin } from "~/platform/same-origin.server";
import { pageMeta } from "~/shared/seo";

import type { Route } from "./+types/bulk-change";

/**
 * /contato/alterar-status ("Alterar status dos filtrados") and /contato/atribuir-responsavel
 * ("Atribuir responsável aos filtrados"): one module at both addresses (app/routes.ts), the address
 * saying which change it is (lib/leads/bulk.ts). The panel's GET form lands here with its filters
 * and the chosen status (?novo_status=&motivo=) or owner (?novo_responsavel=<id>, empty = "Sem
 * responsável"); this page says how many leads will change and asks for confirmation; the POST
 * changes them all in one transaction, each change a note in the lead's history, and returns to the
 * panel with the same filters (server/leads/bulk.server.ts). Works without JavaScript.
 */

export const meta: Route.MetaFunction = (args) => {
  const texts = BULK_KINDS[bulkKindAt(args.location.pathname)];
  return pageMeta(args, { title: `${texts.title} - Painel Administrativo`, description: texts.description, noindex: true });
};

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "leads");
  return bulkChangeView(request, bulkKindAt(new URL(request.url).pathname), staff);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "leads");
  requireSameOrigin(request);
  return bulkChangeAction(request, await readFormData(request), bulkKindAt(new URL(request.url).pathname), user);
}

/** The confirm button's icon and label. */
const CONFIRM = {
  status: { Icon: RefreshCw, label: "Confirmar alteração" },
  owner: { Icon: UserCheck, label: "Confirmar atribuição" },
} as const;

export default function ChangeSelection({ loaderData, actionData }: Route.ComponentProps) {
  const kind = bulkKindAt(useLocation().pathname);
  const { Icon, label } = CONFIRM[kind];
  return (
    <BulkChangePage texts={BULK_KINDS[kind]} view={loaderData} refusal={actionData?.error}>
      <Icon aria-hidden="true" className="size-4" /> {label}
    </BulkChangePage>
  );
}
