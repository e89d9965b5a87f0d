import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { startServer } from "../support/server-process";
import { enrolment } from "../support/sessions";

/**
 * No lead lost: hundreds of valid lead submissions in flight, the server is killed with SIGKILL in
 * the middle, restarted on the same file; every submission that had received its redirect must be
 * in the database exactly once, and the file must pass an integrity check.
 */
/** A name part from a number, in letters only (names may not hold digits): 0 → "a", 27 → "bb". */
function personLetters(i: number): string {
  let out = "";
  do {
    out += String.fromCharCode(97 + (i % 26));
    i = Math.floor(i / 26);
  } while (i > 0);
  return out;
}

test("a SIGKILL mid-burst loses no acknowledged lead and leaves a sound database", async () => {
  const env = { RATE_LIMIT_PUBLIC_FORMS: "1000000" };
  const first = await startServer(env, { quiet: true });
  const databasePath = first.databasePath;
  const TOTAL = 400;
  const acknowledged: string[] = [];
  const run = Date.now();

  const submit = async (i: number) => {
    const email = `crash.${run}.${i}@example.com`;
    const body = new URLSearchParams({ ...enrolment(email), nome: `Pessoa Número ${personLetters(i)}`, telefone: "31999998888" });
    try {
      const response = await fetch(`${first.url}/inscricao`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      if (response.status === 303) acknowledged.push(email);
      else expect(response.status, `unexpected answer for ${email}`).toBe(303);
    } catch {
      // The connection died with the server: not acknowledged, so it may or may not be stored.
    }
  };

  // Fire the burst with bounded concurrency and kill the server part-way through.
  let next = 0;
  const workers = Array.from({ length: 40 }, async () => {
    while (next < TOTAL) await submit(next++);
  });
  const killer = (async () => {
    while (acknowledged.length < TOTAL / 3) await new Promise((r) => setTimeout(r, 5));
    first.process.kill("SIGKILL");
  })();
  await Promise.all([...workers, killer]);
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
