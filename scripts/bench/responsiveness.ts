// Responsiveness of the vocational test's questions: with the CPU slowed 4× in
// Chromium, how long each interaction takes to reach the next paint, read from the Event Timing API
// (the `duration` of the interaction's events: input delay + handlers + the time to the next paint).
import { type Browser, chromium } from "@playwright/test";

import { LEAD_POST, RUN_ID } from "./lead-post";
import { BUDGET, failures, median, PLAYWRIGHT_ARGS } from "./settings";

/** What the page records: the longest event of each interaction, by interactionId. */
const OBSERVER = `
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const previous = window.__interactions.get(entry.interactionId) ?? 0;
      window.__interactions.set(entry.interactionId, Math.max(previous, entry.duration));
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`;

/**
 * The Event Timing API reports only events of 16 ms or more (its smallest threshold, rounded to
 * 8 ms): an interaction with no entry was faster than that and is counted as 16 ms.
 */
export const BELOW_THRESHOLD_MS = 16;

export type Responsiveness = { answer: number[]; next: number[] };

/**
 * Opens /teste-vocacional/perguntas with `cookie` (a visitor who sent the lead form), CPU 4× slower,
 * and on each page chooses an answer for every question and presses "Próximo", recording each
 * interaction's duration, until `samples` of each kind are taken.
 */
export async function measureResponsiveness(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  samples = 5,
): Promise<Responsiveness> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
  await context.addInitScript(OBSERVER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const result: Responsiveness = { answer: [], next: [] };

  /** Runs one interaction and returns its duration (the longest of its events), once the page has recorded it. */
  async function timed(act: () => Promise<void>): Promise<number> {
    const before = await page.evaluate(() => [
      ...(window as unknown as { __interactions: Map<number, number> }).__interactions.keys(),
    ]);
    await act();
    // The entry is queued after the next paint: two animation frames later it has been observed.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const durations = await page.evaluate(
      (seen) =>
        [...(window as unknown as { __interactions: Map<number, number> }).__interactions.entries()]
          .filter(([id]) => !seen.includes(id))
          .map(([, duration]) => duration),
      before,
    );
    return durations.length ? Math.max(...durations) : BELOW_THRESHOLD_MS;
  }

  try {
    await page.goto(`${baseUrl}/teste-vocacional/perguntas`);
    // The test has fewer pages than samples: after the last one it starts again at page 1, choosing other answers.
    for (let round = 0; result.answer.length < samples || result.next.length < samples; round++) {
      // Hydrated: the form carries the JavaScript marker field.
      await page.locator('input[type="hidden"][name="_js"]').waitFor({ state: "attached" });
      const groups = page.locator("fieldset").filter({ has: page.locator('input[type="radio"]') });
      const count = await groups.count();
      if (count === 0) throw new Error("responsiveness: no question on /teste-vocacional/perguntas");
      for (let i = 0; i < count; i++) {
        // The whole card is the radio's label: a visitor taps the card.
        const option = groups
          .nth(i)
          .locator("label")
          .nth(round % 2);
        result.answer.push(await timed(() => option.click()));
      }
      const next = page.getByRole("button", { name: "Próximo" });
      if (!(await next.count())) {
        if (round > 20) throw new Error("responsiveness: no 'Próximo' to press");
        await page.goto(`${baseUrl}/teste-vocacional/perguntas`);
        continue;
      }
      const url = page.url();
      result.next.push(await timed(() => next.click()));
      await page.waitForURL((address) => address.href !== url);
    }
  } finally {
    await context.close();
  }
  result.answer = result.answer.slice(0, samples);
  result.next = result.next.slice(0, samples);
  return result;
}

/**
 * (3) Responsiveness of the vocational questions (CPU 4× slower), median of 5 of each interaction:
 * a visitor sends the lead form, then its cookie opens the questions in Chromium.
 */
export async function measureQuestionsResponsiveness(baseUrl: string, executablePath: string) {
  console.log("Responsiveness: /teste-vocacional/perguntas ...");
  const leadAnswer = await fetch(baseUrl + LEAD_POST.path, {
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
  const inpBrowser = await chromium.launch({ executablePath, args: PLAYWRIGHT_ARGS });
  try {
    const samples = await measureResponsiveness(inpBrowser, baseUrl, visitorCookie);
    for (const [label, values] of [
      ["choosing an answer", samples.answer],
      ["'Próximo'", samples.next],
    ] as const) {
      if (values.length < 5) failures.push(`responsiveness: only ${values.length} samples of ${label}`);
      else if (median(values) > BUDGET.interactionMs)
        failures.push(`responsiveness: ${label} reaches the next paint in ${median(values)} ms > ${BUDGET.interactionMs} ms`);
    }
    return { samples, answer: median(samples.answer), next: median(samples.next) };
  } finally {
    await inpBrowser.close();
  }
}
