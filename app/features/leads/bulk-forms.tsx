import { RefreshCw, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { type LeadFilters, leadFiltersToParams } from "~/features/leads/filters";
import { LEAD_STATUSES, LOSS_REASONS } from "~/features/leads/status";
import { Button } from "~/ui/button";
import { LabelOptions, plainField, SelectField } from "~/ui/forms";

import { type OwnerChoice, OwnerOptions } from "./owner-select";

const number = new Intl.NumberFormat("pt-BR");

/**
 * The one shape of a change to the panel's whole filtered selection: a GET form to its
 * confirmation page, carrying the panel's filters (as hidden fields) and the chosen value. Nothing
 * changes before the confirmation there.
 */
function BulkSelectionForm({
  action,
  id,
  title,
  total,
  filters,
  submit,
  children,
}: {
  /** The confirmation page. */
  action: string;
  id: string;
  title: string;
  total: number;
  filters: LeadFilters;
  submit: ReactNode;
  children: ReactNode;
}) {
  const hidden = [...leadFiltersToParams({ ...filters, pagina: 1 }).entries()];
  return (
    <Form method="get" action={action} aria-labelledby={id} className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title} ({total === 1 ? "1 lead" : `${number.format(total)} leads`})
      </h3>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {children}
        <Button type="submit" variant="secondary" size="md">
          {submit}
        </Button>
      </div>
    </Form>
  );
}

/** "Alterar status dos filtrados" (confirmed on contato.alterar-status.tsx). */
export function BulkStatusForm({ filters, total }: { filters: LeadFilters; total: number }) {
  return (
    <BulkSelectionForm
      action="/contato/alterar-status"
      id="bulk-title"
      title="Alterar status dos filtrados"
      total={total}
      filters={filters}
      submit={
        <>
          <RefreshCw aria-hidden="true" className="size-4" /> Alterar status dos filtrados
        </>
      }
    >
      <SelectField meta={plainField("novo_status", { defaultValue: "em_contato" })} label="Novo status" look="compact">
        <LabelOptions labels={LEAD_STATUSES} />
      </SelectField>
      <SelectField
        meta={plainField("motivo", { id: "bulk-motivo", defaultValue: "" })}
        label="Motivo (se Perdido)"
        look="compact"
        placeholder="—"
      >
        <LabelOptions labels={LOSS_REASONS} />
      </SelectField>
    </BulkSelectionForm>
  );
}

/** "Atribuir responsável aos filtrados" (confirmed on contato.atribuir-responsavel.tsx). */
export function BulkOwnerForm({ filters, total, owners }: { filters: LeadFilters; total: number; owners: OwnerChoice[] }) {
  return (
    <BulkSelectionForm
      action="/contato/atribuir-responsavel"
      id="bulk-owner-title"
      title="Atribuir responsável aos filtrados"
      total={total}
      filters={filters}
      submit={
        <>
          <UserCheck aria-hidden="true" className="size-4" /> Atribuir responsável aos filtrados
        </>
      }
    >
      <SelectField
        meta={plainField("novo_responsavel", { defaultValue: owners[0] ? String(owners[0].id) : "" })}
        label="Novo responsável"
        look="compact"
      >
        <OwnerOptions owners={owners} />
      </SelectField>
    </BulkSelectionForm>
  );
}
