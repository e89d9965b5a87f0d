import { expect, test } from "../support/fixtures";

test.describe("contact phone and numbers in pt-BR", () => {
  for (const path of ["/assistente", "/privacidade", "/termos"]) {
    test(`${path}: the phone in the text is a tel: link, as in the footer`, async ({ page }) => {
      await page.goto(path);
      // The footer's link is the reference: same number, same tel: address.
      const footerLink = page.locator("footer").locator('a[href^="tel:"]').first();
      const href = await footerLink.getAttribute("href");
      const phone = (await footerLink.innerText()).trim();
      expect(href).toMatch(/^tel:\+?\d{8,}$/);
      await expect(page.locator("main").getByRole("link", { name: phone, exact: true })).toHaveAttribute("href", href!);
    });
  }

  test("a course page shows a duration with the decimal comma: '2,5 anos'", async ({ page }) => {
    await page.goto("/estetica-e-cosmetica");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Estética e Cosmética");
    await expect(page.locator("main")).toContainText("2,5 anos");
    await expect(page.locator("main")).not.toContainText("2.5 anos");
  });
});
