import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { leadFollowUpSchema } from "~/features/leads/follow-up-form";
import { SubmitButton, useIsPending } from "~/ui/forms";
import { SectionHeading } from "~/ui/section-heading";

/**
 * The one shape of the lead page's follow-up forms (status, next contact, notes, owner): a card with
 * a heading, a hidden `intent` naming the form, its fields, and a submit button that says it is
 * saving while the post is under way. A plain POST to the page: works without JavaScript. With it,
 * conform checks the form in the browser first with the schema the server parses the post with
 * (leadFollowUpSchema), so the same pt-BR message shows next to the same field without a trip.
 */

/** Field errors of the lead page's forms, by field name (`form`: not tied to a field). */
export type LeadFormErrors = {
  status?: string;
  motivo?: string;
  texto?: string;
  proximo_contato?: string;
  responsavel?: string;
  canal?: string;
  resultado?: string;
  motivo_pedido?: string;
  pedido?: string;
  form?: string;
};

const cardClass = "mt-6 rounded-lg border border-slate-200 bg-white p-4";

const FIELDS = [
  "status",
  "motivo",
  "texto",
  "proximo_contato",
  "responsavel",
  "canal",
  "resultado",
  "motivo_pedido",
  "pedido",
] as const;

export function LeadForm({
  intent,
  title,
  icon: Icon,
  submit,
  errors,
  children,
}: {
  intent: string;
  /** The card's heading; its id is `${intent}-title`. */
  title: string;
  /** The submit button's icon (lucide) and label. */
  icon: LucideIcon;
  submit: string;
  /** The server's refusal of this form's last post, by field. */
  errors: LeadFormErrors;
  /** The fields, given the messages to show: the browser's check of this form, else the server's. */
  children: (errors: LeadFormErrors) => ReactNode;
}) {
  const pending = useIsPending({ intent });
  const titleId = `${intent}-title`;
  const [form, fields] = useForm({
    id: `${intent}-form`,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadFollowUpSchema }),
  });
  const shown: LeadFormErrors = { ...errors };
  for (const name of FIELDS) {
    const message = (fields as Partial<Record<string, { errors?: string[] }>>)[name]?.errors?.[0];
    if (message) shown[name] = message;
  }
  return (
    <Form method="post" {...getFormProps(form)} className={cardClass} aria-labelledby={titleId}>
      <SectionHeading id={titleId} size="panel">
        {title}
      </SectionHeading>
      <input type="hidden" name="intent" value={intent} />
      {children(shown)}
      <SubmitButton pending={pending} pendingText="Salvando..." variant="primary" size="md" className="mt-4">
        <Icon aria-hidden="true" className="size-4" /> {submit}
      </SubmitButton>
    </Form>
  );
}
