import type { ReactNode } from "react";
import { Form } from "react-router";

import { SubmitButton, useIsPending } from "~/components/forms";

/**
 * The one shape of the lead page's follow-up forms (status, next contact, notes, owner): a card with
 * a heading, a hidden `intent` naming the form, its fields, and a submit button that says it is
 * saving while the post is under way. A plain POST to the page: works without JavaScript.
 */

/** Field errors of the lead page's forms, by field name (`form`: not tied to a field). */
export type LeadFormErrors = {
  status?: string;
  motivo?: string;
  texto?: string;
  proximo_contato?: string;
  responsavel?: string;
  form?: string;
};

const buttonClass =
  "mt-4 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70";
const cardClass = "mt-6 rounded-lg border border-slate-200 bg-white p-4";

export function LeadForm({
  intent,
  title,
  submit,
  children,
}: {
  intent: string;
  /** The card's heading; its id is `${intent}-title`. */
  title: string;
  /** The submit button's content (an icon and a label). */
  submit: ReactNode;
  children: ReactNode;
}) {
  const pending = useIsPending({ intent });
  const titleId = `${intent}-title`;
  return (
    <Form method="post" className={cardClass} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton pending={pending} pendingText="Salvando..." spinnerClassName="size-4" className={buttonClass}>
        {submit}
      </SubmitButton>
    </Form>
  );
}
