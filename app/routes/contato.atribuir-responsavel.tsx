import { TriangleAlert, UserCheck } from "lucide-react";
import { data, Form, Link } from "react-router";

import { ErrorList, SubmitButton, useIsPending } from "~/components/forms";
import { PRIVATE_PAGE_HEADERS } from "~/lib/cache-headers";
import {
  describeLeadFilters,
  hasActiveFilters,
  leadFiltersQuery,
  leadFiltersToParams,
  NO_OWNER_LABEL,
  parseLeadFilters,
} from "~/lib/lead-filters";
import { pageMeta } from "~/lib/seo";
import { countLeads } from "~/server/admin-leads.server";
import { requirePermission } from "~/server/auth.server";
import { readFormData } from "~/server/form-data.server";
import { sameOrigin } from "~/server/lead-follow-up.server";
import { countOwnerChanges, OWNER_ERROR, ownerLabel, parseOwnerChoice, setOwnerOfSelection } from "~/server/lead-owner.server";
import { LEAD_ORIGINS } from "~/server/leads.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/contato.atribuir-responsavel";

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

const PRIVATE = PRIVATE_PAGE_HEADERS;
const CONFIRM_INTENT = "confirmar";
const OWNER_PARAM = "novo_responsavel";

/** The filters and the owner choice, from the query string (GET) or the confirmation form (POST). */
function readSelection(params: URLSearchParams) {
  const filters = { ...parseLeadFilters(params, Object.keys(LEAD_ORIGINS)), pagina: 1 };
  // No owner field at all is not a choice ("Sem responsável" is the empty value).
  const choice = params.has(OWNER_PARAM)
    ? parseOwnerChoice(params.get(OWNER_PARAM))
    : ({ ok: false, error: OWNER_ERROR } as const);
  return { filters, choice };
}

function describeFilters(filters: ReturnType<typeof readSelection>["filters"]): string[] {
  return describeLeadFilters(filters, {
    originLabel: (key) => LEAD_ORIGINS[key as keyof typeof LEAD_ORIGINS] ?? key,
    ownerLabel,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "leads");
  const { filters, choice } = readSelection(new URL(request.url).searchParams);
  const base = {
    adminEmail: user.email,
    backHref: `/contato${leadFiltersQuery(filters)}`,
    filterWords: describeFilters(filters),
  };
  if (!choice.ok) return data({ ...base, error: choice.error, selection: null }, { headers: PRIVATE });
  const hidden = [...leadFiltersToParams(filters).entries(), [OWNER_PARAM, choice.owner ? String(choice.owner.id) : ""]];
  return data(
    {
      ...base,
      error: null,
      selection: {
        total: countLeads(filters),
        changes: countOwnerChanges(filters, choice.owner),
        target: choice.owner?.email ?? NO_OWNER_LABEL,
        filtered: hasActiveFilters(filters),
        hidden,
        action: `/contato/atribuir-responsavel?${new URLSearchParams(hidden).toString()}`,
      },
    },
    { headers: PRIVATE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "leads");
  if (!sameOrigin(request)) throw data("Origem não permitida.", { status: 403, headers: PRIVATE });
  const form = await readFormData(request);
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  const { filters, choice } = readSelection(params);
  if (!choice.ok) return data({ error: choice.error }, { status: 400, headers: PRIVATE });
  if (form.get("intent") !== CONFIRM_INTENT) {
    return data({ error: "Confirme a atribuição com o botão “Confirmar atribuição”." }, { status: 400, headers: PRIVATE });
  }
  const changed = setOwnerOfSelection(filters, choice.owner, user.email);
  if (changed === 0) {
    return data(
      { error: "Nenhum lead filtrado mudaria de responsável: todos já estão com ele." },
      { status: 400, headers: PRIVATE },
    );
  }
  const target = choice.owner?.email ?? NO_OWNER_LABEL;
  console.info(`admin ${user.email}: gave ${changed} lead(s) to ${choice.owner ? `user ${choice.owner.id}` : "no owner"}`);
  return redirectWithToast(
    request,
    `/contato${leadFiltersQuery(filters)}`,
    {
      title: "Responsável atribuído",
      description: changed === 1 ? `1 lead agora está com ${target}.` : `${changed} leads agora estão com ${target}.`,
    },
    { headers: PRIVATE },
  );
}

export default function AssignOwnerOfSelection({ loaderData, actionData }: Route.ComponentProps) {
  const { backHref, filterWords, selection } = loaderData;
  const error = actionData?.error ?? loaderData.error;
  const pending = useIsPending({ formAction: "/contato/atribuir-responsavel" });
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700">Painel Administrativo · Leads</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Atribuir responsável aos filtrados</h1>

      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <p className="font-semibold">Filtros</p>
        <p data-testid="bulk-filters">{filterWords.length ? filterWords.join(" · ") : "Nenhum filtro: todos os leads."}</p>
      </div>

      <div role="alert">
        <ErrorList id="bulk-error" errors={error ? [error] : null} className="mt-4" />
      </div>

      {selection ? (
        <div className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="flex items-center gap-2 font-semibold" data-testid="bulk-summary">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            {selection.changes === 1
              ? `1 lead passará para ${selection.target}`
              : `${selection.changes} leads passarão para ${selection.target}`}
            {selection.total !== selection.changes ? ` (de ${selection.total} filtrados; os demais já estão com ele)` : ""}.
          </p>
          <p className="mt-2 text-sm">Cada troca fica no histórico do lead, com o seu e-mail e o horário.</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {selection.changes > 0 ? (
              <Form method="post" action={selection.action}>
                {selection.hidden.map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <input type="hidden" name="intent" value={CONFIRM_INTENT} />
                <SubmitButton
                  pending={pending}
                  pendingText="Atribuindo..."
                  spinnerClassName="size-4"
                  className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
                >
                  <UserCheck aria-hidden="true" className="size-4" /> Confirmar atribuição
                </SubmitButton>
              </Form>
            ) : null}
            <Link to={backHref} className="px-2 py-2.5 font-semibold text-brand-700 underline">
              Cancelar
            </Link>
          </div>
        </div>
      ) : (
        <Link to={backHref} className="mt-6 inline-block font-semibold text-brand-700 underline">
          Voltar aos leads
        </Link>
      )}
    </section>
  );
}
