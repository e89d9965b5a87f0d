import { PhoneCall } from "lucide-react";

import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from "~/features/leads/contact";
import { LabelOptions, plainField, SelectField } from "~/ui/forms";

import { LeadForm, type LeadFormErrors } from "./forms/lead-form";

/** A contact attempt still without an outcome, as the lead page offers it. */
export type PendingAttempt = {
  id: number;
  channel: string;
  channelLabel: string;
  when: string;
  choices: { value: string; label: string }[];
};

/**
 * "Resultado do contato": how the last call or WhatsApp from the buttons went, or, with none waiting,
 * a contact made another way. Only "Atendeu", "Mensagem enviada" and "Respondeu" count as the first
 * contact (decision 140); the form says so, so nobody records a call nobody answered as a contact.
 */
export function ContactOutcomeForm({ pending, errors }: { pending: PendingAttempt | null; errors: LeadFormErrors }) {
  return (
    <LeadForm
      intent="resultado-contato"
      errors={errors}
      title="Resultado do contato"
      icon={PhoneCall}
      submit="Registrar resultado"
    >
      {(shown) => (
        <>
          {pending ? (
            <>
              <p className="mt-2 text-sm text-slate-700" data-testid="pending-attempt">
                {pending.channelLabel} de {pending.when}: como foi?
              </p>
              <input type="hidden" name="tentativa" value={pending.id} />
              <input type="hidden" name="canal" value={pending.channel} />
            </>
          ) : (
            <SelectField
              meta={plainField("canal", { error: shown.canal, defaultValue: "" })}
              label="Canal do contato"
              look="compact"
              className="mt-3"
              placeholder="Escolha"
            >
              <LabelOptions labels={CONTACT_CHANNELS} />
            </SelectField>
          )}
          <SelectField
            meta={plainField("resultado", { error: shown.resultado, defaultValue: "" })}
            label="Resultado"
            look="compact"
            className="mt-3"
            placeholder="Escolha"
          >
            {pending ? (
              pending.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))
            ) : (
              <LabelOptions labels={CONTACT_OUTCOMES} />
            )}
          </SelectField>
          <p className="mt-2 text-xs text-slate-600">
            Conta como primeiro contato só a ligação atendida, a mensagem que você confirma ter enviado ou a resposta da pessoa.
          </p>
        </>
      )}
    </LeadForm>
  );
}
