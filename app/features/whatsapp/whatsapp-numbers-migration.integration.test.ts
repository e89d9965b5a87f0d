import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { numberKey, toE164 } from "whatsapp-helper/phone";

/**
 * The migration that puts every stored WhatsApp number in E.164 (decision 117), on a database of the
 * previous release: a file migrated up to the migration before it, holding opt-outs, an undo and
 * replies as that release stored them (digits, 55 given to a foreign number), then migrated to the
 * end. Every row stays; each number is the person's E.164 with the key the code computes today, and
 * an opt-out keeps only the number (decision 118).
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const E164_MIGRATION = "0018_optouts_e164";

/** The migrations folder of the previous release: this one without the E.164 migration and what follows it. */
function previousMigrations(root: string): string {
  const folder = path.join(root, "drizzle-previous");
  cpSync(path.resolve("drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === E164_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe("the E.164 migration on an older database", () => {
  it("keeps every row, stores +55 and foreign numbers in E.164, and unlinks a foreign reply from a Brazilian lead", () => {
    const root = mkdtempSync(path.join(tmpdir(), "numbers-migration-"));
    dirs.push(root);
    const sqlite = new Database(path.join(root, "site.db"));
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: previousMigrations(root) });

    // the previous release's columns only (the schema of today may have more)
    const leadId = Number(
      sqlite
        .prepare(
          "INSERT INTO leads (origem, nome, telefone, email, data_criacao, criado_em, atualizado_em) VALUES ('contato', 'Lead Catorze', '(14)95555-0100', 'catorze.migracao@example.com', ?, ?, ?)",
        )
        .run("2026-11-01", "2026-11-01T12:00:00.000Z", "2026-11-01T12:00:00.000Z").lastInsertRowid,
    );
    const optOut = sqlite.prepare(
      "INSERT INTO whatsapp_optouts (number, key, at, operator, source, said, recorded_by) VALUES (?, ?, ?, '', 'helper', '', '')",
    );
    // as the previous release stored them: digits, 55 given to the American's 11 digits
    optOut.run("5514155550100", "551455550100", "2026-11-20T12:00:00.000Z"); // American, 55 prepended
    optOut.run("14155550100", "14155550100", "2026-11-20T12:05:00.000Z"); // the same American, reported with +
    optOut.run("5531999998888", "553199998888", "2026-11-20T13:00:00.000Z"); // Brazilian mobile
    optOut.run("553133334444", "553133334444", "2026-11-20T14:00:00.000Z"); // Brazilian landline
    optOut.run("34612345678", "34612345678", "2026-11-20T15:00:00.000Z"); // Spanish, with +
    // the person's words with her name were kept on the opt-out
    sqlite.prepare("UPDATE whatsapp_optouts SET said = 'SAIR. Maria da Silva Souza' WHERE number = '5531999998888'").run();
    sqlite
      .prepare(
        "INSERT INTO whatsapp_optout_changes (number, key, action, reason, by, at, previous) VALUES (?, ?, 'desfeito', 'engano', 'x', ?, '{}')",
      )
      .run("5514155550100", "551455550100", "2026-11-21T12:00:00.000Z");
    const reply = sqlite.prepare(
      "INSERT INTO whatsapp_replies (message_id, number, key, text, received_at, category, lead_id) VALUES (?, ?, ?, ?, ?, 'outro', ?)",
    );
    reply.run("OLD1", "5514155550100", "551455550100", "STOP", "2026-11-20T12:00:00.000Z", leadId); // wrongly linked
    reply.run("OLD2", "5514955550100", "551455550100", "Oi", "2026-11-20T12:00:00.000Z", leadId); // the lead herself

    migrate(db, { migrationsFolder: path.resolve("drizzle") });

    const optOuts = sqlite.prepare("SELECT number, key, at FROM whatsapp_optouts ORDER BY id").all();
    expect(optOuts).toEqual([
      { number: "+14155550100", key: "14155550100", at: "2026-11-20T12:00:00.000Z" },
      { number: "+5531999998888", key: "553199998888", at: "2026-11-20T13:00:00.000Z" },
      { number: "+553133334444", key: "553133334444", at: "2026-11-20T14:00:00.000Z" },
      { number: "+34612345678", key: "34612345678", at: "2026-11-20T15:00:00.000Z" },
    ]);
    expect(sqlite.prepare("SELECT count(*) AS n FROM whatsapp_optouts WHERE said <> ''").get()).toEqual({ n: 0 });
    // the keys are the ones the code computes for those numbers today
    for (const row of optOuts as { number: string; key: string }[]) expect(numberKey(toE164(row.number))).toBe(row.key);
    expect(sqlite.prepare("SELECT number, key FROM whatsapp_optout_changes").all()).toEqual([
      { number: "+14155550100", key: "14155550100" },
    ]);
    expect(sqlite.prepare("SELECT message_id, number, key, lead_id FROM whatsapp_replies ORDER BY id").all()).toEqual([
      { message_id: "OLD1", number: "+14155550100", key: "14155550100", lead_id: null },
      { message_id: "OLD2", number: "+5514955550100", key: "551455550100", lead_id: leadId },
    ]);
    expect((sqlite.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n).toBe(1);
    sqlite.close();
  });
});
