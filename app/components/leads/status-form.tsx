import { RefreshCw } from "lucide-react";

import { Field, LabelOptions } from "~/components/forms";
import { LEAD_STATUSES, LOSS_REASONS } from "~/lib/leads/status";

import { fieldAria, leadFieldClass, LeadForm, type LeadFormErrors } from "./lead-form";

/** The lead page's status form: one status from the list, and the reason when Perdido. */
export function StatusForm({ status, motivo, errors }: { status: string; motivo: string | null; errors: LeadFormErrors }) {
  return (
    <LeadForm
      intent="status"
      title="Status"
      submit={
        <>
          <RefreshCw aria-hidden="true" className="size-4" /> Alterar status
        </>
      }
    >
      <Field
        label="Novo status"
        htmlFor="status"
        errorId="status-error"
        errors={errors.status ? [errors.status] : null}
        className="mt-3"
      >
        <select
          id="status"
          name="status"
          defaultValue={status}
          className={leadFieldClass}
          {...fieldAria(errors.status, "status-error")}
        >
          <LabelOptions labels={LEAD_STATUSES} />
        </select>
      </Field>
      <Field
        label="Motivo da perda (se Perdido)"
        htmlFor="motivo"
        errorId="motivo-error"
        errors={errors.motivo ? [errors.motivo] : null}
        className="mt-3"
      >
        <select
          id="motivo"
          name="motivo"
          defaultValue={motivo ?? ""}
          className={leadFieldClass}
          {...fieldAria(errors.motivo, "motivo-error")}
        >
          <option value="">—</option>
          <LabelOptions labels={LOSS_REASONS} />
        </select>
      </Field>
    </LeadForm>
  );
}
