import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The studio's "Instituição" page, through a real browser, with and without JavaScript: a bad value
 * is refused next to its field with what was typed kept; a save is on the public site at the next
 * request; a save from a page opened before someone else's save is refused with who and when.
 * Only the YouTube link is changed (no other spec looks at it) and it is emptied again at the end.
 */

const PATH = "/admin/conteudo/instituicao";

test.describe("studio: Instituição", () => {
  test("a bad CNPJ is refused next to its field; a saved link shows in the footer at once", async ({ page, jsEnabled }) => {
    await exclusively("institution", () => badThenSaved(page, jsEnabled));
  });

  test("a save from a page opened before another admin's save is refused with who and when, the typing kept", async ({
    page,
  }) => {
    await exclusively("institution", () => concurrentSave(page));
  });
});

async function badThenSaved(page: Page, jsEnabled: boolean) {
  const link = `https://www.youtube.com/@universidade-${jsEnabled ? "js" : "nojs"}-${Date.now()}`;
  await openAsAdmin(page, PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Instituição" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Seções do conteúdo" }).getByRole("link", { name: "Instituição" }),
  ).toHaveAttribute("aria-current", "page");

  await page.getByLabel("CNPJ").fill("11.222.333/0001-82");
  await page.getByLabel("YouTube").fill(link);
  await page.getByRole("button", { name: "Salvar" }).click();
  const cnpj = page.getByLabel("CNPJ");
  await expect(cnpj).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await cnpj.getAttribute("aria-describedby")) ?? "";
  const message = page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`);
  await expect(message).toHaveText("CNPJ inválido - confira os números");
  // What was typed is still there.
  await expect(page.getByLabel("YouTube")).toHaveValue(link);
  await expect(cnpj).toHaveValue("11.222.333/0001-82");

  await cnpj.fill("11.222.333/0001-81");
  await saveStudioForm(page);
  await expect(page.getByLabel("YouTube")).toHaveValue(link);

  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "YouTube" })).toHaveAttribute("href", link);

  // Put the seed's empty link back: the footer then has no YouTube link.
  await page.goto(PATH);
  await page.getByLabel("YouTube").fill("");
  await saveStudioForm(page);
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "YouTube" })).toHaveCount(0);
}

async function concurrentSave(page: Page) {
  await openAsAdmin(page, PATH);
  const other = await page.context().newPage();
  await other.goto(PATH);
  await saveStudioForm(other);
  // Saving the same content again is no change: the second page must still be on an old version.
  const typed = `https://www.linkedin.com/school/universidade-${Date.now()}`;
  await other.getByLabel("LinkedIn").fill(typed);
  await saveStudioForm(other);

  await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/school/outra");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("form-alert")).toContainText(/Este conteúdo foi alterado por admin@example\.com às \d{2}:\d{2}/);
  await expect(page.getByLabel("LinkedIn")).toHaveValue("https://www.linkedin.com/school/outra");

  await other.goto(PATH);
  await expect(other.getByLabel("LinkedIn")).toHaveValue(typed);
  await other.getByLabel("LinkedIn").fill("");
  await saveStudioForm(other);
}
