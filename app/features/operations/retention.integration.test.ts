import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";

import { saveLead } from "~/features/leads/save.server";
import { backupDatabase } from "~/platform/backup.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";

import { purgeExpiredLeads, retentionCutoff, scheduleRetentionPurge } from "./retention.server";

function lead(email: string, when: Date) {
  return saveLead({ origem: "inscricao", nome: "Pessoa de Teste", telefone: "(31)99999-0000", email }, when);
}

describe("LGPD retention purge", () => {
  it("deletes only leads whose last submission is older than the retention period", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    lead("antigo@example.com", new Date("2024-01-01T12:00:00Z"));
    lead("recente@example.com", new Date("2026-10-01T12:00:00Z"));
    // An old lead that submitted again recently is kept.
    lead("voltou@example.com", new Date("2023-05-01T12:00:00Z"));
    lead("voltou@example.com", new Date("2026-11-01T12:00:00Z"));

    expect(retentionCutoff(now, 365).toISOString()).toBe("2025-11-22T12:00:00.000Z");
    const deleted = purgeExpiredLeads(now, 365);
    expect(deleted).toBe(1);
    const emails = db
      .select({ email: schema.leads.email })
      .from(schema.leads)
      .all()
      .map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(["recente@example.com", "voltou@example.com"]));
    expect(emails).not.toContain("antigo@example.com");
  });

  it("refuses a nonsensical retention period", () => {
    expect(() => purgeExpiredLeads(new Date(), 0)).toThrow(/LEAD_RETENTION_DAYS/);
  });
});

describe("the server's own retention schedule", () => {
  afterEach(() => vi.useRealTimers());

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const emails = () =>
    db
      .select({ email: schema.leads.email })
      .from(schema.leads)
      .all()
      .map((r) => r.email);

  it("purges at once, then once per interval, and stops when told", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const old = config.leadRetentionDays + 1;
    lead("agendado-1@example.com", daysAgo(old));
    lead("agendado-fica@example.com", daysAgo(config.leadRetentionDays - 1));
    const lines: string[] = [];
    const stop = scheduleRetentionPurge(60_000, (line) => lines.push(line));
    expect(emails()).not.toContain("agendado-1@example.com");
    expect(lines).toEqual([
      `retenção: 1 lead(s) e 0 registro(s) de envio com mais de ${config.leadRetentionDays} dias apagado(s).`,
    ]);

    lead("agendado-2@example.com", daysAgo(old));
    vi.advanceTimersByTime(59_000);
    expect(emails()).toContain("agendado-2@example.com");
    vi.advanceTimersByTime(1_000);
    expect(emails()).not.toContain("agendado-2@example.com");

    stop();
    lead("agendado-3@example.com", daysAgo(old));
    vi.advanceTimersByTime(120_000);
    expect(emails()).toContain("agendado-3@example.com");
    expect(emails()).toContain("agendado-fica@example.com");
    expect(lines).toHaveLength(2);
  });
});

describe("backup", () => {
  it("writes a consistent copy while writes continue, and the restored copy has the leads", async () => {
    for (let i = 0; i < 50; i++) lead(`backup${i}@example.com`, new Date());
    const dir = mkdtempSync(path.join(tmpdir(), "site-backup-"));
    const target = path.join(dir, "copia.db");

    // Keep writing while the backup runs.
    let writes = 0;
    const writer = setInterval(() => lead(`durante${writes++}@example.com`, new Date()), 1);
    const file = await backupDatabase(target);
    clearInterval(writer);

    expect(file).toBe(target);
    // Restore = open the copy as the site's database file.
    const restored = new Database(file, { readonly: true });
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    const count = (restored.prepare("SELECT count(*) AS n FROM leads WHERE email LIKE 'backup%'").get() as { n: number }).n;
    expect(count).toBe(50);
    const migrations = restored.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number };
    expect(migrations.n).toBeGreaterThan(0);
    restored.close();
  });
});
