import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";

/**
 * What a phone user sees at 360 × 740, with and without JavaScript: the legal banner whole, the
 * floating assistant button never over text or controls at the end of a page, while a field has
 * focus or while a toast shows, a home page of a sensible length, and embedded forms that never
 * need scrolling inside their frame.
 */

test.use({ viewport: { width: 360, height: 740 } });

type Rect = { x: number; y: number; width: number; height: number };

/** The rects of the visible text and controls on the page (outside the given element), in viewport coordinates. */
async function contentRects(page: Page, excludeSelector: string): Promise<{ what: string; rect: Rect }[]> {
  return page.evaluate((exclude) => {
    const found: { what: string; rect: Rect }[] = [];
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && el.getClientRects().length > 0 && Number(style.opacity) > 0;
    };
    const controls = "a[href], button, input:not([type=hidden]), select, textarea, [role=button]";
    for (const el of document.body.querySelectorAll(controls)) {
      if (el.closest(exclude) || el.closest(".sr-only") || !visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 1 && r.height > 1) found.push({ what: `${el.tagName} ${el.textContent?.trim().slice(0, 40)}`, rect: r.toJSON() });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest(exclude) || parent.closest(".sr-only, script, style, noscript")) continue;
      if (!visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width > 1 && r.height > 1) found.push({ what: `text "${node.textContent.trim().slice(0, 40)}"`, rect: r.toJSON() });
      }
    }
    return found;
  }, excludeSelector);
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** What the button covers: content rects that intersect its own rect. */
async function coveredBy(page: Page, button: Locator): Promise<string[]> {
  const box = await button.boundingBox();
  if (!box) return [];
  return (await contentRects(page, "[data-assistant-button], [aria-label='Assistente virtual']"))
    .filter(({ rect }) => intersects(rect, box))
    .map(({ what }) => what);
}

test.describe("at 360 × 740", () => {
  test("the legal banner shows whole: tax id and 'Todos os direitos reservados', and the header stays compact", async ({ page }) => {
    for (const path of ["/", "/privacidade", "/trabalhe-conosco"]) {
      await page.goto(path);
      const banner = page.getByTestId("legal-banner");
      await expect(banner).toContainText("CNPJ 00.000.000/0001-00");
      await expect(banner).toContainText("Todos os direitos reservados");
      const clipped = await banner.evaluate((el) => {
        const text = el.querySelector("p")!;
        const box = el.getBoundingClientRect();
        const textBox = text.getBoundingClientRect();
        return {
          textClipped: text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1,
          bannerClipped: el.scrollHeight > el.clientHeight + 1 || textBox.bottom > box.bottom + 1 || textBox.top < box.top - 1,
        };
      });
      expect(clipped, path).toEqual({ textClipped: false, bannerClipped: false });

      // Banner plus campaign bar stay compact, and the page starts below the fixed header.
      const campaign = page.locator("header").getByRole("link", { name: /Campanha Relâmpago/ });
      const bannerBox = (await banner.boundingBox())!;
      const campaignBox = (await campaign.boundingBox())!;
      expect(campaignBox.y + campaignBox.height - bannerBox.y, path).toBeLessThanOrEqual(90);
      const headerBottom = await page.locator("header").evaluate((el) => el.getBoundingClientRect().bottom);
      const contentTop = await page.locator("main").evaluate((el) => el.getBoundingClientRect().top);
      expect(contentTop, path).toBeGreaterThanOrEqual(headerBottom - 1);
    }
  });

  test("the assistant button covers no text or control at the end of a page", async ({ page }) => {
    for (const path of ["/", "/teste-vocacional", "/trabalhe-conosco", "/bolsas", "/privacidade"]) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
      const button = page.locator("[data-assistant-button]");
      await expect(button).toBeVisible();
      expect(await coveredBy(page, button), path).toEqual([]);
    }
  });

  test("the assistant button steps aside while a field has focus", async ({ page }) => {
    await page.goto("/teste-vocacional");
    const button = page.locator("[data-assistant-button]");
    await expect(button).toBeVisible();
    await page.getByLabel(/Nome completo/).first().focus();
    await expect(button).toBeHidden();
    await page.getByLabel(/Nome completo/).first().blur();
    await expect(button).toBeVisible();
  });

  test("the assistant button never lies over a toast", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "toasts are shown by JavaScript; without it the page's own alerts say the same");
    for (const width of [360, 800]) {
      await page.setViewportSize({ width, height: 740 });
      // A real toast: the vocational lead form's "Dados salvos com sucesso!".
      await page.goto("/teste-vocacional");
      await page.getByLabel("Nome completo").fill("Carlos Eduardo Teste");
      await page.getByLabel("Telefone (WhatsApp)").fill("31999998888");
      await page.getByLabel("E-mail").fill(uniqueEmail("botao"));
      for (const select of await page.locator("form select").all()) await select.selectOption({ index: 1 });
      await page.getByRole("button", { name: "Iniciar Teste Vocacional" }).click();
      const toast = page.getByTestId("toast").filter({ hasText: "Dados salvos com sucesso!" });
      await expect(toast).toBeVisible();
      const button = page.locator("[data-assistant-button]");
      const toastBox = (await toast.boundingBox())!;
      const buttonBox = await button.boundingBox();
      const overlaps = (await button.isVisible()) && buttonBox !== null && intersects(toastBox, buttonBox);
      expect(overlaps, `at ${width} px`).toBe(false);
    }
  });
  test("the home page is at most 14 screens tall and every course in the catalogue is reachable", async ({ page }) => {
    await page.goto("/");
    // Real heights: the lower sections laid out as after a jump (content-visibility, app.css `below-fold`).
    await page.evaluate(() => document.documentElement.setAttribute("data-jump", ""));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Measured: 24.4 screens with a card under another in the catalogue, 13.1 with its rows; the rest is
    // the other sections (why choose us, testimonials, study centres, FAQ), each one to two screens.
    expect(height / 740, `home page height ${height} px`).toBeLessThanOrEqual(14);

    const links = page.locator("#cursos [data-testid='course-card'] a[href]");
    const count = await links.count();
    expect(count).toBeGreaterThan(6);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      await link.scrollIntoViewIfNeeded();
      // Reachable: on screen and the element found at its centre, not hidden under or clipped by anything.
      const reachable = await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const x = r.left + Math.min(r.width / 2, 20);
        const y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return !!hit && (el === hit || el.contains(hit) || hit.contains(el) || el.closest("[data-testid='course-card']")!.contains(hit));
      });
      expect(reachable, await link.textContent() ?? "").toBe(true);
    }
  });

  test("the embedded club form needs no scrolling inside its frame", async ({ page }) => {
    await page.goto("/america-mg");
    const frameElement = page.locator("#formulario iframe");
    await frameElement.scrollIntoViewIfNeeded();
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    await frame.waitForLoadState("load");
    await expect(frame.locator("button[type=submit]")).toBeAttached();
    await expect
      .poll(async () => {
        const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
        const outer = await frameElement.evaluate((el) => el.clientHeight);
        return inner - outer;
      })
      .toBeLessThanOrEqual(0);
  });
});
