import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * Decision 143 through a real browser, with and without JavaScript: the partnership is renamed and
 * switched off in "Clube e Trabalhe conosco" (then /america-mg answers 404 and the home's button and
 * the /bolsas card are gone), and the overview's launch checklist loses its item once the seed's
 * name is changed. Each run puts back what it changed.
 */

const SEED_NAME = "América-MG";

test.describe("studio: the partnership and the launch checklist", () => {
  test("renaming the partnership takes it off the checklist; switching it off takes its page, button and card away", async ({
    page,
    jsEnabled,
  }) => {
    const renamed = jsEnabled ? "Coritiba Foot Ball Club" : "Paraná Clube";
    await exclusively("clube", async () => {
      await openAsAdmin(page, "/admin/conteudo");
      const checklist = page.getByTestId("launch-checklist");
      await expect(checklist.getByRole("link", { name: "Clube e Trabalhe conosco" })).toBeVisible();
      await expect(checklist).toContainText(`A parceria do conteúdo inicial ("${SEED_NAME}")`);

      // Renamed: the home's button, the /bolsas card and the page say the new name.
      await checklist.getByRole("link", { name: "Clube e Trabalhe conosco" }).click();
      await expect(page).toHaveURL(/\/admin\/conteudo\/clube$/);
      await page.getByLabel("Nome da parceria").fill(renamed);
      await saveStudioForm(page);
      await page.goto("/admin/conteudo");
      await expect(page.getByTestId("launch-checklist")).not.toContainText("A parceria do conteúdo inicial");
      await page.goto("/");
      await expect(page.getByRole("link", { name: `Parceria ${renamed}` })).toHaveAttribute("href", "/america-mg");
      await page.goto("/bolsas");
      await expect(page.getByRole("heading", { name: `Torcedores do ${renamed}` })).toBeVisible();
      await page.goto("/america-mg");
      await expect(page.getByText(`Parceria oficial · ${renamed}`)).toBeVisible();

      // Switched off: no page, no button, no card, not in the sitemap.
      await page.goto("/admin/conteudo/clube");
      await page.getByLabel(/Desligar a parceria/).check();
      await saveStudioForm(page);
      const gone = await page.goto("/america-mg");
      expect(gone?.status()).toBe(404);
      await page.goto("/");
      await expect(page.getByRole("link", { name: /^Parceria / })).toHaveCount(0);
      await page.goto("/bolsas");
      await expect(page.getByRole("heading", { name: /^Torcedores do / })).toHaveCount(0);
      await expect(page.locator("main")).not.toContainText(renamed);
      const sitemap = await page.request.get("/sitemap.xml");
      expect(await sitemap.text()).not.toContain("/america-mg");

      // Put back.
      await page.goto("/admin/conteudo/clube");
      await page.getByLabel(/Desligar a parceria/).uncheck();
      await page.getByLabel("Nome da parceria").fill(SEED_NAME);
      await saveStudioForm(page);
      expect((await page.goto("/america-mg"))?.status()).toBe(200);
      await page.goto("/admin/conteudo");
      await expect(page.getByTestId("launch-checklist")).toContainText(`A parceria do conteúdo inicial ("${SEED_NAME}")`);
    });
  });

  test("a blank partnership name is refused next to the field, nothing saved", async ({ page }) => {
    await exclusively("clube", async () => {
      await openAsAdmin(page, "/admin/conteudo/clube");
      const name = page.getByLabel("Nome da parceria");
      // Spaces pass the browser's "required" and reach the server, which refuses them.
      await name.fill("   ");
      await page.getByRole("button", { name: "Salvar", exact: true }).click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await page.goto("/");
      await expect(page.getByRole("link", { name: `Parceria ${SEED_NAME}` })).toBeVisible();
    });
  });
});
