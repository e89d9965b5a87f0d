import { Search, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import {
  hasActiveFilters,
  type LeadFilters,
  leadFiltersQuery,
  NO_OWNER,
  NO_OWNER_LABEL,
  NO_PROFILE,
  profileLabel,
} from "~/features/leads/filters";
import { LEAD_STATUSES } from "~/features/leads/status";
import { ButtonLink } from "~/ui/button";
import { Field, inputClass, LabelOptions, SelectOptions, SubmitButton, useIsPending } from "~/ui/forms";

import { type OwnerChoice, ownerChoices } from "./owner-select";

/**
 * The leads panel's search and filters: a GET form to /contato (works without JavaScript), with
 * "Meus leads" for a comercial user and "Limpar filtros" when a filter is on.
 */
export function LeadFiltersForm({
  filters,
  originLabels,
  profiles,
  owners,
  myId,
}: {
  filters: LeadFilters;
  originLabels: Record<string, string>;
  profiles: string[];
  /** The comercial users (the owners a lead may have). */
  owners: OwnerChoice[];
  /** The signed-in user's id: "Meus leads" when they are one of the owners. */
  myId: number;
}) {
  const filtering = useIsPending({ formMethod: "GET" });
  return (
    <Form
      method="get"
      action="/contato"
      role="search"
      aria-label="Filtros dos leads"
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <Field label="Buscar" htmlFor="busca" className="sm:col-span-2">
          <input
            id="busca"
            name="busca"
            type="search"
            defaultValue={filters.busca}
            key={filters.busca}
            placeholder="Nome, e-mail, telefone, cidade, curso ou polo"
            className={inputClass("compact")}
          />
        </Field>
        <FilterSelect name="origem" label="Origem" value={filters.origem ?? ""} all="Todas">
          <LabelOptions labels={originLabels} />
        </FilterSelect>
        <FilterSelect name="perfil" label="Perfil do resultado" value={filters.perfil ?? ""} all="Todos">
          {profiles.map((key) => (
            <option key={key} value={key}>
              {profileLabel(key)}
            </option>
          ))}
          <option value={NO_PROFILE}>Sem resultado</option>
        </FilterSelect>
        <FilterSelect name="status" label="Status" value={filters.status ?? ""} all="Todos">
          <LabelOptions labels={LEAD_STATUSES} />
        </FilterSelect>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              name="atrasados"
              value="1"
              defaultChecked={filters.atrasados}
              key={`atrasados-${filters.atrasados}`}
              className="size-4 accent-brand-600"
            />
            Atrasados
          </label>
          <label className="ml-4 flex items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              name="aguardando"
              value="1"
              defaultChecked={filters.aguardando}
              key={`aguardando-${filters.aguardando}`}
              className="size-4 accent-brand-600"
            />
            Aguardando contato
          </label>
        </div>
        <FilterDate name="de" label="De" value={filters.de} />
        <FilterDate name="ate" label="Até" value={filters.ate} />
        <FilterSelect
          name="responsavel"
          label="Responsável"
          value={filters.responsavel === null ? "" : String(filters.responsavel)}
          all="Todos"
          className="sm:col-span-2"
        >
          <option value={NO_OWNER}>{NO_OWNER_LABEL}</option>
          <SelectOptions options={ownerChoices(owners)} />
        </FilterSelect>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <SubmitButton pending={filtering} pendingText="Filtrando..." variant="primary" size="md">
          <Search aria-hidden="true" className="size-4" /> Filtrar
        </SubmitButton>
        {owners.some((owner) => owner.id === myId) ? (
          <ButtonLink
            to={`/contato${leadFiltersQuery({ responsavel: myId })}`}
            data-testid="my-leads"
            aria-current={filters.responsavel === myId ? "page" : undefined}
            variant="secondary"
            size="md"
          >
            <UserCheck aria-hidden="true" className="size-4" /> Meus leads
          </ButtonLink>
        ) : null}
        {hasActiveFilters(filters) ? (
          <Link
            to="/contato"
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Limpar filtros
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A filter's list of choices: the "all" choice (empty value) first, then `children`; drawn again
 * (key) when the filter changes, so a link or "Limpar filtros" shows the new value.
 */
function FilterSelect({
  name,
  label,
  value,
  all,
  className,
  children,
}: {
  name: string;
  label: string;
  value: string;
  all: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Field label={label} htmlFor={name} className={className}>
      <select id={name} name={name} defaultValue={value} key={`${name}-${value}`} className={inputClass("compact")}>
        <option value="">{all}</option>
        {children}
      </select>
    </Field>
  );
}

/** A filter's day (De, Até; also the results page's period), with the period's message when it has one. */
export function FilterDate({
  name,
  label,
  value,
  errorId,
  error,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  errorId?: string;
  error?: string | null;
}) {
  return (
    <Field label={label} htmlFor={name} errorId={errorId} errors={error ? [error] : null}>
      <input
        id={name}
        name={name}
        type="date"
        defaultValue={value ?? ""}
        key={`${name}-${value}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass("compact")}
      />
    </Field>
  );
}
