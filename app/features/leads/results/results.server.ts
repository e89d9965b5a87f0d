import { and, eq, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";

import { activeCourses } from "~/features/courses/courses.server";
import { REACHING_OUTCOMES } from "~/features/leads/contact";
import { businessCalendar } from "~/features/leads/distribution/assign.server";
import { exactBusinessMinutesBetween } from "~/features/leads/distribution/business-hours";
import { NO_OWNER_LABEL } from "~/features/leads/filters";
import { LEAD_ORIGINS } from "~/features/leads/origins";
import type { Role } from "~/features/staff/roles";
import * as serverClock from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";
import { PRIVATE_PAGE_HEADERS } from "~/shared/cache-headers";
import { saoPauloDate } from "~/shared/dates";

import {
  buildResults,
  buildSourceCampaign,
  ENROLMENT_STATUSES,
  isEnrolledStatus,
  parseResultsQuery,
  type PeriodEnrolment,
  RESULT_CREDITS,
  RESULT_DIMENSIONS,
  type ResultCredit,
  type ResultDimension,
  type ResultLead,
  RESULTS_CSV_FILE_NAME,
  resultsCsv,
  type ResultsQuery,
  shiftDate,
} from "./results";

/**
 * "Resultados" (decision 089): for a period, per campaign (utm_source, utm_medium, utm_campaign),
 * form, polo, course area or owner, how many leads came, were contacted and how fast, enrolled,
 * matriculated and were lost; beside them the enrolments that happened in the period, whenever
 * their leads came, and the leads crossed by source and campaign. No name, e-mail or phone is read:
 * marketing sees it whole; a comercial user sees the leads credited to her (owned now, or first
 * reached by her, as the page's `credito` says: decision 145); the owner grouping is the admin's.
 */

export type ResultsViewer = { id: number; email: string; role: Role };

/** The groupings a role may choose: the owner's only for the admin. */
export function dimensionsFor(role: Role): ResultDimension[] {
  return (Object.keys(RESULT_DIMENSIONS) as ResultDimension[]).filter((key) => key !== "responsavel" || role === "admin");
}

const leads = schema.leads;

/** The staff e-mail of the lead's earliest contact attempt that reached the person (decision 140), or null. */
const firstContactBy = sql<string | null>`(
  select a.by from ${schema.leadContactAttempts} a
  where a.lead_id = ${leads.id} and a.outcome in (${sql.join(
    REACHING_OUTCOMES.map((outcome) => sql`${outcome}`),
    sql`, `,
  )})
  order by a.at, a.id limit 1
)`;

/** Whom a lead is credited to: its owner now, or who first reached the person. */
const creditedTo = (row: Pick<Row, "ownerEmail" | "firstContactBy">, credit: ResultCredit) =>
  credit === "primeiro_contato" ? row.firstContactBy : row.ownerEmail;

function keyReader(by: ResultDimension, credit: ResultCredit): (row: Row) => string {
  if (by === "origem") return (row) => LEAD_ORIGINS[row.origem as keyof typeof LEAD_ORIGINS] ?? row.origem;
  if (by === "responsavel") return (row) => creditedTo(row, credit) ?? (credit === "responsavel" ? NO_OWNER_LABEL : "");
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
  ownerId: number | null;
  ownerEmail: string | null;
  firstContactBy: string | null;
  status: string;
  motivo_perda: string | null;
  criado_em: string;
  first_contact_at: string | null;
  first_contact_due_at: string | null;
};

const ROW_COLUMNS = {
  origem: leads.origem,
  polo: leads.polo,
  curso_interesse: leads.curso_interesse,
  area_desejada: leads.area_desejada,
  utm_source: leads.utm_source,
  utm_medium: leads.utm_medium,
  utm_campaign: leads.utm_campaign,
  ownerId: leads.owner_id,
  ownerEmail: schema.adminUsers.email,
  firstContactBy,
  status: leads.status,
  motivo_perda: leads.motivo_perda,
  criado_em: leads.criado_em,
  first_contact_at: leads.first_contact_at,
  first_contact_due_at: leads.first_contact_due_at,
};

/** The rows this viewer's report counts: a comercial user's are the leads credited to her (her own, or those she first reached). */
function viewerRows<T extends Row>(rows: T[], query: ResultsQuery, viewer: ResultsViewer): T[] {
  if (viewer.role !== "comercial") return rows;
  if (query.credit === "primeiro_contato") return rows.filter((row) => row.firstContactBy === viewer.email);
  return rows.filter((row) => row.ownerId === viewer.id);
}

/** The period's leads (São Paulo dates, inclusive) as rows, for this viewer. */
function periodRows(query: ResultsQuery, viewer: ResultsViewer): Row[] {
  const conditions: SQL[] = [gte(leads.data_criacao, query.from), lte(leads.data_criacao, query.to)];
  if (viewer.role === "comercial" && query.credit === "responsavel") conditions.push(eq(leads.owner_id, viewer.id));
  const rows = db
    .select(ROW_COLUMNS)
    .from(leads)
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.id, leads.owner_id))
    .where(and(...conditions))
    .all();
  return viewerRows(rows, query, viewer);
}

/**
 * The enrolments that happened in the period (a status change to Inscrito or Matriculado on a São
 * Paulo date of the period), whenever their leads arrived, grouped as the report is.
 */
function periodEnrolments(query: ResultsQuery, viewer: ResultsViewer): PeriodEnrolment[] {
  const changes = schema.leadStatusChanges;
  // A UTC window a day wider on each side; the São Paulo date of each change decides.
  const rows = db
    .select({ ...ROW_COLUMNS, leadId: changes.leadId, toStatus: changes.toStatus, changedAt: changes.changedAt })
    .from(changes)
    .innerJoin(leads, eq(leads.id, changes.leadId))
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.id, leads.owner_id))
    .where(
      and(
        inArray(changes.toStatus, ENROLMENT_STATUSES),
        gte(changes.changedAt, `${shiftDate(query.from, -1)}T00:00:00.000Z`),
        lt(changes.changedAt, `${shiftDate(query.to, 2)}T00:00:00.000Z`),
      ),
    )
    .all()
    .filter((row) => {
      const day = saoPauloDate(new Date(row.changedAt));
      return day >= query.from && day <= query.to;
    });
  const key = keyReader(query.by, query.credit);
  return viewerRows(rows, query, viewer).map((row) => ({
    leadId: row.leadId,
    key: key(row),
    matriculated: row.toStatus === "matriculado",
  }));
}

/** The facts of the period's leads, for this viewer. */
function resultLeads(rows: Row[], query: ResultsQuery): ResultLead[] {
  const key = keyReader(query.by, query.credit);
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
  const leadRows = periodRows(query, viewer);
  const { rows, total } = buildResults(resultLeads(leadRows, query), periodEnrolments(query, viewer));
  const sourceCampaign = buildSourceCampaign(
    leadRows.map((row) => ({
      source: row.utm_source ?? "",
      campaign: row.utm_campaign ?? "",
      enrolled: isEnrolledStatus(row.status),
    })),
  );
  return {
    query,
    error,
    credits: Object.entries(RESULT_CREDITS).map(([value, label]) => ({ value, label })),
    sourceCampaign,
    dimensions: dimensions.map((key) => ({ value: key, label: RESULT_DIMENSIONS[key] })),
    // A comercial user's report counts only the leads credited to her.
    ownOnly: viewer.role === "comercial",
    rows,
    total,
  };
}

/** The report as a CSV download (the same query and scope as the page). */
export function resultsCsvResponse(searchParams: URLSearchParams, viewer: ResultsViewer): Response {
  const report = resultsReport(searchParams, viewer);
  const name = RESULTS_CSV_FILE_NAME.replace(".csv", `-${report.query.by}-${report.query.from}-${report.query.to}.csv`);
  return new Response(resultsCsv(report.rows, report.total, report.query.credit), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      ...PRIVATE_PAGE_HEADERS,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
