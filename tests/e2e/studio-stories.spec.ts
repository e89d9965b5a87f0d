import type { Locator, Page } from "@playwright/test";

import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The campaign's "Histórias de Sucesso" as studio items (studio "Histórias da campanha"), through
 * a real browser with and without JavaScript: a story added with its person's consent appears on
 * the campaign page; one without consent is refused next to the field and never appears; a story
 * switched off leaves the page. Each project adds its own person and removes them at the end,
 * while holding the section (campanha.spec.ts counts the page's stories under the same lock).
 */

const PEOPLE = { js: "Joana Prado", "no-js": "Heitor Campos" } as const;
const STUDIO = "/admin/conteudo/historias";

async function fillStory(form: Locator, name: string, consent: boolean) {
  await form.getByLabel("Nome", { exact: true }).fill(name);
  await form.getByLabel("Curso", { exact: true }).selectOption("Administração");
  await form.getByLabel("História", { exact: true }).fill("Comecei os estudos na campanha e hoje indico para a família toda.");
  await form.getByLabel("Data do consentimento").fill(consent ? "2026-11-20" : "");
  await form.getByLabel("Forma do consentimento").fill(consent ? "termo assinado" : "");
}

const stories = (page: Page) => page.getByTestId("campaign-testimonials");

test.describe("studio: the campaign's stories", () => {
  test("a story with consent appears on the campaign page, one without is refused next to the field, one switched off leaves", async ({
    page,
    jsEnabled,
  }, testInfo) => {
    const name = PEOPLE[testInfo.project.name as keyof typeof PEOPLE];
    const refused = `${name} Sem Consentimento`;
    await exclusively("historias", async () => {
      await openAsAdmin(page, STUDIO);

      // Without consent: refused next to the consent's fields, nothing added.
      const newForm = page.getByRole("form", { name: "Nova história" });
      await fillStory(newForm, refused, false);
      await newForm.getByRole("button", { name: "Adicionar história" }).click();
      const consentDate = newForm.getByLabel("Data do consentimento");
      await expect(consentDate).toHaveAttribute("aria-invalid", "true");
      await expect(newForm.getByText("Informe a data em que a pessoa autorizou a publicação")).toBeVisible();
      await expect(
        newForm.getByText("Informe como o consentimento foi dado (ex.: termo assinado, e-mail, formulário)"),
      ).toBeVisible();
      // axe runs as a script in the page: with JavaScript only.
      if (jsEnabled) expect(await seriousViolations(page)).toEqual([]);

      // With consent: added, and on the campaign page under its course.
      await page.goto(STUDIO);
      await fillStory(page.getByRole("form", { name: "Nova história" }), name, true);
      await saveStudioForm(page, page.getByRole("form", { name: "Nova história" }), "Adicionar história");
      await page.goto("/campanha-relampago");
      await expect(stories(page).locator("[data-carousel-item]").filter({ hasText: name })).toContainText("Administração");
      await expect(stories(page)).not.toContainText(refused);

      // Switched off: gone from the page, still in the studio.
      await page.goto(STUDIO);
      const saved = page.getByRole("form", { name: new RegExp(`: ${name}$`) });
      await saved.getByLabel("Mostrar na página da campanha").uncheck();
      await saveStudioForm(page, saved);
      await page.goto("/campanha-relampago");
      await expect(stories(page)).toContainText("Mariana Costa");
      await expect(stories(page)).not.toContainText(name);

      // Put back: removed.
      await page.goto(STUDIO);
      const off = page.getByRole("form", { name: new RegExp(`: ${name}$`) });
      await off.getByRole("button", { name: "Remover" }).click();
      await expect(page.getByRole("form", { name: new RegExp(`: ${name}$`) })).toHaveCount(0);
    });
  });
});
