import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Form, redirect } from "react-router";

import {
  CheckboxField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextField,
  useActionAnswer,
  useIsPending,
} from "~/components/forms";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { EnrolmentIntro, EnrolmentThanks } from "~/components/public/enrolment-page";
import { Alert } from "~/components/ui/alert";
import { SectionHeading } from "~/components/ui/section-heading";
import {
  CONSENT_TEXT,
  ENROLMENT_TEXTS,
  type EnrolmentFields,
  enrolmentSchema,
  originFromQuery,
  RATE_LIMIT_MESSAGE,
  UNDECIDED_COURSE,
  UNDECIDED_POLO,
} from "~/lib/leads/enrolment";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { pageMeta, selectedBolsaFromMatches } from "~/lib/seo";
import { toast } from "~/lib/toast";
import { attributionFor } from "~/server/leads/attribution.server";
import { courseGroups, enrolmentChoices, poloGroups, saveEnrolment, thankYouUrl } from "~/server/leads/enrolment.server";
import { handleLeadPost } from "~/server/leads/post.server";
import { withRetryAfter } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/enrolment";

/** The form modal loads this page with ?embed=1: the root layout then leaves out the site chrome. */
export const handle = { embeddable: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    // The tab says what the page offers: "Fale com um consultor", "Solicite sua bolsa"...
    title:
      !args.data || args.data.origin === "inscricao"
        ? "Inscreva-se - Garanta sua vaga com desconto"
        : `${ENROLMENT_TEXTS[args.data.origin].title} - Inscreva-se`,
    description: `Faça sua inscrição em graduação, pós, cursos técnicos e profissionalizantes com bolsas de até ${selectedBolsaFromMatches(args.matches)}. Um consultor entra em contato.`,
    canonicalPath: "/inscricao",
  });

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { courses, polos } = enrolmentChoices();
  const prefill = (value: string | null, options: readonly string[]) => (value && options.includes(value) ? value : undefined);
  return {
    origin: originFromQuery(params),
    embedded: params.get("embed") === "1",
    sent: params.get("enviado") === "1",
    courseGroups: courseGroups(),
    poloGroups: poloGroups(),
    choices: { courses, polos },
    defaults: { curso: prefill(params.get("curso"), courses), polo: prefill(params.get("polo"), polos) },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const embedded = new URL(request.url).searchParams.get("embed") === "1";
  return handleLeadPost(request, {
    schema: enrolmentSchema(enrolmentChoices()),
    name: "inscrição",
    rateLimited: { message: RATE_LIMIT_MESSAGE, toast: null },
    // A bot sees the usual thank-you page.
    spamRedirect: () => thankYouUrl(originFromQuery(new URL(request.url).searchParams), embedded),
    save: (value, { session }) => saveEnrolment(value, attributionFor(request, session)),
    saved: (_id, value) => redirect(thankYouUrl(value.origem, embedded), 303),
  });
}

/** With JavaScript, a lost connection keeps the form as typed (lib/offline-submit). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function Inscricao({ loaderData, actionData }: Route.ComponentProps) {
  const { embedded, sent, origin } = loaderData;
  const texts = ENROLMENT_TEXTS[origin];
  return (
    <div className={embedded ? "px-4 py-5 sm:px-6" : "bg-brand-50/60 px-4 py-10 sm:py-14"}>
      {/* Once sent, the confirmation stands alone, in the first screen of a phone too. */}
      <div
        className={
          embedded ? "" : sent ? "mx-auto max-w-xl" : "mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1fr_1.25fr] lg:items-start"
        }
      >
        {embedded || sent ? null : <EnrolmentIntro title={texts.title} intro={texts.intro} />}
        <div className={embedded ? "" : "rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8"}>
          {sent ? (
            <EnrolmentThanks embedded={embedded} origin={origin} />
          ) : (
            <EnrolmentForm loaderData={loaderData} actionData={actionData} />
          )}
        </div>
      </div>
    </div>
  );
}

function EnrolmentForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { origin, embedded, choices, defaults } = loaderData;
  const texts = ENROLMENT_TEXTS[origin];
  const schema = useMemo(() => enrolmentSchema(choices), [choices]);
  const pending = useIsPending();

  const { lost, answer, idle } = useActionAnswer(actionData);
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
      {embedded ? <h1 className="sr-only">{texts.title}</h1> : <SectionHeading size="card">Preencha seus dados</SectionHeading>}
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
          placeholder="(31)99999-8888"
        />
        <TextField
          meta={fields.email}
          label="E-mail"
          type="email"
          look="public"
          autoComplete="email"
          placeholder="seuemail@exemplo.com"
        />
      </div>
      <TextField meta={fields.cidade} label="Cidade" look="public" autoComplete="address-level2" />
      <SelectField
        meta={fields.curso}
        label="Curso de interesse"
        look="public"
        placeholder="Selecione um curso"
        options={[UNDECIDED_COURSE]}
        groups={loaderData.courseGroups}
      />
      <SelectField
        meta={fields.polo}
        label="Polo de preferência"
        look="public"
        placeholder="Selecione um polo"
        options={[UNDECIDED_POLO]}
        groups={loaderData.poloGroups}
      />

      <CheckboxField
        meta={fields.consentimento}
        look="consent"
        label={
          <>
            {consentBefore}
            <a href="/privacidade" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
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

const [consentBefore, consentAfter] = CONSENT_TEXT.split("Política de Privacidade");

/** The public layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);
