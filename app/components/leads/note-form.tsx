import { MessageSquarePlus } from "lucide-react";

import { Field } from "~/components/forms";
import { NOTE_MAX } from "~/lib/leads/status";

import { fieldAria, leadFieldClass, LeadForm, type LeadFormErrors } from "./lead-form";

/**
 * The lead page's new note. `notes`: how many notes the lead has; a new one empties the field (with
 * JavaScript the page is not reloaded). `value`: the refused text, typed again into the field.
 */
export function NoteForm({ errors, value, notes }: { errors: LeadFormErrors; value?: string; notes: number }) {
  return (
    <LeadForm
      intent="nota"
      title="Notas"
      submit={
        <>
          <MessageSquarePlus aria-hidden="true" className="size-4" /> Adicionar nota
        </>
      }
    >
      <Field
        label="Nova nota"
        htmlFor="texto"
        errorId="texto-error"
        errors={errors.texto ? [errors.texto] : null}
        className="mt-3"
      >
        <textarea
          id="texto"
          name="texto"
          rows={3}
          maxLength={NOTE_MAX}
          defaultValue={value}
          key={value === undefined ? `notas-${notes}` : `recusada-${value}`}
          className={leadFieldClass}
          {...fieldAria(errors.texto, "texto-error")}
        />
      </Field>
    </LeadForm>
  );
}
