import type { Request } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, test, uniqueEmail } from "../support/fixtures";
import { holdRequests } from "../support/hold-requests";
import { insertLead } from "../support/seed";
import { openSessions, useCookies } from "../support/sessions";

/**
 * The forms toolkit's pending state (app/components/forms, decision 034) on the forms that moved to
 * it last: the admin panel's filters and 'Sair', the LGPD deletion and the vocational question
 * pages. With JavaScript, while a submit is on its way its button is disabled and says so; each
 * request is held by the test until it has looked, so nothing races a clock. Without JavaScript the
 * browser itself shows the page loading: nothing of the page's own to check.
 */

const pathIs = (request: Request, method: string, path: string) =>
  request.method() === method && new URL(request.url()).pathname.replace(/\.data$/, "") === path;

function seedLead(email: string) {
  const db = openE2eDb();
  try {
    return insertLead(db, { origem: "inscricao", nome: "Pessoa Em Espera", telefone: "(31)95555-4444", email, cidade: "Betim" });
  } finally {
    db.close();
  }
}

test.describe("a form says it is busy while it is sent", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the pending state is drawn by the page's JavaScript");

  test("admin panel: 'Filtrar', 'Excluir definitivamente' and 'Sair'", async ({ page, context, baseURL }) => {
    const email = uniqueEmail("pendente");
    const id = seedLead(email);
    await useCookies(context, (await openSessions(baseURL!)).admin, baseURL!);
    await page.goto("/contato");

    // The filters (a GET form): busy until the list has loaded.
    await page.getByLabel("Buscar").fill(email);
    const search = await holdRequests(page, (r) => pathIs(r, "GET", "/contato") && new URL(r.url()).searchParams.has("busca"));
    await page.getByRole("button", { name: "Filtrar" }).click();
    await search.arrived;
    await expect(page.getByRole("button", { name: "Filtrando..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Filtrar" })).toHaveCount(0);
    await search.release();
    await expect(page.getByRole("button", { name: "Filtrar" })).toBeEnabled();
    await expect(page.getByTestId("lead-row")).toHaveCount(1);

    // The deletion: busy from the post until the panel it returns to has loaded.
    await page.goto(`/contato/lead/${id}/excluir`);
    const deletion = await holdRequests(page, (r) => pathIs(r, "POST", `/contato/lead/${id}/excluir`));
    await page.getByRole("button", { name: "Excluir definitivamente" }).click();
    await deletion.arrived;
    await expect(page.getByRole("button", { name: "Excluindo..." })).toBeDisabled();
    // The header's 'Sair' is another form: it is not busy.
    await expect(page.getByRole("button", { name: "Sair" })).toBeEnabled();
    await deletion.release();
    await expect(page).toHaveURL(/\/contato$/);
    await expect(page.getByTestId("toaster")).toContainText("Lead excluído");

    // 'Sair' in the admin area's header.
    const signOut = await holdRequests(page, (r) => pathIs(r, "POST", "/contato/sair"));
    await page.getByRole("button", { name: "Sair" }).click();
    await signOut.arrived;
    await expect(page.getByRole("button", { name: "Saindo..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Filtrar" })).toBeEnabled();
    await signOut.release();
    await expect(page).toHaveURL(/\/login-admin$/);
  });

  test("WhatsApp passwords page: the pressed button says 'Adicionando...' or 'Removendo...', the others wait", async ({
    page,
  }) => {
    const manage = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;
    const newPassword = `pendente-${uniqueEmail("senha")}`;
    await page.goto(manage);

    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByLabel("Nome da senha").fill("Equipe de teste");
    await page.getByLabel("Nova Senha").fill(newPassword);
    const adding = await holdRequests(page, (r) => pathIs(r, "POST", manage));
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await adding.arrived;
    await expect(page.getByRole("button", { name: "Adicionando..." })).toBeDisabled();
    await adding.release();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha adicionada" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Adicionar Nova Senha" })).toBeEnabled();

    const removeButtons = page.getByRole("button", { name: /^Remover senha/ });
    const count = await removeButtons.count();
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    const removing = await holdRequests(page, (r) => pathIs(r, "POST", manage));
    await removeButtons.last().click();
    await removing.arrived;
    // Only the pressed row says it; its accessible name follows.
    await expect(page.getByRole("button", { name: /^Removendo senha/ })).toHaveCount(1);
    await expect(page.getByRole("button", { name: /^Removendo senha/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Adicionar Nova Senha" })).toBeDisabled();
    await removing.release();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha removida" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remover senha/ })).toHaveCount(count - 1);
  });

  test("question pages: the pressed button says 'Enviando...', the others wait", async ({ page, context, baseURL }) => {
    await useCookies(context, (await openSessions(baseURL!)).visitorWithLead, baseURL!);
    await page.goto("/teste-vocacional/perguntas?pagina=1");
    for (let q = 1; q <= 5; q++) await page.locator(`input[name="q${q}"][value="C"]`).check();

    const forward = await holdRequests(page, (r) => pathIs(r, "POST", "/teste-vocacional/perguntas"));
    await page.getByRole("button", { name: "Próximo" }).click();
    await forward.arrived;
    await expect(page.getByRole("button", { name: "Enviando..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Anterior" })).toBeDisabled();
    await forward.release();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page.getByRole("button", { name: "Próximo" })).toBeEnabled();

    const back = await holdRequests(page, (r) => pathIs(r, "POST", "/teste-vocacional/perguntas"));
    await page.getByRole("button", { name: "Anterior" }).click();
    await back.arrived;
    await expect(page.getByRole("button", { name: "Enviando..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Próximo" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Anterior" })).toHaveCount(0);
    await back.release();
    await expect(page).toHaveURL(/pagina=1/);
    await expect(page.locator('input[name="q5"][value="C"]')).toBeChecked();
  });
});
