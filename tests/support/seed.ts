// The one way tests put rows straight into a database: through the Drizzle schema of the app
// (app/platform/db/schema.ts), so a column added, renamed or given a default is written here once,
// not in every test. It takes the better-sqlite3 handle a test already has: the e2e server's file
// (openE2eDb), a process test's own database, or an integration test's.
// Relative imports (not `~/`): Playwright loads these files without the app's alias.
import { randomBytes } from "node:crypto";

import Database from "better-sqlite3";
import { getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";

import { hashPassword } from "../../app/features/staff/password.server";
import { adminUsers, leads } from "../../app/platform/db/schema";
import { saoPauloDate } from "../../app/shared/dates";
import { normalizeText } from "../../app/shared/text";

export type LeadRow = typeof leads.$inferInsert;

/** A word no other test run uses, for e-mails and search terms. */
export function uniqueToken(prefix = ""): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

/**
 * The search copy the app keeps of a lead (app/features/leads/save.server.ts): its name, e-mail, phone as
 * typed and as digits, city, course and polo, lower-case and without accents.
 */
export function leadSearchText(
  lead: Pick<LeadRow, "nome" | "email" | "telefone" | "cidade" | "curso_interesse" | "polo">,
): string {
  const digits = lead.telefone.replace(/\D/g, "");
  return normalizeText(
    [lead.nome, lead.email, lead.telefone, digits, lead.cidade, lead.curso_interesse, lead.polo].filter(Boolean).join(" | "),
  );
}

/**
 * A lead as the app stores one: a `contato` lead with a unique e-mail, created now (`criado_em`
 * and `atualizado_em`, its São Paulo day in `data_criacao`) and the app's search copy, unless the
 * overrides say otherwise.
 */
export function leadRow(overrides: Partial<LeadRow> = {}): LeadRow {
  const criado_em = overrides.criado_em ?? new Date().toISOString();
  const row = {
    origem: "contato",
    nome: "Pessoa de Teste",
    telefone: "(31)99999-0000",
    email: overrides.email ?? `${uniqueToken("lead.")}@example.com`,
    cidade: "",
    data_criacao: overrides.data_criacao ?? saoPauloDate(new Date(criado_em)),
    atualizado_em: criado_em,
    ...overrides,
    criado_em,
  };
  return { ...row, busca: overrides.busca ?? leadSearchText(row) };
}

/** One lead (see leadRow) in the database; returns its id. */
export function insertLead(db: Database.Database, overrides: Partial<LeadRow> = {}): number {
  return drizzle(db).insert(leads).values(leadRow(overrides)).returning({ id: leads.id }).get().id;
}

/**
 * Many leads (see leadRow) in one transaction; their ids in order. The statements are written from
 * the schema's column names and prepared once per set of columns: a panel-scale test seeds 100 000.
 */
export function insertLeads(db: Database.Database, rows: Iterable<Partial<LeadRow>>): number[] {
  const statements = new Map<string, Database.Statement>();
  const columns = getTableColumns(leads);
  return db.transaction(() =>
    [...rows].map((overrides) => {
      const row = Object.fromEntries(Object.entries(leadRow(overrides)).filter(([, value]) => value !== undefined));
      const keys = Object.keys(row) as (keyof typeof columns)[];
      const signature = keys.join(",");
      let statement = statements.get(signature);
      if (!statement) {
        const names = keys.map((key) => `"${columns[key].name}"`).join(", ");
        statement = db.prepare(`INSERT INTO "leads" (${names}) VALUES (${keys.map(() => "?").join(", ")})`);
        statements.set(signature, statement);
      }
      return Number(statement.run(...keys.map((key) => row[key])).lastInsertRowid);
    }),
  )();
}

export const SEEDED_STAFF_PASSWORD = "senha-da-equipe-de-teste-123";

/**
 * A staff user of this role straight in the database (for tests whose subject is not the Usuários
 * page, which tests/support/sessions.ts's staffSession goes through): its id, e-mail and password.
 */
export async function insertStaffUser(
  db: Database.Database,
  role: "admin" | "comercial" | "marketing",
  { email = `${uniqueToken(role)}@equipe.example.org`, password = SEEDED_STAFF_PASSWORD } = {},
): Promise<{ id: number; email: string; password: string }> {
  const passwordHash = await hashPassword(password);
  const { id } = drizzle(db).insert(adminUsers).values({ email, passwordHash, role }).returning({ id: adminUsers.id }).get();
  return { id, email, password };
}

/**
 * Available comercial users (not away) with these e-mails, straight in a server's database file:
 * distribution's round robin gives them the leads. Their password hash is no hash, so no one signs
 * in as them (process tests and the bench, whose subject is the leads, not the accounts).
 */
export function addSalesTeam(databasePath: string, emails: readonly string[]): void {
  const db = new Database(databasePath);
  try {
    drizzle(db)
      .insert(adminUsers)
      .values(emails.map((email) => ({ email, passwordHash: "x", role: "comercial" as const, away: false })))
      .run();
  } finally {
    db.close();
  }
}
