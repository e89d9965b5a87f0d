/**
 * The "Resultados" report (decision 089), pure parts: which campaign, form, polo, area or owner
 * produced leads and enrolments in a period. The query travels in the URL (?de=&ate=&por=); the
 * server (app/features/leads/results/results.server.ts) reads the leads and hands their facts here.
 */
import { neutralizeFormula } from "../csv";
import { LOSS_REASONS, type LossReason } from "../status";

/** What a row of the report groups by: the URL's `por` value and its column title. */
export const RESULT_DIMENSIONS = {
  utm_source: "Origem (utm_source)",
  utm_medium: "Mídia (utm_medium)",
  utm_campaign: "Campanha (utm_campaign)",
  origem: "Formulário",
  polo: "Polo",
  area: "Área do curso",
  responsavel: "Responsável",
} as const;

export type ResultDimension = keyof typeof RESULT_DIMENSIONS;

/** A row whose field is empty: a lead with no UTM, no polo, no owner... */
export const EMPTY_KEY_LABEL = "(não informado)";

/** The period shown when the URL names none: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

export const PERIOD_ERROR = "Informe um período válido: datas no formato AAAA-MM-DD, a primeira antes da segunda.";

/**
 * Whom the owner grouping (and a comercial user's own report) credits: the lead's owner now, or the
 * staff user who made the first contact that reached the person (decision 140). The URL's `credito`.
 */
export const RESULT_CREDITS = {
  responsavel: "Responsável atual",
  primeiro_contato: "Quem fez o primeiro contato",
} as const;

export type ResultCredit = keyof typeof RESULT_CREDITS;

export function isResultCredit(value: unknown): value is ResultCredit {
  return typeof value === "string" && Object.hasOwn(RESULT_CREDITS, value);
}

export type ResultsQuery = { from: string; to: string; by: ResultDimension; credit: ResultCredit };

/** One lead's facts, as the report needs them (no name, e-mail or phone). */
export type ResultLead = {
  key: string;
  status: string;
  lossReason: string | null;
  /** Business minutes from arrival to the first contact (decision 087), or null: not contacted. */
  firstContactMinutes: number | null;
  /** The first contact happened by its due time. */
  withinTarget: boolean;
};

/**
 * An enrolment that happened in the period (a change to Inscrito or Matriculado there), whenever
 * its lead arrived: `key` is the lead's group, `matriculated` that the change was to Matriculado.
 * One per lead and kind: a lead enrolled twice in the period counts once.
 */
export type PeriodEnrolment = { leadId: number; key: string; matriculated: boolean };

export type ResultRow = {
  key: string;
  leads: number;
  contacted: number;
  contactedPercent: number;
  medianMinutes: number | null;
  /** The median of the enrolled leads (Inscrito or Matriculado) alone: how fast the leads that enrolled were reached. */
  enrolledMedianMinutes: number | null;
  p90Minutes: number | null;
  withinTargetPercent: number | null;
  enrolled: number;
  matriculated: number;
  conversionPercent: number;
  lost: number;
  lostReasons: { reason: string; count: number }[];
  /** Leads whose status became Inscrito or Matriculado in the period, whenever they arrived. */
  enrolledInPeriod: number;
  /** Leads whose status became Matriculado in the period, whenever they arrived. */
  matriculatedInPeriod: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** YYYY-MM-DD plus or minus whole days. */
export function shiftDate(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isResultDimension(value: unknown): value is ResultDimension {
  return typeof value === "string" && Object.hasOwn(RESULT_DIMENSIONS, value);
}

/**
 * Reads ?de=&ate=&por=&credito= (São Paulo dates, inclusive). Missing dates: the last
 * DEFAULT_PERIOD_DAYS days up to `today`; an unknown `por`: utm_campaign (or the first of
 * `allowed`); an unknown `credito`: the current owner. A malformed or reversed period is an error
 * with its pt-BR message, and the default period is shown.
 */
export function parseResultsQuery(
  params: URLSearchParams,
  today: string,
  allowed: readonly ResultDimension[],
): { query: ResultsQuery; error: string | null } {
  const by = params.get("por") ?? "";
  const chosen: ResultDimension =
    isResultDimension(by) && allowed.includes(by) ? by : allowed.includes("utm_campaign") ? "utm_campaign" : allowed[0];
  const credito = params.get("credito");
  const credit: ResultCredit = isResultCredit(credito) ? credito : "responsavel";
  const fallback = { from: shiftDate(today, -(DEFAULT_PERIOD_DAYS - 1)), to: today };
  const from = params.get("de")?.trim() || fallback.from;
  const to = params.get("ate")?.trim() || fallback.to;
  if (!validDate(from) || !validDate(to) || from > to) return { query: { ...fallback, by: chosen, credit }, error: PERIOD_ERROR };
  return { query: { from, to, by: chosen, credit }, error: null };
}

/** The query string of a report (the CSV link, the dimension links). */
export function resultsQueryString(query: ResultsQuery): string {
  const params = new URLSearchParams({ de: query.from, ate: query.to, por: query.by });
  if (query.credit !== "responsavel") params.set("credito", query.credit);
  return `?${params.toString()}`;
}

/** Nearest-rank percentile of sorted numbers (null for none). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

const rounded = (value: number | null) => (value === null ? null : Math.round(value));

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A lead reached Inscrito when it is Inscrito or Matriculado now (a matriculated lead enrolled first). */
const ENROLLED = new Set(["inscrito", "matriculado"]);

function rowOf(key: string, leads: ResultLead[], happened: readonly PeriodEnrolment[]): ResultRow {
  const minutes = leads
    .map((lead) => lead.firstContactMinutes)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  // Only a contact that reached the person counts (decision 140), never a status.
  const contacted = leads.filter((lead) => lead.firstContactMinutes !== null).length;
  const lost = leads.filter((lead) => lead.status === "perdido");
  const reasons = new Map<string, number>();
  for (const lead of lost) {
    const reason =
      lead.lossReason && Object.hasOwn(LOSS_REASONS, lead.lossReason)
        ? LOSS_REASONS[lead.lossReason as LossReason]
        : EMPTY_KEY_LABEL;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const matriculated = leads.filter((lead) => lead.status === "matriculado").length;
  const enrolledMinutes = leads
    .filter((lead) => ENROLLED.has(lead.status))
    .map((lead) => lead.firstContactMinutes)
    .filter((value): value is number => value !== null)
    .sort((a, b) => a - b);
  return {
    key,
    leads: leads.length,
    contacted,
    contactedPercent: percent(contacted, leads.length),
    medianMinutes: rounded(percentile(minutes, 50)),
    enrolledMedianMinutes: rounded(percentile(enrolledMinutes, 50)),
    p90Minutes: rounded(percentile(minutes, 90)),
    withinTargetPercent: minutes.length === 0 ? null : percent(leads.filter((lead) => lead.withinTarget).length, minutes.length),
    enrolled: leads.filter((lead) => ENROLLED.has(lead.status)).length,
    matriculated,
    conversionPercent: percent(matriculated, leads.length),
    lost: lost.length,
    lostReasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    enrolledInPeriod: new Set(happened.map((each) => each.leadId)).size,
    matriculatedInPeriod: new Set(happened.filter((each) => each.matriculated).map((each) => each.leadId)).size,
  };
}

const groupKey = (key: string) => key.trim() || EMPTY_KEY_LABEL;

/**
 * The report's rows, one per key (most leads first, then by name), and the total row. An empty key
 * is shown as EMPTY_KEY_LABEL. The period's enrolments sit beside the arrivals' figures: a group
 * with enrolments in the period and no lead arrived in it still has its row.
 */
export function buildResults(
  leads: readonly ResultLead[],
  happened: readonly PeriodEnrolment[] = [],
): { rows: ResultRow[]; total: ResultRow } {
  const groups = new Map<string, { leads: ResultLead[]; happened: PeriodEnrolment[] }>();
  const groupOf = (key: string) => {
    const found = groups.get(groupKey(key)) ?? { leads: [], happened: [] };
    groups.set(groupKey(key), found);
    return found;
  };
  for (const lead of leads) groupOf(lead.key).leads.push(lead);
  for (const each of happened) groupOf(each.key).happened.push(each);
  const rows = [...groups].map(([key, group]) => rowOf(key, group.leads, group.happened));
  rows.sort((a, b) => b.leads - a.leads || b.enrolledInPeriod - a.enrolledInPeriod || a.key.localeCompare(b.key, "pt-BR"));
  return { rows, total: rowOf("Total", [...leads], happened) };
}

/** One lead's source and campaign, and whether it enrolled (Inscrito or Matriculado now). */
export type SourceCampaignLead = { source: string; campaign: string; enrolled: boolean };

export type SourceCampaignCell = { leads: number; enrolled: number };

/**
 * The period's leads crossed by source (rows, utm_source) and campaign (columns, utm_campaign):
 * leads and inscritos in each cell. Most leads first; an empty value is EMPTY_KEY_LABEL.
 */
export function buildSourceCampaign(leads: readonly SourceCampaignLead[]): {
  campaigns: string[];
  rows: { source: string; cells: Record<string, SourceCampaignCell>; total: SourceCampaignCell }[];
} {
  const campaignTotals = new Map<string, number>();
  const bySource = new Map<string, { cells: Record<string, SourceCampaignCell>; total: SourceCampaignCell }>();
  for (const lead of leads) {
    const source = groupKey(lead.source);
    const campaign = groupKey(lead.campaign);
    campaignTotals.set(campaign, (campaignTotals.get(campaign) ?? 0) + 1);
    const row = bySource.get(source) ?? { cells: {}, total: { leads: 0, enrolled: 0 } };
    bySource.set(source, row);
    const cell = (row.cells[campaign] ??= { leads: 0, enrolled: 0 });
    for (const counted of [cell, row.total]) {
      counted.leads += 1;
      if (lead.enrolled) counted.enrolled += 1;
    }
  }
  const campaigns = [...campaignTotals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "pt-BR"))
    .map(([campaign]) => campaign);
  const rows = [...bySource]
    .map(([source, row]) => ({ source, ...row }))
    .sort((a, b) => b.total.leads - a.total.leads || a.source.localeCompare(b.source, "pt-BR"));
  return { campaigns, rows };
}

/** A lead reached Inscrito (it is Inscrito or Matriculado now). */
export function isEnrolledStatus(status: string): boolean {
  return ENROLLED.has(status);
}

/** The statuses whose change counts as an enrolment that happened. */
export const ENROLMENT_STATUSES = [...ENROLLED];

export const RESULTS_CSV_COLUMNS = [
  "grupo",
  "leads",
  "contatados",
  "contatados_pct",
  "mediana_min_primeiro_contato",
  "p90_min_primeiro_contato",
  "no_prazo_pct",
  "inscritos",
  "matriculados",
  "conversao_pct",
  "perdidos",
  "motivos_perda",
  "mediana_min_primeiro_contato_inscritos",
  "inscritos_no_periodo",
  "matriculados_no_periodo",
  "creditado_a",
] as const;

const number = (value: number | null) => (value === null ? "" : String(value).replace(".", ","));

/** The report as CSV text (semicolons, pt-BR decimals, a BOM for spreadsheets, formulas neutralised). */
export function resultsCsv(rows: readonly ResultRow[], total: ResultRow, credit: ResultCredit = "responsavel"): string {
  const lines = [RESULTS_CSV_COLUMNS.join(";")];
  for (const row of [...rows, total]) {
    const cells = [
      neutralizeFormula(row.key),
      String(row.leads),
      String(row.contacted),
      number(row.contactedPercent),
      number(row.medianMinutes),
      number(row.p90Minutes),
      number(row.withinTargetPercent),
      String(row.enrolled),
      String(row.matriculated),
      number(row.conversionPercent),
      String(row.lost),
      neutralizeFormula(row.lostReasons.map((each) => `${each.reason}: ${each.count}`).join(", ")),
      number(row.enrolledMedianMinutes),
      String(row.enrolledInPeriod),
      String(row.matriculatedInPeriod),
      RESULT_CREDITS[credit],
    ];
    lines.push(cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(";"));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export const RESULTS_CSV_FILE_NAME = "resultados.csv";
