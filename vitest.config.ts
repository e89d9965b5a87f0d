import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

// Unit and integration tests. Integration tests import loaders and actions directly and run them
// against a real, temporary SQLite file created per test file by tests/setup.ts.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/setup.ts"],
    environment: "node",
    // Generous on purpose (issue 26): a busy 2-core machine must not turn slowness into failures.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The JSON report is what `npm run bench` reads for the slowest tests (scripts/bench/slowest-tests.ts).
    reporters: ["default", "json"],
    outputFile: { json: "test-reports/vitest.json" },
  },
});
