import { UserCheck } from "lucide-react";

import { Field } from "~/components/forms";

import { fieldAria, leadFieldClass, LeadForm, type LeadFormErrors } from "./lead-form";
import { type OwnerChoice, OwnerOptions } from "./owner-select";

/** The lead page's owner ("responsável"): a comercial user or "Sem responsável". */
export function OwnerForm({
  owner,
  owners,
  errors,
}: {
  owner: OwnerChoice | null;
  owners: OwnerChoice[];
  errors: LeadFormErrors;
}) {
  return (
    <LeadForm
      intent="responsavel"
      title="Responsável"
      submit={
        <>
          <UserCheck aria-hidden="true" className="size-4" /> Salvar responsável
        </>
      }
    >
      <Field
        label="Responsável pelo lead"
        htmlFor="responsavel"
        errorId="responsavel-error"
        errors={errors.responsavel ? [errors.responsavel] : null}
        hint="Somente usuários comerciais."
        hintId="responsavel-hint"
        className="mt-3"
      >
        <select
          id="responsavel"
          name="responsavel"
          defaultValue={owner ? String(owner.id) : ""}
          className={leadFieldClass}
          {...fieldAria(errors.responsavel, "responsavel-error", "responsavel-hint")}
        >
          <OwnerOptions owners={owners} current={owner} />
        </select>
      </Field>
    </LeadForm>
  );
}
