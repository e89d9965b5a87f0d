import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { personLetters, postEnrolmentBurst } from "../support/lead-burst";
import { startServer } from "../support/server-process";

/**
 * No lead lost: hundreds of valid lead submissions in flight, the server is killed with SIGKILL in
 * the middle, restarted on the same file; every submission that had received its redirect must be
 * in the database exactly once, and the file must pass an integrity check.
 */
test("a SIGKILL mid-burst loses no acknowledged lead and leaves a sound database", async () => {
  const env = { RATE_LIMIT_PUBLIC_FORMS: "1000000" };
  const first = await startServer(env, { quiet: true });
  const databasePath = first.databasePath;
  const TOTAL = 400;
  const acknowledged: string[] = [];
  const run = Date.now();

  // Fire the burst with bounded concurrency and kill the server part-way through.
  const burst = postEnrolmentBurst({
    url: first.url,
    total: TOTAL,
    acknowledged,
    person: (i) => ({
      email: `crash.${run}.${i}@example.com`,
      fields: { nome: `Pessoa Número ${personLetters(i)}`, telefone: "31999998888" },
    }),
  });
  const killer = (async () => {
    while (acknowledged.length < TOTAL / 3) await new Promise((r) => setTimeout(r, 5));
    first.process.kill("SIGKILL");
  })();
  await Promise.all([burst, killer]);
  await first.exited;

  expect(acknowledged.length).toBeGreaterThan(TOTAL / 4);
  expect(acknowledged.length).toBeLessThan(TOTAL);

  // Restart on the same file: the site must come back and have every acknowledged lead.
  const second = await startServer(env, { quiet: true, databasePath });
  try {
    await second.stop();
    const db = new Database(databasePath, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const count = db.prepare("SELECT count(*) AS n FROM leads WHERE email = ?");
      for (const email of acknowledged) {
        expect((count.get(email) as { n: number }).n, `${email} acknowledged but missing`).toBe(1);
      }
      const total = (db.prepare("SELECT count(*) AS n FROM leads WHERE email LIKE ?").get(`crash.${run}.%`) as { n: number }).n;
      expect(total).toBeGreaterThanOrEqual(acknowledged.length);
      expect(total).toBeLessThanOrEqual(TOTAL);
    } finally {
      db.close();
    }
  } finally {
    second.cleanup();
  }
});
