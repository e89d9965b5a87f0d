import { BadgeCheck, ChevronLeft, ChevronRight, GraduationCap, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigate } from "react-router";

import { RadioGroup, SubmitButton, useActionAnswer, useIsPending } from "~/components/forms";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { Alert } from "~/components/ui/alert";
import { useHydrated } from "~/components/vocational/use-hydrated";
import { visitorPageHeaders } from "~/lib/cache-headers";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { pageMeta } from "~/lib/seo";
import { toast, type ToastMessage } from "~/lib/toast";
import { answerField, type Answers, countAnswered, pageProgress } from "~/lib/vocational/answers";
import { questionsPageUrl as pageUrl, VOCATIONAL_PATHS } from "~/lib/vocational/paths";
import { isLetter, LETTERS, TOTAL_QUESTIONS } from "~/lib/vocational/scoring";
import { clampPage, QUESTION_CATEGORIES, QUESTION_PAGES, questionsOfPage } from "~/seed/questions";
import { readFormData } from "~/server/platform/form-data.server";
import { clientIp, testAnswersLimiter, withRetryAfter } from "~/server/platform/rate-limit.server";
import { commitVisitor } from "~/server/platform/session.server";
import { submitQuestionsPage } from "~/server/vocational/questions.server";
import { requireTestLead, writeTestState } from "~/server/vocational/vocational.server";

import type { Route } from "./+types/questions";

/** A page sent with a question unanswered: the visitor stays on it and is told why. */
const PAGE_INCOMPLETE: ToastMessage = {
  title: "Responda todas as perguntas",
  description: "Por favor, responda todas as perguntas desta página antes de continuar.",
  variant: "destructive",
};
function testIncomplete(answered: number): ToastMessage {
  return {
    title: "Teste incompleto",
    description: `Você respondeu ${answered} de ${TOTAL_QUESTIONS} perguntas. Por favor, complete o teste.`,
    variant: "destructive",
  };
}
const RATE_LIMITED: ToastMessage = {
  title: "Muitas tentativas",
  description: "Aguarde um minuto e tente novamente.",
  variant: "destructive",
};
/** The final submit goes to the analysis 1 s later (with JavaScript). */
const SUBMIT_DELAY_MS = 1000;
const JS_FIELD = "_js";
/** What a pressed button shows while the page's answers are on their way. */
const SENDING = "Enviando...";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Perguntas - Teste Vocacional",
    description: "Responda as 20 perguntas do teste vocacional.",
    noindex: true,
  });

/** The visitor's own answers: never marked for a shared cache; a 429 keeps its Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(visitorPageHeaders(args), args);

export async function loader({ request }: Route.LoaderArgs) {
  const { state } = await requireTestLead(request);
  const page = clampPage(new URL(request.url).searchParams.get("pagina"));
  const ids = questionsOfPage(page).map((q) => q.id);
  return { page, ...pageProgress(state.answers, ids) };
}

/** A page's post: app/server/vocational/questions.server.ts decides, this answers (303 or 400 with a toast). */
export async function action({ request }: Route.ActionArgs) {
  const ip = clientIp(request);
  if (!(await testAnswersLimiter.hit(ip))) {
    return data(
      { error: RATE_LIMITED, next: null, progress: null },
      { status: 429, headers: { "Retry-After": String(await testAnswersLimiter.retryAfterSeconds(ip)) } },
    );
  }
  const { session, state } = await requireTestLead(request);
  const formData = await readFormData(request);
  const outcome = submitQuestionsPage(state, formData);
  if (outcome.kind === "spam") return redirect(pageUrl(outcome.page), 303);
  writeTestState(session, outcome.state);
  const headers = { "Set-Cookie": await commitVisitor(session) };
  switch (outcome.kind) {
    case "previous":
    case "next":
      return redirect(pageUrl(outcome.page), { status: 303, headers });
    // An incomplete page answers with what was just saved: without JavaScript the page is rendered in
    // the same request, and the loader still reads the session from before this post.
    case "page-incomplete":
    case "test-incomplete": {
      const error = outcome.kind === "page-incomplete" ? PAGE_INCOMPLETE : testIncomplete(outcome.answered);
      return data({ error, next: null, progress: pageProgress(outcome.answers, outcome.questionIds) }, { status: 400, headers });
    }
    case "finished":
      // With JavaScript the page shows its last step, then goes to the analysis itself.
      if (formData.get(JS_FIELD) === "1")
        return data({ error: null, next: VOCATIONAL_PATHS.analysis, progress: null }, { headers });
      return redirect(VOCATIONAL_PATHS.analysis, { status: 303, headers });
  }
}

const BADGES = [
  { icon: BadgeCheck, text: "100% Gratuito" },
  { icon: Zap, text: "Resultado Instantâneo" },
  { icon: GraduationCap, text: "Recomendação de Cursos" },
] as const;

/** With JavaScript, a lost connection keeps the chosen answers on the page (lib/offline-submit). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function QuestionsPage({ loaderData, actionData }: Route.ComponentProps) {
  // Keyed by page: a new page starts from what the server saved for it.
  return <QuestionsForm key={loaderData.page} {...loaderData} actionData={actionData} />;
}

function QuestionsForm({
  page,
  actionData,
  ...loaded
}: Route.ComponentProps["loaderData"] & { actionData: Route.ComponentProps["actionData"] }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { lost, answer } = useActionAnswer(actionData);
  // After a refused post the action's answers are the saved ones (the loader ran before they were stored).
  const { saved, otherAnswered } = answer?.progress ?? loaded;
  const [choices, setChoices] = useState<Answers>(saved);
  const [waiting, setWaiting] = useState(false);
  const questions = questionsOfPage(page);
  const category = QUESTION_CATEGORIES.find((c) => c.id === questions[0]?.categoryId);
  const answered = otherAnswered + countAnswered(choices);
  const percent = Math.round((answered / TOTAL_QUESTIONS) * 100);
  const isLast = page === QUESTION_PAGES;
  const error = lost ?? answer?.error ?? null;
  // Unanswered questions are marked when the server said the page is incomplete (not when the connection dropped).
  const missing = answer?.error ? new Set(questions.filter((q) => !choices[q.id]).map((q) => q.id)) : new Set<number>();
  // Any of the buttons sends the page: all wait for it, the pressed one says so.
  const sending = useIsPending() || waiting;
  const pendingIntent = {
    resultado: useIsPending({ intent: "resultado" }) || waiting,
    proximo: useIsPending({ intent: "proximo" }),
    anterior: useIsPending({ intent: "anterior" }),
  };

  useEffect(() => {
    if (lost) return void toast(lost);
    if (!answer) return;
    if (answer.error) toast(answer.error);
    if (answer.next) {
      const next = answer.next;
      setWaiting(true);
      const timer = window.setTimeout(() => navigate(next), SUBMIT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [lost, answer, navigate]);

  return (
    <section className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Teste Vocacional</h1>
        <p className="mt-2 text-slate-600">
          {page === 1
            ? "Vamos começar conhecendo seu perfil profissional:"
            : "Escolha a alternativa que mais se parece com você."}
        </p>

        <div className="mt-6">
          <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
            <span>
              Etapa {page} de {QUESTION_PAGES}
              {category ? ` · ${category.title}` : ""}
            </span>
            <span data-testid="contador-respostas" aria-live="polite">
              {answered} de {TOTAL_QUESTIONS} perguntas respondidas
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Progresso do teste"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>

        {error ? (
          <Alert role="alert" size="md" className="mt-6 text-sm">
            <p className="font-semibold">{error.title}</p>
            <p>{error.description}</p>
          </Alert>
        ) : null}

        <Form
          method="post"
          action={pageUrl(page)}
          className="mt-6 space-y-6"
          onChange={(event) => {
            const form = event.currentTarget;
            const next: Answers = {};
            for (const q of questions) {
              const value = new FormData(form).get(answerField(q.id));
              if (isLetter(value)) next[q.id] = value;
            }
            setChoices(next);
          }}
        >
          <HoneypotField />
          <input type="hidden" name="pagina" value={page} />
          {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
          {questions.map((question) => (
            <RadioGroup
              key={question.id}
              legend={
                <>
                  <span className="mr-2 text-brand-600">{question.id}.</span>
                  {question.text}
                </>
              }
              name={answerField(question.id)}
              options={LETTERS.map((letter) => ({ value: letter, label: question.options[letter] }))}
              defaultValue={saved[question.id]}
              errorId={`faltando-${question.id}`}
              errors={missing.has(question.id) ? ["Pergunta sem resposta"] : null}
            />
          ))}

          {/* The forward button comes first in the markup, so Enter submits it; the row shows 'Anterior' on the left. */}
          <div className="flex flex-row-reverse items-center justify-between gap-3">
            {isLast ? (
              <SubmitButton
                name="intent"
                value="resultado"
                pending={pendingIntent.resultado}
                pendingText={SENDING}
                disabled={sending}
                variant="whatsapp"
                size="xl"
                className="shadow"
              >
                Ver Resultado
              </SubmitButton>
            ) : (
              <SubmitButton
                name="intent"
                value="proximo"
                pending={pendingIntent.proximo}
                pendingText={SENDING}
                disabled={sending}
                variant="primary"
                size="xl"
                weight="bold"
                className="shadow"
              >
                Próximo <ChevronRight aria-hidden="true" className="size-5" />
              </SubmitButton>
            )}
            <SubmitButton
              name="intent"
              value="anterior"
              pending={pendingIntent.anterior}
              pendingText={SENDING}
              disabled={page === 1 || sending}
              variant="neutral"
              size="xl"
            >
              <ChevronLeft aria-hidden="true" className="size-5" /> Anterior
            </SubmitButton>
          </div>
        </Form>

        <ul className="mt-10 flex flex-wrap justify-center gap-3" aria-label="Vantagens do teste">
          {BADGES.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200"
            >
              <Icon aria-hidden="true" className="size-4 text-brand-600" /> {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
