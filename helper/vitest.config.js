import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.js"],
    environment: "node",
    testTimeout: 20_000,
    // the helper tests open real sockets: keep files apart, the machine has 2 cores
    fileParallelism: false,
    // Read by the site's `npm run bench` for the slowest tests (scripts/bench/slowest-tests.ts).
    reporters: ["default", "json"],
    outputFile: { json: "../test-reports/vitest-helper.json" },
  },
});
