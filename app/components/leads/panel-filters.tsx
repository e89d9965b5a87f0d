import { Search, UserCheck } from "lucide-react";
import { Form, Link } from "react-router";

import { Field, LabelOptions, SubmitButton, useIsPending } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import {
  hasActiveFilters,
  type LeadFilters,
  leadFiltersQuery,
  NO_OWNER,
  NO_OWNER_LABEL,
  NO_PROFILE,
  profileLabel,
} from "~/lib/leads/filters";
import { LEAD_STATUSES } from "~/lib/leads/status";

import type { OwnerChoice } from "./owner-select";

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
  const field = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
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
            className={field}
          />
        </Field>
        <Field label="Origem" htmlFor="origem">
          <select id="origem" name="origem" defaultValue={filters.origem ?? ""} key={filters.origem ?? ""} className={field}>
            <option value="">Todas</option>
            <LabelOptions labels={originLabels} />
          </select>
        </Field>
        <Field label="Perfil do resultado" htmlFor="perfil">
          <select id="perfil" name="perfil" defaultValue={filters.perfil ?? ""} key={filters.perfil ?? ""} className={field}>
            <option value="">Todos</option>
            {profiles.map((key) => (
              <option key={key} value={key}>
                {profileLabel(key)}
              </option>
            ))}
            <option value={NO_PROFILE}>Sem resultado</option>
          </select>
        </Field>
        <Field label="Status" htmlFor="status">
          <select id="status" name="status" defaultValue={filters.status ?? ""} key={filters.status ?? ""} className={field}>
            <option value="">Todos</option>
            <LabelOptions labels={LEAD_STATUSES} />
          </select>
        </Field>
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
        </div>
        <Field label="De" htmlFor="de">
          <input id="de" name="de" type="date" defaultValue={filters.de ?? ""} key={`de-${filters.de}`} className={field} />
        </Field>
        <Field label="Até" htmlFor="ate">
          <input id="ate" name="ate" type="date" defaultValue={filters.ate ?? ""} key={`ate-${filters.ate}`} className={field} />
        </Field>
        <Field label="Responsável" htmlFor="responsavel" className="sm:col-span-2">
          <select
            id="responsavel"
            name="responsavel"
            defaultValue={filters.responsavel === null ? "" : String(filters.responsavel)}
            key={`responsavel-${filters.responsavel}`}
            className={field}
          >
            <option value="">Todos</option>
            <option value={NO_OWNER}>{NO_OWNER_LABEL}</option>
            {owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.email}
              </option>
            ))}
          </select>
        </Field>
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
