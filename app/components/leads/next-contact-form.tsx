import { CalendarClock } from "lucide-react";

import { Field } from "~/components/forms";

import { fieldAria, leadFieldClass, LeadForm, type LeadFormErrors } from "./lead-form";

/** The lead page's next-contact date (empty = no date). */
export function NextContactForm({ date, errors }: { date: string | null; errors: LeadFormErrors }) {
  return (
    <LeadForm
      intent="proximo-contato"
      title="Próximo contato"
      submit={
        <>
          <CalendarClock aria-hidden="true" className="size-4" /> Salvar data
        </>
      }
    >
      <Field
        label="Data do próximo contato"
        htmlFor="proximo_contato"
        errorId="proximo-contato-error"
        errors={errors.proximo_contato ? [errors.proximo_contato] : null}
        hint="Deixe vazio para não marcar data."
        hintId="proximo-contato-hint"
        className="mt-3"
      >
        <input
          id="proximo_contato"
          name="proximo_contato"
          type="date"
          defaultValue={date ?? ""}
          className={leadFieldClass}
          {...fieldAria(errors.proximo_contato, "proximo-contato-error", "proximo-contato-hint")}
        />
      </Field>
    </LeadForm>
  );
}
