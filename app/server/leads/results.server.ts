import { and, eq, gte, lte, type SQL } from "drizzle-orm";

import { PRIVATE_PAGE_HEADERS } from "~/lib/cache-headers";
import { saoPauloDate } from "~/lib/dates";
import { exactBusinessMinutesBetween } from "~/lib/leads/business-hours";
import { NO_OWNER_LABEL } from "~/lib/leads/filters";
import {
  buildResults,
  parseResultsQuery,
  RESULT_DIMENSIONS,
  type ResultDimension,
  type ResultLead,
  RESULTS_CSV_FILE_NAME,
  resultsCsv,
  type ResultsQuery,
} from "~/lib/leads/results";
import type { Role } from "~/lib/staff/roles";

import { activeCourses } from "../content/courses.server";
import { db, schema } from "../db/client.server";
import * as serverClock from "../platform/clock.server";
import { businessCalendar } from "./distribution.server";
import { LEAD_ORIGINS } from "./save.server";

/**
 * "Resultados" (decision 089): for a period, per campaign (utm_source, utm_medium, utm_campaign),
 * form, polo, course area or owner, how many leads came, were contacted and how fast, enrolled,
 * matriculated and were lost. No name, e-mail or phone is read: marketing sees it whole; a comercial
 * user sees the leads they own; the owner grouping is the admin's.
 */

export type ResultsViewer = { id: number; role: Role };

/** The groupings a role may choose: the owner's only for the admin. */
export function dimensionsFor(role: Role): ResultDimension[] {
  return (Object.keys(RESULT_DIMENSIONS) as ResultDimension[]).filter((key) => key !== "responsavel" || role === "admin");
}

const leads = schema.leads;

function keyReader(by: ResultDimension): (row: Row) => string {
  if (by === "origem") return (row) => LEAD_ORIGINS[row.origem as keyof typeof LEAD_ORIGINS] ?? row.origem;
  if (by === "responsavel") return (row) => row.ownerEmail ?? NO_OWNER_LABEL;
  if (by === "area") {
    const areas = new Map(activeCourses().map((course) => [course.name, course.area]));
    return (row) => areas.get(row.curso_interesse) ?? row.area_desejada;
  }
  return (row) => row[by] ?? "";
}

type Row = {
  origem: string;
  polo: string;
  curso_interesse: string;
  area_desejada: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  ownerEmail: string | null;
  status: string;
  motivo_perda: string | null;
  criado_em: string;
  first_contact_at: string | null;
  first_contact_due_at: string | null;
};

/** The facts of the period's leads (São Paulo dates, inclusive), for this viewer. */
function resultLeads(query: ResultsQuery, viewer: ResultsViewer): ResultLead[] {
  const conditions: SQL[] = [gte(leads.data_criacao, query.from), lte(leads.data_criacao, query.to)];
  if (viewer.role === "comercial") conditions.push(eq(leads.owner_id, viewer.id));
  const rows: Row[] = db
    .select({
      origem: leads.origem,
      polo: leads.polo,
      curso_interesse: leads.curso_interesse,
      area_desejada: leads.area_desejada,
      utm_source: leads.utm_source,
      utm_medium: leads.utm_medium,
      utm_campaign: leads.utm_campaign,
      ownerEmail: schema.adminUsers.email,
      status: leads.status,
      motivo_perda: leads.motivo_perda,
      criado_em: leads.criado_em,
      first_contact_at: leads.first_contact_at,
      first_contact_due_at: leads.first_contact_due_at,
    })
    .from(leads)
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.id, leads.owner_id))
    .where(and(...conditions))
    .all();
  const key = keyReader(query.by);
  const calendar = businessCalendar();
  return rows.map((row) => ({
    key: key(row),
    status: row.status,
    lossReason: row.motivo_perda,
    firstContactMinutes: row.first_contact_at
      ? exactBusinessMinutesBetween(new Date(row.criado_em), new Date(row.first_contact_at), calendar)
      : null,
    // A lead saved before the clock existed has no due time: never counted as within target.
    withinTarget:
      row.first_contact_at !== null && row.first_contact_due_at !== null && row.first_contact_at <= row.first_contact_due_at,
  }));
}

/** The page's data: the query (and its error), the groupings the viewer may choose, the rows and the total. */
export function resultsReport(searchParams: URLSearchParams, viewer: ResultsViewer, now: Date = serverClock.now()) {
  const dimensions = dimensionsFor(viewer.role);
  const { query, error } = parseResultsQuery(searchParams, saoPauloDate(now), dimensions);
  const { rows, total } = buildResults(resultLeads(query, viewer));
  return {
    query,
    error,
    dimensions: dimensions.map((key) => ({ value: key, label: RESULT_DIMENSIONS[key] })),
    // A comercial user's report counts only the leads they own.
    ownOnly: viewer.role === "comercial",
    rows,
    total,
  };
}

/** The report as a CSV download (the same query and scope as the page). */
export function resultsCsvResponse(searchParams: URLSearchParams, viewer: ResultsViewer): Response {
  const report = resultsReport(searchParams, viewer);
  const name = RESULTS_CSV_FILE_NAME.replace(".csv", `-${report.query.by}-${report.query.from}-${report.query.to}.csv`);
  return new Response(resultsCsv(report.rows, report.total), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      ...PRIVATE_PAGE_HEADERS,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
