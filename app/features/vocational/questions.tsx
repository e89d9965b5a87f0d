import { useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";

import { answerField, type Answers, countAnswered, pageProgress } from "~/features/vocational/answers";
import { JS_FIELD } from "~/features/vocational/form-posts";
import { MessageAlert } from "~/features/vocational/message-alert";
import { questionsPageUrl as pageUrl } from "~/features/vocational/paths";
import { clampPage, QUESTION_CATEGORIES, questionsOfPage } from "~/features/vocational/questions.seed";
import { answerQuestionsPost } from "~/features/vocational/questions.server";
import { QuestionsNav, QuestionsProgress, TestBadges } from "~/features/vocational/questions-parts";
import { isLetter, LETTERS } from "~/features/vocational/scoring";
import { requireTestLead } from "~/features/vocational/vocational.server";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { visitorPageHeaders } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { toast } from "~/shared/toast";
import { RadioGroup, useActionAnswer, useIsPending } from "~/ui/forms";
import { HoneypotField } from "~/ui/forms/honeypot-field";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";
import { Title } from "~/ui/title";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/questions";

/** The final submit goes to the analysis 1 s later (with JavaScript). */
const SUBMIT_DELAY_MS = 1000;

export const meta: Route.MetaFunction = privatePageMeta(
  "Perguntas - Teste Vocacional",
  "Responda as 20 perguntas do teste vocacional.",
);

/** The visitor's own answers: never marked for a shared cache; a 429 keeps its Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(visitorPageHeaders(args), args);

export async function loader({ request }: Route.LoaderArgs) {
  const { state } = await requireTestLead(request);
  const page = clampPage(new URL(request.url).searchParams.get("pagina"));
  const ids = questionsOfPage(page).map((q) => q.id);
  return { page, ...pageProgress(state.answers, ids) };
}

/** A page's post: app/features/vocational/questions.server.ts decides and answers (303, or 400/429 with a toast). */
export const action = ({ request }: Route.ActionArgs) => answerQuestionsPost(request);

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
        <Title size="area">Teste Vocacional</Title>
        <p className="mt-2 text-slate-600">
          {page === 1
            ? "Vamos começar conhecendo seu perfil profissional:"
            : "Escolha a alternativa que mais se parece com você."}
        </p>

        <QuestionsProgress page={page} categoryTitle={category?.title} answered={answered} />

        {error ? <MessageAlert role="alert" message={error} className="mt-6" /> : null}

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

          <QuestionsNav page={page} sending={sending} pending={pendingIntent} />
        </Form>

        <TestBadges />
      </div>
    </section>
  );
}
