import { data, redirect } from "react-router";

import { vocationalSocialProof } from "~/features/home/home.server";
import { attributionFor } from "~/features/leads/forms/attribution.server";
import { handleLeadPost } from "~/features/leads/forms/post.server";
import { countAnswered } from "~/features/vocational/answers";
import { JS_FIELD, RATE_LIMITED, SAVED_TOAST } from "~/features/vocational/form-posts";
import { vocationalLeadSchema } from "~/features/vocational/lead-schema";
import { resultUrl, VOCATIONAL_PATHS } from "~/features/vocational/paths";
import {
  CONSENT_VERSION_FIELD,
  UNKNOWN_CONSENT_VERSION_MESSAGE,
  VOCATIONAL_CONSENT,
  VOCATIONAL_CONSENT_TEXTS,
} from "~/features/vocational/vocational-form.seed";
import { commitVisitor, getVisitorSession } from "~/platform/session.server";
import { putToast } from "~/platform/toast.server";

import { readTestState, saveVocationalLead, startTest, vocationalLead, writeTestState } from "./vocational.server";

/** The vocational test's lead form (/teste-vocacional): what the page shows, and its post. */

/**
 * The page's data: a returning visitor (e.g. 'Refazer o teste') finds their own data filled in and
 * can carry on where they stopped; the consent notice; the studio's social proof.
 */
export async function leadFormView(request: Request) {
  const session = await getVisitorSession(request);
  const state = readTestState(session);
  const lead = state.leadId !== null ? vocationalLead(state.leadId) : undefined;
  const defaults = lead
    ? {
        fullName: lead.nome,
        phone: lead.telefone,
        email: lead.email,
        workStatus: lead.perfil_trabalho,
        workArea: lead.area_atuacao,
        workSatisfaction: lead.satisfacao_area,
        careerGoal: lead.objetivo_carreira,
        desiredArea: lead.area_desejada,
      }
    : undefined;
  const progress = lead
    ? { answered: countAnswered(state.answers), resultUrl: state.perfil ? resultUrl(state.perfil) : null }
    : null;
  return { defaults, progress, consent: VOCATIONAL_CONSENT, proof: vocationalSocialProof() };
}

/**
 * The form's post, through the one lead pipeline: the lead is saved with the consent version the
 * page showed and the test starts; without JavaScript a 303 to the questions with a toast, with it
 * the path to open after the page's 1.5 s. A consent version the site does not know is refused
 * with the current notice (nothing stored); a bot goes back to the form as if nothing happened.
 */
export function postLeadForm(request: Request) {
  return handleLeadPost(request, {
    schema: vocationalLeadSchema,
    name: "teste vocacional",
    rateLimited: { message: `${RATE_LIMITED.title}. ${RATE_LIMITED.description}`, toast: RATE_LIMITED },
    spamRedirect: () => VOCATIONAL_PATHS.form,
    // The page shows the current notice (with JavaScript too, where loaders do not run again after a
    // 400), so that sending again consents to the text now on screen.
    refuse: (formData) =>
      postedConsentVersion(formData) === null
        ? { message: UNKNOWN_CONSENT_VERSION_MESSAGE, extra: { consent: VOCATIONAL_CONSENT } }
        : null,
    save: (value, { formData, session }) =>
      saveVocationalLead(value, {
        attribution: attributionFor(request, session),
        consentVersion: postedConsentVersion(formData) ?? VOCATIONAL_CONSENT.version,
      }),
    saved: async (leadId, value, { formData, session, result }) => {
      writeTestState(session, startTest(readTestState(session), leadId, value.fullName));
      if (formData.get(JS_FIELD) === "1") {
        // The page shows the toast and opens the questions after the spec's 1.5 s.
        return data(
          { result, error: null, next: VOCATIONAL_PATHS.questions },
          { headers: { "Set-Cookie": await commitVisitor(session) } },
        );
      }
      putToast(session, SAVED_TOAST);
      const headers = { "Set-Cookie": await commitVisitor(session) };
      return redirect(VOCATIONAL_PATHS.questions, { status: 303, headers });
    },
  });
}

/**
 * The version of the consent notice the form showed (its hidden field), when it is one of the known
 * versions; null when it is not (the visitor is asked to read the notice again and nothing is
 * stored). A post without the field at all (a client that predates it, such as a script) is taken
 * as having seen the current notice.
 */
function postedConsentVersion(formData: FormData): string | null {
  const posted = formData.get(CONSENT_VERSION_FIELD);
  if (posted === null) return VOCATIONAL_CONSENT.version;
  return typeof posted === "string" && Object.hasOwn(VOCATIONAL_CONSENT_TEXTS, posted) ? posted : null;
}
