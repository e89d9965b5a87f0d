import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Lock, Phone, Sparkles, Star, Users, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";

import { PhoneField, SelectField, SubmitButton, TextField, useActionAnswer, useIsPending } from "~/components/forms";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { telHref, useSite } from "~/components/layout/use-site";
import { Alert } from "~/components/ui/alert";
import { SectionHeading } from "~/components/ui/section-heading";
import { useHydrated } from "~/components/vocational/use-hydrated";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { pageMeta, selectedBolsaFromMatches } from "~/lib/seo";
import { toast, type ToastMessage } from "~/lib/toast";
import { countAnswered } from "~/lib/vocational/answers";
import { vocationalLeadSchema } from "~/lib/vocational/lead-schema";
import { resultUrl, VOCATIONAL_PATHS } from "~/lib/vocational/paths";
import {
  CONSENT_VERSION_FIELD,
  SURVEY_FIELDS,
  UNKNOWN_CONSENT_VERSION_MESSAGE,
  VOCATIONAL_CONSENT,
  VOCATIONAL_CONSENT_TEXTS,
} from "~/seed/vocational-form";
import { vocationalSocialProof } from "~/server/content/home.server";
import { attributionFor } from "~/server/leads/attribution.server";
import { handleLeadPost } from "~/server/leads/post.server";
import { withRetryAfter } from "~/server/platform/rate-limit.server";
import { commitVisitor, getVisitorSession } from "~/server/platform/session.server";
import { putToast } from "~/server/platform/toast.server";
import {
  readTestState,
  saveVocationalLead,
  startTest,
  vocationalLead,
  writeTestState,
} from "~/server/vocational/vocational.server";

import type { Route } from "./+types/form";

/** The toasts of the lead form: saved, too many tries (a failed save's is the lead pipeline's). */
const SAVED_TOAST: ToastMessage = {
  title: "Dados salvos com sucesso!",
  description: "Agora vamos iniciar seu teste vocacional.",
};
const RATE_LIMITED: ToastMessage = {
  title: "Muitas tentativas",
  description: "Aguarde um minuto e tente novamente.",
  variant: "destructive",
};
/** After saving, the questions open 1.5 s later (with JavaScript; without it, at once). */
const REDIRECT_DELAY_MS = 1500;
/** Hidden field the browser adds once JavaScript runs: the action then answers with data, not a redirect. */
const JS_FIELD = "_js";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Teste Vocacional",
    description: `Descubra seu perfil profissional com o teste vocacional gratuito: 20 perguntas, resultado instantâneo e recomendação de cursos com bolsas de até ${selectedBolsaFromMatches(args.matches)}.`,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getVisitorSession(request);
  const state = readTestState(session);
  const lead = state.leadId !== null ? vocationalLead(state.leadId) : undefined;
  // A returning visitor (e.g. 'Refazer o teste') finds their own data filled in.
  const defaults = lead
    ? {
        fullName: lead.nome,
        phone: lead.telefone,
        email: lead.email,
        workStatus: lead.perfil_trabalho,
        workArea: lead.area_atuacao,
        workSatisfaction: lead.satisfacao_area,
        careerGoal: lead.objetivo_carreira,
        desiredArea: lead.area_desejada,
      }
    : undefined;
  // A visitor who already started can carry on where they stopped.
  const progress = lead
    ? { answered: countAnswered(state.answers), resultUrl: state.perfil ? resultUrl(state.perfil) : null }
    : null;
  return { defaults, progress, consent: VOCATIONAL_CONSENT, proof: vocationalSocialProof() };
}

export async function action({ request }: Route.ActionArgs) {
  return handleLeadPost(request, {
    schema: vocationalLeadSchema,
    name: "teste vocacional",
    rateLimited: { message: `${RATE_LIMITED.title}. ${RATE_LIMITED.description}`, toast: RATE_LIMITED },
    // A bot is sent back to the form as if nothing happened.
    spamRedirect: () => VOCATIONAL_PATHS.form,
    // The page shows the current notice (with JavaScript too, where loaders do not run again after a
    // 400), so that sending again consents to the text now on screen.
    refuse: (formData) =>
      postedConsentVersion(formData) === null
        ? { message: UNKNOWN_CONSENT_VERSION_MESSAGE, extra: { consent: VOCATIONAL_CONSENT } }
        : null,
    save: (value, { formData, session }) =>
      saveVocationalLead(value, {
        attribution: attributionFor(request, session),
        consentVersion: postedConsentVersion(formData) ?? VOCATIONAL_CONSENT.version,
      }),
    saved: async (leadId, value, { formData, session, result }) => {
      writeTestState(session, startTest(readTestState(session), leadId, value.fullName));
      if (formData.get(JS_FIELD) === "1") {
        // The page shows the toast and opens the questions after the spec's 1.5 s.
        return data(
          { result, error: null, next: VOCATIONAL_PATHS.questions },
          { headers: { "Set-Cookie": await commitVisitor(session) } },
        );
      }
      putToast(session, SAVED_TOAST);
      const headers = { "Set-Cookie": await commitVisitor(session) };
      return redirect(VOCATIONAL_PATHS.questions, { status: 303, headers });
    },
  });
}

/**
 * The version of the consent notice the form showed (its hidden field), when it is one of the known
 * versions; null when it is not (the visitor is asked to read the notice again and nothing is
 * stored). A post without the field at all (a client that predates it, such as a script) is taken
 * as having seen the current notice.
 */
function postedConsentVersion(formData: FormData): string | null {
  const posted = formData.get(CONSENT_VERSION_FIELD);
  if (posted === null) return VOCATIONAL_CONSENT.version;
  return typeof posted === "string" && Object.hasOwn(VOCATIONAL_CONSENT_TEXTS, posted) ? posted : null;
}

/** The social proof: the studio's figures ("Página inicial"), each left out while empty (decision 081). */
function socialProof(proof: { testTakers: string; satisfaction: string }) {
  return [
    ...(proof.testTakers ? [{ icon: Users, text: `${proof.testTakers} pessoas descobriram sua vocação` }] : []),
    ...(proof.satisfaction ? [{ icon: Star, text: `${proof.satisfaction} de satisfação` }] : []),
    { icon: Zap, text: "Resultado instantâneo" },
  ];
}

/** With JavaScript, a lost connection keeps the form as typed (lib/offline-submit). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function LeadFormPage({ loaderData, actionData }: Route.ComponentProps) {
  // A lost connection shows like a failed save: toast and alert, the form as it was.
  const { lost, answer } = useActionAnswer(actionData);
  const error = lost ?? answer?.error;
  const site = useSite();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [waiting, setWaiting] = useState(false);

  const [form, fields] = useForm({
    id: "teste-vocacional-lead",
    lastResult: answer?.result,
    defaultValue: loaderData.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: vocationalLeadSchema });
    },
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
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-3 py-1 text-sm font-bold text-slate-900">
            <Sparkles aria-hidden="true" className="size-4" /> 100% gratuito
          </p>
          <a
            href={telHref(site.phone)}
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Phone aria-hidden="true" className="size-4" /> Dúvidas? Ligue {site.phone}
          </a>
        </div>
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">Teste Vocacional</h1>
        <p className="mt-2 max-w-2xl text-lg text-slate-600">
          Responda 20 perguntas rápidas, descubra seu perfil profissional e veja os cursos que mais combinam com você.
        </p>

        <ul className="mt-6 grid gap-3 sm:grid-cols-3" aria-label="Quem já fez o teste">
          {socialProof(loaderData.proof).map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex items-center gap-3 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-slate-800 shadow-sm"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              {text}
            </li>
          ))}
        </ul>

        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            {loaderData.progress ? <ContinueNotice {...loaderData.progress} /> : null}
            <SectionHeading size="card">Preencha seus dados para iniciar o teste vocacional</SectionHeading>

            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6" aria-describedby="lead-form-status">
              <HoneypotField />
              {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
              {/* The version of the consent notice below, stored with the lead. */}
              <input type="hidden" name={CONSENT_VERSION_FIELD} value={consent.version} />

              <div id="lead-form-status" role="alert" className="empty:hidden">
                {form.errors?.length || error ? (
                  <Alert size="md" className="text-sm">
                    {error ? (
                      <>
                        <p className="font-semibold">{error.title}</p>
                        <p>{error.description}</p>
                      </>
                    ) : (
                      form.errors?.map((e) => <p key={e}>{e}</p>)
                    )}
                  </Alert>
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
                <Link to="/privacidade" className="font-semibold text-brand-700 underline">
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

          <aside className="space-y-4" aria-label="Sobre o teste">
            <div className="rounded-2xl bg-brand-700 p-6 text-white shadow-lg">
              {loaderData.proof.testTakers ? (
                <>
                  <p className="text-3xl font-extrabold">{loaderData.proof.testTakers}</p>
                  <p className="mt-1 font-semibold">pessoas já descobriram sua vocação com o nosso teste.</p>
                </>
              ) : (
                <p className="text-xl font-extrabold">Descubra a sua vocação com o nosso teste.</p>
              )}
              <p className="mt-3 text-sm text-brand-100">Agora é a sua vez: leva menos de 5 minutos.</p>
            </div>
            <ul className="space-y-3 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow ring-1 ring-slate-200">
              {[
                "20 perguntas rápidas",
                "Resultado na hora",
                "Cursos recomendados para o seu perfil",
                `Bolsas de até ${site.claims.selectedBolsa}`,
              ].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <CheckCircle2 aria-hidden="true" className="size-4 text-green-600" /> {item}
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>
    </div>
  );
}

/** Shown to a visitor who already gave their data: carry on, or start again with the form below. */
function ContinueNotice({ answered, resultUrl }: { answered: number; resultUrl: string | null }) {
  return (
    <div className="mb-6 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      {resultUrl ? (
        <p>
          Você já concluiu o teste.{" "}
          <Link to={resultUrl} className="font-semibold text-brand-700 underline">
            Ver meu resultado
          </Link>{" "}
          ou envie o formulário abaixo para refazer.
        </p>
      ) : (
        <p>
          Você já começou o teste ({answered} de 20 perguntas respondidas).{" "}
          <Link to={VOCATIONAL_PATHS.questions} className="font-semibold text-brand-700 underline">
            Continuar de onde parei
          </Link>{" "}
          ou envie o formulário abaixo para recomeçar.
        </p>
      )}
    </div>
  );
}

/** The public layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);
