import { createHash } from "node:crypto";

import Database from "better-sqlite3";

/**
 * A fingerprint of every table of a SQLite file: its row count and a SHA-256 over all its rows in
 * rowid order. Two equal snapshots mean no row was added, removed or changed anywhere.
 */
/** Runs `run` on the SQLite file of a running server (writable, waits for its locks), then closes it. */
export function withDb<T>(file: string, run: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 5000");
    return run(db);
  } finally {
    db.close();
  }
}

/** The id of the database's first (or last) lead, as a route takes it: the specs' "a lead that exists". */
export function leadIdIn(file: string, which: "first" | "last" = "first"): string {
  const sql = `SELECT ${which === "first" ? "min" : "max"}(id) AS id FROM leads`;
  return withDb(file, (db) => String((db.prepare(sql).get() as { id: number }).id));
}

export type Snapshot = Record<string, { rows: number; sha256: string }>;

/**
 * What a table's fingerprint reads. The jobs engine's periodic runs (the minute's escalation, the
 * summary check: rows with a dedupe key) are written by the server's clock, not by a request, and a
 * job's progress (status, lease, attempts) is the worker's: a request is judged by the jobs it
 * wrote, their kind and payload. The same goes for the jobs table's id counter.
 */
function snapshotQuery(table: string, quoted: string): string {
  if (table === "sqlite_sequence") return `SELECT * FROM ${quoted} WHERE name <> 'jobs'`;
  if (table === "jobs") return `SELECT id, kind, payload FROM ${quoted} WHERE dedupe_key IS NULL ORDER BY rowid`;
  return `SELECT * FROM ${quoted} ORDER BY rowid`;
}

export function snapshot(file: string): Snapshot {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
    const out: Snapshot = {};
    for (const table of tables) {
      const quoted = `"${table.replaceAll('"', '""')}"`;
      const hash = createHash("sha256");
      let rows = 0;
      for (const row of db.prepare(snapshotQuery(table, quoted)).iterate()) {
        // When a helper's key was last used is a fact about the request, not something its body stored.
        const kept = table === "whatsapp_helper_keys" ? { ...(row as object), last_used_at: undefined } : row;
        hash.update(JSON.stringify(kept, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
        hash.update("\n");
        rows++;
      }
      out[table] = { rows, sha256: hash.digest("hex") };
    }
    return out;
  } finally {
    db.close();
  }
}
