import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

import { config } from "../config.server";
import * as schema from "./schema";
import { keepStatements } from "./statement-cache.server";

/** The mode of the database file and its companions: its owner's only, whatever the umask. */
export const DATABASE_FILE_MODE = 0o600;

/**
 * Creates the database file readable by its owner only (SQLite gives its -wal and -shm the file's
 * mode), and narrows one an older version made wider.
 */
function privateDatabaseFile(file: string): void {
  closeSync(openSync(file, "a", DATABASE_FILE_MODE));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(name)) chmodSync(name, DATABASE_FILE_MODE);
  }
}

/**
 * Opens a SQLite file with the settings every connection of this site uses. `secure_delete`
 * overwrites deleted rows with zeros, so an erased person's bytes do not stay in the file's free
 * pages (checkpointWal takes them out of the WAL).
 */
export function openSqlite(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  if (file !== ":memory:") privateDatabaseFile(file);
  const sqlite = new Database(file);
  sqlite.pragma("secure_delete = ON");
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

/** The handle `db.transaction(callback)` gives its callback. */
export type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * Copies the WAL into the database file and empties it (TRUNCATE), after an erasure or a retention
 * purge: the WAL still holds the pages as they were before the deletion. Returns false when a reader
 * kept the checkpoint from finishing (the next one, or SQLite's own at 1000 pages, completes it).
 */
export function checkpointWal(): boolean {
  const [result] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
  return result?.busy === 0;
}

export function closeDatabase() {
  if (sqlite.open) sqlite.close();
}
