import { expect, test } from "../support/fixtures";
import { openAsAdmin } from "../support/studio";

/**
 * The "Resumo diário às" setting of /admin/distribuicao (decision 141), with and without
 * JavaScript: a bad value is refused with its message next to the field, an hour is kept, and the
 * spec leaves it at "Não enviar" (the setting is the whole site's).
 */

test("Distribuição: the daily summary's hour, a refused value, and Não enviar", async ({ page }) => {
  await openAsAdmin(page, "/admin/distribuicao");
  const field = page.getByLabel("Resumo diário às (horário de São Paulo)");
  await expect(field).toBeVisible();

  // A value the list does not offer (a crafted post): refused next to the field, by the browser
  // with JavaScript (the server's schema) and by the server without.
  await field.evaluate((select: HTMLSelectElement) => {
    select.options[1].value = "25";
    select.value = "25";
  });
  await page.getByRole("button", { name: "Salvar resumo" }).click();
  await expect(page.getByText("Escolha uma hora de 0 a 23, ou “Não enviar”.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await page.goto("/admin/distribuicao");
  await field.selectOption({ label: "23 h" });
  await page.getByRole("button", { name: "Salvar resumo" }).click();
  await expect(page.getByText("Resumo diário salvo")).toBeVisible();
  await page.goto("/admin/distribuicao");
  await expect(field).toHaveValue("23");

  await field.selectOption({ label: "Não enviar" });
  await page.getByRole("button", { name: "Salvar resumo" }).click();
  await expect(page.getByText("Resumo diário desligado")).toBeVisible();
  await page.goto("/admin/distribuicao");
  await expect(field).toHaveValue("nao");
});
