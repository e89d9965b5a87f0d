import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { exampleUrl, routeTable } from "../support/route-table";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * Decision 144: on a 360 × 740 phone, every public page scrolled from its top to its end, a screen at
 * a time, never has a floating button (WhatsApp, assistant) over an action (link, button, field,
 * summary) or a legal text (`data-legal`), with and without JavaScript. With a students' WhatsApp
 * number in the studio, so both buttons are there; the number is emptied again at the end.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** Every page of the public layout (its dynamic ones at their example address), and one course page of each kind. */
function publicPages(): string[] {
  const pages = routeTable()
    .filter((route) => route.layout === "features/site/public-layout" && route.hasComponent && route.path !== "*")
    .map((route) => exampleUrl(route));
  return [...new Set([...pages, "/enfermagem", "/educacaofisica", "/gestao-hospitalar", "/?secoes=todas"])];
}

/** What a visible floating button lies over on the current screen: "button → action" for each overlap. */
function overlapsNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const under = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [data-legal]";
    const shown = (el: Element) => getComputedStyle(el).visibility !== "hidden" && el.getClientRects().length > 0;
    const floating = [...document.querySelectorAll('[data-assistant-button], [data-whatsapp-button="flutuante"]')].filter(shown);
    const found: string[] = [];
    for (const button of floating) {
      const box = button.getBoundingClientRect();
      for (const el of document.querySelectorAll(under)) {
        if (
          el.closest("[data-assistant-button], [data-whatsapp-button], [aria-label='Assistente virtual'], .sr-only") ||
          !shown(el)
        )
          continue;
        for (const r of el.getClientRects()) {
          if (
            r.width > 1 &&
            r.height > 1 &&
            r.left < box.right &&
            box.left < r.right &&
            r.top < box.bottom &&
            box.top < r.bottom
          ) {
            found.push(`${button.getAttribute("aria-label")} → ${el.tagName} "${el.textContent?.trim().slice(0, 40)}"`);
            break;
          }
        }
      }
    }
    return found;
  });
}

test("no floating button lies over an action or a legal text on any public page, scrolled through at 360 px", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await exclusively("institution", async () => {
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openAsAdmin(page, "/admin/conteudo/instituicao");
      await page.getByLabel("WhatsApp para estudantes").fill("(31) 99876-5432");
      await saveStudioForm(page);
      await page.context().clearCookies();
      await page.setViewportSize({ width: 360, height: 740 });

      for (const path of publicPages()) {
        await page.goto(path);
        // Both buttons are on the page (the full-page assistant has no assistant button of its own).
        await expect(page.locator('[data-whatsapp-button="flutuante"]'), path).toHaveCount(1);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; ; y += 370) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await expect.poll(() => overlapsNow(page), `${path} scrolled to ${y}`).toEqual([]);
          if (y + 740 >= height) break;
        }
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openAsAdmin(page, "/admin/conteudo/instituicao");
      await page.getByLabel("WhatsApp para estudantes").fill("");
      await saveStudioForm(page);
    }
  });
});

test("the floating buttons float at the screen's corner with JavaScript, and sit at the page's end without it", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/privacidade");
  const assistant = page.locator("[data-assistant-button]");
  await expect(assistant).toHaveCSS("position", jsEnabled ? "fixed" : "absolute");
  if (!jsEnabled) {
    const box = (await assistant.boundingBox())!;
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.scrollY);
    expect(end - (box.y + box.height), "16 px above the page's end").toBeCloseTo(16, 0);
  }
});
