import { emailJobHandler } from "~/features/email/outbox.server";
import { summaryJob } from "~/features/leads/daily-summary.server";
import { escalationJob } from "~/features/leads/distribution/assign.server";
import * as serverClock from "~/platform/clock.server";
import {
  recordPeriodicRun,
  registerJobHandler,
  registerPeriodicJob,
  SHUTDOWN_GRACE_MS,
  startJobWorker,
  stopJobWorker,
} from "~/platform/jobs/worker.server";

import { retentionJob, runRetention } from "./retention.server";

/** Every feature's jobs, registered with the engine: the one list of what the site does in the background. */
export function registerBackgroundJobs(): void {
  registerJobHandler(emailJobHandler());
  registerPeriodicJob(escalationJob);
  registerPeriodicJob(summaryJob);
  registerPeriodicJob(retentionJob);
}

/**
 * Server start-up, before the first request: the retention purge runs now in this process (a
 * restarted server never answers with data past its period), then the jobs engine's worker starts.
 */
export function startBackgroundJobs(): void {
  registerBackgroundJobs();
  try {
    const now = serverClock.now();
    runRetention(now);
    // Today's run is done: the daily job does not repeat it in this or another process.
    recordPeriodicRun(retentionJob, now.getTime());
  } catch (error) {
    console.error("retenção: a limpeza de dados antigos falhou:", (error as Error).message);
  }
  startJobWorker();
}

/** SIGTERM: nothing new starts; what runs gets the grace, then goes back to the queue. */
export function stopBackgroundJobs(): Promise<void> {
  return stopJobWorker(SHUTDOWN_GRACE_MS);
}
