// Measures our critical CSS (app/platform/critical-css.server.ts) against beasties on the pages the
// bench measures and /inscricao (decision 036): inlined CSS and compressed document bytes, time to
// compute, and the first screen at 360x740 without JavaScript and without the full stylesheet,
// compared pixel by pixel with the same document styled by the full stylesheet.
//
//   BUILD_DIR=build-css npx react-router build && BUILD_DIR=build-css npx tsx scripts/measure-critical-css.ts
//
// Needs beasties installed (npm install --no-save beasties in a scratch copy); not part of npm test.
import { readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { chromium } from "@playwright/test";
import sharp from "sharp";

import { criticalCss } from "../app/platform/critical-css.server";
import { startServer } from "../tests/support/server-process";
import { findChromium } from "./ensure-chromium.mjs";

const PAGES = ["/", "/teste-vocacional", "/campanha-relampago", "/enfermagem", "/inscricao"];
const TIMING_RUNS = 7;
/** Lighthouse's simulated initial congestion window: 10 segments of 1 460 bytes. */
const INITIAL_WINDOW = 14_600;
const VIEWPORT = { width: 360, height: 740 };
const CRITICAL = /<style id="critical-css" data-href="([^"]+)">[\s\S]*?<\/style>/;

/** Not a dependency of the site: install it in a scratch copy (a name held in a variable, so the type check does not look for it). */
const BEASTIES: string = "beasties";

/** Beasties with the settings that match how we load the rest of the CSS (after the first paint, by our own script). */
async function beastiesCss(css: string, html: string): Promise<string> {
  const { default: Beasties } = (await import(BEASTIES)) as {
    default: new (options: object) => { process(html: string): Promise<string> };
  };
  const beasties = new Beasties({
    reduceInlineStyles: true,
    pruneSource: false,
    preload: false,
    external: false,
    inlineFonts: true,
    preloadFonts: false,
    keyframes: "critical",
    compress: true,
    logLevel: "silent",
  });
  const out = await beasties.process(html.replace("<!--full-css-->", () => `<style id="beasties-css">${css}</style>`));
  return out.match(/<style id="beasties-css">([\s\S]*?)<\/style>/)?.[1] ?? "";
}

const brotli = (text: string) =>
  zlib.brotliCompressSync(text, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  }).length;
const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

async function median(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** Share of pixels whose colour differs (any channel by more than 8 of 255) between two PNGs. */
async function pixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
  if (x.info.width !== y.info.width || x.info.height !== y.info.height) return 1;
  let differing = 0;
  const channels = x.info.channels;
  for (let i = 0; i < x.data.length; i += channels) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs(x.data[i + c] - y.data[i + c]) > 8) {
        differing++;
        break;
      }
    }
  }
  return differing / (x.data.length / channels);
}

async function main() {
  const executablePath = findChromium();
  const server = await startServer({ SESSION_SECRET: "measure-secret" }, { quiet: true });
  const browser = await chromium.launch({ executablePath });
  const rows: Record<string, unknown>[] = [];
  try {
    for (const page of PAGES) {
      const served = await (await fetch(server.url + page, { headers: { "accept-encoding": "identity" } })).text();
      // The response headers as they cross the wire with a brotli body (status line and blank line included).
      const brResponse = await fetch(server.url + page, { headers: { "accept-encoding": "br" } });
      let headerBytes = "HTTP/1.1 200 OK\r\n\r\n".length;
      brResponse.headers.forEach((value, name) => (headerBytes += name.length + value.length + 4));
      await brResponse.arrayBuffer();
      const match = served.match(CRITICAL);
      if (!match) throw new Error(`${page}: no critical CSS in the served document`);
      const href = match[1];
      const css = readFileSync(path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "client", href), "utf8");
      // The document as rendered before the critical CSS step, with a marker where the stylesheet was.
      const raw = served.replace(match[0], "<!--full-css-->");
      const ours = criticalCss(css, raw);
      const theirs = await beastiesCss(css, raw);
      const withStyle = (text: string) =>
        raw.replace("<!--full-css-->", () => `<style id="critical-css" data-href="${href}">${text}</style>`);
      const docs = {
        full: raw.replace("<!--full-css-->", `<link rel="stylesheet" href="${href}">`),
        ours: withStyle(ours),
        beasties: withStyle(theirs),
      };

      const oursCold = await median(TIMING_RUNS, () => criticalCss(css + `/*${Math.random()}*/`, raw));
      const oursWarm = await median(TIMING_RUNS, () => criticalCss(css, raw));
      const beastiesMs = await median(TIMING_RUNS, () => beastiesCss(css, raw));

      // First screen, no JavaScript; the variants get no stylesheet but their inline CSS.
      const shots: Record<string, Buffer> = {};
      for (const [name, html] of Object.entries(docs)) {
        const context = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
        const tab = await context.newPage();
        await tab.route("**/*", (route) => {
          const url = route.request().url();
          if (url === server.url + page)
            return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
          if (name !== "full" && url.endsWith(".css")) return route.abort();
          return route.continue();
        });
        await tab.goto(server.url + page, { waitUntil: "networkidle" });
        await tab.evaluate(() => document.fonts.ready).catch(() => undefined);
        shots[name] = await tab.screenshot();
        await context.close();
      }
      const row = {
        page,
        "full CSS": css.length,
        "ours CSS": ours.length,
        "ours CSS br": brotli(ours),
        "beasties CSS": theirs.length,
        "beasties CSS br": brotli(theirs),
        headers: headerBytes,
        "ours doc br": brotli(docs.ours),
        "beasties doc br": brotli(docs.beasties),
        "ours fits 14600": headerBytes + brotli(docs.ours) <= INITIAL_WINDOW,
        "beasties fits 14600": headerBytes + brotli(docs.beasties) <= INITIAL_WINDOW,
        "ours doc gz": gzip(docs.ours),
        "beasties doc gz": gzip(docs.beasties),
        "ours ms cold": Number(oursCold.toFixed(1)),
        "ours ms warm": Number(oursWarm.toFixed(1)),
        "beasties ms": Number(beastiesMs.toFixed(1)),
        "ours px diff": Number((100 * (await pixelDifference(shots.full, shots.ours))).toFixed(2)),
        "beasties px diff": Number((100 * (await pixelDifference(shots.full, shots.beasties))).toFixed(2)),
      };
      console.log(JSON.stringify(row));
      rows.push(row);
      if (process.env.MEASURE_SHOTS) {
        for (const [name, png] of Object.entries(shots)) {
          await sharp(png).toFile(path.join(process.env.MEASURE_SHOTS, `${page === "/" ? "home" : page.slice(1)}-${name}.png`));
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    server.cleanup();
  }
  console.table(rows);
}

void main();
