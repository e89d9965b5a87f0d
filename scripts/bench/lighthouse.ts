// (2) Lighthouse on three mobile profiles (median of RUNS): Lighthouse's mobile default, slow 3G
// simulated, slow 3G applied in the browser; each page against the profile's budget.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { BUDGET, CHROME_FLAGS, failures, type LhResult, median, PAGES, type Profile, RUNS } from "./settings";

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

/** Every page on every profile, each result against that profile's budget. */
export async function measureLighthouse(
  baseUrl: string,
  executablePath: string,
): Promise<Record<Profile, Record<string, LhResult>>> {
  const lh: Record<Profile, Record<string, LhResult>> = { mobile: {}, slow3g: {}, slow3gBrowser: {} };
  for (const profile of ["mobile", "slow3g", "slow3gBrowser"] as const) {
    for (const page of PAGES) {
      console.log(`Lighthouse ${profile} ${page} ...`);
      const r = await runLighthouse(baseUrl + page, profile, executablePath);
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
  return lh;
}
