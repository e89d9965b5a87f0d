import { CheckCircle2 } from "lucide-react";

import { telHref, useSite } from "~/components/layout/use-site";
import { EnrolmentForm } from "~/components/leads/enrolment-form";
import { buttonClass } from "~/components/ui/button";
import { formatNumber } from "~/lib/format";
import { ENROLMENT_TEXTS, originFromQuery } from "~/lib/leads/enrolment";
import { sendKeepingForm, skipRevalidationAfterConnectionLost } from "~/lib/offline-submit";
import { pageMeta, selectedBolsaFromMatches } from "~/lib/seo";
import { courseGroups, enrolmentChoices, poloGroups } from "~/server/leads/enrolment.server";
import { postEnrolment } from "~/server/leads/enrolment-post.server";
import { withRetryAfter } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/enrolment";

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

export default function Inscricao({ loaderData, actionData }: Route.ComponentProps) {
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
        {embedded || sent ? null : <Intro title={texts.title} intro={texts.intro} />}
        <div className={embedded ? "" : "rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8"}>
          {sent ? (
            <ThankYou embedded={embedded} origin={origin} />
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

/** The intro's claims are the site's (site.claims): the selected courses' scholarship, the catalogue and the polos. */
function Intro({ title, intro }: { title: string; intro: string }) {
  const site = useSite();
  const { selectedBolsa, courses, polos } = site.claims;
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Inscrição</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{intro.replaceAll("{selectedBolsa}", selectedBolsa)}</p>
      <ul className="mt-6 space-y-3 text-slate-700">
        {[
          `Bolsas de até ${selectedBolsa} em cursos selecionados`,
          // No MEC grade here: a grade is a claim only a stored evaluation may back (decision 081).
          `Mais de ${courses} cursos e mais de ${formatNumber(polos)} polos`,
          "Um consultor responde todas as suas dúvidas",
        ].map((item) => (
          <li key={item} className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">
        Prefere ligar?{" "}
        <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline">
          {site.phone}
        </a>{" "}
        <span className="text-sm text-slate-600">({site.phoneHours})</span>
      </p>
    </div>
  );
}

const THANKS: Record<string, string> = {
  inscricao: "Inscrição recebida!",
  contato: "Recebemos seu contato!",
  bolsa: "Solicitação de bolsa recebida!",
  america_mg: "Inscrição recebida!",
};

function ThankYou({ embedded, origin }: { embedded: boolean; origin: string }) {
  const site = useSite();
  const target = embedded ? "_top" : undefined;
  return (
    <div role="status" className="py-6 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-green-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{THANKS[origin] ?? THANKS.inscricao}</h1>
      <p className="mt-3 text-slate-600">
        Obrigado! Um consultor vai entrar em contato em breve pelo telefone ou e-mail que você informou.
      </p>
      <p className="mt-3 text-slate-600">
        Se preferir, ligue agora:{" "}
        <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline">
          {site.phone}
        </a>
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href="/teste-vocacional" target={target} className={buttonClass({ variant: "primary", size: "xl" })}>
          Fazer o teste vocacional
        </a>
        {embedded ? null : (
          <a href="/" className={buttonClass({ variant: "secondary", size: "xl" })}>
            Voltar para o início
          </a>
        )}
      </div>
    </div>
  );
}

/** The public layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);
