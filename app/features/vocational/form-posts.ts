import type { ToastMessage } from "~/shared/toast";

import { TOTAL_QUESTIONS } from "./scoring";

/**
 * What the vocational test's two forms (the lead form and the questions) share with their actions:
 * the hidden field JavaScript adds, and the toasts their answers carry.
 */

/** Hidden field the browser adds once JavaScript runs: the action then answers with data, not a redirect. */
export const JS_FIELD = "_js";

/** Too many posts from one address in a minute (both forms). */
export const RATE_LIMITED: ToastMessage = {
  title: "Muitas tentativas",
  description: "Aguarde um minuto e tente novamente.",
  variant: "destructive",
};

/** The lead form saved: the questions open next. */
export const SAVED_TOAST: ToastMessage = {
  title: "Dados salvos com sucesso!",
  description: "Agora vamos iniciar seu teste vocacional.",
};

/** A page sent with a question unanswered: the visitor stays on it and is told why. */
export const PAGE_INCOMPLETE: ToastMessage = {
  title: "Responda todas as perguntas",
  description: "Por favor, responda todas as perguntas desta página antes de continuar.",
  variant: "destructive",
};

/** 'Ver Resultado' before every question is answered. */
export function testIncomplete(answered: number): ToastMessage {
  return {
    title: "Teste incompleto",
    description: `Você respondeu ${answered} de ${TOTAL_QUESTIONS} perguntas. Por favor, complete o teste.`,
    variant: "destructive",
  };
}
