/**
 * The admin panel's search and filters, as they travel in the URL
 * (?busca=&origem=&perfil=&status=&atrasados=1&aguardando=1&responsavel=&de=&ate=&pagina=).
 * Pure: the panel's loader, the CSV export and the links of the page all use these functions.
 */
import { RESULT_TITLES } from "~/features/vocational/result-titles.seed";
import { normalizeText } from "~/shared/text";

import { isLeadStatus, type LeadStatus, statusLabel } from "./status";

/**
 * Result profiles of the vocational test (the result page each profile leads to), with their titles.
 * From the small titles module, not content/profiles.ts: that would put the course catalogue in the
 * admin panel's bundle.
 */
export const RESULT_PROFILE_LABELS: Record<string, string> = { ...RESULT_TITLES };

/** The 'perfil' filter value for leads that have no test result. */
export const NO_PROFILE = "sem_resultado";

/** The 'responsavel' filter value for leads that have no owner ("Sem responsável"). */
export const NO_OWNER = "sem";

/** How the panel, the forms and the history name "no owner". */
export const NO_OWNER_LABEL = "Sem responsável";

export const PAGE_SIZE = 25;

export type LeadFilters = {
  /** Free text, as typed (trimmed); empty = no search. */
  busca: string;
  origem: string | null;
  /** A profile key, NO_PROFILE, or null for all. */
  perfil: string | null;
  /** A follow-up status key (lib/lead-status.ts), or null for all. */
  status: LeadStatus | null;
  /**
   * Only the "atrasados" (decision 142, app/features/leads/distribution/late.ts): still open, and the first contact
   * past its due time or the next-contact date before today (São Paulo).
   */
  atrasados: boolean;
  /** Only the leads waiting for their first contact (the panel's "Aguardando primeiro contato"). */
  aguardando: boolean;
  /** The owner's user id ("Meus leads" is the signed-in user's id), NO_OWNER, or null for all. */
  responsavel: number | typeof NO_OWNER | null;
  /** Inclusive YYYY-MM-DD bounds on data_criacao. */
  de: string | null;
  ate: string | null;
  pagina: number;
};

export const EMPTY_FILTERS: LeadFilters = {
  busca: "",
  origem: null,
  perfil: null,
  status: null,
  atrasados: false,
  aguardando: false,
  responsavel: null,
  de: null,
  ate: null,
  pagina: 1,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string | null): string | null {
  if (!value || !DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

function key(value: string | null, allowed: (v: string) => boolean): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed && allowed(trimmed) ? trimmed : null;
}

/** An owner filter: a positive user id or NO_OWNER; anything else is no filter. */
function ownerFilter(value: string | null): LeadFilters["responsavel"] {
  const trimmed = value?.trim() ?? "";
  if (trimmed === NO_OWNER) return NO_OWNER;
  if (!/^[1-9]\d{0,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * Reads the filters from a query string; anything invalid is ignored (never an error).
 * `origins` are the valid origin keys (LEAD_ORIGINS).
 */
export function parseLeadFilters(params: URLSearchParams, origins: readonly string[]): LeadFilters {
  const busca = (params.get("busca") ?? "").trim().slice(0, 200);
  const origem = key(params.get("origem"), (v) => origins.includes(v));
  const perfil = key(params.get("perfil"), (v) => v === NO_PROFILE || /^[a-z_]{1,40}$/.test(v));
  const status = key(params.get("status"), isLeadStatus) as LeadStatus | null;
  const atrasados = params.get("atrasados") === "1";
  const aguardando = params.get("aguardando") === "1";
  const responsavel = ownerFilter(params.get("responsavel"));
  let de = validDate(params.get("de"));
  let ate = validDate(params.get("ate"));
  if (de && ate && de > ate) [de, ate] = [ate, de];
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  const pagina = Number.isFinite(page) && page >= 1 ? Math.min(page, 1_000_000) : 1;
  return { busca, origem, perfil, status, atrasados, aguardando, responsavel, de, ate, pagina };
}

/** The query string for these filters (page 1 is left out); empty values are left out. */
export function leadFiltersToParams(filters: Partial<LeadFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.busca) params.set("busca", filters.busca);
  if (filters.origem) params.set("origem", filters.origem);
  if (filters.perfil) params.set("perfil", filters.perfil);
  if (filters.status) params.set("status", filters.status);
  if (filters.atrasados) params.set("atrasados", "1");
  if (filters.aguardando) params.set("aguardando", "1");
  if (filters.responsavel) params.set("responsavel", String(filters.responsavel));
  if (filters.de) params.set("de", filters.de);
  if (filters.ate) params.set("ate", filters.ate);
  if (filters.pagina && filters.pagina > 1) params.set("pagina", String(filters.pagina));
  return params;
}

/** "?a=b" or "" for a set of filters. */
export function leadFiltersQuery(filters: Partial<LeadFilters>): string {
  const query = leadFiltersToParams(filters).toString();
  return query ? `?${query}` : "";
}

export function hasActiveFilters(filters: LeadFilters): boolean {
  return Boolean(
    filters.busca ||
    filters.origem ||
    filters.perfil ||
    filters.status ||
    filters.atrasados ||
    filters.aguardando ||
    filters.responsavel ||
    filters.de ||
    filters.ate,
  );
}

/** The search words, each normalised like the `busca` column (lower case, no accents). */
export function searchTerms(busca: string): string[] {
  return normalizeText(busca).split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Escapes a term for `LIKE ... ESCAPE '\'`. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function profileLabel(perfil: string | null | undefined): string {
  if (!perfil) return "Sem resultado";
  return RESULT_PROFILE_LABELS[perfil] ?? perfil;
}

/**
 * The filters in words, for a confirmation page ("Origem: Teste vocacional · Status: Novo").
 * `originLabel` names an origin key; `ownerLabel` names an owner id (its e-mail).
 */
export function describeLeadFilters(
  filters: LeadFilters,
  { originLabel, ownerLabel }: { originLabel: (key: string) => string; ownerLabel: (id: number) => string },
): string[] {
  const parts: string[] = [];
  if (filters.busca) parts.push(`Busca: “${filters.busca}”`);
  if (filters.origem) parts.push(`Origem: ${originLabel(filters.origem)}`);
  if (filters.perfil) parts.push(`Perfil: ${profileLabel(filters.perfil === NO_PROFILE ? null : filters.perfil)}`);
  if (filters.status) parts.push(`Status: ${statusLabel(filters.status)}`);
  if (filters.atrasados) parts.push("Somente atrasados");
  if (filters.aguardando) parts.push("Aguardando primeiro contato");
  if (filters.responsavel === NO_OWNER) parts.push(`Responsável: ${NO_OWNER_LABEL}`);
  else if (filters.responsavel) parts.push(`Responsável: ${ownerLabel(filters.responsavel)}`);
  if (filters.de) parts.push(`De: ${filters.de.split("-").reverse().join("/")}`);
  if (filters.ate) parts.push(`Até: ${filters.ate.split("-").reverse().join("/")}`);
  return parts;
}
