import { test as base, expect } from "@playwright/test";
import Database from "better-sqlite3";

/** A read-write connection to the e2e server's database, to check what a flow stored. */
export function openE2eDb() {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set (global setup did not run)");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  return db;
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
});

/** A unique e-mail per test run, so tests never collide on the (origem, email) key. */
export function uniqueEmail(prefix = "teste") {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export { expect };
