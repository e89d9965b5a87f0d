import { data, redirect } from "react-router";

import { type Answers, countAnswered, isComplete, mergePostedAnswers, pageProgress } from "~/features/vocational/answers";
import { JS_FIELD, PAGE_INCOMPLETE, RATE_LIMITED, testIncomplete } from "~/features/vocational/form-posts";
import { questionsPageUrl as pageUrl, VOCATIONAL_PATHS } from "~/features/vocational/paths";
import { clampPage, QUESTION_PAGES, questionsOfPage } from "~/features/vocational/questions.seed";
import type { ScoredProfile } from "~/features/vocational/scoring";
import { readFormData } from "~/platform/form-data.server";
import { isSpam } from "~/platform/honeypot.server";
import { clientIp, testAnswersLimiter } from "~/platform/rate-limit.server";
import { commitVisitor } from "~/platform/session.server";

import { requireTestLead, saveTestResult, type TestState, writeTestState } from "./vocational.server";

/**
 * One post of the vocational test's questions page (/teste-vocacional/perguntas), as a function the
 * tests call directly: the page's choices are merged into the visitor's answers whatever the button
 * ("nothing chosen is lost"), then the button decides. The route turns the outcome into its answer
 * (a 303, a 400 with a toast) and writes `state` into the visitor's session.
 */
export type QuestionsOutcome =
  /** A bot filled the hidden field: back to the same page, nothing saved (no `state`). */
  | { kind: "spam"; page: number }
  /** 'Anterior': the previous page. */
  | { kind: "previous"; state: TestState; page: number }
  /** 'Próximo' with every question of the page answered: the next page. */
  | { kind: "next"; state: TestState; page: number }
  /** 'Próximo' with a question of the page left unanswered: stay, with the page's saved answers. */
  | { kind: "page-incomplete"; state: TestState; answers: Answers; questionIds: number[] }
  /** 'Ver resultado' before all the test's questions are answered. */
  | { kind: "test-incomplete"; state: TestState; answers: Answers; questionIds: number[]; answered: number }
  /** 'Ver resultado' with the whole test answered: the result profile is in `state.perfil`. */
  | { kind: "finished"; state: TestState };

export function submitQuestionsPage(
  state: TestState,
  formData: FormData,
  saveResult: (leadId: number, answers: Answers) => ScoredProfile | null = saveTestResult,
): QuestionsOutcome {
  const page = clampPage(formData.get("pagina"));
  if (isSpam(formData)) return { kind: "spam", page };
  const questionIds = questionsOfPage(page).map((question) => question.id);
  const answers = mergePostedAnswers(state.answers, formData, questionIds);
  const saved: TestState = { ...state, answers };
  const intent = formData.get("intent");

  if (intent === "anterior") return { kind: "previous", state: saved, page: Math.max(1, page - 1) };

  if (intent === "resultado") {
    if (!isComplete(answers)) {
      return { kind: "test-incomplete", state: saved, answers, questionIds, answered: countAnswered(answers) };
    }
    let perfil: ScoredProfile | null = null;
    try {
      perfil = saveResult(state.leadId!, answers);
    } catch (error) {
      // A failure to store is only logged: the visitor answered everything and still gets the result.
      console.error("Falha ao gravar o resultado do teste vocacional", error);
    }
    return { kind: "finished", state: { ...saved, perfil } };
  }

  if (questionIds.some((id) => !answers[id])) return { kind: "page-incomplete", state: saved, answers, questionIds };
  return { kind: "next", state: saved, page: Math.min(QUESTION_PAGES, page + 1) };
}

/**
 * The questions page's post, answered: a 429 with Retry-After when one address posts too often, a
 * 303 to the page the button asks for, a 400 with a toast and the saved answers when the page or
 * the test is incomplete, and on the last page the analysis (a 303, or with JavaScript the path to
 * open after the page's last step). Without a lead the visitor goes back to the form (requireTestLead).
 */
export async function answerQuestionsPost(request: Request) {
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
