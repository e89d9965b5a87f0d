import { UserCheck } from "lucide-react";

import { NO_OWNER_LABEL } from "~/features/leads/filters";
import { plainField, SelectField } from "~/ui/forms";
import { SectionHeading } from "~/ui/section-heading";

import { LeadForm, type LeadFormErrors } from "./forms/lead-form";
import { type OwnerChoice, OwnerOptions } from "./owner-select";

/**
 * The lead page's owner ("responsável"): a comercial user or "Sem responsável". `lockedText`: the
 * owner no longer changes (a Matriculado lead, decision 138): the owner and why, no form.
 */
export function OwnerForm({
  owner,
  owners,
  errors,
  lockedText,
}: {
  owner: OwnerChoice | null;
  owners: OwnerChoice[];
  errors: LeadFormErrors;
  lockedText?: string | null;
}) {
  if (lockedText) {
    return (
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="owner-locked-title">
        <SectionHeading id="owner-locked-title" size="panel">
          Responsável
        </SectionHeading>
        <p className="mt-3 font-semibold break-all text-slate-900">{owner?.email ?? NO_OWNER_LABEL}</p>
        <p className="mt-1 text-sm text-slate-700" data-testid="owner-locked">
          {lockedText}
        </p>
      </section>
    );
  }
  return (
    <LeadForm intent="responsavel" errors={errors} title="Responsável" icon={UserCheck} submit="Salvar responsável">
      {(shown) => (
        <SelectField
          meta={plainField("responsavel", { error: shown.responsavel, defaultValue: owner ? String(owner.id) : "" })}
          label="Responsável pelo lead"
          hint="Somente usuários comerciais."
          look="compact"
          className="mt-3"
        >
          <OwnerOptions owners={owners} current={owner} />
        </SelectField>
      )}
    </LeadForm>
  );
}
