import * as serverClock from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";

import { retryDelayMs } from "./backoff";
import {
  claimJobs,
  completeJob,
  enqueueJob,
  failJob,
  type Job,
  markDone,
  newWorkerId,
  onEnqueue,
  releaseJob,
  renewLeases,
} from "./queue.server";

/**
 * The jobs engine's worker: one loop per process over every registered kind. Each kind has its
 * handler, its limits (at once, per group, strict order), its lease and its retry rule; periodic
 * kinds are enqueued once per period (the period's key is the job's dedupe key, so two processes
 * write one job and one of them runs it).
 */

/** What a handler throws to fail an attempt. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly options: {
      /** False: given up now (the receiver refused this for good). */
      retry: boolean;
      /** A different limit of attempts for this kind of failure (a timeout). */
      maxAttempts?: number;
      result?: string | null;
    },
  ) {
    super(message);
  }
}

export type JobContext = {
  /** Aborted when the worker stops and the grace has passed: give the job back with `released()`. */
  signal: AbortSignal;
  now: () => Date;
};

/** What a handler returns: nothing (done), a note for the admins' view, or the job given back untried. */
export type JobOutcome = void | { result?: string | null } | typeof RELEASED;
export const RELEASED = Symbol("released");

export type JobHandler = {
  kind: string;
  /** What the admins' view calls it ("Escalonamento de leads"). */
  label: string;
  run(job: Job, context: JobContext): Promise<JobOutcome>;
  /** At once across every worker. */
  concurrency: number;
  groupConcurrency?: number;
  ordered?: boolean;
  maxAttempts: number;
  /** How long a claim lasts: longer than an attempt can take. */
  leaseMs: number;
  /** The wait before the next attempt after `attempts` failed ones. */
  retryDelayMs?: (attempts: number, random: () => number) => number;
  /** While true nothing of this kind is claimed (a copied database waits for an admin). */
  paused?: () => boolean;
  /** A failure's words for the log. */
  describe?: (error: unknown) => string;
  /** Called when a worker that ran this kind stops (closes a connection pool). */
  close?: () => void;
};

export type PeriodicJob = {
  kind: string;
  label: string;
  /** One run per period of this length (aligned to the epoch, in ms). */
  everyMs: number;
  run(now: Date): Promise<void> | void;
};

const handlers = new Map<string, JobHandler>();
const periodics = new Map<string, PeriodicJob>();

/** A feature's kind of job (registered once, when its module loads). */
export function registerJobHandler(handler: JobHandler): void {
  handlers.set(handler.kind, handler);
}

/** A feature's periodic work, run once per period across every process. */
export function registerPeriodicJob(job: PeriodicJob): void {
  periodics.set(job.kind, job);
  registerJobHandler({
    kind: job.kind,
    label: job.label,
    concurrency: 1,
    maxAttempts: 1,
    leaseMs: Math.min(job.everyMs, 10 * 60_000),
    async run(_job, context) {
      await job.run(context.now());
    },
  });
}

/** The registered kinds and their labels (for the admins' view). */
export function registeredKinds(): { kind: string; label: string; periodic: boolean }[] {
  return [...handlers.values()].map((handler) => ({
    kind: handler.kind,
    label: handler.label,
    periodic: periodics.has(handler.kind),
  }));
}

/** The periodic kinds (their old rows are purged with the retention run). */
export function periodicKinds(): string[] {
  return [...periodics.keys()];
}

/** Writes this period's job for every periodic kind (a second process's write is a no-op). */
export function enqueuePeriodicJobs(nowMs: number = serverClock.nowMs()): number {
  let written = 0;
  for (const job of periodics.values()) {
    const start = periodStart(job, nowMs);
    const id = enqueueJob({ kind: job.kind, dedupeKey: periodKey(job, start), runAt: start }, db, new Date(nowMs));
    if (id !== null) written += 1;
  }
  return written;
}

/**
 * Records that a periodic job's work was just done outside the worker (at start-up, before the
 * first request): this period's job is written as done, so no worker runs it again.
 */
export function recordPeriodicRun(job: PeriodicJob, nowMs: number = serverClock.nowMs()): void {
  const start = periodStart(job, nowMs);
  db.transaction((tx) => {
    const id = enqueueJob({ kind: job.kind, dedupeKey: periodKey(job, start), runAt: start, held: true }, tx, new Date(nowMs));
    if (id !== null) markDone(id, tx, nowMs);
  });
}

function periodStart(job: PeriodicJob, nowMs: number): number {
  return Math.floor(nowMs / job.everyMs) * job.everyMs;
}

function periodKey(job: PeriodicJob, start: number): string {
  return `${job.kind}@${new Date(start).toISOString()}`;
}

/** When the next period of any periodic kind begins (the worker writes their jobs then). */
function nextPeriodStart(nowMs: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const job of periodics.values()) next = Math.min(next, periodStart(job, nowMs) + job.everyMs);
  return next;
}

export type JobWorkerOptions = {
  workerId?: string;
  pollMs?: number;
  random?: () => number;
  log?: (line: string) => void;
  /** Only these kinds (tests); every registered kind unless given. */
  kinds?: string[];
};

export type JobWorker = {
  readonly id: string;
  /** Runs what is due now until nothing more is, and resolves with how many attempts were made. */
  runDue(): Promise<number>;
  start(): void;
  /** Claims nothing more; jobs out get `graceMs` to finish, then are aborted and given back. */
  stop(options?: { graceMs?: number }): Promise<void>;
  wake(): void;
};

export const JOB_POLL_INTERVAL_MS = 1_000;

/**
 * On a graceful stop (SIGTERM), how long jobs already out may take to finish; those still out then
 * are given back: to the queue, the attempt not counted (server.js exits within 10 s).
 */
export const SHUTDOWN_GRACE_MS = 5_000;

function describeError(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

export function createJobWorker(options: JobWorkerOptions = {}): JobWorker {
  const id = options.workerId ?? newWorkerId();
  const pollMs = options.pollMs ?? JOB_POLL_INTERVAL_MS;
  const random = options.random ?? Math.random;
  const log = options.log ?? ((line: string) => console.error(line));
  const inFlight = new Map<number, { abort: AbortController; done: Promise<void>; handler: JobHandler }>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping: Promise<void> | null = null;
  let polling = false;

  const kinds = () => (options.kinds ?? [...handlers.keys()]).map((kind) => handlers.get(kind)).filter((h) => h !== undefined);

  function finish(handler: JobHandler, job: Job, outcome: JobOutcome | Error) {
    const nowMs = serverClock.nowMs();
    if (outcome === RELEASED) {
      releaseJob(job, id);
      log(`tarefas: ${handler.kind} ${job.id} devolvida à fila (o servidor está parando).`);
      return;
    }
    if (!(outcome instanceof Error)) {
      completeJob(job, id, outcome?.result ?? null, nowMs);
      return;
    }
    const failure = outcome instanceof JobFailure ? outcome.options : { retry: true };
    const attempts = job.attempts + 1;
    const limit = failure.maxAttempts ?? handler.maxAttempts;
    const giveUp = !failure.retry || attempts >= limit;
    const delay = (handler.retryDelayMs ?? retryDelayMs)(attempts, random);
    const words = (handler.describe ?? describeError)(outcome);
    failJob(job, id, { error: words, result: failure.result, retryAt: giveUp ? null : nowMs + delay }, nowMs);
    log(`tarefas: ${handler.kind} ${job.id} ${giveUp ? "falhou" : "será tentada de novo"} (${words}).`);
  }

  function start(handler: JobHandler, job: Job): Promise<void> {
    const abort = new AbortController();
    const done = Promise.resolve()
      .then(() => handler.run(job, { signal: abort.signal, now: serverClock.now }))
      .then(
        (outcome) => outcome,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      )
      .then((outcome) => finish(handler, job, outcome))
      .catch((error: Error) => log(`tarefas: o registro de ${handler.kind} ${job.id} falhou: ${error.message}`))
      .finally(() => {
        inFlight.delete(job.id);
        if (polling) fill();
      });
    inFlight.set(job.id, { abort, done, handler });
    return done;
  }

  /** Claims and starts what every kind allows now; returns the attempts started. */
  function fill(): Promise<void>[] {
    if (stopping) return [];
    const started: Promise<void>[] = [];
    for (const handler of kinds()) {
      try {
        if (handler.paused?.()) continue;
        for (const job of claimJobs(handler, id)) started.push(start(handler, job));
      } catch (error) {
        log(`tarefas: ${handler.kind}: ${(error as Error).message}`);
      }
    }
    return started;
  }

  /**
   * A running job's lease is renewed while its worker lives (a third of the lease at a time), so a
   * lease can be short: a process killed mid-run gives its jobs to another within one lease.
   */
  function renew() {
    const nowMs = serverClock.nowMs();
    for (const handler of kinds()) {
      const ids = [...inFlight].filter(([, out]) => out.handler === handler).map(([id]) => id);
      try {
        renewLeases(ids, id, handler.leaseMs, nowMs);
      } catch (error) {
        log(`tarefas: ${handler.kind}: as concessões não foram renovadas: ${(error as Error).message}`);
      }
    }
  }

  /** This worker writes the periodic jobs once per period, not at every tick. */
  let periodicDueMs = 0;

  function tick() {
    renew();
    try {
      const nowMs = serverClock.nowMs();
      if (nowMs >= periodicDueMs) {
        enqueuePeriodicJobs(nowMs);
        periodicDueMs = nextPeriodStart(nowMs);
      }
    } catch (error) {
      log(`tarefas: as tarefas periódicas não foram agendadas: ${(error as Error).message}`);
    }
    fill();
  }

  return {
    id,
    async runDue() {
      let attempts = 0;
      for (;;) {
        attempts += fill().length;
        if (inFlight.size === 0) return attempts;
        // Each attempt that ends may free a slot for what waits behind it.
        await Promise.race([...inFlight.values()].map((out) => out.done));
      }
    },
    start() {
      if (timer || stopping) return;
      polling = true;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    stop({ graceMs = Number.POSITIVE_INFINITY } = {}) {
      clearInterval(timer);
      timer = undefined;
      polling = false;
      stopping ??= (async () => {
        const out = [...inFlight.values()];
        if (out.length > 0) {
          const cancel = Number.isFinite(graceMs)
            ? setTimeout(() => out.forEach((job) => job.abort.abort()), graceMs)
            : undefined;
          await Promise.all(out.map((job) => job.done));
          clearTimeout(cancel);
        }
        for (const handler of kinds()) handler.close?.();
      })();
      return stopping;
    },
    wake() {
      if (!stopping) fill();
    },
  };
}

let running: JobWorker | null = null;

/** Starts this process's worker (server start-up): what a previous process left is taken now. */
export function startJobWorker(options: JobWorkerOptions = {}): JobWorker {
  void running?.stop({ graceMs: 0 });
  running = createJobWorker(options);
  onEnqueue(() => running?.wake());
  running.start();
  return running;
}

export function wakeJobWorker(): void {
  running?.wake();
}

let lastStop: Promise<void> = Promise.resolve();

/** Stops it (SIGTERM, before the database closes); a second call waits for the same stop. */
export function stopJobWorker(graceMs: number): Promise<void> {
  const worker = running;
  running = null;
  onEnqueue(null);
  if (worker) lastStop = worker.stop({ graceMs });
  return lastStop;
}
