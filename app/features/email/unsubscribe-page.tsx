import { Form } from "react-router";

import { postUnsubscribe, unsubscribeView } from "~/features/email/unsubscribe.server";
import { brandAfter } from "~/features/institution/content";
import { useSite } from "~/features/site/use-site";
import { privatePageHeaders } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { Alert } from "~/ui/alert";
import { Button, ButtonLink } from "~/ui/button";
import { HoneypotField } from "~/ui/forms/honeypot-field";
import { Title } from "~/ui/title";

import type { Route } from "./+types/unsubscribe-page";

/** It names a person's address (masked): never kept by a cache. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = privatePageMeta(
  "Cancelar o recebimento de e-mails",
  "Pare de receber os nossos e-mails.",
);

export function loader({ params }: Route.LoaderArgs) {
  return unsubscribeView(params.token);
}

/** The page's button and the mail clients' one-click post (RFC 8058), without signing in (decision 100). */
export function action({ request, params }: Route.ActionArgs) {
  return postUnsubscribe(request, params.token);
}

export default function EmailUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const view = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Title size="page">Cancelar o recebimento de e-mails</Title>
      {view.state === "invalid" ? (
        <Alert role="alert" as="p" size="md" className="mt-6">
          {view.message}
        </Alert>
      ) : view.state === "done" ? (
        <Alert role="status" as="p" tone="success" size="md" className="mt-6">
          Pronto: o endereço {view.address} não vai mais receber e-mails {brandAfter("de", site)}.
        </Alert>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <HoneypotField />
          <p className="text-slate-700">
            Você não vai mais receber e-mails {brandAfter("de", site)} no endereço {view.address}. Nossa equipe ainda pode
            responder a um contato que você fizer.
          </p>
          <Button type="submit" variant="primary" size="lg">
            Não quero mais receber e-mails
          </Button>
        </Form>
      )}
      <p className="mt-8">
        <ButtonLink to="/" variant="neutral" size="md">
          Voltar para o início
        </ButtonLink>
      </p>
    </div>
  );
}
