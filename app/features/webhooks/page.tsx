import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { Form, Link } from "react-router";

import { requirePermission } from "~/features/staff/auth.server";
import { FieldGroup, FormAlert } from "~/features/studio/studio-fields";
import { webhooksAction, webhooksPageData } from "~/features/webhooks/endpoints.server";
import { DeliveriesTable, EndpointsTable } from "~/features/webhooks/webhook-tables";
import {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  MIN_TIMEOUT_SECONDS,
  WEBHOOK_INTENTS,
  webhookEndpointFormSchema,
} from "~/features/webhooks/webhooks";
import { privatePageMeta } from "~/shared/seo";
import { Alert, PageError } from "~/ui/alert";
import { SubmitButton, TextField, useIsPending } from "~/ui/forms";
import { Title } from "~/ui/title";

import type { Route } from "./+types/page";

/**
 * /admin/webhooks: the CRM's addresses that receive the site's events (a new lead, a status
 * change), each signed with its own secret, and the log of deliveries with "Reenviar". Admin only;
 * every form works without JavaScript (the admin's guide: /admin/webhooks/guia).
 */

export const meta = privatePageMeta("Webhooks - Painel Administrativo", "Envio dos leads para o CRM.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "webhooks");
  return { ...webhooksPageData() };
}

export const action = ({ request }: Route.ActionArgs) => webhooksAction(request);

export default function WebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, deliveries } = loaderData;
  const adding = useIsPending({ intent: WEBHOOK_INTENTS.add });
  const answer = actionData as
    | {
        created?: { url: string; secret: string };
        error?: string;
        timeoutError?: { endpoint: number; message: string };
      }
    | undefined;
  const timeoutError = answer?.timeoutError ?? null;
  const created = answer?.created ?? null;
  const error = answer?.error ?? null;
  const [form, fields] = useForm({
    id: "webhook-novo",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { tempo: String(DEFAULT_TIMEOUT_SECONDS) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookEndpointFormSchema }),
  });

  return (
    <section aria-labelledby="webhooks-titulo" className="mx-auto max-w-7xl px-4 py-8">
      <Title id="webhooks-titulo" size="area">
        Webhooks (envio ao CRM)
      </Title>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Cada novo lead e cada mudança de status são enviados, assinados, aos endereços abaixo. Se o CRM estiver fora do ar, o site
        tenta de novo mais tarde. <Link to="/admin/webhooks/guia">Como receber os webhooks</Link>: o formato, como conferir a
        assinatura e o que cada resposta faz.
      </p>

      <PageError message={error} />

      {created ? (
        <Alert role="status" data-testid="webhook-secret" tone="warning" size="md" className="mt-6">
          <p className="flex items-center gap-2 font-semibold">
            <KeyRound aria-hidden="true" className="size-5 shrink-0" /> Endereço adicionado. Copie o segredo agora: ele não será
            mostrado de novo.
          </p>
          <p className="mt-2 text-sm break-all">{created.url}</p>
          <p className="mt-2">
            <code
              className="block rounded bg-white px-3 py-2 font-mono text-sm break-all select-all"
              data-testid="webhook-secret-value"
            >
              {created.secret}
            </code>
          </p>
          <p className="mt-2 text-sm">Use-o no CRM para conferir o cabeçalho X-Webhook-Signature de cada envio.</p>
        </Alert>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={WEBHOOK_INTENTS.add} />
        <FieldGroup legend="Novo endereço">
          <TextField
            meta={fields.url}
            label="Endereço (URL)"
            type="url"
            hint="Começa com https:// (ou http://). O segredo é gerado pelo site."
            required
            inputMode="url"
          />
          <TextField
            meta={fields.tempo}
            label="Tempo de espera (segundos)"
            type="number"
            hint={`Quanto tempo esperar a resposta do CRM antes de tentar de novo: de ${MIN_TIMEOUT_SECONDS} a ${MAX_TIMEOUT_SECONDS} s (padrão ${DEFAULT_TIMEOUT_SECONDS}).`}
            inputMode="numeric"
          />
        </FieldGroup>
        <SubmitButton pending={adding} pendingText="Adicionando..." variant="primary" size="lg">
          Adicionar endereço
        </SubmitButton>
      </Form>

      <EndpointsTable endpoints={endpoints} timeoutError={timeoutError} />
      <DeliveriesTable deliveries={deliveries} />
    </section>
  );
}
