// @ts-check
// Why does a page paint when it does on slow 3G? Runs Lighthouse once (mobile, simulated slow 3G,
// as `npm run bench`) against a running server and prints the nodes of Lantern's first-contentful-
// paint graph with their simulated start and end (ms): the document request and the main-thread
// tasks before the first paint. See docs/performance.md.
//   npm run build && PORT=4600 npm start &  node scripts/lantern-fcp.mjs http://localhost:4600/
import { CHROMIUM_FLAGS } from "./ensure-chromium.mjs";

process.env.LANTERN_DEBUG = "1"; // makes Lantern keep its node timings (Simulator.allNodeTimings)
const chromeLauncher = await import("chrome-launcher");
const { default: lighthouse } = await import("lighthouse");
const Lantern = await import("lighthouse/core/lib/lantern/lantern.js");

const url = process.argv[2];
if (!url) {
  console.error("usage: node scripts/lantern-fcp.mjs <url>");
  process.exit(2);
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
try {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: "json", logLevel: "error" },
    {
      extends: "lighthouse:default",
      settings: {
        formFactor: "mobile",
        throttlingMethod: "simulate",
        onlyCategories: ["performance"],
        throttling: { rttMs: 300, throughputKbps: 400, cpuSlowdownMultiplier: 4 },
      },
    },
  );
  console.log(`FCP ${Math.round(result?.lhr.audits["first-contentful-paint"].numericValue ?? NaN)} ms`);
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get("optimisticFirstContentfulPaint");
  for (const [node, t] of timings ?? []) {
    const what =
      node.type === "network"
        ? `network ${node.request.url} (${node.request.transferSize} B with headers)`
        : `cpu ${[...new Set(node.childEvents.map((e) => e.name).filter((n) => /Parse|Layout|Paint|Style|EvaluateScript/.test(n)))].join(", ")}`;
    console.log(`${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${what}`);
  }
} finally {
  await chrome.kill();
}
