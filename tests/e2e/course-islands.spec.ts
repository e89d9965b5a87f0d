import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";

/**
 * Course pages, /curso-id and /curso-ideal without React (decision 099): with JavaScript they fetch
 * only their islands (the header, the sticky bar, the assistant sheet), the form buttons are the plain
 * links to the form they are without JavaScript, and the sheet and the bar do what the React ones did.
 */
test.use({ viewport: { width: 360, height: 740 } });

const PAGES = [
  "/enfermagem",
  "/cursos/agronegocio",
  "/curso-id?area=Sa%C3%BAde&modalidade=qualquer&duracao=qualquer",
  "/curso-ideal",
];

/** The paths of the scripts the page fetches from now on. */
function scriptsFetched(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

for (const path of PAGES) {
  test(`${path}: no framework, only islands; the form button leads to the form page`, async ({ page, jsEnabled }) => {
    const scripts = scriptsFetched(page);
    await page.goto(path);
    if (jsEnabled) {
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(scripts.length, "the header and assistant islands").toBeGreaterThan(0);
      for (const src of scripts) expect(src).toMatch(/^\/assets\/islands\//);
    }
    const formLink = page.locator("main a[data-form-modal]").first();
    await expect(formLink).toHaveAttribute("href", /^\/inscricao/);
    await formLink.click();
    await expect(page).toHaveURL(/\/inscricao/);
    await expect(page.getByLabel("Nome completo", { exact: true })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
}

test("/enfermagem: the sticky bar follows the scroll at 360 px", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the bar stays hidden and the page's own buttons remain");
  await page.goto("/enfermagem");
  const bar = page.getByTestId("sticky-bar");
  await expect(bar).toBeHidden();
  await page.mouse.wheel(0, 900);
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("data-visible", "true");
  await bar.getByRole("link", { name: "Quero minha bolsa agora" }).click();
  await expect(page).toHaveURL(/\/inscricao/);
});

test("/enfermagem: the assistant sheet opens, keeps focus inside, and closes on the backdrop", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the button is the link to /assistente (campanha.spec.ts)");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/enfermagem");
  const button = page.getByRole("link", { name: "Abrir assistente virtual" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  const sheet = page.getByRole("dialog", { name: "Assistente virtual" });
  await expect(sheet).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(page).toHaveURL(/\/enfermagem$/);
  // A modal dialog: the focus is in the sheet, and Tab keeps it there.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  // A click outside its panel (on the backdrop, left of the sheet, 448 px wide) closes it and gives the focus back.
  await page.mouse.click(5, 300);
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // Opened again from the keyboard: the same sheet, still working; Esc closes it.
  await page.keyboard.press("Enter");
  await expect(sheet).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
});

/** Each page's own share picture (decision 102): a course's, and the site's on the home and the campaign. */
const SHARE_IMAGES: Array<[string, RegExp]> = [
  ["/enfermagem", /^\/compartilhar\/curso\/\d+-[a-f0-9]{12}\.png$/],
  ["/cursos/agronegocio", /^\/compartilhar\/curso\/\d+-[a-f0-9]{12}\.png$/],
  ["/", /^\/compartilhar\/imagem\.png\?v=[a-f0-9]{12}$/],
  ["/campanha-relampago", /^\/compartilhar\/imagem\.png\?v=[a-f0-9]{12}$/],
];

for (const [path, address] of SHARE_IMAGES) {
  test(`${path}: its og:image is a PNG at an address with its content hash (decision 102)`, async ({ page }) => {
    await page.goto(path);
    const content = await page.locator('meta[property="og:image"]').getAttribute("content");
    // The address is the site's (SITE_URL): the same path is asked of the server under test.
    const url = new URL(content ?? "");
    const image = url.pathname + url.search;
    expect(image).toMatch(address);
    const response = await page.request.get(image);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["cache-control"]).toContain("immutable");
    const body = await response.body();
    expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
  });
}
