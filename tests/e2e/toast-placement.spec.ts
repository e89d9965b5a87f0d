import type { Locator, Page } from "@playwright/test";
import { verifyPassword } from "../../app/server/password.server";
import { E2E_ENV } from "./env";
import { expect, openE2eDb, test } from "./fixtures";

/**
 * Where a toast flashed by the server shows on a phone (360 x 740): without JavaScript it stays in
 * the page's flow and covers no control; with and without JavaScript it can be closed by mouse and
 * keyboard. The toasts are real ones: the WhatsApp password
 * management page flashes 'Senha adicionada' / 'Senha removida' after its posts.
 */

const MANAGE = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;

test.use({ viewport: { width: 360, height: 740 } });

/** The id of the stored access password matching this one (the table holds hashes only). */
async function passwordId(password: string): Promise<number> {
  const db = openE2eDb();
  try {
    const rows = db.prepare("SELECT id, password_hash AS hash FROM whatsapp_passwords ORDER BY id DESC").all() as { id: number; hash: string }[];
    for (const row of rows) if (await verifyPassword(password, row.hash)) return row.id;
    throw new Error("password not stored");
  } finally {
    db.close();
  }
}

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

test("a server toast on a phone closes with and without JavaScript, and without it covers no control", async ({ page, jsEnabled }) => {
  if (jsEnabled) await page.clock.install();
  await page.goto(MANAGE);
  const password = `celular-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  await page.getByLabel("Nova Senha").fill(password);
  await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
  const added = page.getByTestId("toast").filter({ hasText: "Senha adicionada" });
  await expect(added).toBeVisible();
  // With JavaScript the toast floats: the clock stands still so it stays while it is measured.
  if (jsEnabled) await page.clock.pauseAt(Date.now() + 1_000);

  if (!jsEnabled) {
    // In the flow of the page (nothing can slide under it), first in the content.
    expect(await controlsUnder(page, added), "controls under the toast").toEqual([]);
    await expect(page.getByRole("region", { name: "Notificações (F8)" })).toHaveCSS("position", "static");
  }
  // With JavaScript it still floats at the bottom for up to 5 s (and closes by button, swipe, timer).
  // Screen readers get it as a status message.
  await expect(page.getByRole("status").filter({ hasText: "Senha adicionada" })).toBeVisible();

  // Its close button works without JavaScript too.
  await added.getByLabel("Fechar notificação").click();
  await expect(added).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The keyboard closes it as well (and the password is removed again).
  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  await page.locator(`button[value="remover:${await passwordId(password)}"]`).click();
  const removed = page.getByTestId("toast").filter({ hasText: "Senha removida" });
  await expect(removed).toBeVisible();
  if (!jsEnabled) expect(await controlsUnder(page, removed), "controls under the second toast").toEqual([]);
  await removed.getByLabel("Fechar notificação").focus();
  await page.keyboard.press("Enter");
  await expect(removed).toBeHidden();
});
