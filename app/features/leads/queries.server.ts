import Database from "better-sqlite3";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, notInArray, or, type SQL, sql } from "drizzle-orm";

import * as serverClock from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema, type Tx } from "~/platform/db/client.server";
import { saoPauloDate } from "~/shared/dates";

import { escapeLike, type LeadFilters, NO_OWNER, NO_PROFILE, PAGE_SIZE, pageCount, searchTerms } from "./filters";
import { CLOSED_STATUSES, ENROLLED_STATUSES } from "./status";

/**
 * Data access of the admin panel: small named functions over the leads table, each one query.
 * Lists are paginated in SQL (LIMIT/OFFSET on the (data_criacao, criado_em) index) and counted
 * with COUNT(*), so the panel never loads every lead; the export iterates row by row.
 */
const leads = schema.leads;

/**
 * Which owners' leads a viewer sees besides the unowned ones (null: every lead). Decided by
 * `leadWallOf` (walls.server.ts); every query over a selection of leads keeps inside it.
 */
export type LeadWall = { ownerIds: number[] } | null;

/** The panel's filters, and the wall of whoever runs them (none given: every lead). */
export type WalledLeadFilters = LeadFilters & { wall?: LeadWall };

/**
 * The wall as SQL. `walkDateIndex`: written so SQLite cannot use the owner index (`+col`), as the
 * filters below are, so a comercial user's page walks the date index and stops after one page.
 */
function wallCondition(wall: LeadWall | undefined, walkDateIndex: boolean): SQL | undefined {
  if (!wall) return undefined;
  if (walkDateIndex) {
    const ids = sql.join(
      wall.ownerIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return wall.ownerIds.length
      ? sql`(+${leads.owner_id} IS NULL OR +${leads.owner_id} IN (${ids}))`
      : sql`+${leads.owner_id} IS NULL`;
  }
  return wall.ownerIds.length ? or(isNull(leads.owner_id), inArray(leads.owner_id, wall.ownerIds)) : isNull(leads.owner_id);
}

/**
 * "Atrasado" in SQL, the same rule as `isLeadLate` (app/lib/leads/late.ts, decision 142): still open,
 * and either the first contact past its due time or the next contact due before today (São Paulo).
 */
export function lateLeadCondition(now: Date): SQL {
  // Each branch names its index (leads_waiting_idx, leads_proximo_contato_idx), so SQLite answers
  // the OR from two index searches instead of reading every lead.
  return or(
    and(waitingLeadCondition(), lte(leads.first_contact_due_at, now.toISOString())),
    and(lt(leads.proximo_contato, saoPauloDate(now)), notInArray(leads.status, [...CLOSED_STATUSES])),
  )!;
}

/**
 * The panel's "Aguardando primeiro contato": leads with a due time and no contact that reached the
 * person, whatever their status short of an enrolment (decision 140).
 */
export function waitingLeadCondition(): SQL {
  return and(
    notInArray(leads.status, [...ENROLLED_STATUSES]),
    isNull(leads.first_contact_at),
    isNotNull(leads.first_contact_due_at),
  )!;
}

/**
 * The WHERE clause for the panel's search and filters (undefined = every lead).
 * `walkDateIndex`: write the origin and profile tests so SQLite cannot use their indexes (`+col`),
 * which makes it walk the (data_criacao, criado_em) index in display order and stop after one page.
 * `now`: the instant that decides which leads are "atrasados" (the server clock unless given).
 */
export function leadConditions(
  filters: WalledLeadFilters,
  { walkDateIndex = false, now = serverClock.now() }: { walkDateIndex?: boolean; now?: Date } = {},
): SQL | undefined {
  const conditions: SQL[] = [];
  const wall = wallCondition(filters.wall, walkDateIndex);
  if (wall) conditions.push(wall);
  // Each word must appear in the normalised `busca` column (name, e-mail, phone, city, course, polo).
  for (const term of searchTerms(filters.busca)) {
    conditions.push(sql`${leads.busca} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
  }
  if (filters.origem) {
    conditions.push(walkDateIndex ? sql`+${leads.origem} = ${filters.origem}` : eq(leads.origem, filters.origem));
  }
  if (filters.perfil === NO_PROFILE) {
    conditions.push(walkDateIndex ? sql`+${leads.perfil_resultado} IS NULL` : isNull(leads.perfil_resultado));
  } else if (filters.perfil) {
    conditions.push(
      walkDateIndex ? sql`+${leads.perfil_resultado} = ${filters.perfil}` : eq(leads.perfil_resultado, filters.perfil),
    );
  }
  if (filters.status) {
    conditions.push(walkDateIndex ? sql`+${leads.status} = ${filters.status}` : eq(leads.status, filters.status));
  }
  // Atrasados: first contact past due or next contact before today, still open (decision 142).
  if (filters.atrasados) conditions.push(lateLeadCondition(now));
  if (filters.aguardando) conditions.push(waitingLeadCondition());
  // The owner ("Meus leads" is the signed-in user's id), or the leads with no owner.
  if (filters.responsavel === NO_OWNER) {
    conditions.push(walkDateIndex ? sql`+${leads.owner_id} IS NULL` : isNull(leads.owner_id));
  } else if (filters.responsavel) {
    conditions.push(walkDateIndex ? sql`+${leads.owner_id} = ${filters.responsavel}` : eq(leads.owner_id, filters.responsavel));
  }
  if (filters.de) conditions.push(gte(leads.data_criacao, filters.de));
  if (filters.ate) conditions.push(lte(leads.data_criacao, filters.ate));
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first: creation date, then the full creation instant, then id. */
const newestFirst = [desc(leads.data_criacao), desc(leads.criado_em), desc(leads.id)];
/** The same order, written so no index serves it: SQLite finds the matches first, then sorts them. */
const newestFirstSorted = [sql`+${leads.data_criacao} DESC`, desc(leads.criado_em), desc(leads.id)];

export function countAllLeads(): number {
  return db.select({ n: count() }).from(leads).get()?.n ?? 0;
}

/**
 * How to read the matching leads newest first, given how many match. When the matches are a good
 * share of all leads, walking the date index in order finds a page after a few rows. When they are
 * rare (a search for one name), that walk would visit almost every row through the index, so it is
 * faster to find the matches (full scan or origin/profile index) and sort those few.
 */
export function leadQueryPlan(filters: LeadFilters, matches: number, now: Date = serverClock.now()) {
  const sparse = matches * 10 < countAllLeads();
  return sparse
    ? { where: leadConditions(filters, { now }), orderBy: newestFirstSorted }
    : { where: leadConditions(filters, { walkDateIndex: true, now }), orderBy: newestFirst };
}

/** The columns the panel's table shows. */
const panelColumns = {
  id: leads.id,
  origem: leads.origem,
  nome: leads.nome,
  telefone: leads.telefone,
  email: leads.email,
  cidade: leads.cidade,
  curso_interesse: leads.curso_interesse,
  polo: leads.polo,
  data_criacao: leads.data_criacao,
  criado_em: leads.criado_em,
  perfil_trabalho: leads.perfil_trabalho,
  area_atuacao: leads.area_atuacao,
  satisfacao_area: leads.satisfacao_area,
  objetivo_carreira: leads.objetivo_carreira,
  area_desejada: leads.area_desejada,
  perfil_resultado: leads.perfil_resultado,
  teste_concluido_em: leads.teste_concluido_em,
  status: leads.status,
  motivo_perda: leads.motivo_perda,
  proximo_contato: leads.proximo_contato,
  owner_id: leads.owner_id,
  first_contact_due_at: leads.first_contact_due_at,
  first_contact_at: leads.first_contact_at,
};

export function countLeads(filters: LeadFilters, now: Date = serverClock.now()): number {
  return db.select({ n: count() }).from(leads).where(leadConditions(filters, { now })).get()?.n ?? 0;
}

/** One page of leads, newest first, and the totals to paginate. A page past the end shows the last one. */
export function listLeadsPage(filters: LeadFilters, pageSize: number = PAGE_SIZE, now: Date = serverClock.now()) {
  const total = countLeads(filters, now);
  const pages = pageCount(total, pageSize);
  const page = Math.min(filters.pagina, pages);
  const plan = leadQueryPlan(filters, total, now);
  const rows = db
    .select(panelColumns)
    .from(leads)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { rows, total, page, pages, pageSize };
}

export type PanelLead = ReturnType<typeof listLeadsPage>["rows"][number];

/** The result profiles present in the database (for the filter's options). */
export function distinctResultProfiles(): string[] {
  return db
    .selectDistinct({ perfil: leads.perfil_resultado })
    .from(leads)
    .where(isNotNull(leads.perfil_resultado))
    .all()
    .map((row) => row.perfil!)
    .sort();
}

/** Every column of the leads table, for the export. */
export type ExportLead = typeof schema.leads.$inferSelect;

/**
 * Iterates the matching leads, newest first, one row at a time, on a separate read-only
 * connection: a long export neither holds the site's connection busy (better-sqlite3 cannot run
 * other statements on a connection while an iterator is open) nor sees half of a later write
 * (one read transaction, a consistent snapshot under WAL). The connection closes when the
 * iteration ends or is abandoned (`return()`).
 */
export function* iterateLeadsForExport(filters: LeadFilters): Generator<ExportLead> {
  const plan = leadQueryPlan(filters, countLeads(filters));
  const query = db
    .select()
    .from(leads)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .toSQL();
  const reader = new Database(config.databasePath, { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    const statement = reader.prepare(query.sql);
    yield* statement.iterate(...query.params) as IterableIterator<ExportLead>;
  } finally {
    reader.close();
  }
}

/**
 * What the dashboard needs, from one grouped scan of the last `days` days:
 * counts per (date, origin, result profile, test completed).
 */
export function leadActivitySince(firstDate: string) {
  return db
    .select({
      date: leads.data_criacao,
      origem: leads.origem,
      perfil: leads.perfil_resultado,
      concluded: sql<number>`${leads.teste_concluido_em} IS NOT NULL`.as("concluded"),
      n: count(),
    })
    .from(leads)
    .where(gte(leads.data_criacao, firstDate))
    .groupBy(leads.data_criacao, leads.origem, leads.perfil_resultado, sql`concluded`)
    .all();
}

export type LeadActivityRow = ReturnType<typeof leadActivitySince>[number];

/**
 * How many leads are in each follow-up status, among those matching the filters (the page number is
 * irrelevant): the dashboard's funnel. Totals only, no person's data.
 */
export function countLeadsByStatus(filters: LeadFilters, now: Date = serverClock.now()): Record<string, number> {
  const rows = db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(leadConditions(filters, { now }))
    .groupBy(leads.status)
    .all();
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/**
 * The name and phone of every lead the filters select, newest first (the panel's order): what a
 * hand-off to the WhatsApp tool needs (app/server/whatsapp/handoff.server.ts), nothing else.
 */
export function leadPhonesOfSelection(filters: LeadFilters, now: Date = serverClock.now()) {
  const plan = leadQueryPlan(filters, countLeads(filters, now), now);
  return db
    .select({ id: leads.id, nome: leads.nome, telefone: leads.telefone })
    .from(leads)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .all();
}

/** The tables of a lead's follow-up, one row per event: status changes, notes, contact attempts. */
type LeadHistoryTable = typeof schema.leadStatusChanges | typeof schema.leadNotes | typeof schema.leadContactAttempts;

/** A lead's rows of one of its follow-up tables, oldest first. */
export function leadHistory<T extends LeadHistoryTable>(table: T, leadId: number) {
  return db.select().from(table).where(eq(table.leadId, leadId)).orderBy(asc(table.id)).all();
}

/** The ids of the leads matching the panel's filters that `differs` selects: a bulk change's leads. */
export function selectionIds(tx: Tx, filters: LeadFilters, differs: SQL, now: Date): number[] {
  return tx
    .select({ id: schema.leads.id })
    .from(schema.leads)
    .where(and(leadConditions(filters, { now }), differs))
    .all()
    .map((row) => row.id);
}

/** How many leads matching the panel's filters `differs` selects (a bulk change's confirmation step). */
export function countSelection(filters: LeadFilters, differs: SQL, now: Date): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(schema.leads)
      .where(and(leadConditions(filters, { now }), differs))
      .get()?.n ?? 0
  );
}

/** How many leads chose a course (by its name), and how many of them are still open (not matriculado nor perdido). */
export function courseLeadCounts(courseName: string): { total: number; open: number } {
  const row = db
    .select({
      total: sql<number>`count(*)`,
      open: sql<number>`coalesce(sum(case when ${notInArray(schema.leads.status, [...CLOSED_STATUSES])} then 1 else 0 end), 0)`,
    })
    .from(schema.leads)
    .where(eq(schema.leads.curso_interesse, courseName))
    .get();
  return { total: row?.total ?? 0, open: row?.open ?? 0 };
}
