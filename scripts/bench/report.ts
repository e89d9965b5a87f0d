// The bench's report: the tables printed at the end of a full run, and the JSON written to
// bench-results/ with the missed budgets, which also set the exit code.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { printPageScripts } from "./page-scripts";
import { type Bytes, type Chunk, failures, kb, type LhResult, PAGES } from "./settings";

/** Writes the JSON report, lists the missed budgets and sets the exit code. */
export function finish(report: Record<string, unknown>) {
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the report is JSON assembled step by step in scripts/bench.ts
export function printTable(report: Record<string, any>) {
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
  for (const page of ["/", "/teste-vocacional"]) {
    console.log(`\nJavaScript on first view of ${page} (compressed bodies, ${(report.chunks[page] as Chunk[]).length} files):`);
    for (const chunk of report.chunks[page] as Chunk[]) console.log(`  ${kb(chunk.bytes).padStart(9)}  ${chunk.path}`);
    console.log(`  ${kb(report.bytes[page].js).padStart(9)}  total`);
  }
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
