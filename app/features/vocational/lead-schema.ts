import { z } from "zod";

import {
  EMAIL_MESSAGE,
  emailField,
  FULL_NAME_MIN,
  fullNameField,
  NAME_MESSAGE,
  PHONE_MESSAGE,
  phoneField,
  SELECT_MESSAGE,
} from "~/features/leads/contact-fields";
import { CAREER_GOAL, DESIRED_AREA, WORK_AREA, WORK_SATISFACTION, WORK_STATUS } from "~/features/vocational/vocational-form.seed";

/** The message shown beside each field the visitor left blank or got wrong. */
export const LEAD_MESSAGES = {
  fullName: NAME_MESSAGE,
  phone: PHONE_MESSAGE,
  email: EMAIL_MESSAGE,
  select: SELECT_MESSAGE,
} as const;

export { FULL_NAME_MIN };

const keys = <T extends Record<string, string>>(options: T) =>
  Object.keys(options) as [keyof T & string, ...(keyof T & string)[]];
const select = <T extends Record<string, string>>(options: T) => z.enum(keys(options), { error: LEAD_MESSAGES.select });

/**
 * The vocational test's lead form. One schema for the server action and, once JavaScript loads,
 * the browser. The contact fields are the enrolment form's (lib/contact-fields) under this form's
 * names; the phone comes out canonical: '(31)99999-8888'.
 */
export const vocationalLeadSchema = z.object({
  fullName: fullNameField,
  phone: phoneField,
  email: emailField,
  workStatus: select(WORK_STATUS),
  workArea: select(WORK_AREA),
  workSatisfaction: select(WORK_SATISFACTION),
  careerGoal: select(CAREER_GOAL),
  desiredArea: select(DESIRED_AREA),
});

export type VocationalLead = z.output<typeof vocationalLeadSchema>;
