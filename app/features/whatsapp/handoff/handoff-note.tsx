import { ListChecks, TriangleAlert } from "lucide-react";

import { Alert } from "~/ui/alert";

/** A hand-off list as the /whatsapp page gets it (routes/whatsapp/passwords.tsx). */
export type HandoffOnPage =
  | { ok: true; id: string; text: string; count: number; removedOptOuts: number; panelHref: string }
  | { ok: false; message: string };

/** "N contatos (M removidos por não quererem WhatsApp)". */
export function handoffSummary(count: number, removedOptOuts: number): string {
  const contacts = count === 1 ? "1 contato" : `${count} contatos`;
  const removed = removedOptOuts === 1 ? "1 removido por não querer" : `${removedOptOuts} removidos por não quererem`;
  return `Lista do painel de leads: ${contacts} (${removed} WhatsApp)`;
}

/**
 * Above the send form when the page was opened with ?lista=: how many contacts the list pasted and
 * how many were left out for opting out, with a link back to the panel's filters; or, for an
 * expired or unknown list, why nothing was pasted.
 */
export function HandoffNote({ handoff }: { handoff: HandoffOnPage }) {
  if (!handoff.ok) {
    return (
      <Alert role="alert" data-testid="handoff-error" tone="warning" className="mt-6 flex gap-2">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        <p>{handoff.message}</p>
      </Alert>
    );
  }
  return (
    <Alert data-testid="handoff-note" tone="success" className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1">
      <ListChecks aria-hidden="true" className="size-5 shrink-0" />
      <p className="font-semibold" data-testid="handoff-summary">
        {handoffSummary(handoff.count, handoff.removedOptOuts)}
      </p>
      <a href={handoff.panelHref} className="font-semibold text-emerald-800 underline">
        Voltar aos leads filtrados
      </a>
    </Alert>
  );
}
