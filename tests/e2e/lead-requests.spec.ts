import { seriousViolations } from "../support/axe";
import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads, insertStaffUser } from "../support/seed";
import { loginAs } from "../support/sessions";

/**
 * Decision 146 in Chromium, with JavaScript and without: in a team whose leads an admin opened, a
 * comercial user opens a colleague's lead, asks for it with a reason and is told it is asked; the
 * manager finds the request on Distribuição, opens the lead, approves it, and the lead is hers, with
 * the request and the decision in its history.
 */

function token(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

test("a comercial user asks for a shared colleague's lead and the manager approves it", async ({ page }, testInfo) => {
  // axe runs as a script in the page: only where the page runs scripts.
  const a11y = async () => (testInfo.project.use.javaScriptEnabled === false ? [] : seriousViolations(page));
  const tag = token("pedido");
  const db = openE2eDb();
  let me: { id: number; email: string; password: string };
  let manager: { id: number; email: string; password: string };
  let id: number;
  try {
    me = await insertStaffUser(db, "comercial", { email: `${token("eu")}@example.com` });
    const colleague = await insertStaffUser(db, "comercial", { email: `${token("colega")}@example.com` });
    manager = await insertStaffUser(db, "admin", { email: `${token("gestor")}@example.com` });
    const team = db
      .prepare("INSERT INTO sales_teams (name, shared_leads, created_at) VALUES (?, 1, ?) RETURNING id")
      .get(`Equipe ${tag}`, new Date().toISOString()) as { id: number };
    const member = db.prepare("INSERT INTO sales_team_members (team_id, user_id) VALUES (?, ?)");
    member.run(team.id, me.id);
    member.run(team.id, colleague.id);
    [id] = insertLeads(db, [
      { nome: `Pessoa Colega ${tag}`, telefone: "(31)98833-3301", email: `colega.${tag}@example.com`, owner_id: colleague.id },
    ]);
  } finally {
    db.close();
  }

  await loginAs(page, me);
  await page.goto(`/contato/lead/${id}`);
  await expect(page.getByRole("button", { name: "Salvar responsável" })).toHaveCount(0);
  expect(await a11y()).toEqual([]);
  await page.getByLabel("Motivo (opcional)").fill("A pessoa já falou comigo.");
  await page.getByRole("button", { name: "Pedir este lead" }).click();
  await expect(page.getByTestId("lead-asked")).toContainText("Você já pediu este lead");
  await expect(page.getByTestId("lead-owner")).not.toContainText(me.email);

  await page.context().clearCookies();
  await loginAs(page, manager);
  await page.goto("/admin/distribuicao");
  await expect(page.getByTestId("lead-requests-count")).toContainText("Pedidos esperando decisão:");
  const listed = page.getByTestId("lead-requests").getByRole("listitem").filter({ hasText: me.email });
  await expect(listed).toContainText("A pessoa já falou comigo.");
  await listed.getByRole("link", { name: `Lead nº ${id}` }).click();

  const request = page.getByTestId("lead-request");
  await expect(request).toContainText(`Pedido de ${me.email}: A pessoa já falou comigo.`);
  expect(await a11y()).toEqual([]);
  await request.getByRole("button", { name: `Aprovar o pedido de ${me.email}` }).click();
  await expect(page.getByTestId("lead-owner")).toHaveText(me.email);
  await expect(page.getByTestId("lead-request")).toHaveCount(0);
  const history = page.locator('[data-kind="pedido"]');
  await expect(history).toHaveCount(2);
  await expect(history.filter({ hasText: `aprovado por ${manager.email}` })).toHaveCount(1);
  await expect(page.locator('[data-kind="responsavel"]').filter({ hasText: `→ ${me.email}` })).toHaveCount(1);
});
