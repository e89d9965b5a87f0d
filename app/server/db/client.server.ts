import { mkdirSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

import { config } from "../platform/config.server";
import * as schema from "./schema";
import { keepStatements } from "./statement-cache.server";

/** Opens a SQLite file with the settings every connection of this site uses. */
export function openSqlite(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/** The folder holding the generated migrations (drizzle/), found from the working directory. */
export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

function connect() {
  const sqlite = openSqlite(config.databasePath);
  const db = drizzle(keepStatements(sqlite), { schema });
  migrate(db, { migrationsFolder });
  return { sqlite, db };
}

// One connection per process, opened and migrated on first import.
const globalForDb = globalThis as unknown as { __siteDb?: ReturnType<typeof connect> };
const connection = (globalForDb.__siteDb ??= connect());

export const sqlite = connection.sqlite;
export const db = connection.db;
export { schema };

export function closeDatabase() {
  if (sqlite.open) sqlite.close();
}
