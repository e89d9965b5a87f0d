// The slowest tests of the last test runs, so that the suite's growth is visible in the bench's
// report: Playwright (playwright.config.ts) and Vitest (vitest.config.ts, helper/vitest.config.js)
// each write a JSON report to test-reports/, and this reads them. Alone:
// `npx tsx scripts/bench/slowest-tests.ts` (or `npm run bench -- --slowest`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Where the test runners write their JSON reports (one file per runner; a run replaces its file). */
export const TEST_REPORTS_DIR = "test-reports";

export type TestDuration = {
  /** The runner and, for Playwright, its project: `playwright js`, `vitest`, `vitest (helper)`. */
  runner: string;
  file: string;
  title: string;
  durationMs: number;
  /** The report it comes from, and when that file was written. */
  report: string;
  reportedAt: string;
};

type PlaywrightResult = { duration: number; retry?: number };
type PlaywrightTest = { projectName?: string; results?: PlaywrightResult[] };
type PlaywrightSpec = { title: string; file: string; tests?: PlaywrightTest[] };
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { config?: { rootDir?: string }; suites?: PlaywrightSuite[] };

type VitestAssertion = { fullName?: string; title: string; ancestorTitles?: string[]; duration?: number | null };
type VitestReport = { testResults?: { name: string; assertionResults?: VitestAssertion[] }[] };

/**
 * The tests of a Playwright JSON report with their time: each project's run of a test once, its
 * attempts (a retry included) added up, titled with its describe blocks; file names from `rootDir`.
 */
export function playwrightDurations(
  report: PlaywrightReport,
  rootDir = process.cwd(),
): Omit<TestDuration, "report" | "reportedAt">[] {
  // Playwright names files from its own root (the config's testDir, tests/).
  const base = report.config?.rootDir ? path.relative(rootDir, report.config.rootDir) : "";
  const found: Omit<TestDuration, "report" | "reportedAt">[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    // The top suites are the files: their title is the path, which `file` already says.
    const inner = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        if (results.length === 0) continue;
        found.push({
          runner: `playwright ${test.projectName ?? ""}`.trim(),
          file: path.join(base, spec.file),
          title: [...inner, spec.title].filter(Boolean).join(" › "),
          durationMs: results.reduce((sum, result) => sum + (result.duration ?? 0), 0),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, inner);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

/** The tests of a Vitest JSON report with their time (`rootDir` makes the file names relative). */
export function vitestDurations(report: VitestReport, runner = "vitest", rootDir = process.cwd()) {
  const found: Omit<TestDuration, "report" | "reportedAt">[] = [];
  for (const file of report.testResults ?? []) {
    for (const assertion of file.assertionResults ?? []) {
      if (typeof assertion.duration !== "number") continue;
      found.push({
        runner,
        file: path.relative(rootDir, file.name),
        title: assertion.fullName ?? [...(assertion.ancestorTitles ?? []), assertion.title].join(" "),
        durationMs: assertion.duration,
      });
    }
  }
  return found;
}

/** Every test of every JSON report in `dir` (Playwright's or Vitest's, told apart by their shape). */
export function readTestReports(dir = TEST_REPORTS_DIR, rootDir = process.cwd()): TestDuration[] {
  if (!existsSync(dir)) return [];
  const all: TestDuration[] = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json"))) {
    const file = path.join(dir, name);
    let parsed: PlaywrightReport & VitestReport;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue; // a run still writing it, or cut short
    }
    const reportedAt = statSync(file).mtime.toISOString();
    const helper = name.includes("helper");
    const durations = parsed.testResults
      ? vitestDurations(parsed, helper ? "vitest (helper)" : "vitest", helper ? path.join(rootDir, "helper") : rootDir)
      : playwrightDurations(parsed, rootDir);
    for (const duration of durations) all.push({ ...duration, report: name, reportedAt });
  }
  return all;
}

/** The `count` slowest, slowest first. */
export function slowestTests(durations: TestDuration[], count = 10): TestDuration[] {
  return [...durations].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
}

/** The table the bench prints. */
export function formatSlowestTests(slowest: TestDuration[]): string {
  if (slowest.length === 0) {
    return `Slowest tests: no report in ${TEST_REPORTS_DIR}/ (run npm test, or a part of it, first).`;
  }
  const reports = [...new Map(slowest.map((test) => [test.report, test.reportedAt])).entries()]
    .map(([report, at]) => `${report} ${at}`)
    .join(", ");
  const lines = slowest.map(
    (test, index) =>
      `${String(index + 1).padStart(2)}. ${(test.durationMs / 1000).toFixed(1).padStart(7)} s  ${test.runner.padEnd(16)} ${test.file} › ${test.title}`,
  );
  return [`Slowest ${slowest.length} tests (${reports}):`, ...lines].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatSlowestTests(slowestTests(readTestReports())));
}
