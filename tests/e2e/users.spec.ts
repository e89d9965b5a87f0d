import type { Browser, BrowserContext, Page } from "@playwright/test";

import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLead } from "../support/seed";
import { adminSession, STAFF_PASSWORD, staffSession, useCookies } from "../support/sessions";
import { openAsAdmin } from "../support/studio";

/**
 * Roles in the browser, with and without JavaScript: the admin adds a comercial user on the
 * Usuários page (its messages next to the fields first); that user logs in and sees Leads (the
 * rows) but no Conteúdo, Webhooks or Usuários, and a screen of another role is a 403 page inside
 * the admin area; removing the user ends their session. A marketing user sees Conteúdo and the
 * leads' totals, never a lead's row, name or the CSV.
 */

const PATH = "/admin/usuarios";

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@equipe.example.org`;

/** A lead straight in the database, whose name a page must (or must not) show. */
function seedLead(name: string): void {
  const db = openE2eDb();
  try {
    const email = unique("pessoa").replace("@equipe.", "@pessoas.");
    insertLead(db, { nome: name, telefone: "(31)98765-0000", email, cidade: "Betim" });
  } finally {
    db.close();
  }
}

/** A second browser (the other person), with JavaScript as this project has it. */
async function otherPerson(browser: Browser, jsEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled });
  return { context, page: await context.newPage() };
}

function navLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Painel Administrativo" }).getByRole("link", { name, exact: true });
}

test("the admin adds a comercial user, who sees Leads only; removing the user ends their session", async ({
  page,
  browser,
  jsEnabled,
}) => {
  const leadName = `Pessoa Visível ${Date.now()}`;
  seedLead(leadName);
  const email = unique(jsEnabled ? "comercial.js" : "comercial.nojs");

  await openAsAdmin(page, PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  await expect(navLink(page, "Usuários")).toBeVisible();

  // Wrong e-mail and a short password: the messages are next to their fields, nothing added.
  await page.getByLabel("E-mail").fill("sem-arroba");
  await page.getByLabel("Senha inicial").fill("curta");
  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
  await expect(page.getByText("A senha inicial precisa ter pelo menos 8 caracteres.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("staff-user").filter({ hasText: "sem-arroba" })).toHaveCount(0);

  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Perfil", { exact: true }).selectOption({ label: "Comercial" });
  await page.getByLabel("Senha inicial").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const row = page.getByTestId("staff-user").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByRole("combobox")).toHaveValue("comercial");
  await expect(row).toContainText("Nunca entrou");
  await expect(page.getByLabel("E-mail")).toHaveValue("");
  await expect(page.getByLabel("Senha inicial")).toHaveValue("");

  // The admin cannot take away their own admin role: the message is next to their role field.
  const own = page.getByTestId("staff-user").filter({ hasText: "(você)" });
  await own.getByRole("combobox").selectOption("marketing");
  await own.getByRole("button", { name: /Alterar perfil/ }).click();
  await expect(
    own.getByText(/É preciso manter pelo menos um administrador\.|Você não pode tirar o seu próprio perfil/),
  ).toBeVisible();
  await expect(own.getByRole("combobox")).toHaveAttribute("aria-invalid", "true");

  // The comercial user logs in (another browser) and lands on the leads, with the rows.
  const person = await otherPerson(browser, jsEnabled);
  try {
    const staffPage = person.page;
    await staffPage.goto("/login-admin");
    await staffPage.getByLabel("E-mail").fill(email);
    await staffPage.getByLabel("Senha").fill(STAFF_PASSWORD);
    await staffPage.getByRole("button", { name: "Entrar" }).click();
    await expect(staffPage).toHaveURL(/\/contato$/);
    await expect(staffPage.getByTestId("signed-in-role")).toHaveText(/Comercial/);
    await expect(navLink(staffPage, "Leads")).toBeVisible();
    for (const hidden of ["Conteúdo", "Webhooks", "Usuários"]) await expect(navLink(staffPage, hidden)).toHaveCount(0);
    await expect(staffPage.getByTestId("leads-table")).toContainText(leadName);
    await expect(staffPage.getByTestId("export-csv")).toBeVisible();

    // Another role's screen: a 403 page in the admin area, in pt-BR, with a link to what the role uses.
    await staffPage.goto("/admin/conteudo");
    await expect(staffPage.getByRole("heading", { level: 1, name: "Acesso não permitido" })).toBeVisible();
    await expect(staffPage.getByText("Seu perfil (Comercial) não tem acesso a esta página.")).toBeVisible();
    await expect(staffPage.getByTestId("area-header")).toBeVisible();
    await staffPage.getByTestId("forbidden").getByRole("link", { name: "Leads" }).click();
    await expect(staffPage.getByTestId("leads-table")).toContainText(leadName);

    // The admin removes the user: at their next page they are back at the login.
    await page.reload();
    const staffRow = page.getByTestId("staff-user").filter({ hasText: email });
    await staffRow.getByRole("link", { name: /Remover/ }).click();
    await expect(staffRow).toContainText("os leads dela ficam sem responsável");
    await staffRow.getByRole("button", { name: /Confirmar remoção/ }).click();
    await expect(page.getByTestId("staff-user").filter({ hasText: email })).toHaveCount(0);
    await staffPage.goto("/contato");
    await expect(staffPage).toHaveURL(/\/login-admin\?redirectTo=/);
  } finally {
    await person.context.close();
  }
});

test("a marketing user sees Conteúdo and the leads' totals, never a lead's row, name or the CSV", async ({ page, jsEnabled }) => {
  const leadName = `Pessoa Reservada ${Date.now()}`;
  seedLead(leadName);
  const baseUrl = process.env.E2E_BASE_URL!;
  const { cookie } = await staffSession(
    baseUrl,
    "marketing",
    await adminSession(baseUrl),
    unique(jsEnabled ? "mkt.js" : "mkt.nojs"),
  );
  await useCookies(page.context(), cookie);

  await page.goto("/contato");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.getByTestId("signed-in-role")).toHaveText(/Marketing/);
  await expect(page.getByTestId("totals-only")).toBeVisible();
  await expect(navLink(page, "Leads")).toBeVisible();
  await expect(navLink(page, "Conteúdo")).toBeVisible();
  for (const hidden of ["Webhooks", "Usuários"]) await expect(navLink(page, hidden)).toHaveCount(0);
  await expect(page.getByTestId("leads-table")).toHaveCount(0);
  await expect(page.getByTestId("lead-row")).toHaveCount(0);
  await expect(page.getByTestId("export-csv")).toHaveCount(0);
  await expect(page.getByRole("search")).toHaveCount(0);
  expect(await page.content()).not.toContain(leadName);

  // A search typed in the address changes nothing: still the totals, no one's name.
  await page.goto(`/contato?busca=${encodeURIComponent(leadName)}`);
  await expect(page.getByTestId("totals-only")).toBeVisible();
  expect(await page.content()).not.toContain(leadName);

  await navLink(page, "Conteúdo").click();
  await expect(page.getByRole("heading", { level: 1, name: "Conteúdo do site" })).toBeVisible();
});
