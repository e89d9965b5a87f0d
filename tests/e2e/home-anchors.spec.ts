import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";

/**
 * The menu's "Cursos" and "Polos", the FAQ links and the study-centre search (GET /?polo=…#onde-estudar,
 * the only way it works without JavaScript) jump to a section of the long home page. The visitor
 * must land on that section, its heading just below the fixed header, on a phone and on a desktop,
 * with and without JavaScript, whether the jump comes from another page or a fresh load.
 */

const JUMPS: { url: string; heading: string }[] = [
  { url: "/#cursos", heading: "cursos-titulo" },
  { url: "/#onde-estudar", heading: "onde-estudar-titulo" },
  { url: "/#polos", heading: "onde-estudar-titulo" },
  { url: "/#faq", heading: "faq-titulo" },
  { url: "/#depoimentos", heading: "depoimentos-titulo" },
  { url: "/?polo=natal#onde-estudar", heading: "onde-estudar-titulo" },
];

/** Where the heading is, once the page has settled: its top, the header's bottom and the viewport's height. */
async function landing(page: Page, headingId: string) {
  await page.waitForLoadState("load");
  // The page scrolls smoothly: wait until it has stopped (the same position over 400 ms).
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => Math.round(window.scrollY));
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [400] },
    )
    .toBe(true);
  return page.evaluate((id) => {
    const heading = document.getElementById(id)!.getBoundingClientRect();
    const header = document.querySelector("header")!.getBoundingClientRect();
    return { top: Math.round(heading.top), headerBottom: Math.round(header.bottom), height: window.innerHeight };
  }, headingId);
}

function expectOnScreen(where: { top: number; headerBottom: number; height: number }, what: string) {
  expect(where.top, `${what}: heading hidden above or under the header (${JSON.stringify(where)})`).toBeGreaterThanOrEqual(
    where.headerBottom - 4,
  );
  expect(where.top, `${what}: heading below the first screen (${JSON.stringify(where)})`).toBeLessThan(where.height / 2);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`jumps to home sections at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a fresh load of each section's address shows that section", async ({ page }) => {
      for (const { url, heading } of JUMPS) {
        await page.goto("/bolsas");
        await page.goto(url);
        expectOnScreen(await landing(page, heading), url);
      }
    });

    test("the menu's Cursos and Polos from another page", async ({ page }) => {
      for (const [name, heading] of [
        ["Cursos", "cursos-titulo"],
        ["Polos", "onde-estudar-titulo"],
      ]) {
        await page.goto("/bolsas");
        // Below 1024 px the links are in the menu behind its button (getByRole finds only the shown ones).
        if (viewport.width < 1024) await page.getByRole("button", { name: "Abrir menu" }).click();
        await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(/\/#/);
        expectOnScreen(await landing(page, heading), `menu ${name}`);
      }
    });

    test("the study-centre search lands on its results", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("searchbox", { name: "Buscar polo por cidade ou bairro" }).fill("natal");
      await page.getByRole("search", { name: "Buscar polos" }).getByRole("button", { name: "Buscar" }).click();
      await expect(page).toHaveURL(/polo=natal/);
      expectOnScreen(await landing(page, "onde-estudar-titulo"), "polo search");
      await expect(page.getByTestId("polo").first()).toBeInViewport();
    });
  });
}
