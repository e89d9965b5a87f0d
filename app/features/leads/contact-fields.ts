import { z } from "zod";

import { normalizePhone, PHONE_MESSAGE } from "~/shared/phone";

import { NAME_CHARS_MESSAGE, PERSON_TEXT } from "./person-text";

/**
 * The contact fields every public lead form asks for (full name, phone, e-mail) and their pt-BR
 * messages, defined once. Each form keeps its own field names, because they are part of links
 * and scripts outside the site (the enrolment form posts nome/telefone, the vocational test
 * fullName/phone), so each form's schema puts these field schemas under its own names.
 */

export const NAME_MESSAGE = "Nome completo é obrigatório";
export const EMAIL_MESSAGE = "E-mail inválido";
export const SELECT_MESSAGE = "Por favor, selecione uma opção";
export { PHONE_MESSAGE };

export const FULL_NAME_MIN = 5;
const FULL_NAME_MAX = 120;
const EMAIL_MAX = 254;

/** Full name: 5 to 120 characters of the characters people's names are written with. */
export const fullNameField = z
  .string({ error: NAME_MESSAGE })
  .trim()
  .min(FULL_NAME_MIN, NAME_MESSAGE)
  .max(FULL_NAME_MAX, NAME_MESSAGE)
  .regex(PERSON_TEXT, NAME_CHARS_MESSAGE);

/** A phone as people type it; it comes out canonical: '(31)99999-8888'. */
export const phoneField = z.string({ error: PHONE_MESSAGE }).transform((value, ctx) => {
  const phone = normalizePhone(value);
  if (phone === null) {
    ctx.issues.push({ code: "custom", message: PHONE_MESSAGE, input: value });
    return z.NEVER;
  }
  return phone;
});

/** An e-mail address, stored lower-case. */
export const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));
