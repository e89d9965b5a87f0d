import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatSlowestTests, readTestReports, slowestTests } from "../../scripts/bench/slowest-tests";

/**
 * The bench's "slowest tests": read from the JSON reports Playwright and Vitest leave in
 * test-reports/ (the shapes below are theirs), the ten slowest over every runner, slowest first.
 */

let root: string;
let reports: string;

/** A Playwright JSON report: files (from its root), then describe blocks, then specs with one test per project. */
const playwrightReport = (rootDir: string) => ({
  config: { rootDir: path.join(rootDir, "tests") },
  suites: [
    {
      title: "e2e/a11y.spec.ts",
      file: "e2e/a11y.spec.ts",
      specs: [],
      suites: [
        {
          title: "axe: no serious or critical violations",
          file: "e2e/a11y.spec.ts",
          specs: [
            {
              title: "public page /",
              file: "e2e/a11y.spec.ts",
              tests: [
                { projectName: "js", results: [{ duration: 95_000, retry: 0 }] },
                { projectName: "no-js", results: [] },
              ],
            },
            {
              title: "public page /bolsas",
              file: "e2e/a11y.spec.ts",
              // failed once, passed on the retry: the run took both
              tests: [{ projectName: "js", results: [{ duration: 120_000 }, { duration: 30_000 }] }],
            },
          ],
        },
      ],
    },
    {
      title: "process/helper-install.spec.ts",
      file: "process/helper-install.spec.ts",
      specs: [
        {
          title: "with the real npm",
          file: "process/helper-install.spec.ts",
          tests: [{ projectName: "server", results: [{ duration: 61_000 }] }],
        },
      ],
    },
  ],
});

function vitestReport(rootDir: string, prefix: string, durations: number[]) {
  return {
    numTotalTests: durations.length,
    testResults: [
      {
        name: path.join(rootDir, "tests", `${prefix}.test.ts`),
        assertionResults: durations.map((duration, index) => ({
          ancestorTitles: [prefix],
          title: `test ${index}`,
          fullName: `${prefix} test ${index}`,
          duration,
          status: "passed",
        })),
      },
    ],
  };
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "slowest-"));
  reports = path.join(root, "test-reports");
  mkdirSync(reports);
  writeFileSync(path.join(reports, "playwright.json"), JSON.stringify(playwrightReport(root)));
  writeFileSync(
    path.join(reports, "vitest.json"),
    JSON.stringify(vitestReport(root, "unit", [10, 70_000, 5, 1, 2, 3, 4, 6, 7, 8])),
  );
  writeFileSync(
    path.join(reports, "vitest-helper.json"),
    JSON.stringify(vitestReport(path.join(root, "helper"), "helper", [80_000])),
  );
  writeFileSync(path.join(reports, "cut-short.json"), '{"suites": [');
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the slowest tests of the last runs", () => {
  it("takes the ten slowest over Playwright's and Vitest's reports, slowest first, each with its runner and time", () => {
    const slowest = slowestTests(readTestReports(reports, root));
    expect(slowest).toHaveLength(10);
    expect(slowest.slice(0, 5).map(({ runner, file, title, durationMs }) => ({ runner, file, title, durationMs }))).toEqual([
      {
        runner: "playwright js",
        file: "tests/e2e/a11y.spec.ts",
        title: "axe: no serious or critical violations › public page /bolsas",
        durationMs: 150_000,
      },
      {
        runner: "playwright js",
        file: "tests/e2e/a11y.spec.ts",
        title: "axe: no serious or critical violations › public page /",
        durationMs: 95_000,
      },
      { runner: "vitest (helper)", file: "tests/helper.test.ts", title: "helper test 0", durationMs: 80_000 },
      { runner: "vitest", file: "tests/unit.test.ts", title: "unit test 1", durationMs: 70_000 },
      {
        runner: "playwright server",
        file: "tests/process/helper-install.spec.ts",
        title: "with the real npm",
        durationMs: 61_000,
      },
    ]);
    // The project that never ran the test (no result) is not a test of 0 s.
    expect(slowest.some((test) => test.runner === "playwright no-js")).toBe(false);
    expect(slowest.at(-1)?.durationMs).toBe(5);
  });

  it("prints one line per test with its seconds, and says so when there is no report", () => {
    const table = formatSlowestTests(slowestTests(readTestReports(reports, root), 2));
    expect(table).toMatch(/^Slowest 2 tests \(playwright\.json /);
    expect(table).toContain(
      " 1.   150.0 s  playwright js    tests/e2e/a11y.spec.ts › axe: no serious or critical violations › public page /bolsas",
    );
    expect(table.split("\n")).toHaveLength(3);
    expect(formatSlowestTests(slowestTests(readTestReports(path.join(root, "none"), root)))).toContain(
      "no report in test-reports/",
    );
  });
});
