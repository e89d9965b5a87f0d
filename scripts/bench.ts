// npm run bench: builds the site, serves it on a free port with a fresh database, uploads generated
// photos through the content studio (home hero, the home catalogue's course cards) and measures
// (1) bytes each page really fetches on first view in Chromium, with the JavaScript chunks of /, and
// per marketing page the framework or islands it loads and its document with headers (bench/page-scripts.ts),
// (2) Lighthouse on three mobile profiles (median of 3): Lighthouse's mobile default, slow 3G
// simulated, slow 3G applied in the browser, (3) the vocational questions' responsiveness with the
// CPU slowed 4×, and the walk home → course page → form on slow 3G, (4) HTTP load with autocannon. Prints the tables, writes JSON, and exits non-zero
// naming every missed budget. It also prints and records the 10 slowest tests of the last test runs
// (bench/slowest-tests.ts reads the JSON reports the runners leave in test-reports/).
// Not a test: CI does not run it (slow and noisy).
// Each measurement lives in scripts/bench/ (settings.ts holds the pages and budgets).
import { execSync } from "node:child_process";

import { chromium } from "@playwright/test";

import { E2E_ENV } from "../tests/support/env";
import { startServer } from "../tests/support/server-process";
import { checkHomeBytes, checkVocationalFormBytes, measureBytes } from "./bench/bytes";
import { addBenchSalesTeam, measureLeadsBeforeAfter, startMailbox } from "./bench/lead-distribution";
import { measureLighthouse } from "./bench/lighthouse";
import { measureLoad } from "./bench/load";
import { measureNavigation, printNavigation } from "./bench/navigation";
import { measureMarketingPages } from "./bench/page-scripts";
import { measurePhotoLoad, printPhotoLoad } from "./bench/photo-load";
import { uploadBenchPhotos } from "./bench/photos";
import { finish, printTable } from "./bench/report";
import { measureQuestionsResponsiveness } from "./bench/responsiveness";
import { failures, PLAYWRIGHT_ARGS, RUNS } from "./bench/settings";
import { formatSlowestTests, readTestReports, slowestTests } from "./bench/slowest-tests";
import { measureWebhookIsolation } from "./bench/webhooks";
import { findChromium } from "./ensure-chromium.mjs";

process.env.BUILD_DIR ??= "build-bench";
/** `npm run bench -- --photos`: only the photo processing measurements (scripts/bench/photo-load.ts). */
const PHOTOS_ONLY = process.argv.includes("--photos");
/** `npm run bench -- --leads`: only the lead POST rate, without and with distribution and e-mail (bench/lead-distribution.ts). */
const LEADS_ONLY = process.argv.includes("--leads");
/** `npm run bench -- --navigation`: only home → course page → form on slow 3G (bench/navigation.ts). */
const NAVIGATION_ONLY = process.argv.includes("--navigation");
/** `npm run bench -- --slowest`: only the 10 slowest tests of the last test runs, nothing built (bench/slowest-tests.ts). */
const SLOWEST_ONLY = process.argv.includes("--slowest");
const SERVER_ENV = {
  RATE_LIMIT_PUBLIC_FORMS: "100000000",
  SESSION_SECRET: "bench-secret",
  ADMIN_EMAIL: E2E_ENV.ADMIN_EMAIL,
  ADMIN_PASSWORD: E2E_ENV.ADMIN_PASSWORD,
  WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  // As the Docker image runs (decision 124): the photo measurements' RSS after is then what production keeps.
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
};

async function main() {
  // Read before anything runs: the reports are the last test runs', not this bench's.
  const slowest = slowestTests(readTestReports());
  if (SLOWEST_ONLY) {
    console.log(formatSlowestTests(slowest));
    return;
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error("Chromium not found (set CHROMIUM_PATH or install Debian's chromium)");

  console.log(`Building into ${process.env.BUILD_DIR} ...`);
  try {
    execSync("npx react-router build", { stdio: "pipe", env: process.env });
  } catch (error) {
    console.error((error as { stderr?: Buffer }).stderr?.toString() ?? error);
    throw new Error("The build failed");
  }

  const mailbox = await startMailbox();
  if (LEADS_ONLY) return finish(await measureLeadsBeforeAfter(SERVER_ENV, mailbox));
  // Distribution and the e-mail outbox on, as in production: the lead POST load pays for both.
  const server = await startServer({ ...SERVER_ENV, SMTP_URL: mailbox.url }, { quiet: true });
  addBenchSalesTeam(server.databasePath);
  console.log(`Serving ${server.url}`);
  const report: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS, slowestTests: slowest };
  if (NAVIGATION_ONLY) {
    try {
      const navigation = await measureNavigation(server.url, executablePath, RUNS);
      report.navigation = navigation;
      printNavigation(navigation);
    } finally {
      await server.stop();
      server.cleanup();
    }
    return finish(report);
  }
  if (PHOTOS_ONLY) {
    try {
      console.log("Measuring photo processing ...");
      const photoLoad = await measurePhotoLoad(server, failures);
      report.photoLoad = photoLoad;
      printPhotoLoad(photoLoad);
    } finally {
      await server.stop();
      server.cleanup();
    }
    return finish(report);
  }
  try {
    // 0. Photos, through the studio, before anything is measured.
    const browser = await chromium.launch({ executablePath, args: PLAYWRIGHT_ARGS });
    try {
      console.log("Uploading photos through the studio ...");
      report.photos = await uploadBenchPhotos(browser, server.url);
    } finally {
      await browser.close();
    }

    // 0b. Photo processing: time and memory per photo, /healthz during concurrent uploads (decision 076).
    console.log("Measuring photo processing ...");
    const photoLoad = await measurePhotoLoad(server, failures);
    report.photoLoad = photoLoad;

    // 1. Bytes on first view.
    const { bytes, chunks } = await measureBytes(server.url, executablePath);
    report.bytes = bytes;
    report.chunks = chunks;
    checkHomeBytes(bytes["/"]);
    checkVocationalFormBytes(bytes["/teste-vocacional"]);

    // 1b. Marketing pages: no framework, islands ≤ 6 KB, landing documents in one round trip.
    console.log("Marketing pages: scripts and documents ...");
    report.pageScripts = await measureMarketingPages(server.url, failures);

    // 2. Lighthouse, three profiles.
    report.lighthouse = await measureLighthouse(server.url, executablePath);

    // 3. Responsiveness of the vocational questions (CPU 4× slower), median of 5 of each interaction.
    report.responsiveness = await measureQuestionsResponsiveness(server.url, executablePath);

    // 3b. Home → course page → form on slow 3G applied in the browser (issue 31, item 3).
    console.log("Navigation: home → course page → form, slow 3G ...");
    const navigation = await measureNavigation(server.url, executablePath, RUNS);
    report.navigation = navigation;

    // 4. HTTP load (loopback only, bounded in time).
    report.load = await measureLoad(server);

    // 5. Webhooks beside a receiver that never answers, after the load: its endpoints
    // are added for this measure only.
    const webhooks = await measureWebhookIsolation(server.url, server.databasePath);
    report.webhooks = webhooks.result;
    failures.push(...webhooks.failures);

    printTable(report);
    printNavigation(navigation);
    printPhotoLoad(photoLoad);
    console.log(`\n${formatSlowestTests(slowest)}`);
  } finally {
    await server.stop();
    server.cleanup();
  }
  finish(report);
}

await main();
