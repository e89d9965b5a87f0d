import { VOCATIONAL_PATHS } from "~/features/vocational/paths";
import { openResultLink } from "~/features/vocational/result-link.server";
import { privatePageHeaders } from "~/shared/cache-headers";
import { pageMeta } from "~/shared/seo";
import { ButtonLink } from "~/ui/button";
import { Title } from "~/ui/title";

import type { Route } from "./+types/result-link";

/** The person's own result (or a refusal): never kept by a cache. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.title ?? "Resultado do Teste Vocacional",
    description: "O link do seu resultado no teste vocacional.",
    noindex: true,
  });

/** The signed link of the result e-mail (decision 100): a redirect to the result page, or why not. */
export function loader({ request, params }: Route.LoaderArgs) {
  return openResultLink(request, params.token);
}

export default function ResultLink({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Title size="page">{loaderData.title}</Title>
      <p className="mt-4 text-slate-700">{loaderData.text}</p>
      <p className="mt-8">
        <ButtonLink to={VOCATIONAL_PATHS.form} variant="primary" size="lg">
          Fazer o teste vocacional
        </ButtonLink>
      </p>
    </div>
  );
}
