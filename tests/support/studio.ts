import type { Page } from "@playwright/test";

import { adminSession } from "./sessions";

/**
 * Signs the page's browser context in as the configured admin (a real login through /login-admin,
 * its cookie put in the context) and opens `path`: for specs about the content studio, whose
 * subject is not the login form (tests/e2e/admin.spec.ts covers that).
 */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  const baseUrl = process.env.E2E_BASE_URL!;
  const cookie = await adminSession(baseUrl);
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(path);
}
