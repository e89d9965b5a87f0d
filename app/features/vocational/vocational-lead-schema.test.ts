import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { LEAD_MESSAGES, vocationalLeadSchema } from "~/features/vocational/lead-schema";

import { VOCATIONAL_LEAD_ERRORS } from "../../../tests/support/lead-forms";

const valid = {
  fullName: "Maria da Silva",
  phone: "31 99999-8888",
  email: "  Maria@Example.com ",
  workStatus: "carteira_assinada",
  workArea: "saude",
  workSatisfaction: "gosto_muito",
  careerGoal: "nova_area",
  desiredArea: "saude_bem_estar",
};

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return parseWithZod(form, { schema: vocationalLeadSchema });
}

function errorsOf(result: ReturnType<typeof parse>) {
  return result.status === "error" ? result.error : null;
}

describe("vocational lead schema", () => {
  it("accepts a valid lead and normalises phone and e-mail", () => {
    const result = parse(valid);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.phone).toBe("(31)99999-8888");
    expect(result.value.email).toBe("maria@example.com");
    expect(result.value.fullName).toBe("Maria da Silva");
  });

  it("gives the spec's message for every empty field", () => {
    const result = parse({});
    expect(errorsOf(result)).toEqual(VOCATIONAL_LEAD_ERRORS);
    expect(VOCATIONAL_LEAD_ERRORS.fullName).toEqual([LEAD_MESSAGES.fullName]);
    expect(LEAD_MESSAGES.fullName).toBe("Nome completo é obrigatório");
  });

  it("rejects a name under 5 characters, a bad phone, a bad e-mail and unknown options", () => {
    const result = parse({ ...valid, fullName: " Ana ", phone: "3199999888", email: "maria@", workArea: "medicina" });
    expect(errorsOf(result)).toEqual({
      fullName: ["Nome completo é obrigatório"],
      phone: ["Telefone inválido - Formato: (99)99999-9999"],
      email: ["E-mail inválido"],
      workArea: ["Por favor, selecione uma opção"],
    });
  });

  it("accepts the phone as people type it", () => {
    for (const phone of ["31999998888", "31 99999-8888", "(31) 99999-8888", "(31)99999-8888"]) {
      const result = parse({ ...valid, phone });
      expect(result.status, phone).toBe("success");
      if (result.status === "success") expect(result.value.phone).toBe("(31)99999-8888");
    }
    for (const phone of ["9999-8888", "(31)9999-888", "abc31999998888", "319999988881"]) {
      expect(parse({ ...valid, phone }).status, phone).toBe("error");
    }
  });
});
