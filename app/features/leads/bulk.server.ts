import { BULK_CONFIRM_INTENT, BULK_KINDS, type BulkKindName } from "~/features/leads/bulk";
import type { LeadFilters } from "~/features/leads/filters";
import { NO_OWNER_LABEL } from "~/features/leads/filters";
import { parseStatusChoice, type StatusChoice, statusWithReason } from "~/features/leads/status";
import type { StaffUser } from "~/features/staff/users.server";
import { privateRedirectWithToast } from "~/platform/toast.server";
import { privateData } from "~/shared/cache-headers";

import { changeStatusOfSelection, countStatusChanges } from "./follow-up.server";
import { countOwnerChanges, OWNER_ERROR, type OwnerOption, parseOwnerChoice, setOwnerOfSelection } from "./owner.server";
import { bulkChange, formParams, panelHref, selectionFilters, selectionInWords } from "./selection.server";
import { type LeadViewer, withinOwnerWall } from "./walls.server";

/**
 * The two bulk changes of the panel (status, owner) through one loader and one action: the panel's
 * GET form lands on the confirmation page with its filters and the choice; the page says how many
 * leads will change and asks for confirmation; the POST changes them all in one transaction (a
 * history note per lead) and returns to the panel with the same filters. Each kind says only how it
 * reads its choice, counts, applies and names its target.
 */

type Choice<C> = { ok: true; value: C } | { ok: false; error: string };

type BulkKind<C> = {
  /** The choice from the query string (GET) or the confirmation form (POST). */
  choice(params: URLSearchParams): Choice<C>;
  /** The choice's own hidden fields in the confirmation form. */
  fields(choice: C): [string, string][];
  count(filters: LeadFilters, choice: C): number;
  apply(filters: LeadFilters, choice: C, by: string): number;
  /** What the leads become, in words ("Perdido (Preço)", "ana@…", "Sem responsável"). */
  target(choice: C): string;
  /** The leads of the viewer's selection this kind may change (default: every lead she sees). */
  walled?(filters: LeadFilters, viewer: LeadViewer): LeadFilters;
};

const OWNER_PARAM = "novo_responsavel";

const statusKind: BulkKind<StatusChoice> = {
  choice(params) {
    const choice = parseStatusChoice(params.get("novo_status"), params.get("motivo"));
    return choice.ok ? choice : { ok: false, error: choice.errors.status ?? choice.errors.motivo ?? "" };
  },
  fields: (choice) => [["novo_status", choice.status], ...(choice.reason ? [["motivo", choice.reason] as [string, string]] : [])],
  count: (filters, choice) => countStatusChanges(filters, choice),
  apply: (filters, choice, by) => changeStatusOfSelection(filters, choice, by),
  target: (choice) => statusWithReason(choice.status, choice.reason),
};

const ownerKind: BulkKind<OwnerOption | null> = {
  choice(params) {
    // No owner field at all is not a choice ("Sem responsável" is the empty value).
    if (!params.has(OWNER_PARAM)) return { ok: false, error: OWNER_ERROR };
    const choice = parseOwnerChoice(params.get(OWNER_PARAM));
    return choice.ok ? { ok: true, value: choice.owner } : choice;
  },
  fields: (owner) => [[OWNER_PARAM, owner ? String(owner.id) : ""]],
  count: (filters, owner) => countOwnerChanges(filters, owner),
  apply: (filters, owner, by) => setOwnerOfSelection(filters, owner, by),
  target: (owner) => owner?.email ?? NO_OWNER_LABEL,
  // A shared team mate's lead is asked for, not taken (decision 146).
  walled: (filters, viewer) => withinOwnerWall(filters, viewer),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const KINDS: Record<BulkKindName, BulkKind<any>> = { status: statusKind, owner: ownerKind };

/** The confirmation page's data: the filters in words, and what would change (null with a refused choice). */
export function bulkChangeView(request: Request, name: BulkKindName, viewer: LeadViewer) {
  const kind = KINDS[name];
  const params = new URL(request.url).searchParams;
  const filters = selectionFilters(params, viewer);
  const changing = kind.walled?.(filters, viewer) ?? filters;
  const choice = kind.choice(params);
  const base = { backHref: panelHref(filters), filterWords: selectionInWords(filters) };
  if (!choice.ok) return privateData({ ...base, error: choice.error, selection: null });
  const selection = bulkChange(BULK_KINDS[name].path, filters, {
    fields: kind.fields(choice.value),
    changes: kind.count(changing, choice.value),
    target: kind.target(choice.value),
  });
  return privateData({ ...base, error: null as string | null, selection });
}

/**
 * The confirmation's post: refused (400, the message on the page) with a bad choice, without the
 * confirm button's intent, or when no lead would change; else the change and a 303 to the panel.
 */
export function bulkChangeAction(request: Request, form: FormData, name: BulkKindName, by: StaffUser) {
  const kind = KINDS[name];
  const texts = BULK_KINDS[name];
  const params = formParams(form);
  const filters = selectionFilters(params, by);
  const changing = kind.walled?.(filters, by) ?? filters;
  const choice = kind.choice(params);
  if (!choice.ok) return privateData({ error: choice.error }, { status: 400 });
  if (form.get("intent") !== BULK_CONFIRM_INTENT) return privateData({ error: texts.confirmFirst }, { status: 400 });
  const changed = kind.apply(changing, choice.value, by.email);
  if (changed === 0) return privateData({ error: texts.nothingChanges }, { status: 400 });
  const target = kind.target(choice.value);
  console.info(
    `staff ${by.email}: bulk ${name} of ${changed} lead(s) to ${name === "owner" ? (choice.value?.id ?? "no owner") : target}`,
  );
  return privateRedirectWithToast(request, panelHref(filters), {
    title: texts.doneTitle,
    description: texts.done(changed, target),
  });
}
