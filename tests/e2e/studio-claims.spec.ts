import type { Locator, Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin } from "../support/studio";

/**
 * Decision 081 through a real browser, with and without JavaScript: the vocational test's social
 * proof is a studio field ("Página inicial") that shows only when filled; a campaign headline below
 * its best card is refused next to the field, naming the figures; a home text with an unknown
 * placeholder is refused next to it. Each run puts back what it changed.
 */

async function messageOf(page: Page, field: Locator) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  return page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`);
}

async function saveAndConfirm(page: Page) {
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("toaster").getByText("Alterações salvas")).toBeVisible();
}

test.describe("studio: claims come from the studio", () => {
  test("the test's social proof shows only what the studio stores; an unknown placeholder is refused", async ({
    page,
    jsEnabled,
  }) => {
    const figure = jsEnabled ? "+7 mil" : "+8 mil";
    await exclusively("inicio", async () => {
      await page.goto("/teste-vocacional");
      await expect(page.getByText(/pessoas descobriram sua vocação/)).toHaveCount(0);
      await expect(page.getByText(/de satisfação/)).toHaveCount(0);

      await openAsAdmin(page, "/admin/conteudo/inicio");
      const takers = page.getByLabel("Pessoas que já fizeram o teste");
      await expect(takers).toHaveValue("");
      await takers.fill(figure);
      await saveAndConfirm(page);
      await page.goto("/teste-vocacional");
      await expect(page.getByText(`${figure} pessoas descobriram sua vocação`)).toBeVisible();
      await expect(page.getByText(/de satisfação/)).toHaveCount(0);

      // A placeholder that names no field is refused next to its field, nothing saved.
      await page.goto("/admin/conteudo/inicio");
      const highlight = page.getByLabel("Fim do título, em destaque");
      const before = await highlight.inputValue();
      await highlight.fill("bolsa de até {desconto}");
      await page.getByRole("button", { name: "Salvar" }).click();
      await expect(await messageOf(page, highlight)).toContainText("{desconto} não é um campo conhecido. Use {bolsa}");
      await expect(highlight).toHaveValue("bolsa de até {desconto}");

      // Put back: empty hides the figure again.
      await page.goto("/admin/conteudo/inicio");
      await expect(page.getByLabel("Fim do título, em destaque")).toHaveValue(before);
      await page.getByLabel("Pessoas que já fizeram o teste").fill("");
      await saveAndConfirm(page);
      await page.goto("/teste-vocacional");
      await expect(page.getByText(/pessoas descobriram sua vocação/)).toHaveCount(0);
    });
  });

  test("a campaign headline below its best card is refused next to the field, naming both figures", async ({ page }) => {
    await openAsAdmin(page, "/admin/conteudo/campanha");
    const headline = page.getByLabel("Desconto do título (%)");
    await headline.fill("50");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(await messageOf(page, headline)).toHaveText(
      "O título diz até 50%, mas a melhor oferta ativa dá 60%: use 60% para o título contar a mesma história dos cartões",
    );
    await expect(headline).toHaveValue("50");
  });
});
