import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { Form } from "react-router";

import { inputClass, SubmitButton, TextField, useIsPending } from "~/components/forms";
import { FieldGroup, FormAlert } from "~/components/studio/studio-fields";
import { StudioTable } from "~/components/studio/studio-table";
import { Alert } from "~/components/ui/alert";
import { pageMeta } from "~/lib/seo";
import {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  MIN_TIMEOUT_SECONDS,
  WEBHOOK_INTENTS,
  webhookEndpointFormSchema,
} from "~/lib/webhooks";
import { requirePermission } from "~/server/staff/auth.server";
import { webhooksAction, webhooksPageData } from "~/server/webhooks/endpoints.server";

import type { Route } from "./+types/webhooks";

/**
 * /admin/webhooks: the CRM's addresses that receive the site's events (a new lead, a status
 * change), each signed with its own secret, and the log of deliveries with "Reenviar". Admin only;
 * every form works without JavaScript (docs/webhooks.md).
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Webhooks - Painel Administrativo",
    description: "Envio dos leads para o CRM.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "webhooks");
  return { ...webhooksPageData() };
}

export const action = ({ request }: Route.ActionArgs) => webhooksAction(request);

/** A one-button form of a row: its intent and the row it acts on. */
function RowButton({
  intent,
  name,
  id,
  label,
  srLabel,
}: {
  intent: string;
  name: string;
  id: number;
  label: string;
  srLabel: string;
}) {
  const pending = useIsPending({ intent });
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={id} />
      <SubmitButton pending={pending} pendingText="Aguarde..." variant="neutral" size="sm">
        {label}
        <span className="sr-only"> {srLabel}</span>
      </SubmitButton>
    </Form>
  );
}

/** One endpoint's timeout, changed on its row; a refused value's message is next to the field. */
function TimeoutForm({ id, url, seconds, error }: { id: number; url: string; seconds: number; error: string | null }) {
  const pending = useIsPending({ intent: WEBHOOK_INTENTS.timeout });
  const fieldId = `tempo-${id}`;
  const errorId = `${fieldId}-erro`;
  return (
    <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={WEBHOOK_INTENTS.timeout} />
      <input type="hidden" name="endpoint" value={id} />
      <div>
        <label htmlFor={fieldId} className="block text-xs font-semibold text-slate-700">
          Segundos<span className="sr-only"> de espera de {url}</span>
        </label>
        <input
          id={fieldId}
          name="tempo"
          type="number"
          inputMode="numeric"
          min={MIN_TIMEOUT_SECONDS}
          max={MAX_TIMEOUT_SECONDS}
          step={1}
          required
          defaultValue={seconds}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass("staff", "w-20")}
        />
      </div>
      <SubmitButton pending={pending} pendingText="Aguarde..." variant="neutral" size="sm">
        Salvar<span className="sr-only"> tempo de espera de {url}</span>
      </SubmitButton>
      {error ? (
        <p id={errorId} className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

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
      <h1 id="webhooks-titulo" className="text-2xl font-bold text-slate-900">
        Webhooks (envio ao CRM)
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Cada novo lead e cada mudança de status são enviados, assinados, aos endereços abaixo. Se o CRM estiver fora do ar, o site
        tenta de novo mais tarde (até 10 vezes). Veja o formato e como conferir a assinatura em docs/webhooks.md.
      </p>

      {error ? (
        <Alert role="alert" as="p" className="mt-4">
          {error}
        </Alert>
      ) : null}

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

      <StudioTable
        testId="webhook-endpoints"
        caption={endpoints.length === 1 ? "1 endereço" : `${endpoints.length} endereços`}
        columns={["Endereço", "Situação", "Criado em", "Tempo de espera", <span className="sr-only">Ações</span>]}
        className="mt-8"
      >
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id} className="border-b border-slate-100">
            <td className="py-2 pr-3 break-all">{endpoint.url}</td>
            <td className="py-2 pr-3">{endpoint.active ? "Ativo" : "Inativo"}</td>
            <td className="py-2 pr-3">
              {endpoint.createdAt} por {endpoint.createdBy}
            </td>
            <td className="py-2 pr-3">
              <TimeoutForm
                id={endpoint.id}
                url={endpoint.url}
                seconds={endpoint.timeoutSeconds}
                error={timeoutError?.endpoint === endpoint.id ? timeoutError.message : null}
              />
            </td>
            <td className="flex flex-wrap gap-2 py-2">
              {endpoint.active ? (
                <RowButton
                  intent={WEBHOOK_INTENTS.deactivate}
                  name="endpoint"
                  id={endpoint.id}
                  label="Desativar"
                  srLabel={endpoint.url}
                />
              ) : (
                <RowButton
                  intent={WEBHOOK_INTENTS.activate}
                  name="endpoint"
                  id={endpoint.id}
                  label="Reativar"
                  srLabel={endpoint.url}
                />
              )}
              <RowButton
                intent={WEBHOOK_INTENTS.remove}
                name="endpoint"
                id={endpoint.id}
                label="Remover"
                srLabel={endpoint.url}
              />
            </td>
          </tr>
        ))}
      </StudioTable>

      <StudioTable
        testId="webhook-deliveries"
        caption="Registro de entregas (mais recentes primeiro)"
        columns={[
          "Evento",
          "Endereço",
          "Criado em",
          "Situação",
          "Tentativas",
          "Última resposta",
          <span className="sr-only">Ações</span>,
        ]}
        className="mt-8"
      >
        {deliveries.map((delivery) => (
          <tr key={delivery.id} className="border-b border-slate-100" data-testid="webhook-delivery">
            <td className="py-2 pr-3">
              {delivery.eventType}
              <span className="block font-mono text-xs text-slate-500">{delivery.eventId}</span>
            </td>
            <td className="py-2 pr-3 break-all">{delivery.endpointUrl}</td>
            <td className="py-2 pr-3">{delivery.createdAt}</td>
            <td className="py-2 pr-3">
              {delivery.status}
              {delivery.nextAttempt ? (
                <span className="block text-xs text-slate-500">próxima: {delivery.nextAttempt}</span>
              ) : null}
            </td>
            <td className="py-2 pr-3">{delivery.attempts}</td>
            <td className="py-2 pr-3">
              {delivery.lastStatusCode ?? "-"}
              {delivery.lastError ? <span className="block text-xs text-slate-500">{delivery.lastError}</span> : null}
            </td>
            <td className="py-2">
              <RowButton
                intent={WEBHOOK_INTENTS.resend}
                name="entrega"
                id={delivery.id}
                label="Reenviar"
                srLabel={`entrega ${delivery.id}`}
              />
            </td>
          </tr>
        ))}
      </StudioTable>
      {deliveries.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhuma entrega ainda.</p> : null}
    </section>
  );
}
