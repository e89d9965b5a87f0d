import { MessageSquarePlus } from "lucide-react";

import { NOTE_MAX } from "~/features/leads/status";
import { plainField, TextareaField } from "~/ui/forms";

import { LeadForm, type LeadFormErrors } from "./forms/lead-form";

/**
 * The lead page's new note. `notes`: how many notes the lead has; a new one empties the field (with
 * JavaScript the page is not reloaded). `value`: the refused text, typed again into the field.
 */
export function NoteForm({ errors, value, notes }: { errors: LeadFormErrors; value?: string; notes: number }) {
  return (
    <LeadForm intent="nota" errors={errors} title="Notas" icon={MessageSquarePlus} submit="Adicionar nota">
      {(shown) => (
        <TextareaField
          // A new note (or a refused one) starts the box again from `value`.
          key={value === undefined ? `notas-${notes}` : `recusada-${value}`}
          meta={plainField("texto", { error: shown.texto, defaultValue: value })}
          label="Nova nota"
          look="compact"
          className="mt-3"
          rows={3}
          maxLength={NOTE_MAX}
        />
      )}
    </LeadForm>
  );
}
