import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { CONNECT_CHECK_DELAY_MS, HELPER_REFUSED_TEXT } from "../../app/lib/whatsapp";
import { hashPassword } from "../../app/server/password.server";
import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, storedPasswordId, test } from "../support/fixtures";

/**
 * The WhatsApp tool: password management and the gate in both projects (they are plain forms);
 * the mirroring page with JavaScript, first with no helper running (the server-not-found panel and
 * the start-script downloads), then with the real helper on its fake driver.
 */

const MANAGE = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Stores an access password straight in the e2e database. */
async function seedPassword(password: string) {
  const hash = await hashPassword(password);
  const db = openE2eDb();
  try {
    db.prepare("INSERT INTO whatsapp_passwords (password_hash) VALUES (?)").run(hash);
  } finally {
    db.close();
  }
}

/** axe's serious and critical violations on the page as it is now (as tests/e2e/a11y.spec.ts counts them). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

async function enterGate(page: Page, password: string) {
  await page.goto("/whatsapp");
  await page.getByLabel("Senha de acesso").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Espelhamento WhatsApp Universidade" })).toBeVisible();
}

test.describe("WhatsApp: password management", () => {
  test("a wrong slug is a 404", async ({ page }) => {
    const response = await page.goto("/whatsapp/nao-e-o-slug");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  });

  test("add and remove access passwords with the master password", async ({ page }) => {
    const response = await page.goto(MANAGE);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Gerenciamento de Senhas - Área Restrita" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { name: "Senhas Cadastradas" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/whatsapp");

    const newPassword = `acesso-${unique()}`;
    // Wrong master password.
    await page.getByLabel("Senha Mestra").fill("nao-e-a-mestra");
    await page.getByLabel("Nova Senha").fill(newPassword);
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Senha mestra incorreta" })).toContainText(
      "Você não tem permissão para adicionar senhas",
    );
    expect(await storedPasswordId(newPassword)).toBeNull();

    // Blank new password.
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByLabel("Nova Senha").fill("");
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await expect(page.getByText("A senha não pode estar em branco").first()).toBeVisible();
    // The spec's pair, with JavaScript (the browser's check) as without (the server's answer).
    await expect(page.getByRole("alert").filter({ hasText: "Senha inválida" })).toContainText("A senha não pode estar em branco");

    // Added.
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByLabel("Nova Senha").fill(newPassword);
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha adicionada" })).toBeVisible();
    const id = await storedPasswordId(newPassword);
    expect(id).not.toBeNull();
    const remove = page.locator(`button[value="remover:${id}"]`);
    await expect(remove).toHaveText(/Remover/);
    await expect(page.getByTestId("password-list")).toContainText("••••••••");
    await expect(page.locator("body")).not.toContainText(newPassword);

    // Removing needs the master password too.
    await remove.click();
    await expect(page.getByRole("alert").filter({ hasText: "Senha mestra incorreta" })).toBeVisible();
    expect(await storedPasswordId(newPassword)).toBe(id);
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.locator(`button[value="remover:${id}"]`).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha removida" })).toBeVisible();
    await expect(page.locator(`button[value="remover:${id}"]`)).toHaveCount(0);
    expect(await storedPasswordId(newPassword)).toBeNull();
  });
});

test.describe("WhatsApp: the gate", () => {
  test("wrong password, then the right one opens the mirroring page", async ({ page, context, jsEnabled }) => {
    const password = `gate-${unique()}`;
    await seedPassword(password);
    await page.goto("/whatsapp");
    await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    await page.getByLabel("Senha de acesso").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Senha incorreta" })).toContainText("Por favor, tente novamente");
    expect((await context.cookies()).some((c) => c.name === "__operador")).toBe(false);

    await page.getByLabel("Senha de acesso").fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Espelhamento WhatsApp Universidade" })).toBeVisible();
    // (With JavaScript the connection toasts of the page replace it at once: one toast at a time.)
    if (!jsEnabled) await expect(page.getByTestId("toast").filter({ hasText: "Autenticado com sucesso" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "__operador");
    expect(cookie?.httpOnly).toBe(true);
    await expect(page.getByRole("heading", { name: "Registro de Envios" })).toBeVisible();
    if (!jsEnabled) await expect(page.getByTestId("no-js-notice")).toContainText("O espelhamento precisa do JavaScript ativado");

    // 'Sair' ends the operator session: back at the gate.
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "__operador")).toBe(false);
  });

  test("Ctrl+Alt+W focuses the password field", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "a keyboard shortcut needs JavaScript; without it the form is simply there");
    await page.goto("/whatsapp");
    const field = page.getByLabel("Senha de acesso");
    await expect(field).not.toBeFocused();
    await page.keyboard.press("Control+Alt+KeyW");
    await expect(field).toBeFocused();
    await expect(page.getByTestId("gate-form-area")).toHaveAttribute("data-highlight", "true");
  });

  test("the start scripts and the send log refuse anonymous requests", async ({ request }) => {
    for (const url of ["/whatsapp/iniciar-whatsapp-helper.sh", "/whatsapp/iniciar-whatsapp-helper.bat"]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe("/whatsapp");
      expect(await response.text()).not.toContain(E2E_ENV.HELPER_SECRET);
    }
    const log = await request.post("/whatsapp/registro", { data: { jobId: "x", number: "31999990000", status: "sent" } });
    expect(log.status()).toBe(401);
  });
});

test.describe("WhatsApp: mirroring page", () => {
  test("with no helper running: server-not-found panel and both downloads", async ({ page, jsEnabled, request }) => {
    const password = `painel-${unique()}`;
    await seedPassword(password);
    await enterGate(page, password);

    // The helper package the scripts install is served by the site itself (public: no secret in it).
    const tgz = await request.get("/downloads/whatsapp-helper.tgz");
    expect(tgz.status()).toBe(200);
    expect([...(await tgz.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const scripts: Record<string, string> = {};
    if (jsEnabled) {
      const panel = page.getByTestId("server-panel");
      await expect(panel).toBeVisible();
      await expect(panel).toContainText("Servidor não encontrado");
      await expect(panel).toContainText("Erro de conexão com o servidor");
      await expect(panel).toContainText("dispositivos da rede local");
      await expect(panel.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
      await expect(page.getByTestId("qr-area")).toHaveAttribute("data-state", "error");
      for (const name of ["Baixar para Windows (.bat)", "Baixar para Mac/Linux (.sh)"]) {
        const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name }).click()]);
        scripts[download.suggestedFilename()] = readFileSync((await download.path())!, "utf8");
      }
    } else {
      const notice = page.getByTestId("no-js-notice");
      for (const name of ["script para Windows (.bat)", "script para Mac/Linux (.sh)"]) {
        const href = (await notice.getByRole("link", { name }).getAttribute("href"))!;
        const response = await page.context().request.get(href);
        expect(response.status()).toBe(200);
        expect(response.headers()["cache-control"]).toBe("private, no-store");
        scripts[path.basename(href)] = await response.text();
      }
    }
    const bat = scripts["iniciar-whatsapp-helper.bat"];
    const sh = scripts["iniciar-whatsapp-helper.sh"];
    const origin = new URL(page.url()).origin;
    expect(sh).toMatch(/^#!\/bin\/sh/);
    expect(sh).toContain(`HELPER_SECRET='${E2E_ENV.HELPER_SECRET}'`);
    expect(sh).toContain(`HELPER_ALLOWED_ORIGINS='${origin}'`);
    expect(sh).toContain(`${origin}/downloads/whatsapp-helper.tgz`);
    expect(bat).toContain(`set "HELPER_SECRET=${E2E_ENV.HELPER_SECRET}"`);
    expect(bat).toContain(`set "HELPER_ALLOWED_ORIGINS=${origin}"`);
    expect(bat).toContain("https://nodejs.org");
  });

  test.describe("with the helper running (fake WhatsApp)", () => {
    test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

    let helper:
      | {
          close(): Promise<void>;
          driver: { ready: boolean; account: string | null; sent: unknown[]; on(event: string, listener: () => void): void };
        }
      | undefined;
    let dataDir = "";

    test.beforeAll(async ({}, testInfo) => {
      // The describe's skip does not stop this hook: without JavaScript it would start a second
      // helper on the one helper port while the JavaScript project's worker uses it.
      if (testInfo.project.use.javaScriptEnabled === false) return;
      const { startHelper } = await import("whatsapp-helper");
      dataDir = mkdtempSync(path.join(tmpdir(), "helper-e2e-"));
      helper = await startHelper({
        port: Number(process.env.E2E_HELPER_PORT),
        secret: E2E_ENV.HELPER_SECRET,
        allowedOrigins: [new URL(process.env.E2E_BASE_URL!).origin],
        driver: "fake",
        fakeReadyDelayMs: 1500,
        minDelayMs: 10,
        maxDelayMs: 20,
        dataDir,
        logger: false,
      });
    });

    test.afterAll(async () => {
      await helper?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test("gate → operator name → QR → connected → bulk send → statuses and log rows", async ({ page }) => {
      const password = `fluxo-${unique()}`;
      const operator = `Operadora ${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);

      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      await expect(page.getByTestId("server-panel")).toHaveCount(0);
      const qr = page.getByTestId("qr-area");
      await expect(qr).toContainText("Clique no botão abaixo para iniciar");

      // The name needs 3 characters before mirroring can start.
      const start = page.getByRole("button", { name: "Iniciar Espelhamento" });
      await expect(start).toBeDisabled();
      await page.getByLabel("Nome do Operador").fill("Al");
      await expect(page.getByText("Nome deve ter pelo menos 3 caracteres")).toBeVisible();
      await expect(start).toBeDisabled();
      await page.getByLabel("Nome do Operador").fill(operator);
      // Sending before WhatsApp is mirrored: the spec's pair.
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "WhatsApp não autenticado" })).toContainText(
        "Você precisa escanear o QR code primeiro",
      );
      await start.click();

      await expect(qr).toHaveAttribute("data-state", "qr");
      await expect(qr.getByRole("img", { name: "QR code para conectar o WhatsApp" })).toHaveAttribute(
        "src",
        /^data:image\/png;base64,/,
      );
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      await expect(page.getByTestId("whatsapp-status")).toHaveText("WhatsApp conectado");
      // Accessibility of the connected state: a11y.spec.ts only reaches the page without a helper.
      expect(await seriousViolations(page), "connected").toEqual([]);

      // Preconditions: a message is needed.
      await page.getByLabel("Contatos").fill("Maria, 31999990001\nJoão Souza, (31) 98888-0002\nSem Zap, 31977770000\n123");
      await expect(page.getByText("3 contatos válidos")).toBeVisible();
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Mensagem necessária" })).toBeVisible();

      await page.getByLabel("Mensagem").fill("Olá {nome}, temos bolsas para você!");
      await page.getByRole("button", { name: "Iniciar Envio" }).click();

      const status = page.getByTestId("status-table");
      await expect(page.getByTestId("badge-total")).toHaveText("Total: 3");
      await expect(page.getByTestId("badge-enviados")).toHaveText("Enviados: 2");
      await expect(page.getByTestId("badge-erros")).toHaveText("Erros: 1");
      await expect(page.getByTestId("badge-pendentes")).toHaveText("Pendentes: 0");
      await expect(status.locator("tbody tr")).toHaveCount(3);
      await expect(status.locator("tr", { hasText: "31977770000" })).toContainText("Número não está no WhatsApp");
      await expect(status.locator("tr", { hasText: "31999990001" })).toContainText("Enviado");
      await expect(page.getByTestId("job-progress")).toHaveAttribute("data-state", "completed");
      await expect(page.getByRole("button", { name: "Iniciar Envio" })).toBeEnabled();
      await expect(page.getByTestId("send-log").locator("tbody tr", { hasText: operator })).toHaveCount(3);
      expect(await seriousViolations(page), "connected, after a bulk send").toEqual([]);

      // 'Registro de Envios' is stored on the server and shown from the database.
      const log = page.getByTestId("send-log");
      await expect(log.locator("tbody tr", { hasText: operator })).toHaveCount(3);
      const db = openE2eDb();
      const rows = () =>
        db.prepare("SELECT * FROM whatsapp_send_log WHERE operator = ? ORDER BY number").all(operator) as {
          job_id: string;
          name: string;
          number: string;
          message: string;
          status: string;
          detail: string | null;
        }[];
      try {
        const stored = rows();
        expect(stored.map((r) => [r.name, r.number, r.status])).toEqual([
          ["Sem Zap", "31977770000", "Erro"],
          ["João Souza", "31988880002", "Enviado"],
          ["Maria", "31999990001", "Enviado"],
        ]);
        expect(new Set(stored.map((r) => r.job_id)).size).toBe(1);
        expect(stored.find((r) => r.name === "Maria")?.message).toBe("Olá Maria, temos bolsas para você!");

        // A reload receives the job's statuses again (replay): the table refills, the log stays at 3 rows.
        const replayed = page.waitForResponse((r) => r.url().endsWith("/whatsapp/registro") && r.request().method() === "POST");
        await page.reload();
        await expect(status.locator("tbody tr")).toHaveCount(3);
        expect((await replayed).status()).toBe(200);
        expect(rows()).toHaveLength(3);
      } finally {
        db.close();
      }

      // 'Desconectar' logs WhatsApp out in the helper and returns to the gate.
      const driver = helper!.driver;
      expect(driver.ready).toBe(true);
      let logouts = 0;
      driver.on("logged-out", () => logouts++);
      await page.getByRole("button", { name: "Desconectar" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
      await expect.poll(() => logouts, { message: "the helper's driver received the logout" }).toBe(1);
      expect(driver.ready).toBe(false);
      expect(driver.account).toBeNull();
    });
  });
});

test.describe("WhatsApp: a helper started with another secret", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("refuses the page's token: the page shows the authentication panel with the downloads", async ({ page }) => {
    const { startHelper } = await import("whatsapp-helper");
    const dataDir = mkdtempSync(path.join(tmpdir(), "helper-e2e-"));
    const helper = await startHelper({
      port: Number(process.env.E2E_HELPER_PORT),
      secret: "um-segredo-antigo",
      allowedOrigins: [new URL(process.env.E2E_BASE_URL!).origin],
      driver: "fake",
      dataDir,
      logger: false,
    });
    try {
      // The page's clock is Playwright's: the 2 s connection check fires when the test says so.
      await page.clock.install();
      const password = `antigo-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      const panel = page.getByTestId("server-panel");
      await expect(panel).toHaveAttribute("data-kind", "refused");
      await expect(panel).toContainText("Falha na autenticação");
      await expect(panel.getByRole("link", { name: "Baixar para Windows (.bat)" })).toBeVisible();
      await expect(page.getByTestId("server-status")).toHaveText("Servidor desconectado");
      // One cause, one message: after the 2 s check too, the QR area says what the panel says,
      // not 'check that the helper runs' (it does).
      await page.clock.runFor(CONNECT_CHECK_DELAY_MS + 1_000);
      const qr = page.getByTestId("qr-area");
      await expect(qr).toContainText(HELPER_REFUSED_TEXT);
      await expect(qr).not.toContainText("Verifique se o servidor está rodando");
    } finally {
      await helper.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe("WhatsApp: the helper stops while the page is connected", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("'Desconectado' and the QR area give the reason in Portuguese, not socket.io's English", async ({ page }) => {
    const { startHelper } = await import("whatsapp-helper");
    const dataDir = mkdtempSync(path.join(tmpdir(), "helper-e2e-"));
    const helper = await startHelper({
      port: Number(process.env.E2E_HELPER_PORT),
      secret: E2E_ENV.HELPER_SECRET,
      allowedOrigins: [new URL(process.env.E2E_BASE_URL!).origin],
      driver: "fake",
      dataDir,
      logger: false,
    });
    try {
      await page.clock.install();
      const password = `parado-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      // From here the page's timers stand still: no reconnection attempt replaces the toast.
      // (A short step: a long one would itself fire socket.io's ping timeout.)
      await page.clock.pauseAt(Date.now() + 1_000);

      await helper.close();
      // The helper closes the connection: 'io server disconnect' or 'transport close', said in Portuguese.
      const reason = /O ajudante encerrou a conexão\.|A conexão com o ajudante foi fechada/;
      const toast = page.getByTestId("toast").filter({ hasText: "Desconectado" });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(reason);
      await expect(page.getByTestId("qr-area")).toContainText("Desconectado: ");
      await expect(page.getByTestId("qr-area")).toContainText(reason);
      await expect(page.locator("body")).not.toContainText(/transport close|io server disconnect|transport error|ping timeout/);
    } finally {
      await helper.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
