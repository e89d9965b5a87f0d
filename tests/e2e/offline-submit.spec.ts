import type { BrowserContext, Page } from "@playwright/test";

import { fillEnrolmentForm } from "../support/enrolment-form";
import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, seedAccessPassword, storedPasswordId, test, uniqueEmail } from "../support/fixtures";
import { mergeCookies, postForm, vocationalLead } from "../support/sessions";

/**
 * A weak mobile signal drops the connection while a form is being sent (app/ui/forms/offline-submit.ts):
 * the browser goes offline before the click and stays offline while the page reacts (so no
 * revalidation after the failed send may reach the server either).
 * With JavaScript the page must keep what was typed and say so, instead of the error page; sending
 * again once the connection is back must work and store the lead once. The admin login, the
 * WhatsApp gate (and 'Sair' on its mirroring page) and the WhatsApp password management keep the
 * typed passwords too, and nothing happens on the server until the connection is back. Without
 * JavaScript the browser itself posts the form (and shows its own offline page), so these run in
 * the js project.
 */

const LOST_TITLE = "Sem conexão com a internet";
const LOST_TEXT = "Seus dados não foram enviados, mas continuam no formulário. Confira sua conexão e envie de novo.";

function rowsFor(email: string, origem: string): number {
  const db = openE2eDb();
  try {
    return (db.prepare("SELECT count(*) AS n FROM leads WHERE email = ? AND origem = ?").get(email, origem) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function hasCookie(context: BrowserContext, name: string): Promise<boolean> {
  return (await context.cookies()).some((cookie) => cookie.name === name);
}

async function expectConnectionLostNotice(page: Page) {
  await expect(page.getByRole("alert").filter({ hasText: LOST_TITLE })).toContainText(LOST_TEXT);
  await expect(page.getByText("Algo deu errado")).toHaveCount(0);
}

test.describe("a form sent while the connection drops", () => {
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the browser posts the form itself");
  });

  test("vocational lead form: keeps what was typed, says so, and sends once the connection is back", async ({ page }) => {
    const email = uniqueEmail("sem-conexao");
    await page.goto("/teste-vocacional");
    await page.getByLabel("Nome completo").fill("Joana Sem Sinal");
    await page.getByLabel("Telefone (WhatsApp)").fill("31999997777");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Qual é a sua situação profissional hoje?").selectOption({ index: 1 });
    await page.getByLabel("Em qual área você atua ou tem mais experiência?").selectOption({ index: 1 });
    await page.getByLabel("Você gosta da área em que trabalha?").selectOption({ index: 1 });
    await page.getByLabel("Qual é o seu objetivo de carreira?").selectOption({ index: 1 });
    await page.getByLabel("Em qual área você deseja se desenvolver?").selectOption({ index: 1 });

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Iniciar Teste Vocacional" }).click();
    await expectConnectionLostNotice(page);
    const notice = page.getByTestId("toast").filter({ hasText: LOST_TITLE });
    await expect(notice).toBeVisible();
    // Typing again does not raise the notice again (one toast per failed send).
    const shown = await notice.elementHandle();
    await page.getByLabel("Nome completo").fill("Joana Sem Sinal Souza");
    await page.getByLabel("Nome completo").fill("Joana Sem Sinal");
    expect(await shown!.evaluate((element) => element.isConnected)).toBe(true);
    await expect(page).toHaveURL(/\/teste-vocacional$/);
    await expect(page.getByLabel("Nome completo")).toHaveValue("Joana Sem Sinal");
    await expect(page.getByLabel("Telefone (WhatsApp)")).toHaveValue("(31)99999-7777");
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await expect(page.getByRole("button", { name: "Iniciar Teste Vocacional" })).toBeEnabled();
    expect(rowsFor(email, "teste_vocacional")).toBe(0);

    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Iniciar Teste Vocacional" }).click();
    await expect(page).toHaveURL(/\/teste-vocacional\/perguntas/);
    expect(rowsFor(email, "teste_vocacional")).toBe(1);
  });

  test("question page: keeps the chosen answers and the count, then moves on once the connection is back", async ({
    page,
    baseURL,
  }) => {
    const cookie = mergeCookies(
      "",
      await postForm(baseURL!, "/teste-vocacional", vocationalLead(uniqueEmail("perguntas-sem-conexao"))),
    );
    await page.context().addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL! };
      }),
    );
    await page.goto("/teste-vocacional/perguntas?pagina=1");
    for (let q = 1; q <= 5; q++) await page.locator(`input[name="q${q}"][value="B"]`).check();
    await expect(page.getByText("5 de 20 perguntas respondidas")).toBeVisible();

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Próximo" }).click();
    await expectConnectionLostNotice(page);
    await expect(page).toHaveURL(/perguntas\?pagina=1/);
    for (let q = 1; q <= 5; q++) await expect(page.locator(`input[name="q${q}"][value="B"]`)).toBeChecked();
    await expect(page.getByText("5 de 20 perguntas respondidas")).toBeVisible();

    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Próximo" }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page.getByText("5 de 20 perguntas respondidas")).toBeVisible();
  });

  test("enrolment form (/inscricao): keeps what was typed, says so, and sends once the connection is back", async ({ page }) => {
    const email = uniqueEmail("inscricao-sem-conexao");
    await page.goto("/inscricao");
    await fillEnrolmentForm(page, {
      nome: "Rita Sem Sinal",
      telefone: "31999996666",
      email,
      cidade: "Uberlândia",
      curso: "Enfermagem",
      polo: "Belo Horizonte - Centro - MG",
    });

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expectConnectionLostNotice(page);
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue("Rita Sem Sinal");
    await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("Uberlândia");
    await expect(page.getByLabel("Curso de interesse", { exact: true })).toHaveValue("Enfermagem");
    await expect(page.getByLabel(/Li e aceito a Política de Privacidade/)).toBeChecked();
    expect(rowsFor(email, "inscricao")).toBe(0);

    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expect(page.getByRole("heading", { name: "Inscrição recebida!" })).toBeVisible();
    expect(rowsFor(email, "inscricao")).toBe(1);
  });

  test("admin login: keeps the e-mail and the password, opens no session, and logs in once the connection is back", async ({
    page,
    context,
  }) => {
    await page.goto("/login-admin?redirectTo=%2Fcontato");
    await page.getByLabel("E-mail").fill(E2E_ENV.ADMIN_EMAIL);
    await page.getByLabel("Senha").fill(E2E_ENV.ADMIN_PASSWORD);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectConnectionLostNotice(page);
    await expect(page.getByTestId("login-alert")).toContainText(LOST_TITLE);
    await expect(page).toHaveURL(/\/login-admin\?redirectTo=%2Fcontato$/);
    await expect(page.getByLabel("E-mail")).toHaveValue(E2E_ENV.ADMIN_EMAIL);
    await expect(page.getByLabel("Senha")).toHaveValue(E2E_ENV.ADMIN_PASSWORD);
    await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
    expect(await hasCookie(context, "__admin")).toBe(false);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/contato$/);
    await expect(page.getByTestId("toaster")).toContainText("Login realizado com sucesso!");
    expect(await hasCookie(context, "__admin")).toBe(true);
  });

  test("WhatsApp gate: keeps the typed password and passes once the connection is back; 'Sair' offline keeps the session", async ({
    page,
    context,
  }) => {
    const password = `gate-offline-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    await seedAccessPassword(password);
    await page.goto("/whatsapp");
    await page.getByLabel("Senha de acesso").fill(password);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectConnectionLostNotice(page);
    await expect(page.getByTestId("action-alert")).toContainText(LOST_TITLE);
    await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
    await expect(page.getByLabel("Senha de acesso")).toHaveValue(password);
    await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
    expect(await hasCookie(context, "__operador")).toBe(false);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Entrar" }).click();
    const mirror = page.getByRole("heading", { level: 1, name: "Espelhamento WhatsApp Universidade" });
    await expect(mirror).toBeVisible();
    expect(await hasCookie(context, "__operador")).toBe(true);

    // Leaving the mirroring page ('Sair' posts like 'Desconectar') while offline: a toast, the page stays.
    await context.setOffline(true);
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: LOST_TITLE })).toContainText(LOST_TEXT);
    await expect(page.getByText("Algo deu errado")).toHaveCount(0);
    await expect(mirror).toBeVisible();
    expect(await hasCookie(context, "__operador")).toBe(true);

    await context.setOffline(false);
    // The operator session was not ended on the server: a reload still shows the mirroring page.
    await page.reload();
    await expect(mirror).toBeVisible();
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
    expect(await hasCookie(context, "__operador")).toBe(false);
  });

  test("WhatsApp password management: keeps both passwords typed, adds nothing, and adds once the connection is back", async ({
    page,
    context,
  }) => {
    const newPassword = `nova-offline-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    await page.goto(`/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`);
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByLabel("Nome da senha").fill("Equipe de teste");
    await page.getByLabel("Nova Senha").fill(newPassword);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await expectConnectionLostNotice(page);
    await expect(page.getByTestId("action-alert")).toContainText(LOST_TITLE);
    await expect(page.getByLabel("Senha Mestra")).toHaveValue(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await expect(page.getByLabel("Nova Senha")).toHaveValue(newPassword);
    await expect(page.getByRole("button", { name: "Adicionar Nova Senha" })).toBeEnabled();
    expect(await storedPasswordId(newPassword)).toBeNull();

    await context.setOffline(false);
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha adicionada" })).toBeVisible();
    expect(await storedPasswordId(newPassword)).not.toBeNull();
    // A post that got its answer still empties the password fields.
    await expect(page.getByLabel("Senha Mestra")).toHaveValue("");
    await expect(page.getByLabel("Nova Senha")).toHaveValue("");
    await expect(page.getByTestId("action-alert")).toHaveCount(0);
  });
});
