/**
 * The "Resultados" report (decision 089), pure parts: which campaign, form, polo, area or owner
 * produced leads and enrolments in a period. The query travels in the URL (?de=&ate=&por=); the
 * server (app/server/leads/results.server.ts) reads the leads and hands their facts here.
 */
import { neutralizeFormula } from "./csv";
import { LOSS_REASONS, type LossReason } from "./status";

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

export type ResultsQuery = { from: string; to: string; by: ResultDimension };

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
 * Reads ?de=&ate=&por= (São Paulo dates, inclusive). Missing dates: the last DEFAULT_PERIOD_DAYS
 * days up to `today`; an unknown `por`: utm_campaign (or the first of `allowed`). A malformed or
 * reversed period is an error with its pt-BR message, and the default period is shown.
 */
export function parseResultsQuery(
  params: URLSearchParams,
  today: string,
  allowed: readonly ResultDimension[],
): { query: ResultsQuery; error: string | null } {
  const by = params.get("por") ?? "";
  const chosen: ResultDimension =
    isResultDimension(by) && allowed.includes(by) ? by : allowed.includes("utm_campaign") ? "utm_campaign" : allowed[0];
  const fallback = { from: shiftDate(today, -(DEFAULT_PERIOD_DAYS - 1)), to: today };
  const from = params.get("de")?.trim() || fallback.from;
  const to = params.get("ate")?.trim() || fallback.to;
  if (!validDate(from) || !validDate(to) || from > to) return { query: { ...fallback, by: chosen }, error: PERIOD_ERROR };
  return { query: { from, to, by: chosen }, error: null };
}

/** The query string of a report (the CSV link, the dimension links). */
export function resultsQueryString(query: ResultsQuery): string {
  return `?${new URLSearchParams({ de: query.from, ate: query.to, por: query.by }).toString()}`;
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

function rowOf(key: string, leads: ResultLead[]): ResultRow {
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
  };
}

/**
 * The report's rows, one per key (most leads first, then by name), and the total row. An empty key
 * is shown as EMPTY_KEY_LABEL.
 */
export function buildResults(leads: readonly ResultLead[]): { rows: ResultRow[]; total: ResultRow } {
  const groups = new Map<string, ResultLead[]>();
  for (const lead of leads) {
    const key = lead.key.trim() || EMPTY_KEY_LABEL;
    groups.set(key, [...(groups.get(key) ?? []), lead]);
  }
  const rows = [...groups].map(([key, group]) => rowOf(key, group));
  rows.sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key, "pt-BR"));
  return { rows, total: rowOf("Total", [...leads]) };
}

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
] as const;

const number = (value: number | null) => (value === null ? "" : String(value).replace(".", ","));

/** The report as CSV text (semicolons, pt-BR decimals, a BOM for spreadsheets, formulas neutralised). */
export function resultsCsv(rows: readonly ResultRow[], total: ResultRow): string {
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
    ];
    lines.push(cells.map((cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(";"));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export const RESULTS_CSV_FILE_NAME = "resultados.csv";
