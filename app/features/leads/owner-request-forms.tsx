import { Check, HandHelping, X } from "lucide-react";
import { Form } from "react-router";

import { ASK_REASON_MAX, LEAD_INTENTS } from "~/features/leads/follow-up-form";
import { Button } from "~/ui/button";
import { ErrorList, plainField, TextareaField } from "~/ui/forms";
import { SectionHeading } from "~/ui/section-heading";

import { LeadForm, type LeadFormErrors } from "./forms/lead-form";

/**
 * Requests for a colleague's lead (decision 146). `AskForm`: on a colleague's lead she sees (a shared
 * team), in place of the owner form: "Pedir este lead" with an optional reason, or, once asked, that
 * the manager will decide. `RequestsToDecide`: the manager's pending requests for this lead, each
 * with "Aprovar" and "Recusar". Plain posts: they work without JavaScript.
 */

export function AskForm({ asked, errors }: { asked: boolean; errors: LeadFormErrors }) {
  if (asked) {
    return (
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="pedido-feito-title">
        <SectionHeading id="pedido-feito-title" size="panel">
          Pedir este lead
        </SectionHeading>
        <p className="mt-3 text-sm text-slate-700" data-testid="lead-asked">
          Você já pediu este lead. O gestor vai decidir e você recebe um e-mail com a resposta.
        </p>
      </section>
    );
  }
  return (
    <LeadForm intent={LEAD_INTENTS.ask} errors={errors} title="Pedir este lead" icon={HandHelping} submit="Pedir este lead">
      {(shown) => (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Este lead é de outra pessoa da equipe. Peça ao gestor: se ele aprovar, o lead passa para você.
          </p>
          <TextareaField
            meta={plainField("motivo_pedido", { error: shown.motivo_pedido })}
            label="Motivo (opcional)"
            look="compact"
            className="mt-3"
            rows={2}
            maxLength={ASK_REASON_MAX}
          />
        </>
      )}
    </LeadForm>
  );
}

export type RequestToDecide = { id: number; asker: string; reason: string; when: string };

export function RequestsToDecide({ requests, error }: { requests: RequestToDecide[]; error?: string }) {
  if (requests.length === 0) return null;
  return (
    <section className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-labelledby="pedidos-title">
      <SectionHeading id="pedidos-title" size="panel">
        Pedidos deste lead
      </SectionHeading>
      <div role="alert">
        <ErrorList id="pedidos-error" errors={error ? [error] : null} />
      </div>
      <ul className="mt-3 space-y-3">
        {requests.map((request) => (
          <li key={request.id} className="text-sm" data-testid="lead-request">
            <p className="break-words text-slate-900">
              <strong>Pedido de {request.asker}</strong>
              {request.reason ? `: ${request.reason}` : null} <span className="text-slate-600">({request.when})</span>
            </p>
            <Form method="post" className="mt-2 flex flex-wrap gap-2">
              <input type="hidden" name="pedido" value={request.id} />
              <Button type="submit" name="intent" value={LEAD_INTENTS.approve} variant="primary" size="sm">
                <Check aria-hidden="true" className="size-4" /> Aprovar
                <span className="sr-only"> o pedido de {request.asker}</span>
              </Button>
              <Button type="submit" name="intent" value={LEAD_INTENTS.refuse} variant="neutral" size="sm">
                <X aria-hidden="true" className="size-4" /> Recusar<span className="sr-only"> o pedido de {request.asker}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
