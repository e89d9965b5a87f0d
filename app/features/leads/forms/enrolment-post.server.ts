import { redirect } from "react-router";

import { enrolmentSchema, originFromQuery, RATE_LIMIT_MESSAGE } from "~/features/leads/forms/enrolment";

import { attributionFor } from "./attribution.server";
import { enrolmentChoices, saveEnrolment, thankYouUrl } from "./enrolment.server";
import { handleLeadPost } from "./post.server";

/**
 * A post of the enrolment form, wherever the form is (/inscricao, a polo's page: decision 085):
 * the one lead pipeline, then 303 to the form's thank-you page. `embedded`: the form modal's copy.
 */
export function postEnrolment(request: Request, embedded = new URL(request.url).searchParams.get("embed") === "1") {
  return handleLeadPost(request, {
    schema: enrolmentSchema(enrolmentChoices()),
    name: "inscrição",
    rateLimited: { message: RATE_LIMIT_MESSAGE, toast: null },
    // A bot sees the usual thank-you page.
    spamRedirect: () => thankYouUrl(originFromQuery(new URL(request.url).searchParams), embedded),
    save: (value, { session }) => saveEnrolment(value, attributionFor(request, session)),
    saved: (_id, value) => redirect(thankYouUrl(value.origem, embedded), 303),
  });
}
