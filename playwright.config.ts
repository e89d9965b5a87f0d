import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_FLAGS, findChromium } from "./scripts/ensure-chromium.mjs";

const chromium = findChromium();
const launchOptions = {
  executablePath: chromium,
  args: CHROMIUM_FLAGS,
};
const outputSuffix = process.env.BUILD_DIR ? `-${process.env.BUILD_DIR.replace(/\W+/g, "-")}` : "";

/**
 * E2E tests run against the production build (`npm run build`), served by server.js on a free port
 * with its own temporary database (tests/support/global-setup.ts), in Debian's Chromium, twice:
 * with JavaScript enabled and with JavaScript disabled.
 */
export default defineConfig({
  testDir: "tests",
  outputDir: `test-results${outputSuffix}`,
  globalSetup: "./tests/support/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous on purpose (issue 26): a passing step returns as soon as it is true, so only a
  // failure waits this long, and a busy 2-core machine must not turn slowness into failures.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // The JSON report is what `npm run bench` reads for the slowest tests (scripts/bench/slowest-tests.ts).
  reporter: [["list"], ["json", { outputFile: `test-reports/playwright${outputSuffix}.json` }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "js",
      testDir: "tests/e2e",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true },
    },
    {
      name: "no-js",
      testDir: "tests/e2e",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
    // Tests of the server process itself, without a browser (headers, limits, shutdown, crash
    // safety, build contents): tests/process.
    { name: "server", testDir: "tests/process" },
  ],
});
