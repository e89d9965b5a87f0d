// Runs before each vitest test file (each file has its own module graph): point the app at a fresh,
// temporary SQLite file so integration tests use a real database and never touch ./data.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "site-test-"));
process.env.DATABASE_PATH ??= path.join(dir, "test.db");
process.env.SESSION_SECRET ??= "test-session-secret";
process.env.LOG_REQUESTS = "false";
// The tests' webhook receivers listen on 127.0.0.1, an internal address the site refuses unless allowed
// (decision 073); app/features/webhooks/webhooks.integration.test.ts-ssrf.test.ts runs without this.
process.env.WEBHOOK_ALLOW_HOSTS ??= "127.0.0.1";
