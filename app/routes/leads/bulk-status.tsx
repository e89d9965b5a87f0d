import { RefreshCw } from "lucide-react";

import { BulkChangeConfirmation, SelectionConfirmationPage } from "~/components/leads/selection-confirmation";
import { privateData } from "~/lib/cache-headers";
import { parseStatusChoice, statusWithReason } from "~/lib/leads/status";
import { pageMeta } from "~/lib/seo";
import { changeStatusOfSelection, countStatusChanges } from "~/server/leads/follow-up.server";
import { bulkChange, formParams, panelHref, selectionFilters, selectionInWords } from "~/server/leads/selection.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requireSameOrigin } from "~/server/platform/same-origin.server";
import { privateRedirectWithToast } from "~/server/platform/toast.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/bulk-status";

/**
 * /contato/alterar-status: "Alterar status dos filtrados". The panel's GET form lands here with its
 * filters and the chosen status (?novo_status=&motivo=); this page says how many leads will change
 * and asks for confirmation; the POST changes them all in one transaction and returns to the panel
 * with the same filters. Admin only; works without JavaScript.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Alterar status dos filtrados - Painel Administrativo",
    description: "Alteração de status de vários leads.",
    noindex: true,
  });

const CONFIRM_INTENT = "confirmar";

/** The filters and the status choice, from the query string (GET) or the confirmation form (POST). */
function readSelection(params: URLSearchParams) {
  return { filters: selectionFilters(params), choice: parseStatusChoice(params.get("novo_status"), params.get("motivo")) };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "leads");
  const { filters, choice } = readSelection(new URL(request.url).searchParams);
  const base = { backHref: panelHref(filters), filterWords: selectionInWords(filters) };
  if (!choice.ok) {
    return privateData({ ...base, error: choice.errors.status ?? choice.errors.motivo ?? "", selection: null });
  }
  const fields: [string, string][] = [["novo_status", choice.value.status]];
  if (choice.value.reason) fields.push(["motivo", choice.value.reason]);
  const selection = bulkChange("/contato/alterar-status", filters, {
    fields,
    changes: countStatusChanges(filters, choice.value),
    target: statusWithReason(choice.value.status, choice.value.reason),
  });
  return privateData({ ...base, error: null, selection });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "leads");
  requireSameOrigin(request);
  const form = await readFormData(request);
  const { filters, choice } = readSelection(formParams(form));
  if (!choice.ok) return privateData({ error: choice.errors.status ?? choice.errors.motivo ?? "" }, { status: 400 });
  if (form.get("intent") !== CONFIRM_INTENT) {
    return privateData({ error: "Confirme a alteração com o botão “Confirmar alteração”." }, { status: 400 });
  }
  const changed = changeStatusOfSelection(filters, choice.value, admin.email);
  if (changed === 0) {
    return privateData({ error: "Nenhum lead filtrado mudaria de status: todos já estão com este status." }, { status: 400 });
  }
  console.info(`admin ${admin.email}: changed the status of ${changed} lead(s) to ${choice.value.status}`);
  const target = statusWithReason(choice.value.status, choice.value.reason);
  return privateRedirectWithToast(request, panelHref(filters), {
    title: "Status alterado",
    description: changed === 1 ? `1 lead agora está ${target}.` : `${changed} leads agora estão ${target}.`,
  });
}

export default function ChangeStatusOfSelection({ loaderData, actionData }: Route.ComponentProps) {
  const { backHref, filterWords, selection } = loaderData;
  return (
    <SelectionConfirmationPage
      title="Alterar status dos filtrados"
      filterWords={filterWords}
      testIdPrefix="bulk"
      error={actionData?.error ?? loaderData.error}
    >
      <BulkChangeConfirmation
        change={selection}
        backHref={backHref}
        intent={CONFIRM_INTENT}
        othersNote="os demais já estão com este status"
        historyNote="Cada alteração fica no histórico do lead, com o seu e-mail e o horário."
        pendingText="Alterando..."
      >
        <RefreshCw aria-hidden="true" className="size-4" /> Confirmar alteração
      </BulkChangeConfirmation>
    </SelectionConfirmationPage>
  );
}
