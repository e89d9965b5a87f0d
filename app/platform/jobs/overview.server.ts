import { and, desc, eq, min, sql } from "drizzle-orm";

import * as serverClock from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import type { JobStatus } from "./queue.server";
import { registeredKinds } from "./worker.server";

const jobs = schema.jobs;

export type KindSummary = {
  kind: string;
  label: string;
  periodic: boolean;
  counts: Record<JobStatus, number>;
  /** Minutes the oldest pending job has been due, or null. */
  oldestDueMinutes: number | null;
  lastDoneAt: string | null;
};

export type FailedJob = {
  id: number;
  kind: string;
  label: string;
  attempts: number;
  lastError: string | null;
  finishedAt: string | null;
};

const NO_COUNTS: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, failed: 0, held: 0 };

/** The admins' view of the jobs engine: per kind what waits, runs, was done, failed or is kept; the failed ones. */
export function jobsOverview(failedLimit = 50): { kinds: KindSummary[]; failed: FailedJob[] } {
  const nowMs = serverClock.nowMs();
  const known = registeredKinds();
  const labels = new Map(known.map((entry) => [entry.kind, entry.label]));
  const byKind = new Map<string, KindSummary>();
  const summary = (kind: string): KindSummary => {
    let entry = byKind.get(kind);
    if (!entry) {
      const registered = known.find((item) => item.kind === kind);
      entry = {
        kind,
        label: labels.get(kind) ?? kind,
        periodic: registered?.periodic ?? false,
        counts: { ...NO_COUNTS },
        oldestDueMinutes: null,
        lastDoneAt: null,
      };
      byKind.set(kind, entry);
    }
    return entry;
  };
  for (const { kind } of known) summary(kind);
  for (const row of db
    .select({ kind: jobs.kind, status: jobs.status, n: sql<number>`count(*)` })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status)
    .all())
    summary(row.kind).counts[row.status as JobStatus] = row.n;
  for (const row of db
    .select({ kind: jobs.kind, runAt: min(jobs.runAt) })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), sql`${jobs.runAt} <= ${nowMs}`))
    .groupBy(jobs.kind)
    .all())
    if (row.runAt !== null) summary(row.kind).oldestDueMinutes = Math.floor((nowMs - row.runAt) / 60_000);
  for (const row of db
    .select({ kind: jobs.kind, at: sql<string | null>`max(${jobs.finishedAt})` })
    .from(jobs)
    .where(eq(jobs.status, "done"))
    .groupBy(jobs.kind)
    .all())
    summary(row.kind).lastDoneAt = row.at;
  const failed = db
    .select({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts, lastError: jobs.lastError, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(eq(jobs.status, "failed"))
    .orderBy(desc(jobs.id))
    .limit(failedLimit)
    .all()
    .map((row) => ({ ...row, label: labels.get(row.kind) ?? row.kind }));
  return { kinds: [...byKind.values()].sort((a, b) => a.label.localeCompare(b.label, "pt-BR")), failed };
}
