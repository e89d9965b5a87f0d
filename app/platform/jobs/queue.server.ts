import { randomUUID } from "node:crypto";

import { and, asc, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";

import * as serverClock from "~/platform/clock.server";
import { db, schema, sqlite, type Tx } from "~/platform/db/client.server";

/**
 * The jobs table's reads and writes: enqueue, claim by lease, and the three ends of an attempt
 * (done, failed or retried, released). Every write that ends an attempt names the lease it ends
 * (`lease_owner`): a worker whose lease expired and was taken over writes nothing.
 */

const jobs = schema.jobs;
export type Job = schema.Job;
export type JobStatus = "pending" | "running" | "done" | "failed" | "held";

export type NewJob = {
  kind: string;
  payload?: unknown;
  /** When it may run (ms); now unless given. */
  runAt?: number;
  /** Lower first within a kind. */
  priority?: number;
  /** Jobs sharing a group are bounded together (`groupConcurrency`). */
  groupKey?: string | null;
  /** A second enqueue with the same key is ignored. */
  dedupeKey?: string | null;
  /** The lead the job is about: erasing the lead erases the job. */
  leadId?: number | null;
  /** Kept and shown, never tried. */
  held?: boolean;
};

type Writer = Pick<Tx, "insert"> | typeof db;

let afterEnqueue: (() => void) | null = null;

/** The running worker asks to be woken after a job is written (it runs once the writer's transaction commits). */
export function onEnqueue(wake: (() => void) | null): void {
  afterEnqueue = wake;
}

/**
 * Writes a job. Call it inside the transaction of its cause: the job then exists if and only if
 * the cause does. Returns the job's id, or null when `dedupeKey` was already taken.
 */
export function enqueueJob(job: NewJob, writer: Writer = db, now: Date = serverClock.now()): number | null {
  const row = writer
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      status: job.held ? "held" : "pending",
      priority: job.priority ?? 0,
      groupKey: job.groupKey ?? null,
      dedupeKey: job.dedupeKey ?? null,
      runAt: job.runAt ?? serverClock.nowMs(),
      leadId: job.leadId ?? null,
      createdAt: now.toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id })
    .get();
  if (row && !job.held) setImmediate(() => afterEnqueue?.());
  return row?.id ?? null;
}

/** A job's payload as its handler reads it. */
export function payloadOf<P>(job: Pick<Job, "payload">): P {
  return JSON.parse(job.payload) as P;
}

/** A new worker's name in `lease_owner`: unique per process and start. */
export function newWorkerId(): string {
  return `${process.pid}-${randomUUID().slice(0, 8)}`;
}

export type ClaimRule = {
  kind: string;
  /** How many of this kind may run at once, across every worker. */
  concurrency: number;
  /** How many of one group may run at once, across every worker. */
  groupConcurrency?: number;
  /**
   * Strict order: jobs run by priority then age, one priority at a time, and nothing overtakes a
   * job waiting for its retry (after an outage they arrive in order).
   */
  ordered?: boolean;
  leaseMs: number;
};

const live = (nowMs: number) => and(eq(jobs.status, "running"), sql`${jobs.leaseUntil} > ${nowMs}`);
const expired = (nowMs: number) => and(eq(jobs.status, "running"), sql`${jobs.leaseUntil} <= ${nowMs}`);

/** The jobs this rule lets start now, in order, before any is claimed. */
function claimable(rule: ClaimRule, nowMs: number, limit: number): Job[] {
  if (rule.ordered) {
    // The head of the line: what runs (a live lease) and what waits, in order.
    const head = db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, rule.kind), or(eq(jobs.status, "pending"), eq(jobs.status, "running"))))
      .orderBy(asc(jobs.priority), asc(jobs.id))
      .limit(rule.concurrency)
      .all();
    const stop = head.findIndex((job) => job.priority !== head[0].priority || (job.status === "pending" && job.runAt > nowMs));
    return (stop < 0 ? head : head.slice(0, stop))
      .filter((job) => job.status === "pending" || (job.leaseUntil ?? 0) <= nowMs)
      .slice(0, limit);
  }
  const candidates = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, rule.kind), or(and(eq(jobs.status, "pending"), lte(jobs.runAt, nowMs)), expired(nowMs))))
    .orderBy(asc(jobs.priority), asc(jobs.runAt), asc(jobs.id))
    .limit(limit * 4 + 16)
    .all();
  if (!rule.groupConcurrency) return candidates.slice(0, limit);
  const groups = [...new Set(candidates.map((job) => job.groupKey).filter((key): key is string => key !== null))];
  const running = new Map<string, number>();
  if (groups.length > 0) {
    for (const row of db
      .select({ groupKey: jobs.groupKey, n: sql<number>`count(*)` })
      .from(jobs)
      .where(and(inArray(jobs.groupKey, groups), live(nowMs)))
      .groupBy(jobs.groupKey)
      .all())
      running.set(row.groupKey ?? "", row.n);
  }
  const chosen: Job[] = [];
  for (const job of candidates) {
    if (chosen.length >= limit) break;
    const key = job.groupKey ?? "";
    const out = running.get(key) ?? 0;
    if (job.groupKey !== null && out >= rule.groupConcurrency) continue;
    running.set(key, out + 1);
    chosen.push(job);
  }
  return chosen;
}

/**
 * Claims up to what `rule` allows now for `workerId`: the rows become `running` with a lease of
 * `rule.leaseMs`. A job whose lease expired (its worker died mid-run) is claimed again. Runs as one
 * immediate transaction: two processes on one file never claim the same row.
 */
export function claimJobs(rule: ClaimRule, workerId: string, nowMs: number = serverClock.nowMs()): Job[] {
  // Most ticks find nothing: a read says so without taking the write lock.
  if (!anyClaimable(rule.kind, nowMs)) return [];
  const claim = sqlite.transaction(() => {
    const running =
      db
        .select({ n: sql<number>`count(*)` })
        .from(jobs)
        .where(and(eq(jobs.kind, rule.kind), live(nowMs)))
        .get()?.n ?? 0;
    const free = rule.concurrency - running;
    if (free <= 0) return [];
    const chosen = claimable(rule, nowMs, free);
    if (chosen.length === 0) return [];
    return db
      .update(jobs)
      .set({ status: "running", leaseOwner: workerId, leaseUntil: nowMs + rule.leaseMs })
      .where(
        inArray(
          jobs.id,
          chosen.map((job) => job.id),
        ),
      )
      .returning()
      .all()
      .sort((a, b) => a.priority - b.priority || a.id - b.id);
  });
  return claim.immediate();
}

/** Whether a job of this kind is due or was left by a dead worker (the claim's first condition). */
function anyClaimable(kind: string, nowMs: number): boolean {
  return (
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), or(and(eq(jobs.status, "pending"), lte(jobs.runAt, nowMs)), expired(nowMs))))
      .limit(1)
      .get() !== undefined
  );
}

const ownLease = (job: Pick<Job, "id">, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.leaseOwner, workerId));

const endLease = { leaseOwner: null, leaseUntil: null } as const;

/** The attempt succeeded. Returns false when the lease was no longer this worker's (or the job is gone). */
export function completeJob(job: Job, workerId: string, result: string | null, nowMs: number = serverClock.nowMs()): boolean {
  return (
    db
      .update(jobs)
      .set({
        ...endLease,
        status: "done",
        attempts: job.attempts + 1,
        lastError: null,
        result,
        finishedAt: new Date(nowMs).toISOString(),
      })
      .where(ownLease(job, workerId))
      .run().changes > 0
  );
}

/** The attempt failed: the job runs again at `retryAt`, or (null) is given up. */
export function failJob(
  job: Job,
  workerId: string,
  failure: { error: string; result?: string | null; retryAt: number | null },
  nowMs: number = serverClock.nowMs(),
): boolean {
  const giveUp = failure.retryAt === null;
  return (
    db
      .update(jobs)
      .set({
        ...endLease,
        status: giveUp ? "failed" : "pending",
        attempts: job.attempts + 1,
        lastError: failure.error.slice(0, 500),
        result: failure.result ?? null,
        runAt: giveUp ? nowMs : failure.retryAt!,
        finishedAt: giveUp ? new Date(nowMs).toISOString() : null,
      })
      .where(ownLease(job, workerId))
      .run().changes > 0
  );
}

/** Extends the leases this worker holds on `ids` (it is still running them). */
export function renewLeases(ids: number[], workerId: string, leaseMs: number, nowMs: number = serverClock.nowMs()): number {
  if (ids.length === 0) return 0;
  return db
    .update(jobs)
    .set({ leaseUntil: nowMs + leaseMs })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.leaseOwner, workerId)))
    .run().changes;
}

/** A job written as done at once (a periodic run done outside the worker). */
export function markDone(id: number, writer: Pick<Tx, "update"> | typeof db = db, nowMs: number = serverClock.nowMs()): void {
  writer
    .update(jobs)
    .set({ status: "done", finishedAt: new Date(nowMs).toISOString() })
    .where(eq(jobs.id, id))
    .run();
}

/** The attempt was not made (the worker is stopping): the job waits again, due now, its attempts unchanged. */
export function releaseJob(job: Job, workerId: string): boolean {
  return (
    db
      .update(jobs)
      .set({ ...endLease, status: "pending" })
      .where(ownLease(job, workerId))
      .run().changes > 0
  );
}

/** An admin's "tentar de novo" on a failed job: pending and due now, its attempts counted from zero. */
export function retryFailedJob(id: number, nowMs: number = serverClock.nowMs()): boolean {
  const changed =
    db
      .update(jobs)
      .set({ status: "pending", attempts: 0, runAt: nowMs, finishedAt: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, "failed")))
      .run().changes > 0;
  if (changed) setImmediate(() => afterEnqueue?.());
  return changed;
}

/** Deletes finished (done or failed) jobs of `kinds` finished before the cutoff. */
export function purgeFinishedJobs(kinds: string[], cutoffIso: string): number {
  if (kinds.length === 0) return 0;
  return db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        inArray(jobs.status, ["done", "failed"]),
        isNotNull(jobs.finishedAt),
        sql`${jobs.finishedAt} < ${cutoffIso}`,
      ),
    )
    .run().changes;
}
