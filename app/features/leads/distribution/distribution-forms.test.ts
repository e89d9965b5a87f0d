import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";

import {
  addRuleSchema,
  availabilitySchema,
  clockSchema,
  DISTRIBUTION_MESSAGES as M,
} from "~/features/leads/distribution/distribution";

type Parsed = { status?: string; value?: Record<string, unknown>; error?: Record<string, string[] | null> | null };

/** The Distribuição page's schemas as the browser runs them (conform's parseWithZod over a FormData). */
function parse(schema: z.ZodType, fields: Record<string, string>): Parsed {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema }) as Parsed;
}

describe("the Distribuição page's schemas", () => {
  it("a target of 1 to 1440 minutes and holidays as DD/MM/AAAA become numbers and ISO days", () => {
    const ok = parse(clockSchema, { intent: "prazo", prazo: " 15 ", feriados: "25/12/2026\n01/01/2027\n25/12/2026" });
    expect(ok.status).toBe("success");
    expect(ok.value).toEqual({ intent: "prazo", prazo: 15, feriados: ["2026-12-25", "2027-01-01"] });
    const bad = parse(clockSchema, { intent: "prazo", prazo: "1441", feriados: "30/02/2026" });
    expect(bad.error).toEqual({
      prazo: [M.target],
      feriados: ["Data inválida: “30/02/2026”. Use DD/MM/AAAA, uma por linha."],
    });
  });

  it("a rule needs a name, a known field, a value and a team", () => {
    const bad = parse(addRuleSchema, { intent: "regra-nova", nome: "  ", campo: "cor", valor: "", equipe: "0" });
    expect(bad.error).toEqual({ nome: [M.ruleName], campo: [M.ruleField], valor: [M.ruleValue], equipe: [M.ruleTeam] });
    const ok = parse(addRuleSchema, { intent: "regra-nova", nome: "Norte", campo: "polo", valor: "Betim", equipe: "3" });
    expect(ok.value).toEqual({
      intent: "regra-nova",
      nome: "Norte",
      campo: "polo",
      valor: "Betim",
      equipe: 3,
    });
  });

  it("an absence may end only after the clock it is given (São Paulo time), or not at all", () => {
    const now = Date.parse("2026-11-25T12:00:00-03:00");
    const schema = availabilitySchema(now);
    const past = parse(schema, { intent: "disponibilidade", usuario: "7", estado: "ausente", ausente_ate: "2026-11-25T12:00" });
    expect(past.error).toEqual({ ausente_ate: [M.awayUntil] });
    const later = parse(schema, { intent: "disponibilidade", usuario: "7", estado: "ausente", ausente_ate: "2026-11-25T12:01" });
    expect((later.value?.ausente_ate as Date).toISOString()).toBe("2026-11-25T15:01:00.000Z");
    const open = parse(schema, { intent: "disponibilidade", usuario: "7", estado: "ausente" });
    expect(open.value).toEqual({
      intent: "disponibilidade",
      usuario: 7,
      estado: true,
      ausente_ate: null,
    });
    expect(parse(schema, { intent: "disponibilidade", usuario: "x" }).error).toEqual({ usuario: [M.member] });
  });
});
