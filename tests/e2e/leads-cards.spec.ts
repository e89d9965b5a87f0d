import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads, insertStaffUser, uniqueToken } from "../support/seed";
import { openAsAdmin } from "../support/studio";

/**
 * The leads list at 360 px and at 1280 px (issue 30, item 7): on a phone each row is a card with
 * what a salesperson needs and the page never scrolls sideways; at 1280 px it is the table.
 */

async function seed(tag: string) {
  const db = openE2eDb();
  try {
    // An owner whose e-mail has no place to break, on a lead still waiting for its first contact
    // (the most overdue, so it heads "Aguardando primeiro contato").
    const owner = await insertStaffUser(db, "comercial", { email: `comercial.${"y".repeat(40)}.${tag}@equipe.example.org` });
    insertLeads(db, [
      {
        nome: `Espera ${tag}`,
        telefone: "(31)98888-7768",
        email: `espera.${tag}@example.com`,
        owner_id: owner.id,
        first_contact_due_at: "2000-01-03T12:00:00.000Z",
      },
      {
        nome: `Cartão Lead ${tag}`,
        telefone: "(31)98888-7766",
        email: `cartao.${tag}@example.com`,
        curso_interesse: "Enfermagem",
        polo: "Belo Horizonte",
        cidade: "Contagem",
        status: "em_contato",
        proximo_contato: "2099-01-10",
      },
      // A name with no place to break (a pasted token, a typo): it wraps inside its card.
      { nome: `Semespaco${"x".repeat(60)}${tag}`, telefone: "(31)98888-7767", email: `semespaco.${tag}@example.com` },
    ]);
  } finally {
    db.close();
  }
}

test("at 360 px each lead is a card (name, contact buttons, course, polo, status, next contact, owner) without sideways scrolling", async ({
  page,
}) => {
  const tag = uniqueToken("cartao");
  await seed(tag);
  await page.setViewportSize({ width: 360, height: 800 });
  await openAsAdmin(page, `/contato?busca=${tag}`);
  await expect(page.getByTestId("lead-row")).toHaveCount(3);
  await expect(page.getByTestId("waiting-leads")).toContainText(`comercial.${"y".repeat(40)}`);
  const card = page.getByTestId("lead-row").filter({ hasText: `Cartão Lead ${tag}` });
  await expect(card.getByRole("link", { name: `Cartão Lead ${tag}` })).toBeVisible();
  await expect(card.getByRole("button", { name: /WhatsApp/ })).toBeVisible();
  await expect(card.getByRole("button", { name: /Ligar/ })).toBeVisible();
  for (const text of ["Enfermagem", "Belo Horizonte", "Em contato", "10/01/2099", "Sem responsável"]) {
    await expect(card.getByText(text, { exact: true })).toBeVisible();
  }
  // The other columns are on the lead's page.
  await expect(card.getByText(`cartao.${tag}@example.com`)).toHaveCount(0);
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // At 1280 px the table's columns are the card's; the e-mail stays on the lead's page
  // (tests/e2e/leads-layout.spec.ts: no sideways scroll there).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("columnheader", { name: "Responsável" })).toBeVisible();
  await expect(card.getByTestId("lead-owner")).toBeVisible();
});
