import { readFileSync } from "node:fs";

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, test } from "../support/fixtures";
import { seedHelperKey } from "../support/helper-key";
import { insertLead, insertLeads } from "../support/seed";

/** Inserts leads straight into the e2e database; returns a token unique to this test run. */
function seedLeads(prefix: string) {
  const token = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const db = openE2eDb();
  try {
    const now = new Date().toISOString();
    const rows = [
      [
        "teste_vocacional",
        `Conceição Araújo ${token}`,
        "(31)99999-1111",
        `conceicao.${token}@example.com`,
        "São João del-Rei",
        "saude",
      ],
      ["inscricao", `João Ribeiro ${token}`, "(31)99999-2222", `joao.${token}@example.com`, "Belo Horizonte", null],
      ["contato", `=HYPERLINK("http://x") ${token}`, "(31)99999-3333", `formula.${token}@example.com`, "Contagem", null],
    ] as const;
    insertLeads(
      db,
      rows.map(([origem, nome, telefone, email, cidade, perfil]) => ({
        origem,
        nome,
        telefone,
        email,
        cidade,
        criado_em: now,
        perfil_resultado: perfil,
        teste_concluido_em: perfil ? now : null,
      })),
    );
  } finally {
    db.close();
  }
  return token;
}

async function logIn(page: Page) {
  await page.goto("/contato");
  await expect(page).toHaveURL(/\/login-admin\?redirectTo=%2Fcontato$/);
  await expect(page.getByRole("heading", { level: 1, name: "Painel Administrativo" })).toBeVisible();
  // The page does not reveal the admin's e-mail: the field starts empty.
  await expect(page.getByLabel("E-mail")).toHaveValue("");
  await page.getByLabel("E-mail").fill(E2E_ENV.ADMIN_EMAIL);
  await page.getByLabel("Senha").fill(E2E_ENV.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/contato$/);
  await expect(page.getByTestId("toaster")).toContainText("Login realizado com sucesso!");
  // The toast shows on arrival: it says where the person is, never "Redirecionando…".
  await expect(page.getByTestId("toaster")).toContainText("Você está no painel de leads.");
  await expect(page.getByTestId("toaster")).not.toContainText("Redirecionando");
}

test.describe("admin", () => {
  test("a wrong password shows the spec's message and opens no session", async ({ page }) => {
    await page.goto("/login-admin");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByLabel("E-mail").fill("alguem.digitou@example.com");
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("login-alert")).toContainText("Credenciais inválidas");
    await expect(page.getByTestId("login-alert")).toContainText("Verifique sua senha e tente novamente.");
    await expect(page.getByLabel("Senha")).toHaveValue("");
    // What was typed in the e-mail field is kept.
    await expect(page.getByLabel("E-mail")).toHaveValue("alguem.digitou@example.com");
    await page.goto("/contato");
    await expect(page).toHaveURL(/\/login-admin/);
  });

  test("log in, search, filter, export and log out", async ({ page }) => {
    const token = seedLeads("adm");
    await logIn(page);

    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    // The dashboard is folded under the list: one click opens it.
    await expect(page.getByTestId("dashboard")).toContainText("Resumo dos últimos 30 dias");
    await page.getByTestId("dashboard-summary").click();
    await expect(page.getByTestId("chart-daily")).toBeVisible();

    // Search (accent-insensitive) over name, e-mail, phone, city...
    await page.getByLabel("Buscar").fill(`conceicao ${token}`);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(new RegExp(`busca=conceicao\\+${token}`));
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText(`Conceição Araújo ${token}`);
    // The row names the form under the name; the result profile is on the lead's page.
    await expect(page.getByTestId("lead-row").getByTestId("lead-origin")).toHaveText("Teste vocacional");
    await expect(page.getByTestId("leads-count")).toHaveText("1 lead encontrado");

    // Filter: the token's three leads, then only the enrolment one.
    await page.getByLabel("Buscar").fill(token);
    await page.getByLabel("Origem", { exact: true }).selectOption("inscricao");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/origem=inscricao/);
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText(`João Ribeiro ${token}`);
    await expect(page.getByTestId("lead-row")).toContainText("Formulário de inscrição");

    await page.getByLabel("Origem", { exact: true }).selectOption("");
    await page.getByLabel("Perfil do resultado", { exact: true }).selectOption("sem_resultado");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("lead-row")).toHaveCount(2);

    await page.getByLabel("Buscar").fill(`nada-${token}`);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("leads-empty")).toContainText("Nenhum lead encontrado.");

    // Export what the panel shows: the token's leads without a result.
    await page.getByLabel("Buscar").fill(token);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("lead-row")).toHaveCount(2);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    // No origin or status filter: "leads-" and the day.
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines[0].startsWith("nome;telefone;email;cidade;curso_interesse;polo;data_criacao;")).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`João Ribeiro ${token};`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"") ${token}";`))).toBe(true);
    expect(lines.join("\n")).not.toContain("Conceição");

    // Log out: back to the login page, and the panel is closed again.
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login-admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Painel Administrativo" })).toBeVisible();
    await page.goto("/contato");
    await expect(page).toHaveURL(/\/login-admin\?redirectTo=%2Fcontato$/);
    const csv = await page.request.get("/contato/leads.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toMatch(/^\/login-admin/);
  });

  test("a lead whose person asked not to get WhatsApp is marked 'não quer WhatsApp', in the table and the CSV", async ({
    page,
  }) => {
    const token = seedLeads("optout");
    // A lead with a phone of its own; its person answered SAIR from an old WhatsApp id (no ninth digit).
    const digits = `7${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const db = openE2eDb();
    try {
      insertLead(db, {
        nome: `Sem WhatsApp ${token}`,
        telefone: `(31)9${digits.slice(0, 4)}-${digits.slice(4)}`,
        email: `semwhats.${token}@example.com`,
      });
    } finally {
      db.close();
    }
    // Reported the way a helper reports it: the site's API with the helper's token.
    const reported = await page.request.post("/api/whatsapp-helper/descadastros", {
      headers: { Authorization: `Bearer ${seedHelperKey().key}` },
      data: { entries: [{ number: `5531${digits}`, at: new Date().toISOString(), operator: "Teste" }] },
    });
    expect(await reported.json()).toEqual({ ok: true, inserted: 1 });

    await logIn(page);
    await page.goto(`/contato?busca=${token}`);
    await expect(page.getByTestId("lead-row")).toHaveCount(4);
    const marked = page.getByTestId("lead-row").filter({ has: page.getByTestId("whatsapp-optout") });
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(`Sem WhatsApp ${token}`);
    await expect(marked.getByTestId("whatsapp-optout")).toHaveText("não quer WhatsApp");
    await expect(page.getByTestId("whatsapp-optout-count")).toContainText(/pedi(u|ram) para não receber mensagens de WhatsApp/);

    const csv = await page.request.get(`/contato/leads.csv?busca=${token}`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // The follow-up status and the owner came after it (tests/e2e/lead-follow-up.spec.ts, lead-owner-contact.spec.ts).
    expect(lines[0].endsWith(";respostas;whatsapp;status;responsavel")).toBe(true);
    expect(lines.filter((line) => line.endsWith(";não quer;Novo;"))).toEqual([expect.stringContaining(`Sem WhatsApp ${token}`)]);
  });

  test("pagination links keep the filters", async ({ page }) => {
    const token = seedLeads("pag");
    const db = openE2eDb();
    try {
      const now = Date.now();
      insertLeads(
        db,
        Array.from({ length: 30 }, (_, i) => ({
          origem: "bolsa",
          nome: `Bolsa ${i} ${token}`,
          telefone: "(31)90000-0000",
          email: `bolsa${i}.${token}@example.com`,
          criado_em: new Date(now - i * 60_000).toISOString(),
        })),
      );
    } finally {
      db.close();
    }
    await logIn(page);
    await page.goto(`/contato?busca=${token}&origem=bolsa`);
    await expect(page.getByTestId("leads-count")).toContainText("30 leads encontrados");
    await expect(page.getByTestId("lead-row")).toHaveCount(25);
    await expect(page.getByTestId("page-status")).toHaveText("Página 1 de 2");
    await page.getByRole("link", { name: "Próxima" }).click();
    await expect(page).toHaveURL(new RegExp(`busca=${token}&origem=bolsa&pagina=2`));
    await expect(page.getByTestId("lead-row")).toHaveCount(5);
    await expect(page.getByTestId("lead-row").last()).toContainText(`Bolsa 29 ${token}`);
  });

  test("the panel fits a phone: each row is a card inside the box, and the page does not scroll sideways", async ({ page }) => {
    seedLeads("celular");
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page);
    await expect(page.getByTestId("lead-row").first()).toBeVisible();
    const widths = await page.evaluate(() => {
      const box = document.querySelector('[aria-label="Tabela de leads"]')!;
      return {
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        table: box.scrollWidth,
        box: box.clientWidth,
      };
    });
    // Rows are cards on a phone (decision 096): nothing scrolls sideways, not even inside the box.
    expect(widths.table, "the list is wider than its box").toBeLessThanOrEqual(widths.box);
    expect(widths.page, "the page itself is wider than the phone").toBeLessThanOrEqual(widths.viewport);
    // The admin area's own header (no marketing menu here): 'Sair' fits the phone's width.
    await expect(page.getByTestId("area-header").getByRole("button", { name: "Sair" })).toBeInViewport();
  });

  test("login page and panel have no serious accessibility problems", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "axe runs as a script inside the page");
    test.slow(); // axe over the whole panel takes a while on a busy machine
    seedLeads("a11y");
    const scan = async () => {
      const results = await new AxeBuilder({ page }).include("main").analyze();
      return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
    };
    await page.goto("/login-admin");
    expect(await scan()).toEqual([]);
    await logIn(page);
    await page
      .getByTestId("toaster")
      .getByRole("button")
      .first()
      .click()
      .catch(() => {});
    expect(await scan()).toEqual([]);
  });
});
