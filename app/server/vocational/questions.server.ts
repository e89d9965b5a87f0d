import { type Answers, countAnswered, isComplete, mergePostedAnswers } from "~/lib/vocational/answers";
import type { ScoredProfile } from "~/lib/vocational/scoring";
import { clampPage, QUESTION_PAGES, questionsOfPage } from "~/seed/questions";

import { isSpam } from "../platform/honeypot.server";
import { saveTestResult, type TestState } from "./vocational.server";

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
