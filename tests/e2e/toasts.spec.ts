import type { Page } from "@playwright/test";

import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } from "../../app/shared/toast";
import { E2E_ENV } from "../support/env";
import { addAccessPassword, expect, storedPasswordId, test } from "../support/fixtures";

/**
 * Toasts: at most 1 visible, closed after 5000 ms, a 50 px swipe
 * dismisses one, F8 moves focus to the notifications region. The toasts are real ones: the WhatsApp
 * password management page flashes "Senha adicionada" / "Senha removida" from its actions, which the
 * root loader hands to the Toaster. Time is Playwright's fake clock, paused, so nothing here waits
 * five real seconds and nothing depends on how fast this machine is.
 */

const MANAGE = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "closing, swiping and F8 need JavaScript");

/** Opens the management page with the browser's clock installed and paused (timers fire only when told). */
async function openPaused(page: Page) {
  await page.clock.install();
  await page.goto(MANAGE);
  await page.clock.pauseAt(Date.now() + 60_000);
}

/** Adds an access password through the page's form; returns the password and its toast. */
const addPassword = (page: Page) => addAccessPassword(page, "toast-");

/** Removes a stored access password through the page's form (a real second toast; also cleans up). */
async function removePassword(page: Page, password: string) {
  const id = await storedPasswordId(password);
  expect(id, "password not stored").not.toBeNull();
  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  await page.locator(`button[value="remover:${id}"]`).click();
}

test.describe("toasts", () => {
  test("the spec's limits are the ones the code uses", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toBe("F8");
  });

  test("one toast at a time: a new one replaces the one on screen", async ({ page }) => {
    await openPaused(page);
    const { password, toast: added } = await addPassword(page);
    await expect(added).toContainText("A nova senha já pode ser usada para acessar a ferramenta.");

    // The first toast is still open (the clock is paused) when the second arrives.
    await removePassword(page, password);
    const toasts = page.getByTestId("toast");
    await expect(toasts.filter({ hasText: "Senha removida" })).toBeVisible();
    await expect(toasts).toHaveCount(1);
    await expect(added).toHaveCount(0);
  });

  test("a toast closes by itself after 5000 ms", async ({ page }) => {
    await openPaused(page);
    const { password, toast } = await addPassword(page);

    await page.clock.runFor(4_900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200); // 5100 ms after it opened
    await expect(toast).toHaveCount(0);
    await removePassword(page, password);
  });

  test("a swipe of 50 px to the right dismisses a toast; a shorter one does not", async ({ page }) => {
    await openPaused(page);
    const { password, toast } = await addPassword(page);
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;

    // 49 px: the toast follows the pointer, then springs back and stays.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 49, y, { steps: 7 });
    await expect(toast).toHaveAttribute("style", /translateX\(49px\)/);
    await page.mouse.up();
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveAttribute("style", /translateX/);

    // 50 px (a second try, as a person would make): dismissed.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 50, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
    await removePassword(page, password);
  });

  test("F8 moves the focus to the notifications region", async ({ page }) => {
    await openPaused(page);
    const { password, toast } = await addPassword(page);
    const region = page.getByRole("region", { name: "Notificações (F8)" });
    await page.getByLabel("Nova Senha").focus();
    await expect(region).not.toBeFocused();

    await page.keyboard.press("F8");
    await expect(region).toBeFocused();
    await expect(region).toContainText("Senha adicionada");
    // From there Tab reaches the toast's close button, which closes it.
    await page.keyboard.press("Tab");
    await expect(toast.getByRole("button", { name: "Fechar notificação" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast).toHaveCount(0);
    await removePassword(page, password);
  });
});
