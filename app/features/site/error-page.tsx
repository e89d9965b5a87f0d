import { isRouteErrorResponse } from "react-router";

import { buttonClass } from "~/ui/button";
import { Title } from "~/ui/title";

/**
 * What an error page says: "Página não encontrada" for a 404, "Algo deu errado" otherwise. The
 * root's error boundary shows it in the public chrome, the admin and WhatsApp layouts' boundaries
 * in their own (so a public page's JavaScript never carries the staff header).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? <NotFound /> : <ErrorMessage error={error} />;
}

function ErrorMessage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A request the site refused (400, 415, ...) may carry its own pt-BR explanation.
  const refusal = isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" ? error.data : null;
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>Algo deu errado</title>
      <p className="text-sm font-semibold text-brand-600">Erro {status}</p>
      <Title size="page" className="mt-2">
        Algo deu errado
      </Title>
      <p className="mt-4 text-slate-600">
        {refusal ?? "Não foi possível carregar esta página agora. Tente novamente em instantes ou volte para a página inicial."}
      </p>
      <a href="/" className={buttonClass({ variant: "primary", size: "xl", className: "mt-8" })}>
        Voltar para o início
      </a>
      {details ? <pre className="mt-8 overflow-x-auto text-left text-xs">{details}</pre> : null}
    </section>
  );
}

function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="not-found">
      <title>Página não encontrada</title>
      <p className="text-sm font-semibold text-brand-600">Erro 404</p>
      <Title size="page" className="mt-2">
        Página não encontrada
      </Title>
      <p className="mt-4 text-slate-600">
        O endereço que você procurou não existe ou foi alterado. Que tal conhecer nossos cursos ou fazer o teste vocacional
        gratuito?
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass({ variant: "primary", size: "xl" })}>
          Voltar para o início
        </a>
        <a href="/#cursos" className={buttonClass({ variant: "secondary", size: "xl" })}>
          Ver cursos
        </a>
        <a href="/teste-vocacional" className={buttonClass({ variant: "secondary", size: "xl" })}>
          Fazer o teste vocacional
        </a>
      </div>
    </section>
  );
}
