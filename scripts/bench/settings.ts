// The bench's settings, budgets and shared helpers: the pages measured, how many Lighthouse runs,
// how long the load lasts, every budget the run checks, and the list of missed budgets each
// measurement adds to (printed and turned into the exit code by report.ts).
import { CHROMIUM_FLAGS } from "../ensure-chromium.mjs";

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
export const WARMUP_SECONDS = 2;
export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
/** The same flags for Playwright's `chromium.launch`, which sets headless itself. */
export const PLAYWRIGHT_ARGS = CHROME_FLAGS.filter((f) => f !== "--headless=new");

/** The pages measured: home, the test's lead form, the campaign and one course page. */
export const PAGES = ["/", "/teste-vocacional", "/campanha-relampago", "/enfermagem"];

/** What a browser sends with a page request (autocannon sends no Accept-Encoding by default). */
export const BROWSER_HEADERS = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };
export const CONNECTIONS = 50;

export const BUDGET = {
  mobile: { score: 98, fcp: 1000, lcp: 1500, tbt: 150, cls: 0.02 },
  // Every landing document, the home page's included, arrives in the first round trip (decision 104).
  slow3g: { fcp: 1600, lcp: 2500 },
  slow3gBrowser: { fcp: 2000, lcp: 3000 },
  homeBytes: { js: 125 * 1024, css: 20 * 1024, html: 40 * 1024, image: 60 * 1024 },
  // The vocational test's lead form keeps hydration; its zod check arrives on the form's first focus
  // (decision 105). Compressed bodies of every script Chromium fetched on first view.
  vocationalFormJs: 125 * 1024,
  interactionMs: 100,
  getRps: 1000,
  getP99: 100,
  postRps: 400,
};

export type Bytes = {
  html: number;
  js: number;
  css: number;
  font: number;
  image: number;
  other: number;
  requests: number;
  transfer: number;
};
export type LhResult = { score: number; fcp: number; lcp: number; tbt: number; cls: number };
export type Profile = "mobile" | "slow3g" | "slow3gBrowser";
/** One JavaScript file a page fetched on first view: its path and compressed body size. */
export type Chunk = { path: string; bytes: number };

/** Every missed budget of this run, in the order the measurements found them. */
export const failures: string[] = [];
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
