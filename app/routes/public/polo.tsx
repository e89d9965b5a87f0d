import { PoloPage } from "~/components/polos/polo-page";
import { brandAfter } from "~/lib/content/institution";
import { poloJsonLd } from "~/lib/json-ld";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { poloPage } from "~/server/content/polos.server";
import { courseGroups, enrolmentChoices, poloGroups } from "~/server/leads/enrolment.server";
import { postEnrolment } from "~/server/leads/enrolment-post.server";
import { withRetryAfter } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/polo";

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
