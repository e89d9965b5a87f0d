import { expect, test } from "../support/fixtures";

/**
 * Marketing pages without React (decision 092): the header island does what the React header did.
 * With JavaScript the page loads no framework and the phone menu, Esc and the scrolled header work
 * from the island; without JavaScript the menu still opens through its #menu-mobile link.
 */
test.use({ viewport: { width: 360, height: 740 } });

for (const path of ["/privacidade", "/termos"]) {
  test(`${path}: the phone menu opens and closes, with or without JavaScript`, async ({ page, javaScriptEnabled }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    const menu = page.locator("#menu-mobile");
    const button = page.getByRole("button", { name: "Abrir menu" });
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu.getByRole("link", { name: "Trabalhe Conosco" })).toBeVisible();
    if (!javaScriptEnabled) return;

    // The island, not React: no router in the page, only island modules fetched.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).toMatch(/^\/assets\/islands\//);

    const close = page.getByRole("button", { name: "Fechar menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await button.click();
    await menu.getByRole("link", { name: "Fechar menu" }).click();
    await expect(menu).toBeHidden();

    // No form modal here: 'Inscreva-se' is the plain link to the form, as without JavaScript.
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" }).click();
    await expect(page).toHaveURL(/\/inscricao$/);
  });
}

test("/privacidade: the legal banner steps aside once the page is scrolled", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scrolling changes nothing without a script (the banner stays, as before)");
  await page.goto("/privacidade");
  const banner = page.getByTestId("legal-banner");
  await expect(banner).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect(banner).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Principal" })).toHaveAttribute("data-scrolled", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(banner).toBeVisible();
});
