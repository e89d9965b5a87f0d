import { expect, type Locator, type Page, type Response, test as base } from "@playwright/test";
import Database from "better-sqlite3";

import { accessPasswordTagKey, hashPassword, passwordLookupTag, verifyPassword } from "../../app/features/staff/password.server";
import { E2E_ENV } from "./env";

/** A read-write connection to the e2e server's database, to check what a flow stored. */
export function openE2eDb() {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set (global setup did not run)");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  return db;
}

const accessTagKey = () => accessPasswordTagKey(E2E_ENV.SESSION_SECRET);

/**
 * Stores a WhatsApp access password straight in the e2e database, as the management page does: its
 * scrypt hash and its lookup tag (decision 060), so the gate finds it with one scrypt.
 */
export async function seedAccessPassword(password: string): Promise<void> {
  const hash = await hashPassword(password);
  const db = openE2eDb();
  try {
    db.prepare("INSERT INTO whatsapp_passwords (password_hash, lookup_tag) VALUES (?, ?)").run(
      hash,
      passwordLookupTag(password, accessTagKey()),
    );
  } finally {
    db.close();
  }
}

/** The id of the stored WhatsApp access password matching this one, or null (found by its lookup tag, checked by its hash). */
export async function storedPasswordId(password: string): Promise<number | null> {
  const db = openE2eDb();
  try {
    const row = db
      .prepare("SELECT id, password_hash AS hash FROM whatsapp_passwords WHERE lookup_tag = ?")
      .get(passwordLookupTag(password, accessTagKey())) as { id: number; hash: string } | undefined;
    return row && (await verifyPassword(password, row.hash)) ? row.id : null;
  } finally {
    db.close();
  }
}

/**
 * Adds a WhatsApp access password through the management page's form (open in `page`) and waits for
 * its "Senha adicionada" toast; returns the password (`prefix` and a unique tail) and that toast.
 */
export async function addAccessPassword(page: Page, prefix: string): Promise<{ password: string; toast: Locator }> {
  const password = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
  await page.getByLabel("Nome da senha").fill("Equipe de teste");
  await page.getByLabel("Nova Senha").fill(password);
  await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
  const toast = page.getByTestId("toast").filter({ hasText: "Senha adicionada" });
  await expect(toast).toBeVisible();
  return { password, toast };
}

/**
 * Waits until React has hydrated the document (hydrateRoot marks the document node). Pages start
 * their JavaScript after the first paint (app/platform/document.server.ts), which can be after the
 * load event a plain `goto` waits for; a test that types or clicks at once would race hydration.
 * Pages without the app's scripts (resource routes) do not wait. A marketing page without React
 * (decision 092), known by its Speculation Rules, is ready once every island its starter adds after
 * the first paint (decision 114) has marked its element `data-island-ready`.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.querySelector('script[type="speculationrules"]')) {
      return !document.querySelector("[data-island]:not([data-island-ready])");
    }
    return (
      !document.querySelector('script[type="text/x-held-module"], script[type="module"]') ||
      Object.keys(document).some((key) => key.startsWith("__reactContainer"))
    );
  });
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  // With JavaScript, `page.goto` and `page.reload` also wait for hydration.
  page: async ({ page }, use, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled !== false) {
      for (const method of ["goto", "reload"] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
        (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          const response = await original(...args);
          const options = args.find((arg) => typeof arg === "object" && arg !== null) as { waitUntil?: string } | undefined;
          if (options?.waitUntil !== "commit" && response?.headers()["content-type"]?.includes("text/html")) {
            await waitForHydration(page);
          }
          return response;
        };
      }
    }
    await use(page);
  },
});

/** A unique e-mail per test run, so tests never collide on the (origem, email) key. */
export function uniqueEmail(prefix = "teste") {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export { expect };
