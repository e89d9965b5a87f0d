import { selectedBolsaFromMatches } from "~/features/campaign/claims";
import { ENROLMENT_TEXTS, originFromQuery } from "~/features/leads/forms/enrolment";
import { courseGroups, enrolmentChoices, poloGroups } from "~/features/leads/forms/enrolment.server";
import { EnrolmentForm } from "~/features/leads/forms/enrolment-form";
import { EnrolmentIntro, EnrolmentThanks } from "~/features/leads/forms/enrolment-page-parts";
import { postEnrolment } from "~/features/leads/forms/enrolment-post.server";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { pageMeta } from "~/shared/seo";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/ui/forms/offline-submit";

import type { Route } from "./+types/enrolment-page";

/** The form modal loads this page with ?embed=1: the root layout then leaves out the site chrome. */
export const handle = { embeddable: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    // The tab says what the page offers: "Fale com um consultor", "Solicite sua bolsa"...
    title:
      !args.data || args.data.origin === "inscricao"
        ? "Inscreva-se - Garanta sua vaga com desconto"
        : `${ENROLMENT_TEXTS[args.data.origin].title} - Inscreva-se`,
    description: `Faça sua inscrição em graduação, pós, cursos técnicos e profissionalizantes com bolsas de até ${selectedBolsaFromMatches(args.matches)}. Um consultor entra em contato.`,
    canonicalPath: "/inscricao",
  });

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { courses, polos } = enrolmentChoices();
  const prefill = (value: string | null, options: readonly string[]) => (value && options.includes(value) ? value : undefined);
  return {
    origin: originFromQuery(params),
    embedded: params.get("embed") === "1",
    sent: params.get("enviado") === "1",
    courseGroups: courseGroups(),
    poloGroups: poloGroups(),
    choices: { courses, polos },
    defaults: { curso: prefill(params.get("curso"), courses), polo: prefill(params.get("polo"), polos) },
  };
}

export function action({ request }: Route.ActionArgs) {
  return postEnrolment(request);
}

/** With JavaScript, a lost connection keeps the form as typed (lib/offline-submit). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendKeepingForm(serverAction);
export const shouldRevalidate = skipRevalidationAfterConnectionLost;

export default function EnrolmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { embedded, sent, origin } = loaderData;
  const texts = ENROLMENT_TEXTS[origin];
  return (
    <div className={embedded ? "px-4 py-5 sm:px-6" : "bg-brand-50/60 px-4 py-10 sm:py-14"}>
      {/* Once sent, the confirmation stands alone, in the first screen of a phone too. */}
      <div
        className={
          embedded ? "" : sent ? "mx-auto max-w-xl" : "mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1fr_1.25fr] lg:items-start"
        }
      >
        {embedded || sent ? null : <EnrolmentIntro title={texts.title} intro={texts.intro} />}
        <div className={embedded ? "" : "rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8"}>
          {sent ? (
            <EnrolmentThanks embedded={embedded} origin={origin} />
          ) : (
            <EnrolmentForm
              origin={origin}
              embedded={embedded}
              choices={loaderData.choices}
              defaults={loaderData.defaults}
              courseGroups={loaderData.courseGroups}
              poloGroups={loaderData.poloGroups}
              actionData={actionData}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/** The public layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);
