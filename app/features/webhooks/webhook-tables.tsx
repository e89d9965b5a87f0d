import { Form } from "react-router";

import { StudioTable } from "~/features/studio/studio-table";
import type { webhooksPageData } from "~/features/webhooks/endpoints.server";
import { MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS, WEBHOOK_INTENTS } from "~/features/webhooks/webhooks";
import { inputClass, SubmitButton, useIsPending } from "~/ui/forms";

/** The two tables of /admin/webhooks: the endpoints with their row forms, and the deliveries' log. */

type PageData = ReturnType<typeof webhooksPageData>;
export type WebhookEndpointRow = PageData["endpoints"][number];
export type WebhookDeliveryRow = PageData["deliveries"][number];

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

/** The endpoints: address, state, creation, its timeout form and 'Desativar'/'Reativar' and 'Remover'. */
export function EndpointsTable({
  endpoints,
  timeoutError,
}: {
  endpoints: WebhookEndpointRow[];
  /** A refused timeout: the endpoint it was for and the message shown next to its field. */
  timeoutError: { endpoint: number; message: string } | null;
}) {
  return (
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
            <RowButton
              intent={endpoint.active ? WEBHOOK_INTENTS.deactivate : WEBHOOK_INTENTS.activate}
              name="endpoint"
              id={endpoint.id}
              label={endpoint.active ? "Desativar" : "Reativar"}
              srLabel={endpoint.url}
            />
            <RowButton intent={WEBHOOK_INTENTS.remove} name="endpoint" id={endpoint.id} label="Remover" srLabel={endpoint.url} />
          </td>
        </tr>
      ))}
    </StudioTable>
  );
}

/** The deliveries' log, newest first, each with 'Reenviar'. */
export function DeliveriesTable({ deliveries }: { deliveries: WebhookDeliveryRow[] }) {
  return (
    <>
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
    </>
  );
}
