import { expect, test } from "../support/fixtures";
import { openAsAdmin } from "../support/studio";

/**
 * What a person sees of the offer cards, with and without JavaScript: a course page states the
 * bolsa of the card that covers its level and format (not the best card of the campaign), and the
 * studio's campaign form adds and removes offer cards. Nothing here saves: other specs read the
 * same campaign.
 */

test.describe("each course page states its own card's bolsa", () => {
  test("a pós page says its card's 50%, a presencial graduação no card covers states no bolsa", async ({ page }) => {
    await page.goto("/pos-graduacao-gestao-de-pessoas");
    await expect(page.getByTestId("course-bolsa")).toHaveText("Bolsa de até 50%");
    await expect(page.getByRole("heading", { name: /com bolsa de até 50%/ })).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Bolsa de até 60%");

    await page.goto("/direito");
    await expect(page.getByRole("heading", { level: 1, name: "Direito" })).toBeVisible();
    await expect(page.getByTestId("course-bolsa")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(/bolsa de até \d+%/i);
  });
});

test.describe("studio: Campanha, the offer cards", () => {
  test("'Adicionar oferta' adds an empty card and 'Remover' takes one away", async ({ page }) => {
    await openAsAdmin(page, "/admin/conteudo/campanha");
    await expect(page.getByRole("group", { name: "Oferta 6", exact: true })).toBeVisible();
    await expect(page.getByRole("group", { name: "Oferta 7", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Adicionar oferta" }).click();
    const added = page.getByRole("group", { name: "Oferta 7", exact: true });
    await expect(added).toBeVisible();
    await expect(added.getByLabel("Modalidade")).toHaveValue("");
    await expect(added.getByRole("group", { name: "Níveis que o cartão cobre" }).getByLabel("Pós-graduação")).not.toBeChecked();

    await page.getByRole("button", { name: "Remover oferta 1", exact: true }).click();
    await expect(page.getByRole("group", { name: "Oferta 7", exact: true })).toHaveCount(0);
    // The first card (Graduação) is gone from the form, the second is now "Oferta 1".
    await expect(page.getByRole("group", { name: "Oferta 1", exact: true }).getByLabel("Modalidade")).toHaveValue(
      "Semipresenciais B.E. e P.T.",
    );
    await expect(page.getByRole("button", { name: "Encerrar agora" })).toBeVisible();
  });
});
