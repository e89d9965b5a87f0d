import { getFormProps, useForm } from "@conform-to/react";
import { Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";

import { selectedBolsaFromMatches } from "~/features/campaign/claims";
import { JS_FIELD, SAVED_TOAST } from "~/features/vocational/form-posts";
import { leadFormView, postLeadForm } from "~/features/vocational/lead-form.server";
import { ContinueNotice, LeadFormIntro, TestFacts } from "~/features/vocational/lead-form-parts";
import { MessageAlert } from "~/features/vocational/message-alert";
import { CONSENT_VERSION_FIELD, SURVEY_FIELDS } from "~/features/vocational/vocational-form.seed";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { pageMeta } from "~/shared/seo";
import { toast } from "~/shared/toast";
import { Alert } from "~/ui/alert";
import { PhoneField, SelectField, SubmitButton, TextField, useActionAnswer, useIsPending } from "~/ui/forms";
import { HoneypotField } from "~/ui/forms/honeypot-field";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";
import { useDeferredCheck } from "~/ui/forms/use-deferred-check";
import { SectionHeading } from "~/ui/section-heading";
import { textLink } from "~/ui/text-link";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/form";

/** The form's browser check (zod and the schema) arrives on the form's first focus, not with the first view (decision 105). */
const loadCheck = () => import("~/features/vocational/lead-form-check").then((m) => m.checkLeadForm);

/** After saving, the questions open 1.5 s later (with JavaScript; without it, at once). */
const REDIRECT_DELAY_MS = 1500;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Teste Vocacional",
    description: `Descubra seu perfil profissional com o teste vocacional gratuito: 20 perguntas, resultado instantâneo e recomendação de cursos com bolsas de até ${selectedBolsaFromMatches(args.matches)}.`,
  });

export const loader = ({ request }: Route.LoaderArgs) => leadFormView(request);

/** The lead pipeline's post: app/features/vocational/lead-form.server.ts. */
export const action = ({ request }: Route.ActionArgs) => postLeadForm(request);

/** With JavaScript, a lost connection keeps the form as typed (lib/offline-submit). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function LeadFormPage({ loaderData, actionData }: Route.ComponentProps) {
  // A lost connection shows like a failed save: toast and alert, the form as it was.
  const { lost, answer } = useActionAnswer(actionData);
  const error = lost ?? answer?.error;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [waiting, setWaiting] = useState(false);
  const check = useDeferredCheck(loadCheck);

  const [form, fields] = useForm({
    id: "teste-vocacional-lead",
    lastResult: answer?.result,
    defaultValue: loaderData.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });

  useEffect(() => {
    if (lost) return void toast(lost);
    if (!answer) return;
    if (answer.error) toast(answer.error);
    if ("next" in answer && answer.next) {
      const next = answer.next;
      toast(SAVED_TOAST);
      setWaiting(true);
      const timer = window.setTimeout(() => navigate(next), REDIRECT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [lost, answer, navigate]);

  // A refused consent version brings the current notice with it.
  const refused = answer && "consent" in answer ? (answer.consent as typeof loaderData.consent) : undefined;
  const consent = refused ?? loaderData.consent;
  // With JavaScript the button stays busy during the 1.5 s before the questions open.
  const busy = useIsPending() || waiting;

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <section className="mx-auto max-w-6xl px-4 pb-16 pt-10">
        <LeadFormIntro proof={loaderData.proof} />

        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            {loaderData.progress ? <ContinueNotice {...loaderData.progress} /> : null}
            <SectionHeading size="card">Preencha seus dados para iniciar o teste vocacional</SectionHeading>

            <Form
              method="post"
              {...getFormProps(form)}
              onFocus={check.prepare}
              onPointerDown={check.prepare}
              className="mt-6 space-y-6"
              aria-describedby="lead-form-status"
            >
              <HoneypotField />
              {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
              {/* The version of the consent notice below, stored with the lead. */}
              <input type="hidden" name={CONSENT_VERSION_FIELD} value={consent.version} />

              <div id="lead-form-status" role="alert" className="empty:hidden">
                {form.errors?.length || error ? (
                  error ? (
                    <MessageAlert message={error} />
                  ) : (
                    <Alert size="md" className="text-sm">
                      {form.errors?.map((e) => (
                        <p key={e}>{e}</p>
                      ))}
                    </Alert>
                  )
                ) : null}
              </div>

              <fieldset className="space-y-4">
                <legend className="sr-only">Contato</legend>
                <TextField meta={fields.fullName} label="Nome completo" look="tall" autoComplete="name" maxLength={120} />
                <PhoneField
                  meta={fields.phone}
                  label="Telefone (WhatsApp)"
                  look="tall"
                  placeholder="(99)99999-9999"
                  maxLength={20}
                />
                <TextField meta={fields.email} label="E-mail" type="email" look="tall" autoComplete="email" maxLength={254} />
              </fieldset>

              <fieldset className="space-y-4 border-t border-slate-200 pt-6">
                <legend className="text-lg font-bold text-slate-900">Sondagem Profissional</legend>
                {SURVEY_FIELDS.map((survey) => (
                  <SelectField
                    key={survey.name}
                    meta={fields[survey.name]}
                    label={survey.label}
                    look="tall"
                    placeholder="Selecione uma opção"
                    options={Object.entries(survey.options).map(([value, label]) => ({ value, label }))}
                  />
                ))}
              </fieldset>

              <p className="text-xs text-slate-500">
                {consent.text}{" "}
                <Link to="/privacidade" className={textLink()}>
                  Ler a Política de Privacidade
                </Link>
              </p>

              <SubmitButton
                pending={busy}
                pendingText="Enviando..."
                variant="primary"
                size="2xl"
                weight="bold"
                full
                className="shadow"
              >
                Iniciar Teste Vocacional
              </SubmitButton>
              <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
                <Lock aria-hidden="true" className="size-4" /> Seus dados estão protegidos
              </p>
            </Form>
          </div>

          <TestFacts proof={loaderData.proof} />
        </div>
      </section>
    </div>
  );
}

/** The public layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);
