import { lt } from "drizzle-orm";

import { purgeEmailsBefore } from "~/features/email/outbox.server";
import { reapplyErasures } from "~/features/leads/privacy.server";
import { purgeWebhookDeliveriesBefore } from "~/features/webhooks/outbox.server";
import { purgeOldHandoffs } from "~/features/whatsapp/handoff/handoff.server";
import { config } from "~/platform/config.server";
import { checkpointWal, db, schema } from "~/platform/db/client.server";
import { purgeFinishedJobs } from "~/platform/jobs/queue.server";
import { type PeriodicJob, periodicKinds } from "~/platform/jobs/worker.server";

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
  // The webhook outbox's copies of lead data follow the same period.
  purgeWebhookDeliveriesBefore(cutoff);
  purgeEmailsBefore(cutoff);
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

/**
 * The replies people sent on WhatsApp (decision 071) hold numbers, names and what they wrote: they
 * follow the same retention period (by when they were received). Returns how many were deleted.
 */
export function purgeExpiredReplies(now: Date = new Date(), retentionDays = config.leadRetentionDays): number {
  if (!Number.isFinite(retentionDays) || retentionDays <= 0) {
    throw new Error("LEAD_RETENTION_DAYS must be a positive number of days");
  }
  const cutoff = retentionCutoff(now, retentionDays).toISOString();
  return db.delete(schema.whatsappReplies).where(lt(schema.whatsappReplies.receivedAt, cutoff)).run().changes;
}

export type PurgeResult = { leads: number; sendLog: number; replies: number };

/** The retention purges (leads, the WhatsApp send log and replies), as `npm run purge-leads` and the server run them. */
export function purgeExpired(now: Date = new Date(), retentionDays = config.leadRetentionDays): PurgeResult {
  // Hand-off lists to the WhatsApp tool hold names and numbers for 14 days at most, whatever the period.
  purgeOldHandoffs(now);
  const result = {
    leads: purgeExpiredLeads(now, retentionDays),
    sendLog: purgeExpiredSendLog(now, retentionDays),
    replies: purgeExpiredReplies(now, retentionDays),
  };
  // The purged rows' pages as they were stay in the WAL until a checkpoint copies the zeroed ones over.
  checkpointWal();
  return result;
}

export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Periodic jobs' own rows (one a minute) are kept this long for the admins' view. */
export const PERIODIC_RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One day's retention run: the purges above, the erasure list applied again (a database put back by
 * hand from an older copy: its people go again), and the periodic jobs' old rows. Logs what it did.
 */
export function runRetention(now: Date, log: (line: string) => void = console.log): void {
  const { leads, sendLog, replies } = purgeExpired(now);
  if (leads > 0 || sendLog > 0 || replies > 0) {
    const what =
      replies > 0
        ? `${leads} lead(s), ${sendLog} registro(s) de envio e ${replies} resposta(s) de WhatsApp`
        : `${leads} lead(s) e ${sendLog} registro(s) de envio`;
    log(`retenção: ${what} com mais de ${config.leadRetentionDays} dias apagado(s).`);
  }
  const again = reapplyErasures();
  if (again.leads > 0 || again.sendLog > 0 || again.replies > 0 || again.emails > 0) {
    log(
      `exclusões: ${again.leads} lead(s) e ${again.sendLog + again.replies + again.emails} outro(s) registro(s) de pessoas excluídas apagados de novo.`,
    );
  }
  purgeFinishedJobs(periodicKinds(), new Date(now.getTime() - PERIODIC_RUNS_KEPT_MS).toISOString());
}

/** The retention period kept by the server itself: once a day across every process, the first run at start-up. */
export const retentionJob: PeriodicJob = {
  kind: "retention.purge",
  label: "Limpeza do período de retenção (LGPD)",
  everyMs: PURGE_INTERVAL_MS,
  run(now) {
    runRetention(now);
  },
};
