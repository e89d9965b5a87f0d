import { data, redirect } from "react-router";

import { parseResultLink, verifyResultLink } from "~/features/email/signed-links.server";
import { answersFromJson, isComplete } from "~/features/vocational/answers";
import { resultUrl } from "~/features/vocational/paths";
import { LETTER_PROFILE, type ScoredProfile } from "~/features/vocational/scoring";
import * as serverClock from "~/platform/clock.server";
import { commitVisitor, getVisitorSession } from "~/platform/session.server";
import { PRIVATE_PAGE_HEADERS } from "~/shared/cache-headers";

import { readTestState, vocationalLead, writeTestState } from "./vocational.server";

/**
 * The signed link of the vocational result e-mail (decision 100): for 30 days it opens the result
 * page of the lead it was signed for, on any device, by putting that lead's finished test into the
 * visitor's session (the way the result pages load: from the session) and sending them there. It
 * never adds the lead to the session's submissions log. A link that was altered, signed for
 * another e-mail, for a lead that no longer exists, or that expired gets a pt-BR page and no data.
 */

export type ResultLinkProblem = "invalid" | "expired";

export const RESULT_LINK_MESSAGES: Record<ResultLinkProblem, { title: string; text: string }> = {
  invalid: {
    title: "Link inválido",
    text: "Este link de resultado não é válido. Abra o link do e-mail que você recebeu, sem alterá-lo, ou faça o teste novamente.",
  },
  expired: {
    title: "Link expirado",
    text: "Este link de resultado valia por 30 dias e expirou. Faça o teste novamente para ver o seu perfil.",
  },
};

function refused(problem: ResultLinkProblem) {
  return data(
    { problem, ...RESULT_LINK_MESSAGES[problem] },
    { status: problem === "expired" ? 410 : 400, headers: PRIVATE_PAGE_HEADERS },
  );
}

/** Opens a result link: a 302 to the result page with the lead's test in the session, or the refusal page's data. */
export async function openResultLink(request: Request, token: string | undefined, now: Date = serverClock.now()) {
  const claim = parseResultLink(token ?? "");
  if (!claim) return refused("invalid");
  const lead = vocationalLead(claim.leadId);
  if (!lead || !verifyResultLink(claim, lead.email)) return refused("invalid");
  if (claim.expiresAtMs <= now.getTime()) return refused("expired");
  const answers = answersFromJson(lead.respostas);
  const perfil = lead.perfil_resultado;
  if (!isComplete(answers) || !perfil || !Object.values(LETTER_PROFILE).includes(perfil as ScoredProfile)) {
    return refused("invalid");
  }
  const session = await getVisitorSession(request);
  const state = readTestState(session);
  writeTestState(session, {
    ...state,
    leadId: lead.id,
    nome: lead.nome,
    answers,
    perfil: perfil as ScoredProfile,
    prazo: null,
  });
  return redirect(resultUrl(perfil), { headers: { ...PRIVATE_PAGE_HEADERS, "Set-Cookie": await commitVisitor(session) } });
}
