import type Database from "better-sqlite3";

/**
 * The connection as drizzle sees it, keeping its compiled statements (decision 113). Drizzle asks
 * better-sqlite3 to prepare every query afresh, and compiling the same SQL again and again took about
 * 7 % of the lead POST's CPU. Here a statement is kept per SQL text (the most recent `size` texts) and
 * handed out again with better-sqlite3's `raw()` mode reset, since drizzle switches it on per query
 * and never off. Reusing a statement is safe because drizzle runs each one to its end at once
 * (get, all, run); nothing iterates on this connection (the CSV export opens its own). A query held
 * with drizzle's `.prepare()` shares the statement safely: drizzle switches raw mode on again at each
 * of its runs. tests/integration/statement-cache.test.ts records the calls drizzle makes on the
 * connection and its statements, and fails when an upgrade changes any of them (decision 149).
 */
export function keepStatements(sqlite: Database.Database, size = 500): Database.Database {
  const statements = new Map<string, Database.Statement>();
  function prepare(source: string): Database.Statement {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source); // moved to the end: the least recently used is evicted first
    } else {
      statement = sqlite.prepare(source);
      const oldest = statements.size >= size ? statements.keys().next().value : undefined;
      if (oldest !== undefined) statements.delete(oldest);
    }
    statements.set(source, statement);
    if (statement.reader) statement.raw(false);
    return statement;
  }
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === "prepare") return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
