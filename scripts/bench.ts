// npm run bench: builds the site, serves it on a free port with a fresh database, uploads generated
// photos through the content studio (home hero, the home catalogue's course cards) and measures
// (1) bytes each page really fetches on first view in Chromium, with the JavaScript chunks of /, and
// per marketing page the framework or islands it loads and its document with headers (bench-page-scripts.ts),
// (2) Lighthouse on three mobile profiles (median of 3): Lighthouse's mobile default, slow 3G
// simulated, slow 3G applied in the browser, (3) the vocational questions' responsiveness with the
// CPU slowed 4×, (4) HTTP load with autocannon. Prints the tables, writes JSON, and exits non-zero
// naming every missed budget. Not a test: CI does not run it (slow and noisy).
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { CONSENT_VERSION_FIELD, VOCATIONAL_CONSENT } from "../app/seed/vocational-form";
import { E2E_ENV } from "../tests/support/env";
import { startServer } from "../tests/support/server-process";
import { measureMarketingPages, printPageScripts } from "./bench-page-scripts";
import { measurePhotoLoad, printPhotoLoad } from "./bench-photo-load";
import { uploadBenchPhotos } from "./bench-photos";
import { measureResponsiveness } from "./bench-responsiveness";
import { measureWebhookIsolation } from "./bench-webhooks";
import { CHROMIUM_FLAGS, findChromium } from "./ensure-chromium.mjs";

process.env.BUILD_DIR ??= "build-bench";
/** `npm run bench -- --photos`: only the photo processing measurements (scripts/bench-photo-load.ts). */
const PHOTOS_ONLY = process.argv.includes("--photos");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/** The pages measured: home, the test's lead form, the campaign and one course page. */
const PAGES = ["/", "/teste-vocacional", "/campanha-relampago", "/enfermagem"];

/**
 * A valid post of the vocational test's lead form, as a browser without JavaScript sends it: the
 * fields of `vocationalLeadSchema` (app/lib/vocational/lead-schema.ts), the option values of
 * app/seed/vocational-form.ts, the consent version the form shows and the empty honeypot field. The action stores the lead and
 * answers 303 (to the questions) with the visitor's session cookie. Each call gets a distinct e-mail.
 */
const RUN_ID = Date.now().toString(36);
const LEAD_POST = {
  path: "/teste-vocacional",
  emailPrefix: `carga.${RUN_ID}.`,
  email(n: number): string {
    return `${this.emailPrefix}${n}@example.com`;
  },
  body(email: string): string {
    return new URLSearchParams({
      website: "",
      fullName: "Visitante de Carga",
      phone: "(31) 99999-8888",
      email,
      workStatus: "carteira_assinada",
      workArea: "saude",
      workSatisfaction: "gosto_muito",
      careerGoal: "mesma_area",
      desiredArea: "saude_bem_estar",
      [CONSENT_VERSION_FIELD]: VOCATIONAL_CONSENT.version,
    }).toString();
  },
};
/** What a browser sends with a page request (autocannon sends no Accept-Encoding by default). */
const BROWSER_HEADERS = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };
const CONNECTIONS = 50;

const BUDGET = {
  mobile: { score: 98, fcp: 1000, lcp: 1500, tbt: 150, cls: 0.02 },
  // Every landing document, the home page's included, arrives in the first round trip (decision 104).
  slow3g: { fcp: 1600, lcp: 2500 },
  slow3gBrowser: { fcp: 2000, lcp: 3000 },
  homeBytes: { js: 125 * 1024, css: 20 * 1024, html: 40 * 1024, image: 60 * 1024 },
  interactionMs: 100,
  getRps: 1000,
  getP99: 100,
  postRps: 400,
};

type Bytes = {
  html: number;
  js: number;
  css: number;
  font: number;
  image: number;
  other: number;
  requests: number;
  transfer: number;
};
type LhResult = { score: number; fcp: number; lcp: number; tbt: number; cls: number };
type Profile = "mobile" | "slow3g" | "slow3gBrowser";
/** One JavaScript file a page fetched on first view: its path and compressed body size. */
type Chunk = { path: string; bytes: number };

const failures: string[] = [];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Bytes each page fetches on a first view (empty cache, no cookies) in Chromium over the real
 * server, read from the DevTools protocol: a response's transfer size is `encodedDataLength` of
 * Network.loadingFinished (compressed body plus response headers); the headers' share (from
 * Network.responseReceivedExtraInfo) is subtracted, so each figure is the compressed body as it
 * crossed the wire. Requests the page makes after load (prefetches, lazy images scrolled into
 * view later) count only if they happen before the network is idle.
 */
async function measureBytes(
  baseUrl: string,
  executablePath: string,
): Promise<{ bytes: Record<string, Bytes>; chunks: Record<string, Chunk[]> }> {
  const browser = await chromium.launch({ executablePath, args: CHROME_FLAGS.filter((f) => f !== "--headless=new") });
  const result: Record<string, Bytes> = {};
  const chunks: Record<string, Chunk[]> = {};
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const bytes: Bytes = { html: 0, js: 0, css: 0, font: 0, image: 0, other: 0, requests: 0, transfer: 0 };
      const types = new Map<string, string>();
      const urls = new Map<string, string>();
      const headerBytes = new Map<string, number>();
      const scripts: Chunk[] = [];
      cdp.on("Network.responseReceived", (event) => {
        types.set(event.requestId, event.type);
        urls.set(event.requestId, event.response.url);
      });
      cdp.on("Network.responseReceivedExtraInfo", (event) =>
        headerBytes.set(event.requestId, event.headersText ? Buffer.byteLength(event.headersText) : 0),
      );
      cdp.on("Network.loadingFinished", (event) => {
        const type = types.get(event.requestId);
        if (!type) return;
        const size = Math.max(0, event.encodedDataLength - (headerBytes.get(event.requestId) ?? 0));
        bytes.requests += 1;
        bytes.transfer += event.encodedDataLength;
        if (type === "Document") bytes.html += size;
        else if (type === "Script") {
          bytes.js += size;
          scripts.push({ path: new URL(urls.get(event.requestId) ?? baseUrl).pathname, bytes: size });
        } else if (type === "Stylesheet") bytes.css += size;
        else if (type === "Font") bytes.font += size;
        else if (type === "Image") bytes.image += size;
        else bytes.other += size;
      });
      const response = await tab.goto(baseUrl + page, { waitUntil: "networkidle" });
      if (!response?.ok()) failures.push(`${page}: answered ${response?.status()}`);
      const encoding = (await response?.allHeaders())?.["content-encoding"];
      if (!encoding) failures.push(`${page}: the HTML was sent uncompressed`);
      result[page] = bytes;
      chunks[page] = scripts.sort((a, b) => b.bytes - a.bytes);
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // The hero text and primary button are in the server HTML, visible before any script.
  const html = await (await fetch(baseUrl + "/")).text();
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "");
  const hero = body
    .match(/<h1[\s>][\s\S]*?<\/h1>/)?.[0]
    .replace(/<[^>]+>/g, "")
    .trim();
  if (!hero) failures.push("/: no <h1> hero heading in the server HTML");
  if (!/<a[^>]*>[^<]*Quero minha bolsa agora/.test(body)) failures.push("/: primary button missing from the server HTML");
  return { bytes: result, chunks };
}

async function runLighthouse(url: string, profile: Profile, executablePath: string): Promise<LhResult> {
  const runs: LhResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: CHROME_FLAGS });
    try {
      const settings: Record<string, unknown> = {
        formFactor: "mobile",
        throttlingMethod: "simulate",
        onlyCategories: ["performance"],
      };
      // Slow 3G = `--throttling.rttMs=300 --throttling.throughputKbps=400 --throttling.cpuSlowdownMultiplier=4`:
      // the three settings simulated throttling reads (the request*/download*/upload* ones apply to
      // devtools throttling only); Lighthouse merges them over its mobile defaults
      // (150 ms RTT, 1.6 Mbps, 4x CPU).
      if (profile === "slow3g") settings.throttling = { rttMs: 300, throughputKbps: 400, cpuSlowdownMultiplier: 4 };
      // Slow 3G applied in the browser (`--throttling-method=devtools`): Chromium really delays each
      // request by 1125 ms and streams the bytes at 360 kbps, with the CPU 4× slower. What a visitor
      // on a weak signal sees, rather than what the model predicts.
      if (profile === "slow3gBrowser") {
        settings.throttlingMethod = "devtools";
        settings.throttling = {
          requestLatencyMs: 1125,
          downloadThroughputKbps: 360,
          uploadThroughputKbps: 360,
          cpuSlowdownMultiplier: 4,
        };
      }
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error" },
        { extends: "lighthouse:default", settings },
      );
      const lhr = result!.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse ${profile} ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
  try {
    execSync("npx react-router build", { stdio: "pipe", env: process.env });
  } catch (error) {
    console.error((error as { stderr?: Buffer }).stderr?.toString() ?? error);
    throw new Error("The build failed");
  }

  const server = await startServer(
    {
      RATE_LIMIT_PUBLIC_FORMS: "100000000",
      SESSION_SECRET: "bench-secret",
      ADMIN_EMAIL: E2E_ENV.ADMIN_EMAIL,
      ADMIN_PASSWORD: E2E_ENV.ADMIN_PASSWORD,
      WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    },
    { quiet: true },
  );
  console.log(`Serving ${server.url}`);
  const report: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS };
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
    const browser = await chromium.launch({ executablePath, args: CHROME_FLAGS.filter((f) => f !== "--headless=new") });
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
    const home = bytes["/"];
    if (home.js > BUDGET.homeBytes.js) failures.push(`/ JavaScript ${kb(home.js)} > ${kb(BUDGET.homeBytes.js)}`);
    if (home.css > BUDGET.homeBytes.css) failures.push(`/ CSS ${kb(home.css)} > ${kb(BUDGET.homeBytes.css)}`);
    if (home.html > BUDGET.homeBytes.html) failures.push(`/ HTML ${kb(home.html)} > ${kb(BUDGET.homeBytes.html)}`);
    if (home.image > BUDGET.homeBytes.image) failures.push(`/ images ${kb(home.image)} > ${kb(BUDGET.homeBytes.image)}`);

    // 1b. Marketing pages: no framework, islands ≤ 6 KB, landing documents in one round trip.
    console.log("Marketing pages: scripts and documents ...");
    report.pageScripts = await measureMarketingPages(server.url, failures);

    // 2. Lighthouse, three profiles.
    const lh: Record<Profile, Record<string, LhResult>> = { mobile: {}, slow3g: {}, slow3gBrowser: {} };
    for (const profile of ["mobile", "slow3g", "slow3gBrowser"] as const) {
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
        } else if (profile === "slow3g") {
          const b = BUDGET.slow3g;
          if (r.fcp > b.fcp) failures.push(`slow 3G ${page}: FCP ${Math.round(r.fcp)} ms > ${b.fcp} ms`);
          if (r.lcp > b.lcp) failures.push(`slow 3G ${page}: LCP ${Math.round(r.lcp)} ms > ${b.lcp} ms`);
        } else {
          const b = BUDGET.slow3gBrowser;
          if (r.fcp > b.fcp) failures.push(`slow 3G in the browser ${page}: FCP ${Math.round(r.fcp)} ms > ${b.fcp} ms`);
          if (r.lcp > b.lcp) failures.push(`slow 3G in the browser ${page}: LCP ${Math.round(r.lcp)} ms > ${b.lcp} ms`);
        }
      }
    }
    report.lighthouse = lh;

    // 3. Responsiveness of the vocational questions (CPU 4× slower), median of 5 of each interaction.
    console.log("Responsiveness: /teste-vocacional/perguntas ...");
    const leadAnswer = await fetch(server.url + LEAD_POST.path, {
      method: "POST",
      body: LEAD_POST.body(`responsividade.${RUN_ID}@example.com`),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const visitorCookie = leadAnswer.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .find((pair) => pair.startsWith("__visitante="));
    if (!visitorCookie) throw new Error(`responsiveness: the lead form answered ${leadAnswer.status} without a visitor cookie`);
    const inpBrowser = await chromium.launch({ executablePath, args: CHROME_FLAGS.filter((f) => f !== "--headless=new") });
    try {
      const samples = await measureResponsiveness(inpBrowser, server.url, visitorCookie);
      report.responsiveness = { samples, answer: median(samples.answer), next: median(samples.next) };
      for (const [label, values] of [
        ["choosing an answer", samples.answer],
        ["'Próximo'", samples.next],
      ] as const) {
        if (values.length < 5) failures.push(`responsiveness: only ${values.length} samples of ${label}`);
        else if (median(values) > BUDGET.interactionMs)
          failures.push(`responsiveness: ${label} reaches the next paint in ${median(values)} ms > ${BUDGET.interactionMs} ms`);
      }
    } finally {
      await inpBrowser.close();
    }

    // 4. HTTP load (loopback only, bounded in time). Each phase starts with a short unmeasured
    // warm-up (JIT, caches), as a server that has been up for a while would be.
    await load({ url: server.url + "/", connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: BROWSER_HEADERS });
    console.log(`Load: GET / for ${LOAD_SECONDS}s at ${CONNECTIONS} connections ...`);
    const get = await load({ url: server.url + "/", connections: CONNECTIONS, duration: LOAD_SECONDS, headers: BROWSER_HEADERS });
    const getErrors = get.errors + get.non2xx;
    let warm = 0;
    await load({
      url: server.url + LEAD_POST.path,
      connections: CONNECTIONS,
      duration: WARMUP_SECONDS,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          setupRequest: (request) => ({ ...request, body: LEAD_POST.body(`aquecimento.${RUN_ID}.${warm++}@example.com`) }),
        },
      ],
    });
    console.log(`Load: POST ${LEAD_POST.path} for ${LOAD_SECONDS}s at ${CONNECTIONS} connections ...`);
    let n = 0;
    const acknowledgedEmails = new Set<string>();
    const statuses: Record<string, number> = {};
    const post = await load({
      url: server.url + LEAD_POST.path,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          setupRequest(request, context) {
            const email = LEAD_POST.email(n++);
            (context as { email?: string }).email = email;
            return { ...request, body: LEAD_POST.body(email) };
          },
          onResponse(status, _body, context, headers) {
            statuses[status] = (statuses[status] ?? 0) + 1;
            const email = (context as { email?: string }).email;
            // Acknowledged = the action's POST → 303 → GET redirect to the questions.
            if (status === 303 && String(headers?.location ?? "").endsWith("/teste-vocacional/perguntas") && email) {
              acknowledgedEmails.add(email);
            }
          },
        },
      ],
    });
    // Requests still in flight when autocannon stopped may still be written: let them finish.
    await settle(() => countLeads(server.databasePath, LEAD_POST.emailPrefix).total);
    const { total: rows, emails: storedEmails } = countLeads(server.databasePath, LEAD_POST.emailPrefix);
    const acknowledged = acknowledgedEmails.size;
    const acknowledgedWithRow = [...acknowledgedEmails].filter((email) => storedEmails.has(email)).length;
    const postErrors = post.errors + (post.non2xx - post["3xx"]) + (post["3xx"] - acknowledged);
    report.load = {
      get: {
        rps: get.requests.average,
        p50: get.latency.p50,
        p99: get.latency.p99,
        errors: getErrors,
        requests: get.requests.total,
      },
      post: {
        rps: post.requests.average,
        p50: post.latency.p50,
        p99: post.latency.p99,
        errors: postErrors,
        statuses,
        acknowledged,
        rows,
        acknowledgedWithRow,
      },
    };
    if (getErrors > 0) failures.push(`GET /: ${getErrors} errors or non-2xx answers`);
    if (get.requests.average < BUDGET.getRps) failures.push(`GET / ${Math.round(get.requests.average)} req/s < ${BUDGET.getRps}`);
    if (get.latency.p99 > BUDGET.getP99) failures.push(`GET / p99 ${get.latency.p99} ms > ${BUDGET.getP99} ms`);
    if (post.requests.average < BUDGET.postRps)
      failures.push(`POST lead ${Math.round(post.requests.average)} req/s < ${BUDGET.postRps}`);
    if (postErrors > 0) failures.push(`POST lead: ${postErrors} errors (statuses ${JSON.stringify(statuses)})`);
    if (acknowledged === 0) failures.push("POST lead: no submission was acknowledged");
    if (acknowledgedWithRow !== acknowledged) {
      failures.push(`POST lead: only ${acknowledgedWithRow} of ${acknowledged} acknowledged submissions have their row`);
    }
    // Each e-mail is distinct and (origem, email) is unique, so rows ≥ acknowledged; the only rows
    // without an acknowledgement are the few requests autocannon abandoned at the deadline.
    if (rows - acknowledged > CONNECTIONS)
      failures.push(`POST lead: ${rows} rows written for ${acknowledged} acknowledged answers`);

    // 5. Webhooks beside a receiver that never answers, after the load: its endpoints
    // are added for this measure only.
    const webhooks = await measureWebhookIsolation(server.url, server.databasePath);
    report.webhooks = webhooks.result;
    failures.push(...webhooks.failures);

    printTable(report);
    printPhotoLoad(photoLoad);
  } finally {
    await server.stop();
    server.cleanup();
  }
  finish(report);
}

/** Writes the JSON report, lists the missed budgets and sets the exit code. */
function finish(report: Record<string, unknown>) {
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

/** The bench's lead rows (e-mails with this run's prefix). */
function countLeads(file: string, emailPrefix: string): { total: number; emails: Set<string> } {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare("SELECT email FROM leads WHERE origem = 'teste_vocacional' AND email LIKE ? || '%'")
      .all(emailPrefix) as { email: string }[];
    return { total: rows.length, emails: new Set(rows.map((r) => r.email)) };
  } finally {
    db.close();
  }
}

/** Waits until a count stops changing (in-flight requests done), at most 5 s. */
async function settle(count: () => number) {
  let last = count();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = count();
    if (now === last) return;
    last = now;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the report is JSON assembled step by step above
function printTable(report: Record<string, any>) {
  const rows: string[][] = [
    [
      "page",
      "HTML",
      "JS",
      "CSS",
      "fonts",
      "images",
      "mobile score",
      "FCP",
      "LCP",
      "TBT",
      "CLS",
      "3G FCP",
      "3G LCP",
      "3G browser FCP",
      "3G browser LCP",
    ],
  ];
  for (const page of PAGES) {
    const b = report.bytes[page] as Bytes;
    const m = report.lighthouse.mobile[page] as LhResult;
    const s = report.lighthouse.slow3g[page] as LhResult;
    const d = report.lighthouse.slow3gBrowser[page] as LhResult;
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
      `${Math.round(d.fcp)} ms`,
      `${Math.round(d.lcp)} ms`,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
  console.log("\n" + line(rows[0]));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows.slice(1)) console.log(line(r));
  console.log(`\nJavaScript on first view of / (compressed bodies, ${(report.chunks["/"] as Chunk[]).length} files):`);
  for (const chunk of report.chunks["/"] as Chunk[]) console.log(`  ${kb(chunk.bytes).padStart(9)}  ${chunk.path}`);
  console.log(`  ${kb(report.bytes["/"].js).padStart(9)}  total`);
  printPageScripts(report.pageScripts);
  const { photos, responsiveness } = report;
  console.log(`\nPhotos uploaded through the studio: hero ${photos.hero}, course cards ${photos.courses}.`);
  console.log(`\n| /teste-vocacional/perguntas, CPU 4× | median | samples (ms) |`);
  console.log(`|---|---|---|`);
  console.log(`| choosing an answer → next paint | ${responsiveness.answer} ms | ${responsiveness.samples.answer.join(", ")} |`);
  console.log(`| 'Próximo' → next paint | ${responsiveness.next} ms | ${responsiveness.samples.next.join(", ")} |`);
  const { get, post } = report.load;
  console.log(`\n| load | req/s | p50 | p99 | errors | rows / acknowledged |`);
  console.log(`|---|---|---|---|---|---|`);
  console.log(`| GET / | ${Math.round(get.rps)} | ${get.p50} ms | ${get.p99} ms | ${get.errors} | |`);
  console.log(
    `| POST lead | ${Math.round(post.rps)} | ${post.p50} ms | ${post.p99} ms | ${post.errors} | ${post.rows} / ${post.acknowledged} (${post.acknowledgedWithRow} acknowledged have their row) |`,
  );
}

await main();
