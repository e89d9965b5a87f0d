import { Form } from "react-router";

import {
  CONFIRM_OUTGOING_INTENT,
  CONFIRM_OUTGOING_LABEL,
  OUTGOING_HOLD_TEXT,
  outgoingHoldCause,
  type OutgoingHoldView,
} from "~/shared/outgoing-hold";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";

/**
 * The admin's banner while outgoing webhooks and e-mails are held (decision 139): why, and the one
 * button that releases them. A plain form post to /admin/e-mails: it works without JavaScript.
 */
export function OutgoingHoldBanner({ hold }: { hold: OutgoingHoldView }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4">
      <Alert tone="warning" size="md" data-testid="outgoing-hold">
        <h2 className="font-bold">Envios retidos: esta pode ser uma cópia do site</h2>
        <p className="mt-1">{outgoingHoldCause(hold)}</p>
        <p className="mt-1">{OUTGOING_HOLD_TEXT}</p>
        <Form method="post" action="/admin/e-mails" className="mt-3">
          <input type="hidden" name="intent" value={CONFIRM_OUTGOING_INTENT} />
          <Button type="submit">{CONFIRM_OUTGOING_LABEL}</Button>
        </Form>
      </Alert>
    </div>
  );
}
