import { readFileSync } from "node:fs";

import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads } from "../support/seed";
import { openAsAdmin } from "../support/studio";

/** Inserts two leads straight into the e2e database; returns a token unique to this test run. */
function seedLeads(prefix: string) {
  const token = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const db = openE2eDb();
  try {
    insertLeads(
      db,
      [
        [`Ana Acompanhada ${token}`, "(31)98888-1111"],
        [`Bruno Acompanhado ${token}`, "(31)98888-2222"],
      ].map(([nome, telefone]) => ({
        nome,
        telefone,
        email: `${nome.split(" ")[0].toLowerCase()}.${token}@example.com`,
        cidade: "Betim",
      })),
    );
  } finally {
    db.close();
  }
  return token;
}

test.describe("lead follow-up", () => {
  test("the lead page: change the status, a refused value, a note shown as text, the history", async ({ page, jsEnabled }) => {
    const token = seedLeads("seg");
    await openAsAdmin(page, `/contato?busca=${token}`);
    await expect(page.getByTestId("lead-row")).toHaveCount(2);
    await expect(page.getByTestId("lead-row").first().getByTestId("lead-status")).toHaveText("Novo");

    await page.getByRole("link", { name: `Ana Acompanhada ${token}`, exact: true }).click();
    await expect(page).toHaveURL(/\/contato\/lead\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: `Ana Acompanhada ${token}` })).toBeVisible();
    await expect(page.getByTestId("lead-history")).toContainText("Formulário enviado: Fale com um consultor (lead criado)");

    // Perdido without a reason: refused, the message next to the reason, nothing changes. With
    // JavaScript the browser says it (the server's schema) without posting; without, the server does.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByLabel("Novo status").selectOption("perdido");
    await page.getByRole("button", { name: "Alterar status", exact: true }).click();
    await expect(page.locator("#motivo-error")).toHaveText("Escolha o motivo da perda.");
    await expect(page.getByLabel("Motivo da perda (se Perdido)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("lead-status")).toContainText("Status: Novo");
    expect(posts).toHaveLength(jsEnabled ? 0 : 1);
    // An empty note: the same message from the browser or the server.
    await page.getByRole("button", { name: "Adicionar nota" }).click();
    await expect(page.getByText("Escreva a nota.")).toBeVisible();
    expect(posts).toHaveLength(jsEnabled ? 0 : 2);

    await page.getByLabel("Novo status").selectOption("em_contato");
    await page.getByRole("button", { name: "Alterar status", exact: true }).click();
    await expect(page.getByTestId("lead-status")).toContainText("Status: Em contato");
    const statusEntry = page.getByTestId("lead-history").locator('[data-kind="status"]');
    await expect(statusEntry).toContainText("Status: Novo → Em contato");
    await expect(statusEntry).toContainText(E2E_ENV.ADMIN_EMAIL);

    const note = `Ligar depois <b>das 14h</b> <script>document.title="x"</script>`;
    await page.getByLabel("Nova nota").fill(note);
    await page.getByRole("button", { name: "Adicionar nota" }).click();
    const noteEntry = page.getByTestId("lead-history").locator('[data-kind="nota"]');
    await expect(noteEntry).toContainText(note);
    await expect(noteEntry.locator("b, script")).toHaveCount(0);
    await expect(page.getByLabel("Nova nota")).toHaveValue("");
  });

  test("status filter, the CSV's status column and 'Alterar status dos filtrados' with its confirmation", async ({ page }) => {
    const token = seedLeads("lote");
    await openAsAdmin(page, `/contato?busca=${token}`);
    await expect(page.getByTestId("lead-row")).toHaveCount(2);

    await page.getByLabel("Novo status").selectOption("inscrito");
    await page.getByRole("button", { name: "Alterar status dos filtrados" }).click();
    await expect(page).toHaveURL(/\/contato\/alterar-status\?/);
    await expect(page.getByTestId("bulk-summary")).toContainText("2 leads passarão para Inscrito");
    // Nothing changed before the confirmation.
    await page.goBack();
    await expect(page.getByTestId("lead-status").first()).toHaveText("Novo");
    await page.getByLabel("Novo status").selectOption("inscrito");
    await page.getByRole("button", { name: "Alterar status dos filtrados" }).click();
    await page.getByRole("button", { name: "Confirmar alteração" }).click();
    await expect(page).toHaveURL(new RegExp(`/contato\\?busca=${token}$`));
    await expect(page.getByTestId("lead-status")).toHaveText(["Inscrito", "Inscrito"]);

    // One of them back to Em contato on its page; then the status filter finds exactly it.
    await page.getByRole("link", { name: `Bruno Acompanhado ${token}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Bruno Acompanhado ${token}` })).toBeVisible();
    await page.getByLabel("Novo status").selectOption("em_contato");
    await page.getByRole("button", { name: "Alterar status", exact: true }).click();
    await expect(page.getByTestId("lead-status")).toContainText("Status: Em contato");
    await page.goto(`/contato?busca=${token}`);
    await page.getByLabel("Status", { exact: true }).selectOption("em_contato");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/status=em_contato/);
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText(`Bruno Acompanhado ${token}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const lines = readFileSync((await download.path())!)
      .toString("utf8")
      .slice(1)
      .trim()
      .split("\r\n");
    expect(lines[0].startsWith("nome;telefone;email;cidade;curso_interesse;polo;data_criacao;")).toBe(true);
    expect(lines[0].endsWith(";whatsapp;status;responsavel")).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`Bruno Acompanhado ${token};`)).toBe(true);
    expect(lines[1].endsWith(";Em contato;")).toBe(true);
  });
});
