import { expect, test } from "../support/fixtures";
import { adminSession, staffSession } from "../support/sessions";
import { openAsAdmin } from "../support/studio";

/**
 * /admin/distribuicao and /admin/e-mails, with and without JavaScript (decisions 086, 088). The
 * spec leaves the distribution switch alone (it is the whole site's, and other specs post leads
 * meanwhile): it works with its own team, rule and comercial user.
 */

test("Distribuição: a refused rule names its fields; a team, a member, a rule and an absence", async ({ page, jsEnabled }) => {
  const baseUrl = process.env.E2E_BASE_URL!;
  const seller = await staffSession(baseUrl, "comercial", await adminSession(baseUrl));
  const teamName = `Equipe ${jsEnabled ? "js" : "nojs"} ${Date.now()}`;
  await openAsAdmin(page, "/admin/distribuicao");
  await expect(page.getByRole("heading", { name: "Distribuição de leads" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Painel Administrativo" }).getByRole("link", { name: "Distribuição" }),
  ).toBeVisible();

  // A rule with nothing filled: each message under its field, nothing stored. With JavaScript the
  // browser says it (the server's schema) without posting.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: "Criar regra" }).click();
  await expect(page.getByText("Informe o nome da regra (até 80 caracteres).")).toBeVisible();
  await expect(page.getByLabel("Nome da regra")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Escolha a equipe que recebe os leads desta regra.")).toBeVisible();
  expect(posts).toHaveLength(jsEnabled ? 0 : 1);

  await page.getByLabel("Nome da nova equipe").fill(teamName);
  await page.getByRole("button", { name: "Criar equipe" }).click();
  const team = page
    .getByTestId("teams")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: teamName }) });
  await expect(team).toContainText("Nenhum membro.");
  await team.getByLabel(`Adicionar a ${teamName}`).selectOption({ label: seller.email });
  await team.getByRole("button", { name: "Adicionar" }).click();
  await expect(team).toContainText(seller.email);

  const ruleName = `Regra ${teamName}`;
  await page.getByLabel("Nome da regra").fill(ruleName);
  await page.getByLabel("Compara").selectOption("origem");
  // A value no form uses: this rule never takes another spec's lead.
  await page.getByLabel("Valor").fill(`nenhum-${Date.now()}`);
  await page.getByLabel("Equipe", { exact: true }).selectOption({ label: teamName });
  await page.getByRole("button", { name: "Criar regra" }).click();
  const rule = page.getByTestId("rules").getByRole("row").filter({ hasText: ruleName });
  await expect(rule).toContainText("Formulário");

  // Availability: away, then back.
  const row = page.getByTestId("availability").getByRole("row").filter({ hasText: seller.email });
  await row.getByRole("button", { name: "Marcar ausente" }).click();
  await expect(row).toContainText("Ausente");
  await row.getByRole("button", { name: "Marcar disponível" }).click();
  await expect(row).toContainText("Disponível");

  await rule.getByRole("button", { name: /Remover/ }).click();
  await expect(page.getByTestId("rules").getByRole("row").filter({ hasText: ruleName })).toHaveCount(0);
  await team.getByRole("button", { name: /Remover equipe/ }).click();
  await expect(page.getByTestId("teams").getByRole("heading", { name: teamName })).toHaveCount(0);
});

test("E-mails: without SMTP_URL the page says messages are kept, with the counts and the table", async ({ page }) => {
  await openAsAdmin(page, "/admin/e-mails");
  await expect(page.getByRole("heading", { name: "E-mails", exact: true })).toBeVisible();
  await expect(page.getByTestId("emails-mode")).toContainText("Nenhum servidor de e-mail configurado (SMTP_URL)");
  await expect(page.getByTestId("emails-counts")).toContainText("Guardados (sem SMTP):");
  await expect(page.getByTestId("emails-table")).toBeVisible();
});
