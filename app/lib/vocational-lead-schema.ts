import { z } from "zod";
import { CAREER_GOAL, DESIRED_AREA, WORK_AREA, WORK_SATISFACTION, WORK_STATUS } from "~/content/vocational-form";
import { NAME_CHARS_MESSAGE, PERSON_TEXT } from "./person-text";
import { normalizePhone, PHONE_MESSAGE } from "./phone";

/** The message shown beside each field the visitor left blank or got wrong. */
export const LEAD_MESSAGES = {
  fullName: "Nome completo é obrigatório",
  phone: PHONE_MESSAGE,
  email: "E-mail inválido",
  select: "Por favor, selecione uma opção",
} as const;

export const FULL_NAME_MIN = 5;
const FULL_NAME_MAX = 120;
const EMAIL_MAX = 254;

const keys = <T extends Record<string, string>>(options: T) => Object.keys(options) as [keyof T & string, ...(keyof T & string)[]];
const select = <T extends Record<string, string>>(options: T) => z.enum(keys(options), { error: LEAD_MESSAGES.select });

/**
 * The vocational test's lead form. One schema for the server action and, once JavaScript loads,
 * the browser. The phone is accepted as people type it and comes out canonical: '(31)99999-8888'.
 */
export const vocationalLeadSchema = z.object({
  fullName: z
    .string({ error: LEAD_MESSAGES.fullName })
    .trim()
    .min(FULL_NAME_MIN, { error: LEAD_MESSAGES.fullName })
    .max(FULL_NAME_MAX, { error: LEAD_MESSAGES.fullName })
    .regex(PERSON_TEXT, { error: NAME_CHARS_MESSAGE }),
  phone: z
    .string({ error: LEAD_MESSAGES.phone })
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone === null) {
        ctx.issues.push({ code: "custom", message: LEAD_MESSAGES.phone, input: value });
        return z.NEVER;
      }
      return phone;
    }),
  email: z
    .string({ error: LEAD_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: LEAD_MESSAGES.email })
    .pipe(z.email({ error: LEAD_MESSAGES.email })),
  workStatus: select(WORK_STATUS),
  workArea: select(WORK_AREA),
  workSatisfaction: select(WORK_SATISFACTION),
  careerGoal: select(CAREER_GOAL),
  desiredArea: select(DESIRED_AREA),
});

export type VocationalLead = z.output<typeof vocationalLeadSchema>;
