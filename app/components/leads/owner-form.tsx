import { UserCheck } from "lucide-react";

import { plainField, SelectField } from "~/components/forms";

import { LeadForm, type LeadFormErrors } from "./lead-form";
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
      errors={errors}
      title="Responsável"
      submit={
        <>
          <UserCheck aria-hidden="true" className="size-4" /> Salvar responsável
        </>
      }
    >
      {(shown) => (
        <>
          <SelectField
            meta={plainField("responsavel", { error: shown.responsavel, defaultValue: owner ? String(owner.id) : "" })}
            label="Responsável pelo lead"
            hint="Somente usuários comerciais."
            look="compact"
            className="mt-3"
          >
            <OwnerOptions owners={owners} current={owner} />
          </SelectField>
        </>
      )}
    </LeadForm>
  );
}
