// The vocational test's lead form as the bench posts it (the responsiveness visitor and the load).
import { CONSENT_VERSION_FIELD, VOCATIONAL_CONSENT } from "../../app/features/vocational/vocational-form.seed";

/** Tells this run's e-mails apart from any earlier run's. */
export const RUN_ID = Date.now().toString(36);

/**
 * A valid post of the vocational test's lead form, as a browser without JavaScript sends it: the
 * fields of `vocationalLeadSchema` (app/features/vocational/lead-schema.ts), the option values of
 * app/features/vocational/vocational-form.seed.ts, the consent version the form shows and the empty honeypot field. The action stores the lead and
 * answers 303 (to the questions) with the visitor's session cookie. Each call gets a distinct e-mail.
 */
export const LEAD_POST = {
  path: "/teste-vocacional",
  emailPrefix: `carga.${RUN_ID}.`,
  email(n: number): string {
    return `${this.emailPrefix}${n}@example.com`;
  },
  /** Each post a different person (e-mail and phone), so distribution takes turns (rule (c), not (a)). */
  phones: 0,
  body(email: string): string {
    return new URLSearchParams({
      website: "",
      fullName: "Visitante de Carga",
      phone: `(31) 9${String(this.phones++ % 1e8).padStart(8, "0")}`,
      email,
      workStatus: "carteira_assinada",
      workArea: "saude",
      workSatisfaction: "gosto_muito",
      careerGoal: "mesma_area",
      desiredArea: "saude_bem_estar",
      [CONSENT_VERSION_FIELD]: VOCATIONAL_CONSENT.version,
    }).toString();
  },
};
