import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { saveLead } from "~/features/leads/save.server";
import { backupDatabase } from "~/platform/backup.server";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { createJobWorker, enqueuePeriodicJobs, registerPeriodicJob } from "~/platform/jobs/worker.server";

import { purgeExpiredLeads, retentionCutoff, retentionJob } from "./retention.server";

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
  afterEach(() => resetClock());

  const DAY = 24 * 60 * 60 * 1000;
  const emails = () =>
    db
      .select({ email: schema.leads.email })
      .from(schema.leads)
      .all()
      .map((r) => r.email);

  it("purges once a day across two processes' workers, the first run at start-up", async () => {
    let nowMs = Date.parse("2026-11-22T15:00:00Z");
    setClockForTests(() => nowMs);
    registerPeriodicJob(retentionJob);
    const first = createJobWorker({ kinds: [retentionJob.kind], log: () => {} });
    const second = createJobWorker({ kinds: [retentionJob.kind], log: () => {} });
    const daysAgo = (days: number) => new Date(nowMs - days * DAY);
    const old = config.leadRetentionDays + 1;
    lead("agendado-1@example.com", daysAgo(old));
    lead("agendado-fica@example.com", daysAgo(config.leadRetentionDays - 3));

    expect(enqueuePeriodicJobs(nowMs) + enqueuePeriodicJobs(nowMs)).toBe(1);
    expect((await first.runDue()) + (await second.runDue())).toBe(1);
    expect(emails()).not.toContain("agendado-1@example.com");

    // The same day the daily job does not run again.
    lead("agendado-2@example.com", daysAgo(old));
    nowMs += 6 * 60 * 60 * 1000;
    enqueuePeriodicJobs(nowMs);
    expect(await second.runDue()).toBe(0);
    expect(emails()).toContain("agendado-2@example.com");

    // The next day's run takes it.
    nowMs += DAY;
    enqueuePeriodicJobs(nowMs);
    expect(await second.runDue()).toBe(1);
    expect(emails()).not.toContain("agendado-2@example.com");
    expect(emails()).toContain("agendado-fica@example.com");
    const runs = db.select().from(schema.jobs).where(eq(schema.jobs.kind, retentionJob.kind)).all();
    expect(runs.map((run) => run.status)).toEqual(["done", "done"]);
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
