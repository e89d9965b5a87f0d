import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads, insertStaffUser } from "../support/seed";
import { loginAs } from "../support/sessions";

/**
 * Decision 138 in Chromium, with JavaScript and without: a comercial user's list shows her own lead
 * and the unowned one, never a colleague's; the colleague's lead page, opened by its address, is the
 * 404 of a lead that does not exist and shows none of the person's data.
 */

function token(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

test("a comercial user sees her own and the unowned leads; a colleague's lead is not found", async ({ page }) => {
  const tag = token("muro");
  const db = openE2eDb();
  let me: { id: number; email: string; password: string };
  let ids: number[];
  try {
    me = await insertStaffUser(db, "comercial", { email: `${token("eu")}@example.com` });
    const colleague = await insertStaffUser(db, "comercial", { email: `${token("colega")}@example.com` });
    ids = insertLeads(db, [
      { nome: `Minha Pessoa ${tag}`, telefone: "(31)98877-1101", email: `minha.${tag}@example.com`, owner_id: me.id },
      { nome: `Pessoa Colega ${tag}`, telefone: "(31)98877-1102", email: `colega.${tag}@example.com`, owner_id: colleague.id },
      { nome: `Pessoa Livre ${tag}`, telefone: "(31)98877-1103", email: `livre.${tag}@example.com`, owner_id: null },
    ]);
  } finally {
    db.close();
  }
  await loginAs(page, me);
  await page.goto(`/contato?busca=${tag}`);
  const names = page.getByTestId("lead-row");
  await expect(names).toHaveCount(2);
  await expect(page.locator("main")).toContainText(`Minha Pessoa ${tag}`);
  await expect(page.locator("main")).toContainText(`Pessoa Livre ${tag}`);
  await expect(page.locator("main")).not.toContainText(`Pessoa Colega ${tag}`);

  const response = await page.goto(`/contato/lead/${ids[1]}`);
  expect(response?.status()).toBe(404);
  // The same answer as a lead that does not exist.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  const html = await page.content();
  expect(html).not.toContain(`Pessoa Colega ${tag}`);
  expect(html).not.toContain(`colega.${tag}@example.com`);
});
