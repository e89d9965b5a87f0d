import type { Locator, Page } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { addAccessPassword, expect, openE2eDb, storedPasswordId, test, uniqueEmail } from "../support/fixtures";
import { insertLead } from "../support/seed";
import { loginAs } from "../support/sessions";

/**
 * Where a toast shows on a phone (360 x 740): with and without JavaScript it stays in the page's
 * flow, first in the content, and covers no control; it can be closed by mouse and keyboard; one
 * that closes by itself (JavaScript) leaves the page where it was. The toasts are real ones: the
 * WhatsApp password management page flashes 'Senha adicionada' / 'Senha removida' after its posts,
 * the admin panel 'Lead excluído', the vocational test 'Dados salvos com sucesso!' and its
 * incomplete-page message.
 */

const MANAGE = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;

test.use({ viewport: { width: 360, height: 740 } });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible links, buttons and fields of the page (outside the toast) that the toast's box covers. */
async function controlsUnder(page: Page, toast: Locator): Promise<string[]> {
  const toastBox = (await toast.boundingBox())!;
  const controls = page.locator(
    ":is(a[href], button, input:not([type=hidden]), select, textarea, summary):not([data-testid=toast] *)",
  );
  const covered: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (box && box.width > 1 && box.height > 1 && overlaps(box, toastBox)) {
      covered.push(`${await control.evaluate((e) => e.outerHTML.slice(0, 80)).catch(() => "?")}`);
    }
  }
  return covered;
}

/** The toast sits in the page's flow (nothing can slide under it) and no control lies under it. */
async function expectInFlowOverNoControl(page: Page, toast: Locator, what: string) {
  expect(await controlsUnder(page, toast), `controls under the toast ${what}`).toEqual([]);
  await expect(page.getByRole("region", { name: "Notificações (F8)" })).toHaveCSS("position", "static");
}

test("a server toast on a phone covers no control and closes, with and without JavaScript", async ({ page, jsEnabled }) => {
  if (jsEnabled) await page.clock.install();
  await page.goto(MANAGE);
  const { password, toast: added } = await addAccessPassword(page, "celular-");
  // With JavaScript the toast floats: the clock stands still so it stays while it is measured.
  if (jsEnabled) await page.clock.pauseAt(Date.now() + 1_000);

  await expectInFlowOverNoControl(page, added, "'Senha adicionada'");
  // Screen readers get it as a status message.
  await expect(page.getByRole("status").filter({ hasText: "Senha adicionada" })).toBeVisible();

  // Its close button works without JavaScript too.
  await added.getByLabel("Fechar notificação").click();
  await expect(added).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The keyboard closes it as well (and the password is removed again).
  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  const id = await storedPasswordId(password);
  expect(id, "password not stored").not.toBeNull();
  await page.locator(`button[value="remover:${id}"]`).click();
  const removed = page.getByTestId("toast").filter({ hasText: "Senha removida" });
  await expect(removed).toBeVisible();
  await expectInFlowOverNoControl(page, removed, "'Senha removida'");
  await removed.getByLabel("Fechar notificação").focus();
  await page.keyboard.press("Enter");
  await expect(removed).toBeHidden();
});

/** Where an element is in the document (not the viewport): it moved if this changed. */
const documentTop = (locator: Locator) => locator.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

test("a toast that closes by itself leaves every control where it was", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript a toast stays until it is closed");
  await page.clock.install();
  await page.goto(MANAGE);
  await page.clock.pauseAt(Date.now() + 60_000);
  const password = `sozinho-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  await page.getByLabel("Nome da senha").fill("Equipe de teste");
  await page.getByLabel("Nova Senha").fill(password);
  const addButton = page.getByRole("button", { name: "Adicionar Nova Senha" });
  await addButton.click();
  const added = page.getByTestId("toast").filter({ hasText: "Senha adicionada" });
  await expect(added).toBeVisible();
  const before = await documentTop(addButton);

  await page.clock.runFor(5_100);
  await expect(added).toHaveCount(0);
  expect(await documentTop(addButton), "the button moved when the toast closed").toBe(before);

  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  const id = await storedPasswordId(password);
  expect(id, "password not stored").not.toBeNull();
  await page.locator(`button[value="remover:${id}"]`).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Senha removida" })).toBeVisible();
});

/** A lead only this test knows, straight in the e2e database. */
function seedLead(email: string): number {
  const db = openE2eDb();
  try {
    return insertLead(db, { origem: "inscricao", nome: "Titular Do Aviso", telefone: "(31)96666-4444", email, cidade: "Betim" });
  } finally {
    db.close();
  }
}

test("the admin panel's 'Lead excluído' covers no control", async ({ page, baseURL, jsEnabled }) => {
  if (jsEnabled) await page.clock.install();
  const id = seedLead(uniqueEmail("aviso"));
  await loginAs(page, "admin", baseURL!);
  await page.goto(`/contato/lead/${id}/excluir`);
  await page.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(page).toHaveURL(/\/contato$/);
  const deleted = page.getByTestId("toast").filter({ hasText: "Lead excluído" });
  await expect(deleted).toBeVisible();
  if (jsEnabled) await page.clock.pauseAt(Date.now() + 1_000);
  await expectInFlowOverNoControl(page, deleted, "'Lead excluído'");
});

test("the vocational test's toasts cover no control", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "these toasts are shown by JavaScript; without it the pages' own alerts say the same");
  await page.clock.install();
  await page.goto("/teste-vocacional");
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByLabel("Nome completo").fill("Carlos Eduardo Aviso");
  await page.getByLabel("Telefone (WhatsApp)").fill("31999997777");
  await page.getByLabel("E-mail").fill(uniqueEmail("aviso"));
  for (const select of await page.locator("form select").all()) await select.selectOption({ index: 1 });
  await page.getByRole("button", { name: "Iniciar Teste Vocacional" }).click();
  const saved = page.getByTestId("toast").filter({ hasText: "Dados salvos com sucesso!" });
  await expect(saved).toBeVisible();
  await expectInFlowOverNoControl(page, saved, "'Dados salvos com sucesso!'");

  // The questions page, reached 1.5 s later: 'Próximo' with nothing answered is refused with a toast.
  await page.clock.runFor(1_600);
  await expect(page).toHaveURL(/\/teste-vocacional\/perguntas/);
  await page.getByRole("button", { name: "Próximo" }).click();
  const incomplete = page.getByTestId("toast").filter({ hasNotText: "Dados salvos" });
  await expect(incomplete).toBeVisible();
  await expectInFlowOverNoControl(page, incomplete, "of an incomplete page");
});
