import { Alert } from "~/components/ui/alert";
import type { ToastMessage } from "~/lib/toast";

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

/** The look of the WhatsApp pages' inputs (each is wrapped in the forms toolkit's Field). */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-red-500";
