import { CalendarClock } from "lucide-react";

import { plainField, TextField } from "~/ui/forms";

import { LeadForm, type LeadFormErrors } from "./forms/lead-form";

/** The lead page's next-contact date (empty = no date). */
export function NextContactForm({ date, errors }: { date: string | null; errors: LeadFormErrors }) {
  return (
    <LeadForm intent="proximo-contato" errors={errors} title="Próximo contato" icon={CalendarClock} submit="Salvar data">
      {(shown) => (
        <TextField
          meta={plainField("proximo_contato", {
            errorId: "proximo-contato-error",
            error: shown.proximo_contato,
            defaultValue: date ?? "",
          })}
          label="Data do próximo contato"
          type="date"
          hint="Deixe vazio para não marcar data."
          look="compact"
          className="mt-3"
        />
      )}
    </LeadForm>
  );
}
