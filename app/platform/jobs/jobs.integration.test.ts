import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";

import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { retryDelayMs } from "./backoff";
import { jobsOverview } from "./overview.server";
import { claimJobs, completeJob, enqueueJob, type Job, retryFailedJob } from "./queue.server";
import {
  createJobWorker,
  enqueuePeriodicJobs,
  JobFailure,
  type JobHandler,
  recordPeriodicRun,
  registerJobHandler,
  registerPeriodicJob,
  RELEASED,
} from "./worker.server";

let nowMs = Date.parse("2026-12-03T12:00:00Z");
setClockForTests(() => nowMs);
afterEach(() => {
  nowMs = Date.parse("2026-12-03T12:00:00Z");
  setClockForTests(() => nowMs);
});

const quiet = () => {};
const rows = (kind: string) => db.select().from(schema.jobs).where(eq(schema.jobs.kind, kind)).orderBy(schema.jobs.id).all();

function handler(kind: string, run: JobHandler["run"], extra: Partial<JobHandler> = {}): JobHandler {
  const registered: JobHandler = { kind, label: kind, concurrency: 4, maxAttempts: 3, leaseMs: 60_000, run, ...extra };
  registerJobHandler(registered);
  return registered;
}

describe("enqueue", () => {
  it("writes a job only if its cause commits", () => {
    expect(() =>
      db.transaction((tx) => {
        enqueueJob({ kind: "t.rollback", payload: { a: 1 } }, tx);
        throw new Error("the cause failed");
      }),
    ).toThrow("the cause failed");
    expect(rows("t.rollback")).toHaveLength(0);
    db.transaction((tx) => {
      enqueueJob({ kind: "t.rollback", payload: { a: 1 } }, tx);
    });
    expect(rows("t.rollback").map((job) => JSON.parse(job.payload))).toEqual([{ a: 1 }]);
  });

  it("ignores a second job with the same dedupe key", () => {
    expect(enqueueJob({ kind: "t.dedupe", dedupeKey: "um" })).not.toBeNull();
    expect(enqueueJob({ kind: "t.dedupe", dedupeKey: "um" })).toBeNull();
    expect(rows("t.dedupe")).toHaveLength(1);
  });
});

describe("leases", () => {
  it("never gives one job to two workers, and takes it again when its worker's lease expired", () => {
    const rule = { kind: "t.lease", concurrency: 10, leaseMs: 30_000 };
    for (let i = 0; i < 5; i++) enqueueJob({ kind: "t.lease" });
    const a = claimJobs({ ...rule, concurrency: 3 }, "worker-a");
    const b = claimJobs(rule, "worker-b");
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(2);
    expect(new Set([...a, ...b].map((job) => job.id)).size).toBe(5);
    expect(claimJobs(rule, "worker-c")).toHaveLength(0);

    // worker-a died: after its lease, worker-c takes its three jobs; worker-a's late answer writes nothing.
    nowMs += 30_000;
    const retaken = claimJobs(rule, "worker-c");
    expect(retaken.map((job) => job.id).sort()).toEqual([...a, ...b].map((job) => job.id).sort());
    expect(completeJob(a[0], "worker-a", null)).toBe(false);
    expect(
      completeJob(
        retaken.find((job) => job.id === a[0].id)!,
        "worker-c",
        null,
      ),
    ).toBe(true);
    expect(rows("t.lease").find((job) => job.id === a[0].id)?.status).toBe("done");
  });

  it("runs a job whose worker crashed mid-run again on another worker, once", async () => {
    let runs = 0;
    handler("t.crash", async () => {
      runs += 1;
    });
    enqueueJob({ kind: "t.crash" });
    // A worker claimed it and then its process was killed: nothing but the lease is left.
    expect(claimJobs({ kind: "t.crash", concurrency: 4, leaseMs: 60_000 }, "killed")).toHaveLength(1);
    const survivor = createJobWorker({ kinds: ["t.crash"], log: quiet });
    expect(await survivor.runDue()).toBe(0);
    nowMs += 60_000;
    expect(await survivor.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(rows("t.crash")[0]).toMatchObject({ status: "done", attempts: 1, leaseOwner: null });
  });
});

describe("retries", () => {
  it("retries with backoff, then gives up at the kind's limit, and an admin can try again", async () => {
    let calls = 0;
    handler(
      "t.retry",
      async () => {
        calls += 1;
        throw new Error("receptor fora do ar");
      },
      { maxAttempts: 3 },
    );
    enqueueJob({ kind: "t.retry" });
    const worker = createJobWorker({ kinds: ["t.retry"], random: () => 1, log: quiet });
    expect(await worker.runDue()).toBe(1);
    expect(rows("t.retry")[0]).toMatchObject({ status: "pending", attempts: 1, lastError: "receptor fora do ar" });
    expect(rows("t.retry")[0].runAt).toBe(nowMs + retryDelayMs(1, () => 1));
    nowMs += retryDelayMs(1, () => 1) - 1;
    expect(await worker.runDue()).toBe(0);
    nowMs += 1;
    expect(await worker.runDue()).toBe(1);
    nowMs += retryDelayMs(2, () => 1);
    expect(await worker.runDue()).toBe(1);
    expect(rows("t.retry")[0]).toMatchObject({ status: "failed", attempts: 3 });
    expect(calls).toBe(3);
    nowMs += 24 * 60 * 60 * 1000;
    expect(await worker.runDue()).toBe(0);

    const overview = jobsOverview();
    expect(overview.failed.find((job) => job.kind === "t.retry")).toMatchObject({
      attempts: 3,
      lastError: "receptor fora do ar",
    });
    expect(overview.kinds.find((kind) => kind.kind === "t.retry")?.counts.failed).toBe(1);
    expect(retryFailedJob(rows("t.retry")[0].id)).toBe(true);
    expect(await worker.runDue()).toBe(1);
    expect(calls).toBe(4);
  });

  it("gives up at once on a failure that says so, with its own limit for another kind of failure", async () => {
    handler("t.final", async () => {
      throw new JobFailure("Recusado: HTTP 400", { retry: false, result: "400" });
    });
    handler("t.timeout", async () => {
      throw new JobFailure("Tempo esgotado", { retry: true, maxAttempts: 1 });
    });
    enqueueJob({ kind: "t.final" });
    enqueueJob({ kind: "t.timeout" });
    await createJobWorker({ kinds: ["t.final", "t.timeout"], log: quiet }).runDue();
    expect(rows("t.final")[0]).toMatchObject({ status: "failed", attempts: 1, result: "400" });
    expect(rows("t.timeout")[0]).toMatchObject({ status: "failed", attempts: 1 });
  });
});

describe("limits and order", () => {
  it("keeps at most `groupConcurrency` of one group out, across workers, and others go meanwhile", async () => {
    const out = new Map<string, number>();
    let peak = 0;
    const gates: (() => void)[] = [];
    handler(
      "t.group",
      async (job) => {
        const group = job.groupKey!;
        out.set(group, (out.get(group) ?? 0) + 1);
        peak = Math.max(peak, out.get("lento")!);
        await new Promise<void>((resolve) => gates.push(resolve));
        out.set(group, out.get(group)! - 1);
      },
      { concurrency: 10, groupConcurrency: 2 },
    );
    for (let i = 0; i < 5; i++) enqueueJob({ kind: "t.group", groupKey: "lento" });
    enqueueJob({ kind: "t.group", groupKey: "rapido" });
    const one = createJobWorker({ kinds: ["t.group"], log: quiet });
    const two = createJobWorker({ kinds: ["t.group"], log: quiet });
    const running = [one.runDue(), two.runDue()];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(out.get("lento")).toBe(2);
    expect(out.get("rapido")).toBe(1);
    while (rows("t.group").some((job) => job.status !== "done")) {
      gates.splice(0).forEach((open) => open());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(running);
    expect(peak).toBe(2);
  });

  it("in strict order, one priority at a time, nothing overtakes a job waiting for its retry", async () => {
    const sent: string[] = [];
    let down = true;
    handler(
      "t.ordered",
      async (job) => {
        const { name } = JSON.parse(job.payload) as { name: string };
        if (down && name === "alerta-1") throw new Error("SMTP fora do ar");
        sent.push(name);
      },
      { ordered: true, concurrency: 4, maxAttempts: 50 },
    );
    enqueueJob({ kind: "t.ordered", payload: { name: "pessoa-1" }, priority: 1 });
    enqueueJob({ kind: "t.ordered", payload: { name: "alerta-1" }, priority: 0 });
    enqueueJob({ kind: "t.ordered", payload: { name: "alerta-2" }, priority: 0 });
    const worker = createJobWorker({ kinds: ["t.ordered"], random: () => 1, log: quiet });
    await worker.runDue();
    // alerta-1 failed and waits; alerta-2 went with it in the same batch; the person's message waits behind.
    expect(sent).toEqual(["alerta-2"]);
    nowMs += 5_000;
    expect(await worker.runDue()).toBe(0);
    down = false;
    nowMs += 60_000;
    await worker.runDue();
    expect(sent).toEqual(["alerta-2", "alerta-1", "pessoa-1"]);
  });

  it("claims nothing of a paused kind", async () => {
    let paused = true;
    let runs = 0;
    handler("t.paused", async () => void (runs += 1), { paused: () => paused });
    enqueueJob({ kind: "t.paused" });
    const worker = createJobWorker({ kinds: ["t.paused"], log: quiet });
    expect(await worker.runDue()).toBe(0);
    paused = false;
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it("never runs a held job", async () => {
    let runs = 0;
    handler("t.held", async () => void (runs += 1));
    enqueueJob({ kind: "t.held", held: true });
    expect(await createJobWorker({ kinds: ["t.held"], log: quiet }).runDue()).toBe(0);
    expect(runs).toBe(0);
    expect(rows("t.held")[0].status).toBe("held");
  });
});

describe("stopping", () => {
  it("gives a job still out after the grace back to the queue, its attempt not counted", async () => {
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    handler("t.stop", (_job, { signal }) => {
      started();
      return new Promise((resolve) => signal.addEventListener("abort", () => resolve(RELEASED)));
    });
    enqueueJob({ kind: "t.stop" });
    const worker = createJobWorker({ kinds: ["t.stop"], log: quiet });
    const run = worker.runDue();
    await begun;
    await worker.stop({ graceMs: 0 });
    await run;
    const [job] = rows("t.stop") as Job[];
    expect(job).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
  });
});

describe("periodic jobs", () => {
  it("run once per period whichever worker and however many processes write the period's job", async () => {
    const ran: string[] = [];
    registerPeriodicJob({ kind: "t.minute", label: "t", everyMs: 60_000, run: (now) => void ran.push(now.toISOString()) });
    const workers = [createJobWorker({ kinds: ["t.minute"], log: quiet }), createJobWorker({ kinds: ["t.minute"], log: quiet })];
    nowMs = Date.parse("2026-12-03T12:00:30Z");
    for (let minute = 0; minute < 3; minute++) {
      enqueuePeriodicJobs(nowMs);
      enqueuePeriodicJobs(nowMs + 1);
      await Promise.all(workers.map((worker) => worker.runDue()));
      nowMs += 60_000;
    }
    expect(ran).toHaveLength(3);
    expect(rows("t.minute").map((job) => job.dedupeKey)).toEqual([
      "t.minute@2026-12-03T12:00:00.000Z",
      "t.minute@2026-12-03T12:01:00.000Z",
      "t.minute@2026-12-03T12:02:00.000Z",
    ]);
  });
});

describe("a periodic run done outside the worker", () => {
  it("is this period's run: no worker repeats it, the next period's runs", async () => {
    let runs = 0;
    const daily = { kind: "t.daily", label: "t", everyMs: 24 * 60 * 60 * 1000, run: () => void (runs += 1) };
    registerPeriodicJob(daily);
    const worker = createJobWorker({ kinds: ["t.daily"], log: quiet });
    recordPeriodicRun(daily, nowMs);
    recordPeriodicRun(daily, nowMs + 1);
    enqueuePeriodicJobs(nowMs + 60_000);
    expect(await worker.runDue()).toBe(0);
    expect(rows("t.daily").map((job) => job.status)).toEqual(["done"]);
    nowMs += daily.everyMs;
    enqueuePeriodicJobs(nowMs);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(1);
  });
});

afterAll(() => resetClock());
