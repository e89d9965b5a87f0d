import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, type Locator, type Page } from "@playwright/test";

import { adminSession } from "./sessions";

/**
 * Signs the page's browser context in as the configured admin (a real login through /login-admin,
 * its cookie put in the context) and opens `path`: for specs about the content studio, whose
 * subject is not the login form (tests/e2e/leads-panel.spec.ts covers that).
 */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  const baseUrl = process.env.E2E_BASE_URL!;
  const cookie = await adminSession(baseUrl);
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(path);
}

/**
 * Runs `body` while no other test of this run edits the same content `section` (the js and no-js
 * projects run in parallel against one server: two tests saving one document would refuse each
 * other's saves as concurrent edits). An atomic mkdir per server port and section, released after.
 */
export async function exclusively<T>(section: string, body: () => Promise<T>): Promise<T> {
  const port = new URL(process.env.E2E_BASE_URL!).port;
  const lock = path.join(tmpdir(), `studio-${port}-${section}.lock`);
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(true);
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Presses a studio form's button (in `scope`: the page or one item's form) and waits until the save
 * is done and the page shows it: the post answered, the page settled (with JavaScript, the loaders
 * it revalidates), and "Alterações salvas" shown. Waiting for the toast alone is not enough when
 * an earlier save's toast is still on the page.
 */
export async function saveStudioForm(page: Page, scope: Page | Locator = page, name = "Salvar"): Promise<void> {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await scope.getByRole("button", { name, exact: true }).click();
  await posted;
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("toaster")).toContainText("Alterações salvas");
}
