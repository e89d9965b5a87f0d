import type { ReactNode } from "react";
import { Form } from "react-router";

import { SubmitButton, useIsPending } from "~/components/forms";
import { SectionHeading } from "~/components/ui/section-heading";

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
      <SectionHeading id={titleId} size="panel">
        {title}
      </SectionHeading>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton pending={pending} pendingText="Salvando..." variant="primary" size="md" className="mt-4">
        {submit}
      </SubmitButton>
    </Form>
  );
}
