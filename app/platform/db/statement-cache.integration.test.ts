// The statement cache drizzle's connection goes through (decision 113): a statement is compiled once
// per SQL text, handed out again with better-sqlite3's raw mode reset, and the least recently used
// is dropped past the limit. Against a real SQLite file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { keepStatements } from "~/platform/db/statement-cache.server";

const items = sqliteTable("items", { id: integer("id").primaryKey(), name: text("name").notNull() });

let dir: string;
let sqlite: Database.Database;
let compiled: string[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "statement-cache-"));
  sqlite = new Database(path.join(dir, "cache.db"));
  sqlite.exec(
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO items VALUES (1, 'um'), (2, 'dois');",
  );
  compiled = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    compiled.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
});

afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("keepStatements", () => {
  it("compiles a query once however often drizzle runs it", () => {
    const db = drizzle(keepStatements(sqlite));
    for (let i = 0; i < 5; i++) {
      expect(
        db
          .select({ name: items.name })
          .from(items)
          .where(sql`${items.id} = ${1}`)
          .get(),
      ).toEqual({ name: "um" });
    }
    expect(compiled).toEqual(['select "name" from "items" where "items"."id" = ?']);
  });

  it("hands a statement drizzle left in raw mode back in object mode", () => {
    const db = drizzle(keepStatements(sqlite));
    // A select with fields makes drizzle switch the statement to raw (rows as arrays)...
    expect(db.select({ name: items.name }).from(items).all()).toEqual([{ name: "um" }, { name: "dois" }]);
    // ...and the same SQL text run without fields must still read rows as objects.
    expect(db.all(sql.raw('select "name" from "items"'))).toEqual([{ name: "um" }, { name: "dois" }]);
    expect(compiled).toHaveLength(1);
  });

  it("drops the least recently used statement past its limit", () => {
    const db = drizzle(keepStatements(sqlite, 2));
    const byId = (id: number) => db.all(sql.raw(`select name from items where id = ${id}`));
    byId(1);
    byId(2);
    byId(1); // 1 is now the most recent: 2 goes first
    byId(3);
    byId(1);
    expect(compiled.length).toBe(3);
    byId(2);
    expect(compiled.length).toBe(4);
  });

  it("keeps transactions, writes and rollbacks working through the kept statements", () => {
    const db = drizzle(keepStatements(sqlite));
    db.transaction((tx) => {
      tx.insert(items).values({ id: 3, name: "três" }).run();
    });
    expect(() =>
      db.transaction((tx) => {
        tx.insert(items).values({ id: 4, name: "quatro" }).run();
        throw new Error("desfeito");
      }),
    ).toThrow("desfeito");
    expect(db.select({ id: items.id }).from(items).all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
