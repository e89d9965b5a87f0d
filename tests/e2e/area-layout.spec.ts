import type { Page } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, test } from "../support/fixtures";
import { routeTable, urlFor } from "../support/route-table";
import { insertLead } from "../support/seed";
import { adminSession, openSessions, OPERATOR_PASSWORD, roleSessions, useCookies } from "../support/sessions";

/**
 * The admin pages and the WhatsApp tool have a layout of their own: the institution's name, the
 * area's navigation, who is signed in and 'Sair'; none of the marketing layout (campaign bar,
 * 'Inscreva-se', assistant button, marketing footer). Public pages keep theirs. At a phone's width.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoMarketingLayout(page: Page, path: string) {
  await expect(page.getByRole("link", { name: /Campanha Relâmpago/ }), path).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Inscreva-se" }), path).toHaveCount(0);
  await expect(page.locator("[data-assistant-button]"), path).toHaveCount(0);
  await expect(page.getByTestId("legal-banner"), path).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Quero minha bolsa" }), path).toHaveCount(0);
}

/** A lead straight in the database, for its deletion page. */
function seedLead(): number {
  const db = openE2eDb();
  try {
    const email = `layout.${Date.now()}@example.com`;
    return insertLead(db, { nome: "Pessoa Layout", telefone: "(31)99999-1212", email, cidade: "Contagem" });
  } finally {
    db.close();
  }
}

test.describe("staff areas have their own layout", () => {
  test("every route of the admin and WhatsApp areas sits under its area's layout route", () => {
    const pages = routeTable().filter((r) => r.hasComponent && /^(contato|login-admin|whatsapp)/.test(r.path));
    expect(pages.map((r) => r.path).sort()).toEqual([
      "contato",
      "contato/alterar-status",
      "contato/atribuir-responsavel",
      "contato/enviar-whatsapp",
      "contato/lead/:id",
      "contato/lead/:id/contatar",
      "contato/lead/:id/excluir",
      "login-admin",
      "whatsapp",
      "whatsapp/:slug",
      "whatsapp/descadastros",
      "whatsapp/respostas",
    ]);
    for (const route of pages) {
      const expected = route.path.startsWith("whatsapp") ? "features/whatsapp/layout" : "features/staff/layout";
      expect(route.layout, route.path).toBe(expected);
    }
  });

  test("admin pages: name, area navigation, the admin's e-mail and 'Sair'; no marketing layout", async ({ page, baseURL }) => {
    await page.goto("/login-admin");
    const header = page.getByTestId("area-header");
    await expect(header).toContainText("Universidade Exemplo");
    // Signed out: no staff page is offered (not 'Leads', not 'Resultados'), only the way back to the site.
    await expect(header.getByRole("navigation").getByRole("link")).toHaveText(["Ver o site"]);
    await expect(header.getByRole("button", { name: "Sair" })).toHaveCount(0);
    await expectNoMarketingLayout(page, "/login-admin");

    await useCookies(page.context(), await adminSession(baseURL!), baseURL!);
    const id = seedLead();
    for (const path of ["/contato", urlFor({ path: "contato/lead/:id/excluir" }, { id: String(id) })]) {
      await page.goto(path);
      await expect(header, path).toContainText("Universidade Exemplo");
      await expect(header.getByRole("navigation").getByRole("link", { name: "Leads" }), path).toBeVisible();
      await expect(header.getByTestId("signed-in-person"), path).toContainText(E2E_ENV.ADMIN_EMAIL);
      await expect(header.getByRole("button", { name: "Sair" }), path).toBeVisible();
      await expectNoMarketingLayout(page, path);
    }
    // 'Sair' is the existing sign-out: back at the login page, the panel closed.
    await header.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login-admin$/);
    await page.goto("/contato");
    await expect(page).toHaveURL(/\/login-admin\?/);
  });

  test("the staff pages under /admin (studio, webhooks, users) sit under the admin layout route too", () => {
    const pages = routeTable().filter((r) => r.hasComponent && r.path.startsWith("admin/"));
    expect(pages.map((r) => r.path)).toEqual(expect.arrayContaining(["admin/conteudo", "admin/webhooks", "admin/usuarios"]));
    for (const route of pages) expect(route.layout, route.path).toBe("features/staff/layout");
  });

  test("each role's header: its links only, its role label and 'Sair', also on a 403 page", async ({ page, baseURL }) => {
    const staff = await roleSessions(baseURL!);
    const header = page.getByTestId("area-header");
    const nav = header.getByRole("navigation");
    const expected = {
      admin: ["Leads", "Conteúdo", "Webhooks", "Usuários"],
      comercial: ["Leads"],
      marketing: ["Leads", "Conteúdo"],
    } as const;
    for (const role of ["admin", "comercial", "marketing"] as const) {
      await page.context().clearCookies();
      await useCookies(page.context(), staff[role], baseURL!);
      // The Usuários page is the admin's; for the others it is a 403 in the admin area, header and all.
      for (const path of ["/contato", "/admin/usuarios"]) {
        await page.goto(path);
        for (const label of ["Leads", "Conteúdo", "Webhooks", "Usuários"]) {
          await expect(nav.getByRole("link", { name: label, exact: true }), `${role} ${path} ${label}`).toHaveCount(
            (expected[role] as readonly string[]).includes(label) ? 1 : 0,
          );
        }
        await expect(header.getByTestId("signed-in-role"), `${role} ${path}`).toHaveText(
          { admin: /Administrador/, comercial: /Comercial/, marketing: /Marketing/ }[role],
        );
        await expect(header.getByRole("button", { name: "Sair" }), `${role} ${path}`).toBeVisible();
        await expectNoMarketingLayout(page, `${role} ${path}`);
      }
      await expect(
        page.getByRole("heading", { level: 1, name: role === "admin" ? "Usuários" : "Acesso não permitido" }),
      ).toBeVisible();
    }
  });

  test("WhatsApp pages: name, area navigation, 'Operador' and 'Sair'; no marketing layout", async ({ page, baseURL }) => {
    await openSessions(baseURL!); // stores OPERATOR_PASSWORD as an access password
    const manage = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;
    const header = page.getByTestId("area-header");
    for (const path of ["/whatsapp", manage]) {
      await page.goto(path);
      await expect(header, path).toContainText("Universidade Exemplo");
      await expect(header.getByRole("navigation").getByRole("link", { name: "Espelhamento" }), path).toHaveAttribute(
        "href",
        "/whatsapp",
      );
      await expectNoMarketingLayout(page, path);
    }
    await page.goto("/whatsapp");
    await page.getByLabel("Senha de acesso").fill(OPERATOR_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Espelhamento WhatsApp/ })).toBeVisible();
    await expect(header.getByTestId("signed-in-person")).toHaveText(/Operador/);
    await expectNoMarketingLayout(page, "/whatsapp (operador)");
    await header.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByLabel("Senha de acesso")).toBeVisible();
    await expect(header.getByRole("button", { name: "Sair" })).toHaveCount(0);
  });

  for (const path of ["/", "/bolsas", "/teste-vocacional"]) {
    test(`public pages keep the marketing layout, with no Admin link for visitors: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId("area-header"), path).toHaveCount(0);
      await expect(page.getByTestId("legal-banner"), path).toBeVisible();
      // In the page; on a phone it shows only while nothing is under it (decision 144, floating-cover.spec.ts).
      await expect(page.locator("[data-assistant-button]"), path).toBeAttached();
      await expect(
        page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" }),
        path,
      ).toBeVisible();
      // Staff go to /login-admin directly; the spec's Admin button is not in a visitor's header.
      await expect(page.locator('header a[href="/login-admin"]'), path).toHaveCount(0);
    });
  }
});
