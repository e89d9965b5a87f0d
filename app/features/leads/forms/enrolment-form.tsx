import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Form } from "react-router";

import {
  CONSENT_TEXT,
  ENROLMENT_TEXTS,
  type EnrolmentChoices,
  type EnrolmentFields,
  type EnrolmentOrigin,
  enrolmentSchema,
  UNDECIDED_COURSE,
  UNDECIDED_POLO,
} from "~/features/leads/forms/enrolment";
import type { OptionGroup } from "~/features/leads/forms/enrolment.server";
import type { LeadReply } from "~/features/leads/forms/post.server";
import { toast } from "~/shared/toast";
import { Alert } from "~/ui/alert";
import { CheckboxField, PhoneField, SelectField, SubmitButton, TextField, useActionAnswer, useIsPending } from "~/ui/forms";
import { HoneypotField } from "~/ui/forms/honeypot-field";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

/**
 * The enrolment form (/inscricao, and each polo's page with its polo chosen: decision 085): a plain
 * post to the page it is on, whose action hands it to the one lead pipeline (handleLeadPost and
 * saveEnrolment). The same zod schema checks it in the browser, when JavaScript runs, and on the server.
 */
export function EnrolmentForm({
  origin,
  embedded = false,
  choices,
  defaults,
  courseGroups,
  poloGroups,
  actionData,
}: EnrolmentFormProps) {
  const texts = ENROLMENT_TEXTS[origin];
  const schema = useMemo(() => enrolmentSchema(choices), [choices]);
  const pending = useIsPending();

  const { lost, answer, idle } = useActionAnswer(actionData as LeadReply | undefined);
  // A failed save also shows the toast (the form stays as typed, with the message above it).
  useEffect(() => {
    if (answer?.error) toast(answer.error);
  }, [answer]);
  const [form, fields] = useForm<EnrolmentFields>({
    id: "inscricao",
    lastResult: idle ? answer?.result : undefined,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      {embedded ? <Title size="hidden">{texts.title}</Title> : <SectionHeading size="card">Preencha seus dados</SectionHeading>}
      {form.errors?.length ? (
        <Alert id={form.errorId} role="alert" as="p">
          {form.errors.join(" ")}
        </Alert>
      ) : null}
      {lost && idle ? (
        <Alert role="alert">
          <p className="font-semibold">{lost.title}</p>
          <p>{lost.description}</p>
        </Alert>
      ) : null}
      <HoneypotField />
      <input type="hidden" name="origem" value={origin} />

      <TextField meta={fields.nome} label="Nome completo" look="public" autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneField
          meta={fields.telefone}
          label="Telefone (WhatsApp)"
          look="public"
          inputMode="numeric"
          placeholder="(00) 00000-0000"
        />
        <TextField
          meta={fields.email}
          label="E-mail"
          type="email"
          look="public"
          autoComplete="email"
          placeholder="Seu melhor e-mail"
        />
      </div>
      <TextField meta={fields.cidade} label="Cidade" look="public" autoComplete="address-level2" />
      <SelectField
        meta={fields.curso}
        label="Curso de interesse"
        look="public"
        placeholder="Selecione um curso"
        options={[UNDECIDED_COURSE]}
        groups={courseGroups}
      />
      <SelectField
        meta={fields.polo}
        label="Polo de preferência"
        look="public"
        placeholder="Selecione um polo"
        options={[UNDECIDED_POLO]}
        groups={poloGroups}
      />

      <CheckboxField
        meta={fields.consentimento}
        look="consent"
        label={
          <>
            {consentBefore}
            <a href="/privacidade" target="_blank" rel="noopener" className={textLink()}>
              Política de Privacidade
            </a>
            {consentAfter}
          </>
        }
      />

      <SubmitButton pending={pending} pendingText="Enviando..." variant="accent" size="xl" full>
        {texts.submit}
      </SubmitButton>
      <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
        <Lock aria-hidden="true" className="size-3.5" />
        Seus dados estão protegidos
      </p>
    </Form>
  );
}

export type EnrolmentFormProps = {
  origin: EnrolmentOrigin;
  embedded?: boolean;
  choices: EnrolmentChoices;
  /** Choices filled in when the form opens (a course page's course, a polo page's polo). */
  defaults: { curso?: string; polo?: string };
  courseGroups: OptionGroup[];
  poloGroups: OptionGroup[];
  /** The page's action answer: the lead pipeline's refusal, or a lost connection (decision 091). */
  actionData: unknown;
};

const [consentBefore, consentAfter] = CONSENT_TEXT.split("Política de Privacidade");
