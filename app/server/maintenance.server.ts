import { lt } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { config } from "./config.server";
import { db, schema, sqlite } from "./db.server";

/** The instant before which leads are past the retention period. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
}

/**
 * LGPD retention: deletes leads whose last submission (atualizado_em) is older than the retention
 * period. Returns how many were deleted.
 */
export function purgeExpiredLeads(now: Date = new Date(), retentionDays = config.leadRetentionDays): number {
  if (!Number.isFinite(retentionDays) || retentionDays <= 0) {
    throw new Error("LEAD_RETENTION_DAYS must be a positive number of days");
  }
  const cutoff = retentionCutoff(now, retentionDays).toISOString();
  const result = db.delete(schema.leads).where(lt(schema.leads.atualizado_em, cutoff)).run();
  return result.changes;
}

/**
 * The WhatsApp tool's send log holds names, numbers and message texts: it follows the same
 * retention period (by the time the message was sent). Returns how many rows were deleted.
 */
export function purgeExpiredSendLog(now: Date = new Date(), retentionDays = config.leadRetentionDays): number {
  if (!Number.isFinite(retentionDays) || retentionDays <= 0) {
    throw new Error("LEAD_RETENTION_DAYS must be a positive number of days");
  }
  const cutoff = retentionCutoff(now, retentionDays).toISOString();
  return db.delete(schema.whatsappSendLog).where(lt(schema.whatsappSendLog.sentAt, cutoff)).run().changes;
}

/** Default backup file: <database folder>/backups/site-YYYYMMDD-HHMMSS.db */
export function defaultBackupPath(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join(config.dataDir, "backups", `site-${stamp}.db`);
}

/**
 * A consistent copy of the live database with SQLite's online backup API: the site keeps serving
 * (readers and writers are not blocked for the whole copy) and the copy is a valid database.
 */
export async function backupDatabase(destination: string = defaultBackupPath()): Promise<string> {
  const target = path.resolve(destination);
  mkdirSync(path.dirname(target), { recursive: true });
  await sqlite.backup(target);
  return target;
}
