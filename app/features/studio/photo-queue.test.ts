import { describe, expect, it } from "vitest";

import { createJobQueue } from "~/features/studio/photo-queue.server";

/** A promise the test settles when it chooses (no clock involved). */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every promise callback already queued run (microtasks and one macrotask turn). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the photo queue (decision 076)", () => {
  for (const limit of [1, 2]) {
    it(`runs at most ${limit} job(s) at once, the others in the order asked`, async () => {
      const queue = createJobQueue(limit);
      const gates = Array.from({ length: 5 }, () => deferred<string>());
      const started: number[] = [];
      let inFlight = 0;
      let most = 0;
      const results = gates.map((gate, index) =>
        queue.run(async () => {
          started.push(index);
          inFlight += 1;
          most = Math.max(most, inFlight);
          try {
            return await gate.promise;
          } finally {
            inFlight -= 1;
          }
        }),
      );
      await flush();
      expect(started).toEqual([0, 1].slice(0, limit));
      expect(queue.running).toBe(limit);
      expect(queue.waiting).toBe(5 - limit);
      // Finish them one by one, the last started first: the next in line starts each time.
      const finished = new Set<number>();
      for (let done = 0; done < 5; done++) {
        const last = started.filter((index) => !finished.has(index)).at(-1)!;
        finished.add(last);
        gates[last].resolve(`foto ${last}`);
        await flush();
        expect(inFlight).toBeLessThanOrEqual(limit);
      }
      expect(await Promise.all(results)).toEqual(["foto 0", "foto 1", "foto 2", "foto 3", "foto 4"]);
      expect(started).toEqual([0, 1, 2, 3, 4]);
      expect(most).toBe(limit);
      expect(queue.running).toBe(0);
      expect(queue.waiting).toBe(0);
    });
  }

  it("a job that fails gives its turn to the next and rejects with its own error", async () => {
    const queue = createJobQueue(1);
    const first = deferred();
    const failing = queue.run(() => first.promise);
    const second = queue.run(async () => "depois");
    await flush();
    expect(queue.waiting).toBe(1);
    first.reject(new Error("foto corrompida"));
    await expect(failing).rejects.toThrow("foto corrompida");
    expect(await second).toBe("depois");
    expect(queue.running).toBe(0);
  });

  it("refuses a limit that is not a positive whole number", () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) expect(() => createJobQueue(limit)).toThrow();
  });
});
