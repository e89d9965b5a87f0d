import { brandAfter } from "~/features/institution/content";
import { courseGroups, enrolmentChoices, poloGroups } from "~/features/leads/forms/enrolment.server";
import { postEnrolment } from "~/features/leads/forms/enrolment-post.server";
import { PoloPage } from "~/features/polos/polo-page";
import { poloPage } from "~/features/polos/polos.server";
import { withRetryAfter } from "~/platform/rate-limit.server";
import { poloJsonLd } from "~/shared/json-ld";
import type { PageScriptsHandle } from "~/shared/page-scripts";
import { pageMeta, siteFromMatches } from "~/shared/seo";

import type { Route } from "./+types/page";

/**
 * A polo's page, /polos/<slug> (decision 085). Plain HTML in the browser, no React (decision 092):
 * its enrolment form is a plain post to this page, handled by the one lead pipeline.
 */
export const handle = { framework: false } satisfies PageScriptsHandle;

export function loader({ params }: Route.LoaderArgs) {
  const polo = poloPage(params.slug ?? "");
  return {
    polo,
    form: {
      origin: "inscricao" as const,
      choices: enrolmentChoices(),
      defaults: { polo: polo.label },
      courseGroups: courseGroups(),
      poloGroups: poloGroups(),
    },
  };
}

export function action({ request, params }: Route.ActionArgs) {
  // A post to a polo that has no page (any more) is no post of this form.
  poloPage(params.slug ?? "");
  return postEnrolment(request, false);
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [{ title: "Página não encontrada" }];
  const { polo } = args.data;
  const site = siteFromMatches(args.matches);
  const path = `/polos/${polo.slug}`;
  return pageMeta(args, {
    title: `Polo ${polo.label}${site ? ` - ${site.brandName}` : ""}`,
    description: `Endereço, horário, telefone e cursos do polo ${polo.label}${site ? ` ${brandAfter("de", site)}` : ""}. Deixe seus dados e um consultor entra em contato.`,
    canonicalPath: path,
    jsonLd: site ? [poloJsonLd({ ...polo, path }, site)] : [],
  });
};

export default function Polo({ loaderData, actionData }: Route.ComponentProps) {
  return <PoloPage polo={loaderData.polo} form={{ ...loaderData.form, actionData }} />;
}

/** The public layout's headers, plus a 429's Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args.parentHeaders, args);
