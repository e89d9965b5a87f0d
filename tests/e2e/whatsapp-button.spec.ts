import type { Locator, Page } from "@playwright/test";

import { expect, test, uniqueEmail } from "../support/fixtures";
import { completedTestCookie } from "../support/sessions";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The students' WhatsApp buttons (decision 042), with and without JavaScript: with no number in
 * the studio no WhatsApp button shows anywhere; with one set on "Instituição", the floating button
 * (beside the assistant's, covering neither it nor the page at 360 px) and the course page's
 * "Falar no WhatsApp" lead through the counting route to wa.me (intercepted: nothing leaves the
 * machine), and the click shows on /contato's dashboard under the visit's utm_source.
 * The number is emptied again at the end, so every other spec sees the seed (no number).
 */

const STUDIO = "/admin/conteudo/instituicao";
const NUMBER = "5531998765432";
const COURSE_TEXT = "Olá! Vim pelo site e quero saber mais sobre o curso de Enfermagem.";
/** The result page of the completed test the spec's visitor carries (tests/support/sessions.ts answers for Tecnologia). */
const RESULT = "/teste-vocacional/resultado/tecnologia";

async function saveNumber(page: Page, typed: string) {
  await openAsAdmin(page, STUDIO);
  await page.getByLabel("WhatsApp para estudantes").fill(typed);
  await saveStudioForm(page);
}

async function expectNoWhatsapp(page: Page) {
  for (const path of ["/", "/enfermagem", "/bolsas", RESULT]) {
    await page.goto(path);
    await expect(page.locator("[data-assistant-button]"), path).toBeVisible();
    await expect(page.locator("[data-whatsapp-button]"), path).toHaveCount(0);
    await expect(page.getByRole("link", { name: /WhatsApp/ }), path).toHaveCount(0);
    await expect(page.locator('a[href*="/fale-conosco/whatsapp"], a[href*="wa.me"]'), path).toHaveCount(0);
  }
}

type Rect = { x: number; y: number; width: number; height: number };
const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible text and controls under the button (the floating buttons themselves left out). */
async function coveredBy(page: Page, button: Locator): Promise<string[]> {
  const box = (await button.boundingBox())!;
  return page.evaluate((rect) => {
    const floating = "[data-whatsapp-button], [data-assistant-button], [aria-label='Assistente virtual']";
    const hits: string[] = [];
    const overlaps = (r: DOMRect) =>
      r.width > 1 &&
      r.height > 1 &&
      r.x < rect.x + rect.width &&
      rect.x < r.right &&
      r.y < rect.y + rect.height &&
      rect.y < r.bottom;
    const visible = (el: Element) => getComputedStyle(el).visibility !== "hidden" && el.getClientRects().length > 0;
    for (const el of document.body.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea")) {
      if (el.closest(floating) || el.closest(".sr-only") || !visible(el)) continue;
      if (overlaps(el.getBoundingClientRect())) hits.push(`${el.tagName} ${el.textContent?.trim().slice(0, 40)}`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest(`${floating}, .sr-only, script, style, noscript`)) continue;
      if (!visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (overlaps(r)) hits.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    return hits;
  }, box);
}

test.describe("students' WhatsApp buttons", () => {
  test("no number: no WhatsApp button; a number set in the studio: buttons that count the click and open wa.me", async ({
    page,
    jsEnabled,
  }) => {
    const source = `e2e-${jsEnabled ? "js" : "nojs"}-${Date.now()}`;
    // A visitor who has completed the vocational test (so the result pages open), not yet from any campaign.
    const visitor = await completedTestCookie(process.env.E2E_BASE_URL!, uniqueEmail("whatsapp"));
    for (const pair of visitor.split(/;\s*/).filter(Boolean)) {
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      await page.context().addCookies([{ name, value, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: "Lax" }]);
    }
    // The lead form's "Dados salvos" toast is waiting in that session: taken here, it hides no floating button later.
    await (await page.request.get("/privacidade")).body();
    await exclusively("institution", async () => {
      // The seed has no number: nothing WhatsApp-related anywhere, and the counting route is a 404.
      await expectNoWhatsapp(page);
      expect((await page.request.get("/fale-conosco/whatsapp?pagina=%2Fenfermagem", { maxRedirects: 0 })).status()).toBe(404);

      try {
        await saveNumber(page, "(31) 99876-5432");
        await expect(page.getByLabel("WhatsApp para estudantes")).toHaveValue("(31) 99876-5432");

        // A visit that landed from a campaign, on a course page, on a phone.
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(`/enfermagem?utm_source=${source}&utm_medium=social`);
        const floating = page.locator("[data-whatsapp-button]");
        const assistant = page.locator("[data-assistant-button]");
        await expect(floating).toBeVisible();
        await expect(floating).toHaveAccessibleName("Falar no WhatsApp (abre em nova aba)");
        await expect(floating).toHaveAttribute("href", "/fale-conosco/whatsapp?pagina=%2Fenfermagem");
        const button = page
          .getByRole("link", { name: "Falar no WhatsApp (abre em nova aba)" })
          .and(page.getByTestId("whatsapp-contato"));
        await expect(button).toHaveAttribute("href", "/fale-conosco/whatsapp?pagina=%2Fenfermagem&curso=enfermagem");
        for (const link of [floating, button]) {
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", "nofollow noopener");
        }

        // Beside the assistant's button, never over it nor over the page's end (footer included), at 360 px.
        for (const path of ["/enfermagem", "/", "/bolsas"]) {
          if (path !== "/enfermagem") await page.goto(path);
          // Scrolled to the very end; on the course page (with JavaScript) once its sticky bar shows and the footer has grown.
          if (jsEnabled && path === "/enfermagem") {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            await expect(page.getByTestId("sticky-bar")).toBeVisible();
          }
          await expect
            .poll(() =>
              page.evaluate(() => {
                window.scrollTo(0, document.documentElement.scrollHeight);
                return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
              }),
            )
            .toBe(true);
          await expect(floating, path).toBeVisible();
          expect(intersects((await floating.boundingBox())!, (await assistant.boundingBox())!), path).toBe(false);
          expect(await coveredBy(page, floating), path).toEqual([]);
        }

        // Following the course page's button: counted, then wa.me with the course named (intercepted).
        await page.setViewportSize({ width: 1280, height: 800 });
        await page
          .context()
          .route("https://wa.me/**", (route) =>
            route.fulfill({ status: 200, contentType: "text/html", body: "<title>wa.me</title>" }),
          );
        await page.goto("/enfermagem");
        const popupOpened = page.waitForEvent("popup");
        await page.getByTestId("whatsapp-contato").click();
        const popup = await popupOpened;
        await popup.waitForURL(/^https:\/\/wa\.me\//);
        const opened = new URL(popup.url());
        expect(`${opened.origin}${opened.pathname}`).toBe(`https://wa.me/${NUMBER}`);
        expect(opened.searchParams.get("text")).toBe(COURSE_TEXT);
        await popup.close();

        // The dashboard counts it under the visit's utm_source.
        await page.goto("/contato");
        await page.getByTestId("dashboard-summary").click();
        const card = page.getByRole("figure", { name: "Cliques no botão do WhatsApp do site" });
        await expect(card).toBeVisible();
        await expect(card.getByRole("listitem").filter({ hasText: source })).toHaveText(new RegExp(`${source}\\s*1 \\(\\d+%\\)`));

        // The result page has its "Falar no WhatsApp" too, naming the page (the route words the profile).
        await page.goto(RESULT);
        await expect(page.getByTestId("whatsapp-contato")).toHaveAttribute(
          "href",
          `/fale-conosco/whatsapp?pagina=${encodeURIComponent(RESULT)}`,
        );
        await expect(page.locator("[data-whatsapp-button]")).toBeVisible();
      } finally {
        // Back to the seed: no number.
        await page.setViewportSize({ width: 1280, height: 800 });
        await saveNumber(page, "");
      }

      await expectNoWhatsapp(page);
      expect((await page.request.get("/fale-conosco/whatsapp?pagina=%2Fenfermagem", { maxRedirects: 0 })).status()).toBe(404);
    });
  });
});
