import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { BULK_CONFIRM_INTENT, type BulkTexts } from "~/features/leads/bulk";
import { Alert } from "~/ui/alert";
import { ErrorList, SubmitButton, useIsPending } from "~/ui/forms";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/**
 * The one shape of the pages that confirm a change to the panel's whole filtered selection
 * ("Alterar status dos filtrados", "Atribuir responsável aos filtrados", "Enviar pelo WhatsApp"):
 * a heading, the filters in words, the refusal of the last post, the page's own summary, and a
 * confirm form carrying the filters (hidden fields) with a "Cancelar" back to the panel. Plain
 * GET then POST: works without JavaScript.
 */
export function SelectionConfirmationPage({
  title,
  filterWords,
  testIdPrefix,
  error,
  children,
}: {
  title: string;
  /** The filters in words ("Origem: Teste vocacional", ...); empty for none. */
  filterWords: string[];
  /** Prefix of the page's test ids: `${prefix}-filters`, `${prefix}-error`. */
  testIdPrefix: string;
  error: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700">Painel Administrativo · Leads</p>
      <Title size="area" className="mt-1">
        {title}
      </Title>

      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
        <p className="font-semibold">Filtros</p>
        <p data-testid={`${testIdPrefix}-filters`}>
          {filterWords.length ? filterWords.join(" · ") : "Nenhum filtro: todos os leads."}
        </p>
      </div>

      <div role="alert">
        <ErrorList id={`${testIdPrefix}-error`} errors={error ? [error] : null} className="mt-4" />
      </div>

      {children}
    </section>
  );
}

/**
 * The confirm button's form (posting the selection's hidden fields and `intent`) beside
 * "Cancelar"; without `action` (nothing to confirm) only "Cancelar" shows.
 */
export function ConfirmSelection({
  action,
  hidden,
  intent,
  pendingText,
  variant,
  backHref,
  children,
}: {
  action: string | null;
  hidden: [string, string][];
  intent: string;
  pendingText: string;
  /** The confirm button's look: brand blue, or emerald for the WhatsApp hand-off. */
  variant: "primary" | "success";
  backHref: string;
  /** The button's content (an icon and a label). */
  children: ReactNode;
}) {
  const pending = useIsPending({ formAction: action ?? undefined });
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {action ? (
        <Form method="post" action={action}>
          {hidden.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="intent" value={intent} />
          <SubmitButton pending={pending} pendingText={pendingText} spinnerClassName="size-4" variant={variant} size="lg">
            {children}
          </SubmitButton>
        </Form>
      ) : null}
      <Link to={backHref} className={textLink("px-2 py-2.5")}>
        Cancelar
      </Link>
    </div>
  );
}

/** What a bulk change will do: how many of the filtered leads change, and to what. */
export type BulkChange = { total: number; changes: number; target: string; action: string; hidden: [string, string][] };

/**
 * The summary and confirmation of a bulk change (status, owner): "N leads passarão para X"
 * (and how many already are), the history note, and the confirm button; with no valid choice
 * (`change` null) only the way back.
 */
export function BulkChangeConfirmation({
  change,
  backHref,
  intent,
  othersNote,
  historyNote,
  pendingText,
  children,
}: {
  change: BulkChange | null;
  backHref: string;
  intent: string;
  /** Said of the filtered leads that already have the target ("os demais já estão com ele"). */
  othersNote: string;
  historyNote: string;
  pendingText: string;
  /** The confirm button's content (an icon and a label). */
  children: ReactNode;
}) {
  if (!change) {
    return (
      <Link to={backHref} className={textLink("mt-6 inline-block")}>
        Voltar aos leads
      </Link>
    );
  }
  const { changes, total, target } = change;
  return (
    <Alert tone="warning" size="md" className="mt-6">
      <p className="flex items-center gap-2 font-semibold" data-testid="bulk-summary">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {changes === 1 ? `1 lead passará para ${target}` : `${changes} leads passarão para ${target}`}
        {total !== changes ? ` (de ${total} filtrados; ${othersNote})` : ""}.
      </p>
      <p className="mt-2 text-sm">{historyNote}</p>
      <ConfirmSelection
        action={changes > 0 ? change.action : null}
        hidden={change.hidden}
        intent={intent}
        pendingText={pendingText}
        variant="primary"
        backHref={backHref}
      >
        {children}
      </ConfirmSelection>
    </Alert>
  );
}

/**
 * The whole confirmation page of a bulk change (status, owner; texts in lib/leads/bulk.ts): the
 * loader's view, the last post's refusal, and the confirm button's content (an icon and a label).
 */
export function BulkChangePage({
  texts,
  view,
  refusal,
  children,
}: {
  texts: BulkTexts;
  view: { backHref: string; filterWords: string[]; error: string | null; selection: BulkChange | null };
  refusal: string | undefined;
  children: ReactNode;
}) {
  return (
    <SelectionConfirmationPage
      title={texts.title}
      filterWords={view.filterWords}
      testIdPrefix="bulk"
      error={refusal ?? view.error}
    >
      <BulkChangeConfirmation
        change={view.selection}
        backHref={view.backHref}
        intent={BULK_CONFIRM_INTENT}
        othersNote={texts.othersNote}
        historyNote={texts.historyNote}
        pendingText={texts.pendingText}
      >
        {children}
      </BulkChangeConfirmation>
    </SelectionConfirmationPage>
  );
}
