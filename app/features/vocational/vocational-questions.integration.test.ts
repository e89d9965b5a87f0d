import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { answerField, type Answers } from "~/features/vocational/answers";
import { QUESTION_PAGES, questionsOfPage } from "~/features/vocational/questions.seed";
import { submitQuestionsPage } from "~/features/vocational/questions.server";
import { TOTAL_QUESTIONS } from "~/features/vocational/scoring";
import { saveVocationalLead, type TestState } from "~/features/vocational/vocational.server";
import { db, schema } from "~/platform/db/client.server";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

/** The questions page's flow, called directly (no route, no session): what each button does with the answers. */

const START: TestState = { leadId: 7, nome: "Maria", answers: {}, perfil: null, prazo: null, envios: [7] };

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

/** Every question of a page answered with this letter. */
function pageAnswers(page: number, letter = "A"): Record<string, string> {
  return Object.fromEntries(questionsOfPage(page).map((question) => [answerField(question.id), letter]));
}

function allAnswered(letter = "B"): Answers {
  return Object.fromEntries(Array.from({ length: TOTAL_QUESTIONS }, (_, i) => [i + 1, letter])) as Answers;
}

const neverSaves = () => {
  throw new Error("the result must not be saved");
};

describe("submitQuestionsPage", () => {
  it("'Próximo' with the page answered keeps the answers and goes to the next page", () => {
    const outcome = submitQuestionsPage(START, form({ pagina: "1", intent: "proximo", ...pageAnswers(1) }), neverSaves);
    expect(outcome.kind).toBe("next");
    if (outcome.kind !== "next") return;
    expect(outcome.page).toBe(2);
    expect(Object.keys(outcome.state.answers)).toHaveLength(questionsOfPage(1).length);
  });

  it("'Próximo' with a question left: stays, and the chosen answers are kept", () => {
    const [first, ...rest] = questionsOfPage(2);
    const outcome = submitQuestionsPage(
      START,
      form({ pagina: "2", intent: "proximo", [answerField(first.id)]: "C" }),
      neverSaves,
    );
    expect(outcome.kind).toBe("page-incomplete");
    if (outcome.kind !== "page-incomplete") return;
    expect(outcome.state.answers[first.id]).toBe("C");
    expect(rest.every((question) => outcome.state.answers[question.id] === undefined)).toBe(true);
  });

  it("'Anterior' saves the page's choices too, and never goes before page 1", () => {
    const back = submitQuestionsPage(START, form({ pagina: "3", intent: "anterior", ...pageAnswers(3, "D") }), neverSaves);
    expect(back).toMatchObject({ kind: "previous", page: 2 });
    if (back.kind !== "previous") return;
    expect(questionsOfPage(3).every((question) => back.state.answers[question.id] === "D")).toBe(true);
    expect(submitQuestionsPage(START, form({ pagina: "1", intent: "anterior" }), neverSaves)).toMatchObject({ page: 1 });
  });

  it("the last page's 'Próximo' stays on the last page; a page out of range is clamped", () => {
    const last = submitQuestionsPage(
      START,
      form({ pagina: "99", intent: "proximo", ...pageAnswers(QUESTION_PAGES) }),
      neverSaves,
    );
    expect(last).toMatchObject({ kind: "next", page: QUESTION_PAGES });
  });

  it("'Ver resultado' before every question is answered says how many are, and saves no result", () => {
    const outcome = submitQuestionsPage(START, form({ pagina: "1", intent: "resultado", ...pageAnswers(1) }), neverSaves);
    expect(outcome).toMatchObject({ kind: "test-incomplete", answered: questionsOfPage(1).length });
  });

  it("a filled honeypot changes nothing", () => {
    const outcome = submitQuestionsPage(
      START,
      form({ pagina: "2", intent: "proximo", [HONEYPOT_FIELD]: "x", ...pageAnswers(2) }),
      neverSaves,
    );
    expect(outcome).toEqual({ kind: "spam", page: 2 });
  });

  it("'Ver resultado' with the whole test answered writes the result to the lead row", () => {
    const leadId = saveVocationalLead({
      fullName: "Ana Questionário",
      phone: "31 99999-7777",
      email: `questoes.${Date.now()}@example.com`,
      workStatus: "carteira_assinada",
      workArea: "saude",
      workSatisfaction: "gosto_muito",
      careerGoal: "nova_area",
      desiredArea: "saude_bem_estar",
    });
    const state = { ...START, leadId, answers: allAnswered("B") };
    const outcome = submitQuestionsPage(state, form({ pagina: String(QUESTION_PAGES), intent: "resultado" }));
    expect(outcome.kind).toBe("finished");
    if (outcome.kind !== "finished") return;
    expect(outcome.state.perfil).not.toBeNull();
    const row = db.select().from(schema.leads).where(eq(schema.leads.id, leadId)).get()!;
    expect(row.perfil_resultado).toBe(outcome.state.perfil);
    expect(row.teste_concluido_em).not.toBeNull();
  });

  it("a result that cannot be stored is logged, and the visitor still finishes", () => {
    const failing = () => {
      throw new Error("disco cheio");
    };
    const outcome = submitQuestionsPage({ ...START, answers: allAnswered("A") }, form({ intent: "resultado" }), failing);
    expect(outcome).toMatchObject({ kind: "finished", state: { perfil: null } });
  });
});
