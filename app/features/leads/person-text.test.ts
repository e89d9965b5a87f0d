import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { enrolmentSchema } from "~/features/leads/forms/enrolment";
import { isPersonText, NAME_CHARS_MESSAGE } from "~/features/leads/person-text";
import { vocationalLeadSchema } from "~/features/vocational/lead-schema";

describe("names and cities: letters only", () => {
  it("accepts real names and cities, in any alphabet, with apostrophes, hyphens and dots", () => {
    for (const ok of [
      "Maria Aparecida da Silva",
      "Joana D'Ávila",
      "Ana d’Arc",
      "São João del-Rei",
      "João Jr.",
      "Zoë Łukasz",
      "Nguyễn Văn An",
      "",
    ]) {
      expect(isPersonText(ok), ok).toBe(true);
    }
  });

  it("refuses markup, SQL, links, digits, control characters and NUL bytes", () => {
    for (const bad of [
      "<script>alert(1)</script>",
      "Robert'); DROP TABLE leads;--",
      "' OR '1'='1",
      "http://spam.example",
      "Maria 2",
      "Maria\u0000Silva",
      "Maria\nSilva",
      "Maria\u0007",
      "Maria \uFFFD",
      "-Maria",
    ]) {
      expect(isPersonText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("both lead forms answer a name with markup with the letters-only message", () => {
    const form = new FormData();
    form.set("nome", "<b>Maria</b> Silva");
    form.set("fullName", "<b>Maria</b> Silva");
    const enrolment = parseWithZod(form, { schema: enrolmentSchema({ courses: [], polos: [] }) });
    const vocational = parseWithZod(form, { schema: vocationalLeadSchema });
    expect(enrolment.status).toBe("error");
    expect(enrolment.reply().error?.nome).toContain(NAME_CHARS_MESSAGE);
    expect(vocational.reply().error?.fullName).toContain(NAME_CHARS_MESSAGE);
  });
});
