import { UserCheck } from "lucide-react";

import { BulkChangeConfirmation, SelectionConfirmationPage } from "~/components/leads/selection-confirmation";
import { privateData } from "~/lib/cache-headers";
import { NO_OWNER_LABEL } from "~/lib/leads/filters";
import { pageMeta } from "~/lib/seo";
import { countOwnerChanges, OWNER_ERROR, parseOwnerChoice, setOwnerOfSelection } from "~/server/leads/owner.server";
import { bulkChange, formParams, panelHref, selectionFilters, selectionInWords } from "~/server/leads/selection.server";
import { readFormData } from "~/server/platform/form-data.server";
import { requireSameOrigin } from "~/server/platform/same-origin.server";
import { privateRedirectWithToast } from "~/server/platform/toast.server";
import { requirePermission } from "~/server/staff/auth.server";

import type { Route } from "./+types/bulk-owner";

/**
 * /contato/atribuir-responsavel: "Atribuir responsável aos filtrados", the sibling of "Alterar status
 * dos filtrados" (contato.alterar-status.tsx) with the same steps. The panel's GET form lands here
 * with its filters and the chosen owner (?novo_responsavel=<id>, empty = "Sem responsável"); this page
 * says how many leads will change and asks for confirmation; the POST gives them all to the owner in
 * one transaction (a history note per lead) and returns to the panel with the same filters.
 * Works without JavaScript.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Atribuir responsável aos filtrados - Painel Administrativo",
    description: "Atribuição de responsável a vários leads.",
    noindex: true,
  });

const CONFIRM_INTENT = "confirmar";
const OWNER_PARAM = "novo_responsavel";

/** The filters and the owner choice, from the query string (GET) or the confirmation form (POST). */
function readSelection(params: URLSearchParams) {
  const filters = selectionFilters(params);
  // No owner field at all is not a choice ("Sem responsável" is the empty value).
  const choice = params.has(OWNER_PARAM)
    ? parseOwnerChoice(params.get(OWNER_PARAM))
    : ({ ok: false, error: OWNER_ERROR } as const);
  return { filters, choice };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "leads");
  const { filters, choice } = readSelection(new URL(request.url).searchParams);
  const base = { backHref: panelHref(filters), filterWords: selectionInWords(filters) };
  if (!choice.ok) return privateData({ ...base, error: choice.error, selection: null });
  const selection = bulkChange("/contato/atribuir-responsavel", filters, {
    fields: [[OWNER_PARAM, choice.owner ? String(choice.owner.id) : ""]],
    changes: countOwnerChanges(filters, choice.owner),
    target: choice.owner?.email ?? NO_OWNER_LABEL,
  });
  return privateData({ ...base, error: null, selection });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "leads");
  requireSameOrigin(request);
  const form = await readFormData(request);
  const { filters, choice } = readSelection(formParams(form));
  if (!choice.ok) return privateData({ error: choice.error }, { status: 400 });
  if (form.get("intent") !== CONFIRM_INTENT) {
    return privateData({ error: "Confirme a atribuição com o botão “Confirmar atribuição”." }, { status: 400 });
  }
  const changed = setOwnerOfSelection(filters, choice.owner, user.email);
  if (changed === 0) {
    return privateData({ error: "Nenhum lead filtrado mudaria de responsável: todos já estão com ele." }, { status: 400 });
  }
  const target = choice.owner?.email ?? NO_OWNER_LABEL;
  console.info(`admin ${user.email}: gave ${changed} lead(s) to ${choice.owner ? `user ${choice.owner.id}` : "no owner"}`);
  return privateRedirectWithToast(request, panelHref(filters), {
    title: "Responsável atribuído",
    description: changed === 1 ? `1 lead agora está com ${target}.` : `${changed} leads agora estão com ${target}.`,
  });
}

export default function AssignOwnerOfSelection({ loaderData, actionData }: Route.ComponentProps) {
  const { backHref, filterWords, selection } = loaderData;
  return (
    <SelectionConfirmationPage
      title="Atribuir responsável aos filtrados"
      filterWords={filterWords}
      testIdPrefix="bulk"
      error={actionData?.error ?? loaderData.error}
    >
      <BulkChangeConfirmation
        change={selection}
        backHref={backHref}
        intent={CONFIRM_INTENT}
        othersNote="os demais já estão com ele"
        historyNote="Cada troca fica no histórico do lead, com o seu e-mail e o horário."
        pendingText="Atribuindo..."
      >
        <UserCheck aria-hidden="true" className="size-4" /> Confirmar atribuição
      </BulkChangeConfirmation>
    </SelectionConfirmationPage>
  );
}
