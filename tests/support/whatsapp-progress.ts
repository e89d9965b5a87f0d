import type { BulkProgress } from "~/features/whatsapp/tool/mirror-types";

/**
 * A bulk job's progress as the helper reports it: a running job of three contacts, nothing sent
 * yet, unless the overrides say otherwise.
 */
export function bulkProgress(over: Partial<BulkProgress> = {}): BulkProgress {
  return {
    jobId: "job-1",
    state: "running",
    total: 3,
    done: 0,
    sent: 0,
    errors: 0,
    pending: 3,
    operatorName: "Ana",
    startedAt: "2026-03-10T12:00:00.000Z",
    nextAt: null,
    expectedFinishAt: null,
    paused: false,
    pauseReason: null,
    pauseMessage: null,
    resumeAt: null,
    dailyCap: 200,
    sentToday: 0,
    ...over,
  };
}
