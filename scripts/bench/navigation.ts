// A visitor's way from the home page to the lead form (issue 31, item 3): home → a course page →
// the enrolment form, tapped on a phone with slow 3G applied in the browser (the Lighthouse
// slow3gBrowser profile's numbers: 1125 ms per request, 360 kbps each way, CPU 4× slower) and an
// empty cache. Each step is timed from the tap to what the visitor came for being visible, so the same
// script measures a page load (pages without React, decision 092) and a client-side navigation (the
// hydrated app before it): the course page's call to action, the form's name field (in the page or
// in the form modal's iframe). Bytes are everything the step loaded until the network was idle.
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";

import { median, PLAYWRIGHT_ARGS } from "./settings";

export type NavigationStep = { step: string; ms: number; bytes: number };

const SLOW_3G = { offline: false, latency: 1125, downloadThroughput: (360 * 1024) / 8, uploadThroughput: (360 * 1024) / 8 };
const CALL_TO_ACTION = "Quero minha bolsa agora";
const STEP_TIMEOUT = 120_000;

/** The form's name field, in the page or in the form modal's iframe (the hydrated app's modal). */
async function nameFieldVisible(page: Page): Promise<void> {
  const visible = { state: "visible", timeout: STEP_TIMEOUT } as const;
  await Promise.any([
    page.getByLabel("Nome completo").first().waitFor(visible),
    page.frameLocator('iframe[src*="/inscricao"]').getByLabel("Nome completo").first().waitFor(visible),
  ]);
}

/**
 * Chromium makes a Speculation Rules prefetch outside the page's network emulation: a link in view
 * (Chromium's moderate eagerness on a phone) or under the finger would arrive unthrottled and make
 * the next step look faster than on a real slow link. Each document drops its rules as the parser
 * inserts them, so every step is a plain throttled load: the time without the prefetch's head start.
 */
const WITHOUT_PREFETCH = `new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes)
      if (node.nodeName === "SCRIPT" && node.type === "speculationrules") node.remove();
}).observe(document, { childList: true, subtree: true });`;

/** Counts the encoded bytes every request of the page finished with, until `take()` resets it. */
async function byteCounter(cdp: CDPSession) {
  let bytes = 0;
  await cdp.send("Network.enable");
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  return {
    take() {
      const taken = bytes;
      bytes = 0;
      return taken;
    },
  };
}

/** One walk with an empty cache: the three steps' times and bytes. */
async function walk(browser: Browser, baseUrl: string): Promise<NavigationStep[]> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(WITHOUT_PREFETCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const counter = await byteCounter(cdp);
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const steps: NavigationStep[] = [];
    const timed = async (step: string, act: () => Promise<void>) => {
      counter.take();
      const start = performance.now();
      await act();
      const ms = Math.round(performance.now() - start);
      // The visitor reads before tapping on: what the page still loads is this step's, not the next one's.
      await page.waitForLoadState("networkidle", { timeout: STEP_TIMEOUT });
      steps.push({ step, ms, bytes: counter.take() });
    };

    await timed("/ (typed address) → its heading", async () => {
      await page.goto(`${baseUrl}/`, { waitUntil: "commit", timeout: STEP_TIMEOUT });
      await page.locator("h1").first().waitFor({ state: "visible", timeout: STEP_TIMEOUT });
    });
    const card = page.getByTestId("course-card").first();
    await card.waitFor({ state: "attached", timeout: STEP_TIMEOUT });
    await card.scrollIntoViewIfNeeded();
    await timed("tap a course card → the course page's call to action", async () => {
      await card.getByRole("link").first().tap();
      await page.getByRole("link", { name: CALL_TO_ACTION }).first().waitFor({ state: "visible", timeout: STEP_TIMEOUT });
    });
    await timed(`tap "${CALL_TO_ACTION}" → the form's name field`, async () => {
      await page.getByRole("link", { name: CALL_TO_ACTION }).first().tap();
      await nameFieldVisible(page);
    });
    return steps;
  } finally {
    await context.close();
  }
}

/** `runs` walks in Chromium (`executablePath`); each step's median time and bytes. */
export async function measureNavigation(baseUrl: string, executablePath: string, runs: number): Promise<NavigationStep[]> {
  const browser = await chromium.launch({ executablePath, args: PLAYWRIGHT_ARGS });
  try {
    const walks: NavigationStep[][] = [];
    for (let i = 0; i < runs; i++) walks.push(await walk(browser, baseUrl));
    return walks[0].map(({ step }, index) => ({
      step,
      ms: median(walks.map((w) => w[index].ms)),
      bytes: median(walks.map((w) => w[index].bytes)),
    }));
  } finally {
    await browser.close();
  }
}

export function printNavigation(steps: NavigationStep[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log("\n| home → course → form, slow 3G in the browser, CPU 4×, no prefetch | median | bytes until idle |");
  console.log("|---|---|---|");
  for (const s of steps) console.log(`| ${s.step} | ${s.ms} ms | ${kb(s.bytes)} |`);
  const total = (key: "ms" | "bytes") => steps.reduce((sum, s) => sum + s[key], 0);
  console.log(`| **total** | ${total("ms")} ms | ${kb(total("bytes"))} |`);
}
