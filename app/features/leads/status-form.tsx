import { RefreshCw } from "lucide-react";

import { LEAD_STATUSES, LOSS_REASONS } from "~/features/leads/status";
import { LabelOptions, plainField, SelectField } from "~/ui/forms";

import { LeadForm, type LeadFormErrors } from "./forms/lead-form";

/** The lead page's status form: one status from the list, and the reason when Perdido. */
export function StatusForm({ status, motivo, errors }: { status: string; motivo: string | null; errors: LeadFormErrors }) {
  return (
    <LeadForm intent="status" errors={errors} title="Status" icon={RefreshCw} submit="Alterar status">
      {(shown) => (
        <>
          <SelectField
            meta={plainField("status", { error: shown.status, defaultValue: status })}
            label="Novo status"
            look="compact"
            className="mt-3"
          >
            <LabelOptions labels={LEAD_STATUSES} />
          </SelectField>
          <SelectField
            meta={plainField("motivo", { error: shown.motivo, defaultValue: motivo ?? "" })}
            label="Motivo da perda (se Perdido)"
            look="compact"
            className="mt-3"
            placeholder="—"
          >
            <LabelOptions labels={LOSS_REASONS} />
          </SelectField>
        </>
      )}
    </LeadForm>
  );
}
