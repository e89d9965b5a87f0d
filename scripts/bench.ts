// npm run bench: builds the site, serves it on a free port with a fresh database and measures
// (1) bytes each page really fetches on first view in Chromium, (2) Lighthouse on two mobile
// profiles (median of 3), (3) HTTP load with autocannon. Prints one table, writes JSON, and exits
// non-zero naming every missed budget. Not a test: CI does not run it (slow and noisy).
import autocannon from "autocannon";
import Database from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { findChromium } from "./ensure-chromium.mjs";
import { startServer } from "../tests/e2e/server-process";

process.env.BUILD_DIR ??= "build-bench";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The pages measured: home, the test's lead form, the campaign and one course page. */
const PAGES = ["/", "/teste-vocacional", "/campanha-relampago", "/enfermagem"];

/** A valid vocational-test lead form post; each call gets a distinct e-mail. */
const LEAD_POST = {
  path: "/teste-vocacional",
  body(n: number): string {
    return new URLSearchParams({
      fullName: "Visitante de Carga",
      phone: "(31)99999-8888",
      email: `carga.${n}.${Date.now()}@example.com`,
      workStatus: "carteira_assinada",
      workArea: "saude",
      workSatisfaction: "gosto_muito",
      careerGoal: "mesma_area",
      desiredArea: "saude_bem_estar",
      consent: "on",
    }).toString();
  },
};

const BUDGET = {
  mobile: { score: 98, fcp: 1000, lcp: 1500, tbt: 150, cls: 0.02 },
  slow3g: { fcp: 1600, lcp: 2500 },
  homeBytes: { js: 130 * 1024, css: 20 * 1024, html: 40 * 1024 },
  getRps: 1000,
  getP99: 100,
  postRps: 400,
};

type Bytes = { html: number; js: number; css: number; font: number; image: number; other: number; requests: number };
type LhResult = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

const failures: string[] = [];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measureBytes(baseUrl: string, executablePath: string): Promise<Record<string, Bytes>> {
  const browser = await chromium.launch({ executablePath, args: CHROME_FLAGS.filter((f) => f !== "--headless=new") });
  const result: Record<string, Bytes> = {};
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const tab = await context.newPage();
      const bytes: Bytes = { html: 0, js: 0, css: 0, font: 0, image: 0, other: 0, requests: 0 };
      const pending: Promise<void>[] = [];
      tab.on("requestfinished", (request) => {
        pending.push(
          request.sizes().then((sizes) => {
            const size = sizes.responseBodySize + sizes.responseHeadersSize;
            const type = request.resourceType();
            bytes.requests += 1;
            if (type === "document") bytes.html += size;
            else if (type === "script") bytes.js += size;
            else if (type === "stylesheet") bytes.css += size;
            else if (type === "font") bytes.font += size;
            else if (type === "image") bytes.image += size;
            else bytes.other += size;
          }),
        );
      });
      const response = await tab.goto(baseUrl + page, { waitUntil: "networkidle" });
      if (!response?.ok()) failures.push(`${page}: answered ${response?.status()}`);
      await Promise.all(pending);
      result[page] = bytes;

      // The hero text and primary button are in the server HTML, visible before any script.
      if (page === "/") {
        const html = await (await fetch(baseUrl + page)).text();
        const body = html.replace(/<script[\s\S]*?<\/script>/g, "");
        if (!/<h1[\s>]/.test(body)) failures.push("/: no <h1> hero heading in the server HTML");
        if (!body.includes("Quero minha bolsa agora")) failures.push("/: primary button missing from the server HTML");
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

async function runLighthouse(url: string, profile: "mobile" | "slow3g", executablePath: string): Promise<LhResult> {
  const runs: LhResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: CHROME_FLAGS });
    try {
      const settings: Record<string, unknown> = {
        formFactor: "mobile",
        throttlingMethod: "simulate",
        onlyCategories: ["performance"],
      };
      if (profile === "slow3g") {
        settings.throttling = {
          rttMs: 300,
          throughputKbps: 400,
          cpuSlowdownMultiplier: 4,
          requestLatencyMs: 0,
          downloadThroughputKbps: 0,
          uploadThroughputKbps: 0,
        };
      }
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error" },
        { extends: "lighthouse:default", settings },
      );
      const lhr = result!.lhr;
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: lhr.audits["first-contentful-paint"].numericValue ?? NaN,
        lcp: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
        tbt: lhr.audits["total-blocking-time"].numericValue ?? NaN,
        cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
      });
    } finally {
      await chrome.kill();
    }
  }
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
}

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("Chromium not found (set CHROMIUM_PATH or install Debian's chromium)");

  console.log(`Building into ${process.env.BUILD_DIR} ...`);
  execSync("npx react-router build", { stdio: "ignore", env: process.env });

  const server = await startServer(
    { RATE_LIMIT_PUBLIC_FORMS: "100000000", SESSION_SECRET: "bench-secret" },
    { quiet: true },
  );
  console.log(`Serving ${server.url}`);
  const report: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS };
  try {
    // 1. Bytes on first view.
    const bytes = await measureBytes(server.url, executablePath);
    report.bytes = bytes;
    const home = bytes["/"];
    if (home.js > BUDGET.homeBytes.js) failures.push(`/ JavaScript ${kb(home.js)} > ${kb(BUDGET.homeBytes.js)}`);
    if (home.css > BUDGET.homeBytes.css) failures.push(`/ CSS ${kb(home.css)} > ${kb(BUDGET.homeBytes.css)}`);
    if (home.html > BUDGET.homeBytes.html) failures.push(`/ HTML ${kb(home.html)} > ${kb(BUDGET.homeBytes.html)}`);

    // 2. Lighthouse, two profiles.
    const lh: Record<string, Record<string, LhResult>> = { mobile: {}, slow3g: {} };
    for (const profile of ["mobile", "slow3g"] as const) {
      for (const page of PAGES) {
        console.log(`Lighthouse ${profile} ${page} ...`);
        const r = await runLighthouse(server.url + page, profile, executablePath);
        lh[profile][page] = r;
        if (profile === "mobile") {
          const b = BUDGET.mobile;
          if (r.score < b.score) failures.push(`mobile ${page}: performance ${r.score} < ${b.score}`);
          if (r.fcp > b.fcp) failures.push(`mobile ${page}: FCP ${Math.round(r.fcp)} ms > ${b.fcp} ms`);
          if (r.lcp > b.lcp) failures.push(`mobile ${page}: LCP ${Math.round(r.lcp)} ms > ${b.lcp} ms`);
          if (r.tbt > b.tbt) failures.push(`mobile ${page}: TBT ${Math.round(r.tbt)} ms > ${b.tbt} ms`);
          if (r.cls > b.cls) failures.push(`mobile ${page}: CLS ${r.cls.toFixed(3)} > ${b.cls}`);
        } else {
          const b = BUDGET.slow3g;
          if (r.fcp > b.fcp) failures.push(`slow 3G ${page}: FCP ${Math.round(r.fcp)} ms > ${b.fcp} ms`);
          if (r.lcp > b.lcp) failures.push(`slow 3G ${page}: LCP ${Math.round(r.lcp)} ms > ${b.lcp} ms`);
        }
      }
    }
    report.lighthouse = lh;

    // 3. HTTP load (loopback only, bounded in time).
    console.log(`Load: GET / for ${LOAD_SECONDS}s at 50 connections ...`);
    const get = await load({ url: server.url + "/", connections: 50, duration: LOAD_SECONDS });
    const countBefore = countLeads(server.databasePath);
    console.log(`Load: POST ${LEAD_POST.path} for ${LOAD_SECONDS}s at 50 connections ...`);
    let n = 0;
    const post = await load({
      url: server.url + LEAD_POST.path,
      connections: 50,
      duration: LOAD_SECONDS,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          setupRequest: (request) => ({ ...request, body: LEAD_POST.body(n++) }),
        },
      ],
    });
    const rows = countLeads(server.databasePath) - countBefore;
    const acknowledged = post["2xx"] + post["3xx"];
    const postErrors = post.errors + post.timeouts + post.non2xx - post["3xx"];
    report.load = {
      get: { rps: get.requests.average, p50: get.latency.p50, p99: get.latency.p99, errors: get.errors + get.non2xx },
      post: { rps: post.requests.average, p50: post.latency.p50, p99: post.latency.p99, errors: postErrors, acknowledged, rows },
    };
    if (get.requests.average < BUDGET.getRps) failures.push(`GET / ${Math.round(get.requests.average)} req/s < ${BUDGET.getRps}`);
    if (get.latency.p99 > BUDGET.getP99) failures.push(`GET / p99 ${get.latency.p99} ms > ${BUDGET.getP99} ms`);
    if (post.requests.average < BUDGET.postRps) failures.push(`POST lead ${Math.round(post.requests.average)} req/s < ${BUDGET.postRps}`);
    if (postErrors > 0) failures.push(`POST lead: ${postErrors} errors`);
    if (rows !== acknowledged) failures.push(`POST lead: ${rows} rows written for ${acknowledged} acknowledged answers`);

    printTable(report);
  } finally {
    await server.stop();
    server.cleanup();
  }

  report.failures = failures;
  const out = path.resolve("bench-results");
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  writeFileSync(path.join(out, "latest.json"), JSON.stringify(report, null, 2));
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  if (failures.length) {
    console.error(`\nBudgets missed (${failures.length}):`);
    for (const f of failures) console.error(`  - ${f}`);
    process.exit(1);
  }
  console.log("\nAll budgets met.");
}

function countLeads(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function printTable(report: Record<string, any>) {
  const rows: string[][] = [["page", "HTML", "JS", "CSS", "fonts", "images", "mobile score", "FCP", "LCP", "TBT", "CLS", "3G FCP", "3G LCP"]];
  for (const page of PAGES) {
    const b = report.bytes[page] as Bytes;
    const m = report.lighthouse.mobile[page] as LhResult;
    const s = report.lighthouse.slow3g[page] as LhResult;
    rows.push([
      page,
      kb(b.html),
      kb(b.js),
      kb(b.css),
      kb(b.font),
      kb(b.image),
      String(m.score),
      `${Math.round(m.fcp)} ms`,
      `${Math.round(m.lcp)} ms`,
      `${Math.round(m.tbt)} ms`,
      m.cls.toFixed(3),
      `${Math.round(s.fcp)} ms`,
      `${Math.round(s.lcp)} ms`,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
  console.log("\n" + line(rows[0]));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows.slice(1)) console.log(line(r));
  const { get, post } = report.load;
  console.log(`\n| load | req/s | p50 | p99 | errors | rows / acknowledged |`);
  console.log(`|---|---|---|---|---|---|`);
  console.log(`| GET / | ${Math.round(get.rps)} | ${get.p50} ms | ${get.p99} ms | ${get.errors} | |`);
  console.log(`| POST lead | ${Math.round(post.rps)} | ${post.p50} ms | ${post.p99} ms | ${post.errors} | ${post.rows} / ${post.acknowledged} |`);
}

await main();
