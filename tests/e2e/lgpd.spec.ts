import { expect, openE2eDb, test, uniqueEmail } from "../support/fixtures";
import { insertLead } from "../support/seed";
import { loginAs } from "../support/sessions";

/**
 * LGPD (Brazil's data protection law) in the browser, with and without JavaScript: from a row of the /contato
 * panel an admin downloads one person's data and deletes them after a confirmation step; the
 * privacy page says what is collected, why, for how long and how to ask for deletion.
 */

function seedLead(email: string) {
  const db = openE2eDb();
  try {
    const now = new Date().toISOString();
    return insertLead(db, {
      origem: "inscricao",
      nome: "Titular Para Excluir",
      telefone: "(31)96666-5555",
      email,
      cidade: "Betim",
      criado_em: now,
      consentimento_em: now,
      consentimento_versao: "inscricao-2025-01",
    });
  } finally {
    db.close();
  }
}

function countLeads(email: string) {
  const db = openE2eDb();
  try {
    return (db.prepare("SELECT count(*) AS n FROM leads WHERE email = ?").get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

test("an admin exports a lead's data and deletes it from the panel, with a confirmation step", async ({ page, baseURL }) => {
  const email = uniqueEmail("lgpd");
  const id = seedLead(email);
  await loginAs(page, "admin", baseURL!);

  await page.goto(`/contato?busca=${encodeURIComponent(email)}`);
  // The search finds the one lead; its data and its deletion are on the lead's page.
  const row = page.getByTestId("lead-row");
  await expect(row).toHaveCount(1);
  await row.getByTestId("lead-link").click();
  await expect(page).toHaveURL(new RegExp(`/contato/lead/${id}$`));

  // Export: a JSON download of the person's records.
  const exportLink = page.getByRole("link", { name: /^Exportar/ });
  await expect(exportLink).toHaveAttribute("href", `/contato/lead/${id}/dados.json`);
  const download = await page.request.get(`/contato/lead/${id}/dados.json`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toContain(`dados-lead-${id}.json`);
  const data = await download.json();
  expect(data.titular.email).toBe(email);
  expect(data.leads[0]).toMatchObject({ nome: "Titular Para Excluir", consentimento_versao: "inscricao-2025-01" });

  // Delete: the link opens the confirmation page, which lists what goes.
  await page.getByRole("link", { name: /^Excluir/ }).click();
  await expect(page).toHaveURL(new RegExp(`/contato/lead/${id}/excluir$`));
  await expect(page.getByRole("heading", { level: 1, name: "Excluir lead" })).toBeVisible();
  await expect(page.getByTestId("deletion-plan")).toContainText(`Lead nº ${id}`);
  expect(countLeads(email)).toBe(1);

  // 'Cancelar' keeps it and goes back to the lead's page.
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(new RegExp(`/contato/lead/${id}$`));
  expect(countLeads(email)).toBe(1);

  await page.goto(`/contato/lead/${id}/excluir`);
  await page.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(page).toHaveURL(/\/contato$/);
  await expect(page.getByTestId("toaster")).toContainText("Lead excluído");
  expect(countLeads(email)).toBe(0);

  // The page of a deleted lead is a 404.
  const gone = await page.goto(`/contato/lead/${id}/excluir`);
  expect(gone?.status()).toBe(404);
});

test("the privacy page says what is collected, why, for how long and how to ask for deletion", async ({ page }) => {
  await page.goto("/privacidade");
  await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
  const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
  for (const heading of [
    "Quais dados coletamos",
    "Para que usamos",
    "Por quanto tempo guardamos",
    "Seus direitos e como pedir a exclusão",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  expect(text).toMatch(/nome, telefone, e-mail/);
  expect(text).toMatch(/data e a versão do texto de consentimento/);
  expect(text).toMatch(/Mensagens pelo WhatsApp/);
  // The e2e server runs with the default retention, 730 days.
  expect(text).toMatch(/por até 2 anos após o último envio/);
  expect(text).toMatch(/exclusão apaga todos os registros ligados ao seu e-mail/);
  // Named twice (rights, and the Encarregado section while no Encarregado is stored): both the same address.
  await expect(page.getByRole("link", { name: "privacidade@example.com" }).first()).toHaveAttribute(
    "href",
    "mailto:privacidade@example.com",
  );
});

test("the erasure lists the rows with the same e-mail or phone and erases the ticked ones", async ({ page, baseURL }) => {
  const email = uniqueEmail("lgpd-telefone");
  const other = uniqueEmail("lgpd-outro");
  const family = uniqueEmail("lgpd-familia");
  // A phone of this run only: the js and no-js runs share one database, and each leaves its family lead.
  const digits = String(Date.now() % 100_000_000).padStart(8, "0");
  const telefone = `(31)9${digits.slice(0, 4)}-${digits.slice(4)}`;
  const db = openE2eDb();
  let ids: number[];
  try {
    const now = new Date().toISOString();
    const base = { origem: "inscricao", nome: "Titular Telefone", cidade: "Betim", criado_em: now, consentimento_em: now };
    ids = [
      insertLead(db, { ...base, telefone, email }),
      // Same phone, another e-mail: found by the phone.
      insertLead(db, { ...base, origem: "contato", telefone, email: other }),
      // Same phone, another person (a family phone): the admin unticks it.
      insertLead(db, { ...base, origem: "bolsa", nome: "Parente", telefone, email: family }),
    ];
  } finally {
    db.close();
  }
  await loginAs(page, "admin", baseURL!);
  await page.goto(`/contato/lead/${ids[0]}/excluir`);
  const plan = page.getByTestId("deletion-plan");
  for (const id of ids) await expect(plan).toContainText(`Lead nº ${id}`);
  await expect(plan).toContainText("mesmo telefone");
  await page.getByRole("checkbox", { name: new RegExp(`Lead nº ${ids[2]}:`) }).uncheck();
  await page.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(page).toHaveURL(/\/contato$/);
  await expect(page.getByTestId("toaster")).toContainText("2 registro(s) de formulário");
  expect(countLeads(email)).toBe(0);
  expect(countLeads(other)).toBe(0);
  expect(countLeads(family)).toBe(1);
});
