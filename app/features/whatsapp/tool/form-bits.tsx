import type { ToastMessage } from "~/shared/toast";
import { Alert } from "~/ui/alert";

/** An alert box for a failed action (rendered in the HTML, so it shows without JavaScript). */
export function ActionAlert({ alert, id }: { alert: ToastMessage | null | undefined; id?: string }) {
  if (!alert) return null;
  return (
    <Alert id={id} role="alert" data-testid="action-alert" size="md">
      <p className="font-semibold">{alert.title}</p>
      {alert.description ? <p className="mt-1 text-sm">{alert.description}</p> : null}
    </Alert>
  );
}
