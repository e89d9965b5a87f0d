import type { Page } from "@playwright/test";

import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads, insertStaffUser, uniqueToken } from "../support/seed";
import { openAsAdmin } from "../support/studio";

/**
 * The leads panel on a laptop (1280 px) and a phone (360 px), JavaScript on and off: the list comes
 * first, before the folded 30-day dashboard; at 1280 px the table shows name, status with the wait,
 * next contact, owner and the contact buttons without a sideways scroll of the page or the table;
 * the bulk changes follow one page of leads, not the charts.
 */

const PAGE = 25;

async function seed(tag: string) {
  const db = openE2eDb();
  try {
    // An owner whose e-mail has no place to break, and a name that has none either.
    const owner = await insertStaffUser(db, "comercial", { email: `comercial.${"z".repeat(40)}.${tag}@equipe.example.org` });
    insertLeads(
      db,
      Array.from({ length: PAGE + 2 }, (_, n) => ({
        nome: n === 0 ? `Semespaco${"x".repeat(60)}${tag}` : `Pessoa Laptop ${n} ${tag}`,
        telefone: `(31)98777-${String(7000 + n)}`,
        email: `laptop.${n}.${"e".repeat(30)}.${tag}@example.com`,
        curso_interesse: "Gestão de Recursos Humanos",
        polo: "Belo Horizonte - Barreiro",
        cidade: "Contagem",
        status: n % 2 === 0 ? "novo" : "em_contato",
        proximo_contato: "2099-01-10",
        owner_id: n % 3 === 0 ? owner.id : null,
        first_contact_due_at: "2000-01-03T12:00:00.000Z",
      })),
    );
  } finally {
    db.close();
  }
}

const top = async (page: Page, locator: ReturnType<Page["locator"]>) =>
  (await locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)) as number;

test("at 1280 px the list comes first and its table fits: name, status, next contact, owner and contact buttons", async ({
  page,
}) => {
  const tag = uniqueToken("laptop");
  await seed(tag);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAsAdmin(page, `/contato?busca=${tag}`);
  await expect(page.getByTestId("lead-row")).toHaveCount(PAGE);

  // No sideways scroll: not the page, not the table's own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const box = page.getByRole("region", { name: "Tabela de leads" });
  const { scrollWidth, clientWidth } = await box.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  for (const name of ["Nome", "Status", "Próximo contato", "Responsável"]) {
    const header = page.getByRole("columnheader", { name, exact: true });
    await expect(header).toBeVisible();
    const { x, width } = (await header.boundingBox())!;
    expect(x + width, name).toBeLessThanOrEqual(1280);
  }
  const row = page.getByTestId("lead-row").filter({ hasText: `Pessoa Laptop ${PAGE} ${tag}` });
  for (const button of [/Ligar/, /WhatsApp/]) {
    const { x, width } = (await row.getByRole("button", { name: button }).boundingBox())!;
    expect(x + width).toBeLessThanOrEqual(1280);
  }
  await expect(row.getByTestId("first-contact")).toContainText("atrasado");
  await expect(row.getByText("10/01/2099", { exact: true })).toBeVisible();
  await expect(row.getByTestId("lead-owner")).toBeVisible();
  // The rest is on the lead's page.
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toHaveCount(0);

  // The list on the first screen; the bulk changes right after one page of leads (long names and
  // e-mails wrapping), before the charts.
  expect(await top(page, page.locator("#leads-title"))).toBeLessThan(800);
  const bulk = page.getByRole("form", { name: /Alterar status dos filtrados/ });
  const bulkTop = await top(page, bulk);
  expect(bulkTop).toBeLessThan(5 * 800);
  const dashboard = page.getByTestId("dashboard");
  expect(await top(page, dashboard)).toBeGreaterThan(bulkTop);
  await expect(page.getByTestId("chart-daily")).toBeHidden();
  await page.getByTestId("dashboard-summary").click();
  await expect(page.getByTestId("chart-daily")).toBeVisible();
});

test("at 360 px the cards come before the folded dashboard and nothing scrolls sideways", async ({ page }) => {
  const tag = uniqueToken("fone");
  await seed(tag);
  await page.setViewportSize({ width: 360, height: 800 });
  await openAsAdmin(page, `/contato?busca=${tag}`);
  await expect(page.getByTestId("lead-row")).toHaveCount(PAGE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await top(page, page.locator("#leads-title"))).toBeLessThan(2 * 800);
  const bulkTop = await top(page, page.getByRole("form", { name: /Alterar status dos filtrados/ }));
  expect(await top(page, page.getByTestId("dashboard"))).toBeGreaterThan(bulkTop);
  await expect(page.getByTestId("chart-daily")).toBeHidden();
});
