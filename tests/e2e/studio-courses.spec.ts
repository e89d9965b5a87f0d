import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The studio's "Cursos" page through a real browser, with and without JavaScript: the list is
 * searched and paged with a plain GET form; a new course at one of the site's own paths is refused
 * next to the field with the typing kept; once saved its page shows the price, the curriculum
 * highlights and its card the chosen icon; a path change leaves the old address answering 301;
 * deactivating it makes its page answer 410. The course is a new one in Turismo (no other spec
 * looks at that area), left deactivated at the end, so every other spec still sees the seed.
 */

const LIST = "/admin/conteudo/cursos";

/** The message conform links to a field through aria-describedby. */
async function messageOf(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  return page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`);
}

test.describe("studio: Cursos", () => {
  test("search and pages of the list work as plain links and GET forms", async ({ page }) => {
    await openAsAdmin(page, LIST);
    await expect(page.getByRole("heading", { level: 1, name: "Cursos" })).toBeVisible();
    await expect(page.getByText(/página 1 de \d+/)).toBeVisible();
    await page.getByRole("link", { name: "Próxima página" }).click();
    await expect(page).toHaveURL(/[?&]pagina=2/);
    await expect(page.getByText(/página 2 de \d+/)).toBeVisible();

    await page.getByLabel("Buscar por nome, área, modalidade ou endereço").fill("educacao fisica");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/[?&]q=educacao(\+|%20)fisica/);
    const rows = page.getByTestId("studio-courses").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("Educação Física - Licenciatura");
  });

  test("a new course: a site path is refused next to the field; saved, its page shows price and highlights, a path change answers 301, deactivated 410", async ({
    page,
    jsEnabled,
  }) => {
    const tag = `${jsEnabled ? "js" : "sem-js"}-${Date.now()}`;
    const name = `Enoturismo ${tag}`;
    const path = `/enoturismo-${tag}`;
    await openAsAdmin(page, LIST);
    await page.getByRole("link", { name: "Novo curso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Novo curso" })).toBeVisible();

    await page.getByLabel("Nome do curso").fill(name);
    await page.getByLabel("Endereço da página").fill("/contato");
    await page.getByLabel("Área").selectOption("Turismo");
    await page.getByLabel("Formato de oferta").selectOption("Semipresencial");
    await page.getByLabel("Duração").fill("3 anos");
    await page.getByLabel("Mensalidade a partir de (R$)").fill("459,90");
    await page.getByLabel("Descrição curta").fill("Conheça o turismo do vinho, das vinícolas à mesa.");
    await page.getByLabel("Destaques do currículo").fill("Visitas a vinícolas\nHarmonização de vinhos");
    await page.getByLabel("Ícone do cartão").selectOption("plane");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(await messageOf(page, "Endereço da página")).toHaveText(
      "Este endereço já é de uma página do site - escolha outro",
    );
    await expect(page.getByLabel("Nome do curso")).toHaveValue(name);
    await expect(page.getByLabel("Destaques do currículo")).toHaveValue("Visitas a vinícolas\nHarmonização de vinhos");

    await page.getByLabel("Endereço da página").fill(path);
    await saveStudioForm(page);
    await expect(page).toHaveURL(/\/admin\/conteudo\/cursos\/\d+$/);
    const editUrl = page.url();
    await expect(page.getByRole("link", { name: /Ver página/ })).toHaveAttribute("href", path);

    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("course-facts")).toContainText("a partir de R$ 459,90");
    await expect(page.getByTestId("course-highlights").getByRole("listitem")).toHaveText([
      "Visitas a vinícolas",
      "Harmonização de vinhos",
    ]);
    await page.goto("/?area=turismo#cursos-por-area");
    const card = page.getByTestId("course-card").filter({ hasText: name });
    await expect(card.getByTestId("course-icon")).toHaveAttribute("data-icon", "plane");

    await page.goto(editUrl);
    await page.getByLabel("Endereço da página").fill(`${path}-novo`);
    await saveStudioForm(page);
    const moved = await page.goto(path);
    expect(moved?.request().redirectedFrom()?.url()).toContain(path);
    await expect(page).toHaveURL(new RegExp(`${path}-novo$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.goto(editUrl);
    await page.getByLabel("Curso ativo").uncheck();
    await saveStudioForm(page);
    const gone = await page.goto(`${path}-novo`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "Este curso não está mais disponível" })).toBeVisible();
    await page.getByRole("link", { name: "Ver o catálogo de cursos" }).click();
    await expect(page).toHaveURL(/\/#cursos$/);
  });
});
