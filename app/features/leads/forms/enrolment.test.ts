import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { LEAD_ORIGINS } from "~/features/leads/origins";

import { ENROLMENT_ERRORS } from "../../../../tests/support/lead-forms";
import {
  EMAIL_MESSAGE,
  ENROLMENT_ORIGINS,
  enrolmentSchema,
  NAME_MESSAGE,
  originFromQuery,
  PHONE_MESSAGE,
  SELECT_MESSAGE,
  UNDECIDED_COURSE,
  UNDECIDED_POLO,
} from "./enrolment";

const schema = enrolmentSchema({ courses: ["Enfermagem", "Direito"], polos: ["Centro - Belo Horizonte, MG"] });

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

const good = {
  nome: "  Maria da Silva ",
  telefone: "31 99999-8888",
  email: " Maria@Example.com ",
  cidade: "Belo Horizonte",
  curso: "Enfermagem",
  polo: "Centro - Belo Horizonte, MG",
  consentimento: "on",
  origem: "contato",
};

describe("enrolment schema (through conform, as the action and the browser use it)", () => {
  it("accepts good input and normalises it", () => {
    const submission = parseWithZod(form(good), { schema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      nome: "Maria da Silva",
      telefone: "(31)99999-8888",
      email: "maria@example.com",
      cidade: "Belo Horizonte",
      curso: "Enfermagem",
      polo: "Centro - Belo Horizonte, MG",
      consentimento: "on",
      origem: "contato",
    });
  });

  it("gives the spec's message for each bad contact field", () => {
    const submission = parseWithZod(form({ ...good, nome: "Ana", telefone: "3199999", email: "maria@" }), { schema });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.nome).toEqual([NAME_MESSAGE]);
    expect(errors.telefone).toEqual([PHONE_MESSAGE]);
    expect(errors.email).toEqual([EMAIL_MESSAGE]);
    expect(NAME_MESSAGE).toBe("Nome completo é obrigatório");
    expect(PHONE_MESSAGE).toBe("Telefone inválido - Formato: (99)99999-9999");
    expect(EMAIL_MESSAGE).toBe("E-mail inválido");
  });

  it("gives every field's message when the form is sent empty", () => {
    const submission = parseWithZod(form({ nome: "", telefone: "", email: "", cidade: "", curso: "", polo: "" }), {
      schema,
    });
    const errors = submission.reply().error ?? {};
    expect(errors).toMatchObject(ENROLMENT_ERRORS);
  });

  it("counts a name of blanks as missing", () => {
    const errors = parseWithZod(form({ ...good, nome: "       " }), { schema }).reply().error ?? {};
    expect(errors.nome).toEqual([NAME_MESSAGE]);
  });

  it("refuses a course or study centre that is not in the lists, accepts the undecided choices", () => {
    const bad = parseWithZod(form({ ...good, curso: "Astronauta", polo: "Marte" }), { schema }).reply().error ?? {};
    expect(bad.curso).toEqual([SELECT_MESSAGE]);
    expect(bad.polo).toEqual([SELECT_MESSAGE]);
    const undecided = parseWithZod(form({ ...good, curso: UNDECIDED_COURSE, polo: UNDECIDED_POLO }), { schema });
    expect(undecided.status).toBe("success");
  });

  it("turns a tampered or missing origin into the default form's origin", () => {
    for (const origem of ["admin", "teste_vocacional", ""]) {
      const submission = parseWithZod(form({ ...good, origem }), { schema });
      expect(submission.status === "success" && submission.value.origem).toBe("inscricao");
    }
  });
});

describe("originFromQuery", () => {
  it.each([
    ["", "inscricao"],
    ["?tipo=lead", "inscricao"],
    ["?tipo=contato", "contato"],
    ["?tipo=bolsa", "bolsa"],
    ["?origem=america_mg", "america_mg"],
    ["?tipo=Contato", "contato"],
    ["?tipo=qualquer", "inscricao"],
    ["?tipo=teste_vocacional", "inscricao"],
  ])("maps %j to %j", (query, expected) => {
    expect(originFromQuery(new URLSearchParams(query))).toBe(expected);
  });

  it("only yields origins the lead store knows", () => {
    for (const origin of ENROLMENT_ORIGINS) expect(Object.hasOwn(LEAD_ORIGINS, origin)).toBe(true);
  });
});
