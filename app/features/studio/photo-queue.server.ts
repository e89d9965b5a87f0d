import sharp from "sharp";

import { positiveIntEnv } from "../../../server/env.js";

/**
 * Photo processing must not stall the site (decision 076). An upload is still processed
 * within its own request (the studio's answer shows the stored photo), but through a bounded queue:
 * at most PHOTO_JOBS photos (default 1) are decoded and encoded at a time, the others wait their turn
 * in order, and libvips uses one thread per photo and a small cache, so on the 2-core machine a core
 * stays free for every other request (/healthz, pages, leads) and memory is returned between photos.
 */

/** How many photos are processed at once: PHOTO_JOBS (default 1; 2 at most makes sense on 2 cores). */
export const PHOTO_JOBS = positiveIntEnv("PHOTO_JOBS", 1);

// One libvips thread per photo (its default is one per core), and a cache that keeps little: each
// photo is decoded once and encoded from its pixels, so the cache only held memory past the upload.
sharp.concurrency(1);
sharp.cache({ memory: 32, files: 0, items: 16 });

export type JobQueue = {
  /** Runs `job` once fewer than `limit` jobs are running (in the order asked); resolves or rejects as it does. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting for their turn. */
  readonly waiting: number;
};

/** A first-in, first-out queue that runs at most `limit` jobs at once. */
export function createJobQueue(limit: number): JobQueue {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`createJobQueue: limit must be a positive integer, not ${limit}`);
  let running = 0;
  const turns: (() => void)[] = [];
  function release() {
    const next = turns.shift();
    // The slot goes straight to the next job waiting: `running` stays the same.
    if (next) next();
    else running -= 1;
  }
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => turns.push(resolve));
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return turns.length;
    },
  };
}

/** The queue every studio photo goes through (app/features/studio/images.server.ts). */
export const photoQueue = createJobQueue(PHOTO_JOBS);
