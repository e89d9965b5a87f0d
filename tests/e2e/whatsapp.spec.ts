import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, connect, createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";

import { chromium, type Page } from "@playwright/test";

import { HELPER_IMPOSTOR_TEXT } from "../../app/features/whatsapp/tool/tool";
import { seriousViolations } from "../support/axe";
import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, seedAccessPassword, storedPasswordId, test, waitForHydration } from "../support/fixtures";
import { handSeededKeysTo, revokeSeededKey, seedHelperKey } from "../support/helper-key";
import { insertLead } from "../support/seed";
import { adminSession, postForm } from "../support/sessions";
import { openAsAdmin } from "../support/studio";

/**
 * The WhatsApp tool: password management and the gate in both projects (they are plain forms);
 * the mirroring page with JavaScript, first with no helper running (the server-not-found panel and
 * the start-script downloads), then with the real helper on its fake driver.
 */

const MANAGE = `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * Stores an access password straight in the e2e database (hash and lookup tag); the running test
 * helper's key becomes this password's, as if its operator had downloaded it.
 */
async function seedPassword(password: string): Promise<void> {
  await seedAccessPassword(password);
  handSeededKeysTo((await storedPasswordId(password))!);
}

/**
 * Watches what the page sends to the helper's port: every request (socket.io polling, WebSocket
 * upgrade) is counted, and the events the page emits over WebSocket are read from its frames.
 */
function countHelperRequests(page: Page) {
  const port = `:${process.env.E2E_HELPER_PORT}/`;
  let requests = 0;
  const frames: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(port)) requests++;
  });
  page.on("websocket", (socket) => {
    if (!socket.url().includes(port)) return;
    requests++;
    socket.on("framesent", (frame) => {
      if (typeof frame.payload === "string") frames.push(frame.payload);
    });
  });
  // A socket.io event is the frame "42" followed by the JSON array [name, payload].
  const emitted = (name: string) =>
    frames
      .filter((frame) => frame.startsWith("42["))
      .map((frame) => JSON.parse(frame.slice(2)) as [string, unknown])
      .filter(([event]) => event === name)
      .map(([, payload]) => payload);
  return {
    count: () => requests,
    emitted,
    bulkPayloads: () => emitted("send-bulk-messages"),
    logoutRequests: () => emitted("logout-whatsapp").length,
  };
}

/**
 * The real helper on its fake driver, on the port the e2e site points at, sending at any hour and
 * without the warm-up (the tests run at any time of day), counting the pages that connect.
 */
async function startFakeHelper(
  options: {
    key?: string;
    fakeReadyDelayMs?: number;
    minDelayMs?: number;
    maxDelayMs?: number;
    rateLimitPauseMs?: number;
    /** A data folder the test keeps (a restart on it); otherwise a temporary one, removed on close. */
    dataDir?: string;
    /** The helper's requests to the site (its API client's fetch). */
    fetch?: typeof fetch;
  } = {},
) {
  // this checkout's helper (the package name may point at another checkout's through a shared node_modules)
  const { startHelper } = await import("../../helper/src/server.js");
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "helper-e2e-"));
  const started = await startHelper({
    port: Number(process.env.E2E_HELPER_PORT),
    // a key of its own, live on the site, as a downloaded start script carries it (decision 070)
    key: seedHelperKey().key,
    allowedOrigins: [new URL(process.env.E2E_BASE_URL!).origin],
    driver: "fake",
    dataDir,
    logger: false,
    env: { ...process.env, HELPER_SEND_WINDOW: "always", HELPER_WARMUP: "off" },
    ...options,
  });
  const counted = Object.assign(started, { connections: 0 });
  started.io.on("connection", () => counted.connections++);
  const close = started.close;
  counted.close = async () => {
    await close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return counted;
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
    // without an admin session or the master password the lists are not shown (decision 116)
    await expect(page.getByTestId("lists-locked")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Senhas Cadastradas" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/whatsapp");

    const newPassword = `acesso-${unique()}`;
    // Wrong master password.
    await page.getByLabel("Senha Mestra").fill("nao-e-a-mestra");
    await page.getByLabel("Nome da senha").fill("Equipe de teste");
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
    await page.getByLabel("Nome da senha").fill("Equipe de teste");
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

  test("the lists show only after the master password, with the unused keys' rule", async ({ page }) => {
    await page.goto(MANAGE);
    await expect(page.getByTestId("lists-locked")).toContainText("só aparecem para um administrador");
    await expect(page.getByTestId("helper-list")).toHaveCount(0);
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByRole("button", { name: "Mostrar as listas" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Listas liberadas" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Senhas Cadastradas" })).toBeVisible();
    await expect(page.getByTestId("unused-keys-rule")).toContainText("expira 7 dias depois do download");
    await expect(page.getByRole("heading", { name: "Ajudantes revogados" })).toBeVisible();
  });

  test("a new password needs a name ('Senha da equipe do polo X'), and the list shows it", async ({ page }) => {
    const newPassword = `nomeada-${unique()}`;
    const label = `Senha da equipe do polo ${unique()}`;
    await page.goto(MANAGE);
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByLabel("Nova Senha").fill(newPassword);
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    // With JavaScript (the browser's check) as without (the server's 400): the same words, nothing stored.
    await expect(page.getByRole("alert").filter({ hasText: "Senha sem nome" })).toBeVisible();
    await expect(page.getByText(/^Dê um nome à senha/).first()).toBeVisible();
    expect(await storedPasswordId(newPassword)).toBeNull();

    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.getByLabel("Nome da senha").fill(label);
    await page.getByLabel("Nova Senha").fill(newPassword);
    await page.getByRole("button", { name: "Adicionar Nova Senha" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha adicionada" })).toBeVisible();
    const id = await storedPasswordId(newPassword);
    expect(id).not.toBeNull();
    const row = page
      .getByTestId("password-list")
      .locator("li")
      .filter({ has: page.locator(`button[value="remover:${id}"]`) });
    await expect(row.getByTestId("password-label")).toHaveText(label);

    // Revocable as before: 'Remover' takes it out of the list.
    await page.getByLabel("Senha Mestra").fill(E2E_ENV.WHATSAPP_MASTER_PASSWORD);
    await page.locator(`button[value="remover:${id}"]`).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Senha removida" })).toBeVisible();
    await expect(page.getByText(label)).toHaveCount(0);
  });

  test("the admin's header links to the passwords' page", async ({ page }) => {
    await openAsAdmin(page, "/contato");
    const link = page.getByTestId("area-header").getByRole("link", { name: "Senhas do WhatsApp" });
    await expect(link).toHaveAttribute("href", MANAGE);
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "Gerenciamento de Senhas - Área Restrita" })).toBeVisible();
    await expect(page.getByTestId("admin-notice")).toBeVisible();
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
      expect(await response.text()).not.toContain("HELPER_KEY");
    }
    const log = await request.post("/whatsapp/registro", { data: { jobId: "x", number: "31999990000", status: "sent" } });
    expect(log.status()).toBe(401);
  });
});

test.describe("WhatsApp: mirroring page", () => {
  test("with no helper running: server-not-found panel and the three downloads", async ({ page, jsEnabled, request }) => {
    const password = `painel-${unique()}`;
    await seedPassword(password);
    await enterGate(page, password);

    // The helper package the scripts install is served by the site itself (public: no secret in it).
    const tgz = await request.get("/downloads/whatsapp-helper.tgz");
    expect(tgz.status()).toBe(200);
    expect([...(await tgz.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const scripts: Record<string, string> = {};
    if (jsEnabled) {
      // Nothing is tried before the operator's click.
      const qr = page.getByTestId("qr-area");
      await expect(qr).toHaveAttribute("data-state", "prompt");
      await expect(page.getByTestId("server-panel")).toHaveCount(0);
      await page.getByLabel("Nome do Operador").fill("Operadora Painel");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      const panel = page.getByTestId("server-panel");
      await expect(panel).toBeVisible();
      await expect(panel).toContainText("Servidor não encontrado");
      await expect(panel).toContainText("Erro de conexão com o servidor");
      await expect(panel).toContainText("dispositivos da rede local");
      // The text counts the downloads it sits above: three scripts, "os três".
      await expect(panel.getByRole("link", { name: /^Baixar para/ })).toHaveCount(3);
      await expect(panel).toContainText("os três exigem o Node.js");
      await expect(panel.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
      await expect(qr).toHaveAttribute("data-state", "error");
      await expect(qr).toHaveAttribute("data-cause", "not-running");
      // Every reconnection attempt fails the same way: one message stays, no toast adds up.
      await expect(panel).toContainText("(3 tentativas)");
      await expect(qr).toContainText("O ajudante não respondeu");
      await expect(page.getByTestId("toast").filter({ hasText: /Servidor não encontrado|Erro de conexão/ })).toHaveCount(0);
      for (const name of ["Baixar para Windows (.bat)", "Baixar para Mac (.zip)", "Baixar para Linux (.sh)"]) {
        const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name }).click()]);
        scripts[download.suggestedFilename()] = readFileSync((await download.path())!, "latin1");
      }
    } else {
      const notice = page.getByTestId("no-js-notice");
      for (const name of ["script para Windows (.bat)", "script para Mac (.zip)", "script para Linux (.sh)"]) {
        const href = (await notice.getByRole("link", { name }).getAttribute("href"))!;
        const response = await page.context().request.get(href);
        expect(response.status()).toBe(200);
        expect(response.headers()["cache-control"]).toBe("private, no-store");
        scripts[path.basename(href)] = (await response.body()).toString("latin1");
      }
    }
    const bat = scripts["iniciar-whatsapp-helper.bat"];
    const sh = scripts["iniciar-whatsapp-helper.sh"];
    // The Mac download is a zip ("PK") holding the .command (tests/process/helper-install.spec.ts runs it).
    const zip = scripts["iniciar-whatsapp-helper-mac.zip"];
    expect(zip.startsWith("PK")).toBe(true);
    expect(zip).toContain("iniciar-whatsapp-helper.command");
    const origin = new URL(page.url()).origin;
    expect(sh).toMatch(/^#!\/bin\/sh/);
    expect(sh).toMatch(/^HELPER_KEY='[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}'$/m);
    expect(sh).toContain(`HELPER_ALLOWED_ORIGINS='${origin}'`);
    expect(sh).toContain(`${origin}/downloads/whatsapp-helper.tgz`);
    expect(bat).toMatch(/^set "HELPER_KEY=[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}"\r$/m);
    expect(bat).toContain(`set "HELPER_ALLOWED_ORIGINS=${origin}"`);
    expect(bat).toContain("https://nodejs.org");
  });

  test("the page states the sender's safety rules and their defaults in pt-BR", async ({ page }) => {
    const password = `regras-${unique()}`;
    await seedPassword(password);
    await enterGate(page, password);
    const rules = page.getByTestId("safety-rules");
    await rules.getByText("Regras de segurança do envio").click();
    for (const text of [
      "30 a 60 segundos",
      "200 mensagens por dia",
      "20 no primeiro dia, 40 no segundo, 80 no terceiro",
      "de segunda a sábado, das 08:00 às 20:00, no horário de São Paulo",
      "o ajudante pergunta se a conta está restrita",
      "100 contatos de um número novo só terminam no terceiro dia",
      "ficam no ajudante só 14 dias depois do fim de cada envio",
      "valem para todos os operadores",
      "toda resposta de um contato chega à página Respostas",
      "Responda SAIR para não receber mais mensagens",
      "mesmo texto nos últimos 7 dias",
      "volta pausado com o progresso guardado",
      // decision 070: the promises about keys, the verified helper and private files
      "traz uma chave própria",
      "na primeira execução ela passa para a pasta privada do ajudante, que só a sua conta do computador lê, e sai do arquivo",
      "pode ser revogada: o ajudante para na hora",
      "nada é entregue a ele",
      "pede um QR code novo",
    ]) {
      await expect(rules).toContainText(text);
    }
  });

  test.describe("with the helper running (fake WhatsApp)", () => {
    test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

    let helper:
      | {
          close(): Promise<void>;
          driver: { ready: boolean; account: string | null; sent: unknown[]; on(event: string, listener: () => void): void };
          /** Pages that connected (past the Origin and token checks). */
          connections: number;
        }
      | undefined;

    test.beforeAll(async ({}, testInfo) => {
      // The describe's skip does not stop this hook: without JavaScript it would start a second
      // helper on the one helper port while the JavaScript project's worker uses it.
      if (testInfo.project.use.javaScriptEnabled === false) return;
      helper = await startFakeHelper({ fakeReadyDelayMs: 1500, minDelayMs: 10, maxDelayMs: 20 });
    });

    test.afterAll(async () => {
      await helper?.close();
    });

    test("gate → operator name → QR → connected → bulk send → statuses and log rows", async ({ page }) => {
      const password = `fluxo-${unique()}`;
      const operator = `Operadora ${unique()}`;
      await seedPassword(password);
      const helperRequests = countHelperRequests(page);
      await enterGate(page, password);

      // Nothing reaches the helper before the operator's click (Chrome's local network prompt must follow a click).
      const qr = page.getByTestId("qr-area");
      await expect(qr).toContainText("Clique no botão abaixo para iniciar");
      await expect(page.getByTestId("server-status")).toHaveText("Servidor desconectado");
      await expect(page.getByTestId("server-panel")).toHaveCount(0);

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
      expect(helperRequests.count(), "socket.io requests before the click").toBe(0);
      expect(helper!.connections, "helper connections before the click").toBe(0);
      await start.click();

      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      await expect(page.getByTestId("server-panel")).toHaveCount(0);
      await expect(qr).toHaveAttribute("data-state", "qr");
      await expect(qr.getByRole("img", { name: "QR code para conectar o WhatsApp" })).toHaveAttribute(
        "src",
        /^data:image\/png;base64,/,
      );
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      await expect(page.getByTestId("whatsapp-status")).toHaveText("WhatsApp conectado");
      // Accessibility of the connected state: a11y.spec.ts only reaches the page without a helper.
      expect(await seriousViolations(page), "connected").toEqual([]);

      // Lines that give no contact are listed under the text box, with the reason.
      await page
        .getByLabel("Contatos")
        .fill("Maria, 31999990001\nJoão Souza, (31) 98888-0002\nSem Zap, 31977770000\n123\nSó nome");
      await expect(page.getByText("3 contatos válidos")).toBeVisible();
      const dropped = page.getByTestId("dropped-lines");
      await expect(dropped.locator("li")).toHaveText([
        "Linha 4: 123 (número com menos de 8 dígitos)",
        "Linha 5: Só nome (sem número)",
      ]);
      await expect(page.getByText("2 linhas serão ignoradas:")).toBeVisible();
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Mensagem necessária" })).toBeVisible();

      // The two options: the opt-out footer on, sending again within 7 days off; both reach the helper.
      const footer = page.getByRole("checkbox", { name: /Responda SAIR para não receber mais mensagens/ });
      const repeat = page.getByRole("checkbox", {
        name: "Enviar também para quem já recebeu esta mensagem nos últimos 7 dias",
      });
      await expect(footer).toBeChecked();
      await expect(repeat).not.toBeChecked();
      await page.getByLabel("Mensagem", { exact: true }).fill("Olá {nome}, temos bolsas para você!");
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect.poll(() => helperRequests.bulkPayloads()).toHaveLength(1);
      expect(helperRequests.bulkPayloads()[0]).toMatchObject({ optOutFooter: true, allowRepeat: false });

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
        expect(stored.find((r) => r.name === "Maria")?.message).toMatch(/^Olá Maria, temos bolsas para você!/);

        // A reload receives the job's statuses again (replay) once the operator connects again:
        // the table refills; the page writes nothing to the log (the helper did, decision 068), which
        // stays at 3 rows.
        await page.reload();
        await expect(page.getByTestId("server-status")).toHaveText("Servidor desconectado");
        const pagePosts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && r.url().endsWith("/whatsapp/registro")) pagePosts.push(r.url());
        });
        await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
        await expect(status.locator("tbody tr")).toHaveCount(3);
        await expect(log.locator("tbody tr", { hasText: operator })).toHaveCount(3);
        expect(pagePosts).toEqual([]);
        expect(rows()).toHaveLength(3);
      } finally {
        db.close();
      }
    });

    test("a list handed off from the leads panel: its sends are logged with their lead, and the log links to it", async ({
      page,
    }) => {
      const token = unique();
      const password = `lista-${token}`;
      await seedPassword(password);
      // Two leads of this run; the list is made the way the panel's confirmation makes it.
      const run = String(Date.now() % 10_000).padStart(4, "0");
      const people = [
        [`Lia Lista ${token}`, `(31)9${run}-1101`],
        [`Rui Lista ${token}`, `(31)9${run}-2202`],
      ];
      const ids: Record<string, number> = {};
      const db = openE2eDb();
      try {
        for (const [nome, telefone] of people) {
          const email = `${nome.split(" ")[0].toLowerCase()}.${token}@example.com`;
          ids[nome] = insertLead(db, { nome, telefone, email, cidade: "Betim" });
        }
      } finally {
        db.close();
      }
      const baseUrl = process.env.E2E_BASE_URL!;
      const created = await postForm(
        baseUrl,
        "/contato/enviar-whatsapp",
        { busca: token, intent: "criar" },
        await adminSession(baseUrl),
        {
          Origin: baseUrl,
        },
      );
      expect(created.status).toBe(303);

      await page.goto(created.headers.get("location")!);
      await page.getByLabel("Senha de acesso").fill(password);
      await page.getByRole("button", { name: "Entrar" }).click();
      await expect(page.getByLabel("Contatos")).toHaveValue(
        new RegExp(`^Rui Lista ${token}, 55319${run}2202\nLia Lista ${token}, `),
      );
      const operator = `Operadora ${token}`;
      await page.getByLabel("Nome do Operador").fill(operator);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      await page.getByLabel("Mensagem", { exact: true }).fill(`Olá {nome}, lista ${token}`);
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(page.getByTestId("job-progress")).toHaveAttribute("data-state", "completed");

      const log = page.getByTestId("send-log");
      await expect(log.locator("tbody tr", { hasText: operator })).toHaveCount(2);
      for (const [nome] of people) {
        await expect(log.getByRole("link", { name: `Ver lead de ${nome}` })).toHaveAttribute(
          "href",
          `/contato/lead/${ids[nome]}`,
        );
      }
      const check = openE2eDb();
      try {
        const rows = check
          .prepare("SELECT name, lead_id AS leadId FROM whatsapp_send_log WHERE operator = ? ORDER BY name")
          .all(operator) as { name: string; leadId: number | null }[];
        expect(rows).toEqual(people.map(([nome]) => ({ name: nome, leadId: ids[nome] })));
      } finally {
        check.close();
      }
    });

    test("'Sair' keeps WhatsApp linked; 'Desconectar' asks while a job runs, then unlinks and stays", async ({ page }) => {
      const password = `sair-${unique()}`;
      await seedPassword(password);
      const helperRequests = countHelperRequests(page);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Sair");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();

      // 'Sair' ends the operator's session and leaves WhatsApp linked: the helper is not asked to log out.
      const driver = helper!.driver;
      let logouts = 0;
      driver.on("logged-out", () => logouts++);
      await page.getByRole("button", { name: "Sair" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
      expect(helperRequests.logoutRequests(), "logout-whatsapp sent by 'Sair'").toBe(0);
      expect(logouts).toBe(0);
      expect(driver.ready).toBe(true);
      expect(driver.account).not.toBeNull();

      // Back in: still linked (no QR needed). A job paused by WhatsApp's rate limit is still running:
      // 'Desconectar' asks first, and 'Continuar enviando' keeps everything.
      await enterGate(page, password);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      await page.getByLabel("Contatos").fill("Lenta, 31955550429\nDepois, 31955550002");
      await page.getByLabel("Mensagem", { exact: true }).fill("Olá {nome}!");
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(page.getByTestId("job-progress")).toHaveAttribute("data-state", "paused");
      await expect(page.getByRole("button", { name: "Retomar agora" })).toBeVisible();
      const disconnect = page.getByRole("button", { name: "Desconectar", exact: true });
      await disconnect.click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Há um envio em andamento.");
      await expect(confirm.getByRole("button", { name: "Continuar enviando" })).toBeFocused();
      expect(await seriousViolations(page), "Desconectar's question").toEqual([]);
      await confirm.getByRole("button", { name: "Continuar enviando" }).click();
      await expect(confirm).toHaveCount(0);
      expect(helperRequests.logoutRequests()).toBe(0);
      expect(driver.ready).toBe(true);

      // Confirmed: the job is cancelled and WhatsApp unlinked; the operator stays, ready to scan again.
      await disconnect.click();
      await confirm.getByRole("button", { name: "Cancelar o envio e desconectar" }).click();
      await expect.poll(() => logouts, { message: "the helper's driver received the logout" }).toBe(1);
      await expect(page.getByRole("heading", { name: "Espelhe seu WhatsApp" })).toBeVisible();
      await expect(page.getByTestId("whatsapp-status")).toHaveText("WhatsApp não conectado");
      await expect(page.getByRole("heading", { level: 1, name: /Espelhamento WhatsApp/ })).toBeVisible();
      await expect(page.getByTestId("job-progress")).toHaveAttribute("data-state", "cancelled");
      expect(driver.ready).toBe(false);
      expect(driver.account).toBeNull();
    });

    test("a contact skipped as already sent reads 'Ignorado' in 'Registro de Envios' too, as in 'Status dos Envios'", async ({
      page,
    }) => {
      const token = unique();
      const password = `ignorado-${token}`;
      const operator = `Operadora ${token}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill(operator);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      await page.getByLabel("Contatos").fill("Repetida, 31966660007");
      await page.getByLabel("Mensagem", { exact: true }).fill(`Olá {nome}, aviso ${token}`);
      const log = page.getByTestId("send-log");
      const rows = log.locator("tbody tr", { hasText: operator });
      const job = page.getByTestId("job-progress");

      // Sent once: stored as 'Enviado' (the site's log then answers the helper's "already sent?" question).
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(job).toHaveAttribute("data-state", "completed");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Enviado");

      // The same text again within 7 days: the helper skips it; both tables say 'Ignorado' with the date.
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      const status = page.getByTestId("status-table").locator("tbody tr", { hasText: "31966660007" });
      await expect(status).toContainText("Ignorado");
      await expect(status).toContainText("já enviado em");
      await expect(rows).toHaveCount(2);
      const skipped = rows.filter({ hasText: "Ignorado" });
      await expect(skipped).toHaveCount(1);
      await expect(skipped).toContainText("já enviado em");
      await expect(skipped).toHaveAttribute("data-status", "Ignorado");
      await expect(log.locator("tbody tr", { hasText: operator }).filter({ hasText: "Erro" })).toHaveCount(0);
      const db = openE2eDb();
      try {
        const stored = db
          .prepare("SELECT status, detail FROM whatsapp_send_log WHERE operator = ? ORDER BY id")
          .all(operator) as { status: string; detail: string | null }[];
        expect(stored.map((row) => row.status)).toEqual(["Enviado", "Ignorado"]);
        expect(stored[1].detail).toMatch(/^já enviado em \d\d\/\d\d$/);
      } finally {
        db.close();
      }
    });
  });
});

/**
 * The audit's impostor (decision 070): a small socket.io server listening first on the helper's port,
 * which accepts any connection, keeps whatever token it is handed and pushes its own QR code.
 */
async function startImpostor() {
  const { createServer: createHttpServer } = await import("node:http");
  const { Server } = await import("socket.io");
  const http = createHttpServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "access-control-allow-origin": "*" });
    res.end("Ajudante WhatsApp em execução. Use a página /whatsapp do site.\n");
  });
  const io = new Server(http, { cors: { origin: true } });
  const seen = { connections: 0, tokens: [] as unknown[] };
  io.on("connection", (socket) => {
    seen.connections += 1;
    seen.tokens.push(socket.handshake.auth?.token);
    socket.emit("helper-state", { whatsapp: "qr" });
    socket.emit("whatsapp-qr", { qrDataURL: "data:image/png;base64,iVBORw0KGgo=" });
  });
  await new Promise<void>((resolve) => http.listen(Number(process.env.E2E_HELPER_PORT), "127.0.0.1", resolve));
  return { seen, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}

test.describe("WhatsApp: another program on the helper's port", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("gets no token and no connection; the page says another program answered", async ({ page }) => {
    const impostor = await startImpostor();
    try {
      const password = `impostor-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Cautelosa");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      const panel = page.getByTestId("server-panel");
      await expect(panel).toHaveAttribute("data-kind", "impostor");
      await expect(panel).toContainText("Outro programa na porta do ajudante");
      await expect(panel).toContainText(HELPER_IMPOSTOR_TEXT);
      await expect(panel.getByRole("link", { name: "Baixar para Windows (.bat)" })).toBeVisible();
      const qr = page.getByTestId("qr-area");
      await expect(qr).toHaveAttribute("data-cause", "impostor");
      await expect(qr.locator("img")).toHaveCount(0);
      // 'Tentar novamente' asks again, and again hands nothing over
      await panel.getByRole("button", { name: "Tentar novamente" }).click();
      await expect(panel).toContainText("(2 tentativas)");
      expect(impostor.seen).toEqual({ connections: 0, tokens: [] });
    } finally {
      await impostor.close();
    }
  });

  test("a helper whose key was revoked gets nothing either, and the page says why", async ({ page }) => {
    const { key } = seedHelperKey("Equipe que saiu");
    const helper = await startFakeHelper({ key });
    try {
      revokeSeededKey(key);
      const password = `revogado-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Revogada");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      const panel = page.getByTestId("server-panel");
      // its own proof says "revoked", never "another program on the helper's port" (decision 115)
      await expect(panel).toHaveAttribute("data-kind", "revoked");
      await expect(panel).toContainText("Chave do ajudante revogada");
      await expect(panel).not.toContainText("Outro programa na porta do ajudante");
      await expect(page.getByTestId("qr-area")).toHaveAttribute("data-cause", "revoked-key");
      expect(helper.connections).toBe(0);
    } finally {
      await helper.close();
    }
  });
});

test.describe("WhatsApp: the helper stops while the page is connected", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("the QR area gives the reason in Portuguese, not socket.io's English, and no toast", async ({ page }) => {
    const helper = await startFakeHelper();
    try {
      await page.clock.install();
      const password = `parado-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Parada");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      // From here the page's timers stand still: no reconnection attempt replaces the message.
      // (A short step: a long one would itself fire socket.io's ping timeout.)
      await page.clock.pauseAt(Date.now() + 1_000);

      await helper.close();
      // The helper closes the connection: 'io server disconnect' or 'transport close', said in Portuguese.
      const reason = /O ajudante encerrou a conexão\.|A conexão com o ajudante foi fechada/;
      const qr = page.getByTestId("qr-area");
      await expect(qr).toContainText("Desconectado: ");
      await expect(qr).toContainText(reason);
      await expect(qr).toHaveAttribute("data-cause", "disconnected");
      await expect(page.getByTestId("toast").filter({ hasText: "Desconectado" })).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText(/transport close|io server disconnect|transport error|ping timeout/);
    } finally {
      await helper.close();
    }
  });
});

test.describe("WhatsApp: the connection's states in the spec's words (decision 063)", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("'Servidor conectado' stays shown while the helper starts WhatsApp, up to the QR code", async ({ page }) => {
    // The phone never scans here: the QR code stays until the test ends.
    const helper = await startFakeHelper({ fakeReadyDelayMs: 600_000 });
    // WhatsApp answers the helper slowly: the fake driver's start waits until the test lets it go.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const driver = helper.driver as { start(): Promise<void> };
    const start = driver.start.bind(driver);
    driver.start = async () => {
      await answered;
      await start();
    };
    try {
      const password = `etapas-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Etapas");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();

      const qr = page.getByTestId("qr-area");
      const steps = qr.getByRole("list", { name: "Etapas da conexão" });
      const step = (id: string) => steps.locator(`[data-step="${id}"]`);
      await expect(qr).toHaveAttribute("data-state", "connecting");
      await expect(qr).toContainText("Conectando...");
      // The helper answered; WhatsApp has not: the state is held, and the page says where it stands.
      await expect(step("server")).toHaveText("Servidor conectado (concluído)");
      await expect(step("server")).toHaveAttribute("data-state", "done");
      await expect(step("starting")).toHaveText("Iniciando espelhamento (em andamento)");
      await expect(step("scan")).toHaveAttribute("data-state", "todo");
      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      expect(await seriousViolations(page), "connection steps").toEqual([]);

      answer();
      await expect(qr).toHaveAttribute("data-state", "qr");
      await expect(step("server")).toHaveAttribute("data-state", "done");
      await expect(step("starting")).toHaveAttribute("data-state", "done");
      await expect(step("scan")).toHaveAttribute("data-state", "current");
    } finally {
      answer();
      await helper.close();
    }
  });

  test("'WhatsApp desconectado' with 'Motivo: …', and the helper's end: the toasts that said otherwise go away", async ({
    page,
  }) => {
    const helper = await startFakeHelper({ fakeReadyDelayMs: 300 });
    try {
      await page.clock.install();
      const password = `motivo-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Motivo");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      // From here the page's timers stand still: a toast stays until the page takes it away, so
      // nothing below depends on how fast this machine is. (A short step: a long one would fire
      // socket.io's ping timeout.)
      await page.clock.pauseAt(Date.now() + 1_000);
      const mirrored = page.getByTestId("toast").filter({ hasText: "WhatsApp espelhado" });
      await expect(mirrored).toBeVisible();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();

      // WhatsApp closes the helper's connection; the helper will try again.
      helper.driver.emit("disconnected", { reason: "Conexão com o WhatsApp perdida.", reconnecting: true });
      const qr = page.getByTestId("qr-area");
      await expect(qr).toHaveAttribute("data-cause", "whatsapp-unreachable");
      await expect(qr).toContainText("WhatsApp desconectado");
      await expect(qr).toContainText("Motivo: Conexão com o WhatsApp perdida.");
      await expect(qr).toContainText("O ajudante está tentando reconectar");
      await expect(mirrored).toHaveCount(0);
      await expect(page.getByTestId("whatsapp-status")).toHaveText("WhatsApp não conectado");

      // Linked again by the helper itself: greeted again.
      helper.driver.becomeReady();
      await expect(mirrored).toBeVisible();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();

      // The helper stops: neither its toast nor the linked card stays.
      await helper.close();
      await expect(qr).toContainText("Desconectado: ");
      await expect(mirrored).toHaveCount(0);
      await expect(page.getByTestId("toast")).toHaveCount(0);
      // the page lost the helper: it cannot tell whether WhatsApp is linked, and does not claim it (decision 072)
      await expect(page.getByTestId("whatsapp-status")).toHaveText("WhatsApp: sem notícias do ajudante");
      await expect(page.getByRole("heading", { name: "Espelhe seu WhatsApp" })).toBeVisible();
    } finally {
      await helper.close();
    }
  });
});

test.describe("WhatsApp: failures of WhatsApp itself, one message each in the QR area", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("WhatsApp unreachable, then an invalid session: a persistent message each, no toast stream", async ({ page }) => {
    const helper = await startFakeHelper({ fakeReadyDelayMs: 300 });
    try {
      const password = `falhas-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Falhas");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();

      // WhatsApp's servers do not answer: the helper reports every failed reconnection.
      for (let attempt = 0; attempt < 6; attempt++) {
        helper.driver.emit("disconnected", { reason: "Connection Failure", reconnecting: true });
      }
      const qr = page.getByTestId("qr-area");
      await expect(qr).toHaveAttribute("data-cause", "whatsapp-unreachable");
      await expect(qr).toContainText("WhatsApp desconectado");
      await expect(qr).toContainText("Motivo: Connection Failure.");
      await expect(page.getByTestId("toast").filter({ hasText: "WhatsApp desconectado" })).toHaveCount(0);

      // The saved session is refused (Baileys' badSession): the page asks for a fresh link.
      let logouts = 0;
      helper.driver.on("logged-out", () => logouts++);
      helper.io.emit("whatsapp-auth-failure", {
        message: "Sessão do WhatsApp inválida. Desconecte e escaneie o QR code de novo.",
        code: "bad-session",
      });
      await expect(qr).toHaveAttribute("data-cause", "session-invalid");
      await expect(qr).toContainText("Sessão do WhatsApp inválida");
      await expect(qr).toContainText("Desconecte e escaneie o QR code de novo.");
      await expect(page.getByTestId("toast").filter({ hasText: "Falha na autenticação" })).toHaveCount(0);
      await qr.getByRole("button", { name: "Desconectar e escanear de novo" }).click();
      await expect.poll(() => logouts).toBe(1);
      // A fresh QR code, then linked again.
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
    } finally {
      await helper.close();
    }
  });
});

test.describe("WhatsApp: what the helper reports is shown", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("effective cap, sending window in São Paulo time, restricted / outside-window / restored pauses, skipped contacts", async ({
    page,
  }) => {
    const helper = await startFakeHelper({ fakeReadyDelayMs: 300 });
    try {
      const requests = countHelperRequests(page);
      const password = `relato-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill("Operadora Relato");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();

      // The helper's state as the queue contract describes it (events sent straight from the helper's socket server).
      const nextOpen = new Date(Date.now() + 9 * 3_600_000);
      helper.io.emit("helper-state", {
        whatsapp: "ready",
        account: "5511900000001",
        operatorName: "Operadora Relato",
        limits: {
          minDelayMs: 30_000,
          maxDelayMs: 60_000,
          dailyCap: 200,
          sentToday: 12,
          whatsappCap: 50,
          warmupCap: 40,
          effectiveCap: 40,
          warmupDay: 2,
          chatQuota: {
            limit: 20,
            used: 18,
            remaining: 2,
            resetsAt: "2026-11-27T17:00:00.000Z",
            status: "NONE",
            warning: null,
            text: "Limite de novas conversas do WhatsApp: 18 de 20 neste ciclo; renova em 27/11 às 14:00.",
          },
        },
        window: { always: false, open: false, label: "segunda a sábado, 08:00–20:00", nextOpenAt: nextOpen.toISOString() },
        timeZone: "America/Sao_Paulo",
        restrictedUntil: null,
        optOutFooter: "Responda SAIR para parar",
        job: null,
      });
      const rules = page.getByTestId("sending-rules");
      await expect(page.getByTestId("effective-cap")).toHaveText(
        "Limite de hoje: 40 mensagens (nosso limite: 200; limite do WhatsApp: 50; aquecimento do número (dia 2): 40). Enviadas hoje: 12.",
      );
      // WhatsApp's new-chat quota per its cycle, as the helper says it (decision 067)
      await expect(rules.getByTestId("chat-quota")).toHaveText(
        "Limite de novas conversas do WhatsApp: 18 de 20 neste ciclo; renova em 27/11 às 14:00.",
      );
      await expect(rules.getByTestId("send-window")).toContainText(
        /Horário de envio: segunda a sábado, 08:00–20:00 \(horário de São Paulo; agora são \d\d:\d\d\)\. Fora do horário agora: o envio começa /,
      );
      await expect(page.getByRole("checkbox", { name: "Incluir ‘Responda SAIR para parar’" })).toBeChecked();

      const job = {
        jobId: "job-relato",
        state: "paused",
        total: 3,
        done: 1,
        sent: 0,
        errors: 0,
        pending: 2,
        operatorName: "Operadora Relato",
        startedAt: new Date().toISOString(),
        nextAt: null,
        expectedFinishAt: null,
        paused: true,
        dailyCap: 200,
        sentToday: 12,
      };
      const until = new Date(Date.now() + 24 * 3_600_000);
      helper.io.emit("bulk-progress", {
        ...job,
        pauseReason: "restricted",
        pauseMessage: "WhatsApp restringiu esta conta.",
        resumeAt: until.toISOString(),
        canResume: false,
      });
      const progress = page.getByTestId("job-progress");
      await expect(progress).toContainText("WhatsApp restringiu esta conta.");
      const day = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", timeZone: "America/Sao_Paulo" }).format(
        until,
      );
      await expect(progress.getByTestId("resume-not-before")).toContainText(`Será possível retomar a partir de ${day}`);
      await expect(progress.getByRole("button")).toHaveCount(0);

      helper.io.emit("bulk-progress", {
        ...job,
        pauseReason: "outside-window",
        pauseMessage: "Fora do horário de envio (segunda a sábado, 08:00–20:00).",
        resumeAt: nextOpen.toISOString(),
        canResume: false,
      });
      await expect(progress).toContainText("Fora do horário de envio");
      await expect(progress).toContainText("O envio continua sozinho");
      await expect(progress.getByRole("button")).toHaveCount(0);

      helper.io.emit("bulk-progress", {
        ...job,
        pauseReason: "restored",
        pauseMessage: "Envio restaurado após reinício do programa auxiliar. Clique em Retomar.",
        resumeAt: null,
        canResume: true,
      });
      await expect(progress).toContainText("Envio restaurado");
      await progress.getByRole("button", { name: "Retomar" }).click();
      await expect.poll(() => requests.emitted("resume-bulk")).toHaveLength(1);

      // WhatsApp's capping warning: the helper's pt-BR reason, and 'Retomar' to go past it
      helper.io.emit("bulk-progress", {
        ...job,
        pauseReason: "chat-cap-warning",
        pauseMessage: "O WhatsApp avisou (1º aviso) que esta conta está perto do limite de novas conversas.",
        resumeAt: null,
        canResume: true,
      });
      await expect(progress).toContainText("O WhatsApp avisou (1º aviso)");
      await progress.getByRole("button", { name: "Retomar" }).click();
      await expect.poll(() => requests.emitted("resume-bulk")).toHaveLength(2);

      // A contact skipped because it got the same text recently: 'Ignorado', not 'Erro', and no error toast.
      helper.io.emit("message-status", {
        jobId: "job-relato",
        status: "error",
        code: "already-sent",
        error: "já enviado em 20/11",
        number: "31999990007",
        name: "Repetida",
        message: "já enviado em 20/11",
      });
      const row = page.getByTestId("status-table").locator("tr", { hasText: "31999990007" });
      await expect(row).toContainText("Ignorado");
      await expect(row).toContainText("já enviado em 20/11");
      // the badges are the helper's totals (decision 072): its progress after that result
      helper.io.emit("bulk-progress", { ...job, done: 2, pending: 1, skipped: 1, pauseReason: "restored", canResume: true });
      await expect(page.getByTestId("badge-ignorados")).toHaveText("Ignorados: 1");
      await expect(page.getByTestId("toast").filter({ hasText: "Erro ao enviar mensagem" })).toHaveCount(0);
    } finally {
      await helper.close();
    }
  });
});

test.describe("WhatsApp: the site over plain http on another computer's address", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  test("says https is required, not the permission panel nor 'Servidor não encontrado'", async ({ page, context }) => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
    test.skip(!address, "this machine has no network address besides loopback");
    // The e2e site reached through this machine's own network address (a TCP relay): plain http, not loopback.
    const site = new URL(process.env.E2E_BASE_URL!);
    const relay = createServer((client) => {
      const upstream = connect(Number(site.port), site.hostname);
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, address, resolve));
    const relayOrigin = `http://${address}:${(relay.address() as AddressInfo).port}`;
    try {
      const password = `http-${unique()}`;
      await seedPassword(password);
      await enterGate(page, password);
      // The operator's session, taken to the other address.
      const operator = (await context.cookies()).find((cookie) => cookie.name === "__operador")!;
      await context.addCookies([{ name: operator.name, value: operator.value, url: relayOrigin, httpOnly: true }]);
      await page.goto(`${relayOrigin}/whatsapp`);
      await page.getByLabel("Nome do Operador").fill("Operadora Http");
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      const panel = page.getByTestId("https-panel");
      await expect(panel).toBeVisible();
      await expect(panel).toContainText("O site precisa de https");
      await expect(panel).toContainText("https://");
      await expect(page.getByTestId("qr-area")).toHaveAttribute("data-cause", "https-required");
      await expect(page.getByTestId("permission-panel")).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText("Servidor não encontrado");
    } finally {
      relay.close();
    }
  });
});

test.describe("WhatsApp: Chrome's Local Network Access, with the site treated as a public address", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  /**
   * A browser of its own, where the e2e site's address counts as public (Chromium's
   * --ip-address-space-overrides): reaching the helper on 127.0.0.1 then needs Chrome's local
   * network permission, set here through the DevTools protocol as the operator's choice would.
   */
  async function publicSiteBrowser(setting: "granted" | "denied" | null) {
    const site = new URL(process.env.E2E_BASE_URL!);
    const options = test.info().project.use.launchOptions ?? {};
    const browser = await chromium.launch({
      ...options,
      args: [...(options.args ?? []), `--ip-address-space-overrides=${site.hostname}:${site.port}=public`],
    });
    const context = await browser.newContext({ baseURL: site.origin, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send("Target.getTargetInfo");
    const setPermission = async (value: "granted" | "denied") => {
      for (const name of ["local-network-access", "local-network", "loopback-network"]) {
        await cdp.send("Browser.setPermission", {
          permission: { name },
          setting: value,
          origin: site.origin,
          browserContextId: targetInfo.browserContextId,
        });
      }
    };
    if (setting) await setPermission(setting);
    return { browser, page, setPermission };
  }

  async function enterAndStart(page: Page) {
    const password = `rede-local-${unique()}`;
    await seedPassword(password);
    await page.goto("/whatsapp");
    await waitForHydration(page);
    await page.getByLabel("Senha de acesso").fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    // The password's hash check is slow on a busy machine.
    await expect(page.getByRole("heading", { level: 1, name: "Espelhamento WhatsApp Universidade" })).toBeVisible({
      timeout: 30_000,
    });
    await waitForHydration(page);
    await page.getByLabel("Nome do Operador").fill("Operadora Rede");
  }

  test("denied: the permission panel with how to allow it, not 'Servidor não encontrado', and nothing sent", async () => {
    const helper = await startFakeHelper();
    const { browser, page } = await publicSiteBrowser("denied");
    try {
      const requests = countHelperRequests(page);
      await enterAndStart(page);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      const panel = page.getByTestId("permission-panel");
      await expect(panel).toBeVisible();
      await expect(panel).toContainText("Permita o acesso à rede local");
      await expect(panel).toContainText("Configurações do site");
      await expect(panel).toContainText("Acesso à rede local");
      await expect(panel).toContainText("Permitir");
      await expect(panel).toContainText("recarregue");
      await expect(panel.getByRole("button", { name: "Recarregar a página" })).toBeVisible();
      await expect(page.getByTestId("qr-area")).toHaveAttribute("data-cause", "permission-denied");
      await expect(page.locator("body")).not.toContainText("Servidor não encontrado");
      await expect(page.locator("body")).not.toContainText("Baixe o script");
      expect(requests.count()).toBe(0);
      expect(helper.connections).toBe(0);
      expect(await seriousViolations(page), "permission panel").toEqual([]);
    } finally {
      await browser.close();
      await helper.close();
    }
  });

  test("refused at the prompt (blocked attempt, then denied): the permission panel replaces the helper's", async () => {
    const helper = await startFakeHelper();
    const { browser, page, setPermission } = await publicSiteBrowser(null);
    try {
      await enterAndStart(page);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      // Headless Chromium blocks the unanswered prompt; the operator's 'Bloquear' then denies it.
      await expect(page.getByTestId("qr-area")).toHaveAttribute("data-state", "error");
      await setPermission("denied");
      await expect(page.getByTestId("permission-panel")).toBeVisible();
      await expect(page.getByTestId("server-panel")).toHaveCount(0);
      await expect(page.getByTestId("qr-area")).toHaveAttribute("data-cause", "permission-denied");
      expect(helper.connections).toBe(0);
    } finally {
      await browser.close();
      await helper.close();
    }
  });

  test("granted: the page reaches the helper through the check", async () => {
    const helper = await startFakeHelper({ fakeReadyDelayMs: 300 });
    const { browser, page } = await publicSiteBrowser("granted");
    try {
      await enterAndStart(page);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado");
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      expect(helper.connections).toBe(1);
    } finally {
      await browser.close();
      await helper.close();
    }
  });
});

test.describe("WhatsApp: the page's counters are the helper's (decision 072)", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");

  /** The badges, the job's sentence and 'Enviadas hoje' say exactly what the helper's job state says. */
  async function expectHelperNumbers(page: Page, helper: Awaited<ReturnType<typeof startFakeHelper>>) {
    const job = helper.queue.progress();
    expect(job, "the helper has a job").not.toBeNull();
    const { total, sent, errors, skipped, pending } = job!;
    await expect(page.getByTestId("badge-total")).toHaveText(`Total: ${total}`);
    await expect(page.getByTestId("badge-enviados")).toHaveText(`Enviados: ${sent}`);
    await expect(page.getByTestId("badge-erros")).toHaveText(`Erros: ${errors}`);
    await expect(page.getByTestId("badge-pendentes")).toHaveText(`Pendentes: ${pending}`);
    await expect(page.getByTestId("badge-ignorados")).toHaveText(`Ignorados: ${skipped}`);
    await expect(page.getByTestId("status-table").locator("tbody tr")).toHaveCount(total);
    await expect(page.getByTestId("status-table").locator("tbody tr", { hasText: "Pendente" })).toHaveCount(pending);
    await expect(page.getByTestId("effective-cap")).toContainText(`Enviadas hoje: ${helper.queue.limits().sentToday}.`);
    return job!;
  }

  test("a job with a repeated person, an error and a pause; the helper stops and comes back", async ({ page }) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "helper-e2e-counters-"));
    // WhatsApp's rate limit (the fake driver's numbers ending in 0429) pauses the job for an hour: 'Retomar agora'
    // one key for both runs: a restarted helper is the same download
    const key = seedHelperKey().key;
    const options = { key, fakeReadyDelayMs: 300, minDelayMs: 10, maxDelayMs: 20, rateLimitPauseMs: 3_600_000, dataDir };
    let helper = await startFakeHelper(options);
    try {
      const token = unique();
      const password = `contadores-${token}`;
      await seedPassword(password);
      await enterGate(page, password);
      await page.getByLabel("Nome do Operador").fill(`Operadora ${token}`);
      await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
      await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
      await page.getByLabel("Contatos").fill(
        [
          "Ana, (31) 99999-0001",
          "Bruno, 31 9999-0001", // Ana without the ninth digit: the same person
          "Sem Zap, 31977770000",
          "Lento, 31955550429",
          "Carla, 31966660003",
        ].join("\n"),
      );
      await page.getByLabel("Mensagem", { exact: true }).fill(`Olá {nome}, contadores ${token}`);
      await page.getByRole("button", { name: "Iniciar Envio" }).click();

      // Paused by WhatsApp's limit at the fourth line: the page says the helper's numbers and why, not 'Enviando…'.
      const job = page.getByTestId("job-progress");
      await expect.poll(() => helper.queue.progress()?.pauseReason, { message: "the helper paused the job" }).toBe("rate-limit");
      const paused = await expectHelperNumbers(page, helper);
      await expect(job).toHaveAttribute("data-phase", "paused");
      expect(paused).toMatchObject({ total: 5, sent: 1, errors: 1, skipped: 1, pending: 2, pauseReason: "rate-limit" });
      await expect(job.getByTestId("job-sentence")).toHaveText(
        /^Pausado em 3 de 5\. O WhatsApp limitou o envio; nova tentativa às \d\d:\d\d\.$/,
      );
      await expect(page.getByRole("button", { name: "Envio pausado" })).toBeDisabled();
      await expect(page.getByText("Enviando", { exact: false })).toHaveCount(0);
      const bruno = page.getByTestId("status-table").locator("tbody tr", { hasText: "Bruno" });
      await expect(bruno).toContainText("Ignorado");
      await expect(bruno).toContainText("Mesma pessoa da linha 1 (Ana)");

      await job.getByRole("button", { name: "Retomar agora" }).click();
      await expect.poll(() => helper.queue.progress()?.state, { message: "the helper finished the job" }).toBe("completed");
      const finished = await expectHelperNumbers(page, helper);
      await expect(job).toHaveAttribute("data-phase", "finished");
      expect(finished).toMatchObject({ total: 5, sent: 3, errors: 1, skipped: 1, pending: 0 });
      await expect(job.getByTestId("job-sentence")).toHaveText("Concluído: 3 enviadas, 1 com erro, 1 ignorada.");
      await expect(page.getByTestId("effective-cap")).toContainText("Enviadas hoje: 3.");

      // The helper stops: the page lost the helper, it does not know that WhatsApp is not linked.
      await helper.close();
      await expect(page.getByTestId("helper-link")).toHaveText(
        "Esta página perdeu a conexão com o ajudante; tentando reconectar…",
      );
      await expect(page.getByTestId("whatsapp-status")).not.toHaveText("WhatsApp não conectado");
      await page.getByRole("button", { name: "Iniciar Envio" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Sem conexão com o ajudante" })).toBeVisible();
      await expect(page.getByTestId("toast").filter({ hasText: "WhatsApp não autenticado" })).toHaveCount(0);

      // It comes back on the same folder while the page still tries: the finished job and its numbers again.
      helper = await startFakeHelper(options);
      await expect(page.getByTestId("server-status")).toHaveText("Servidor conectado", { timeout: 60_000 });
      await expect(page.getByTestId("helper-link")).toHaveCount(0);
      const replayed = await expectHelperNumbers(page, helper);
      expect(replayed).toMatchObject({ total: 5, sent: 3, errors: 1, skipped: 1, pending: 0, phase: "finished" });
      await expect(job.getByTestId("job-sentence")).toHaveText("Concluído: 3 enviadas, 1 com erro, 1 ignorada.");
    } finally {
      await helper.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe("WhatsApp: 'Registro de Envios' fills during a send, however late the site stores the rows", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "the socket connection to the helper needs JavaScript");
  let helper: Awaited<ReturnType<typeof startFakeHelper>> | undefined;
  /** The helper's posts of 'Registro de Envios' wait here until the test lets them reach the site. */
  let releasePosts = () => {};
  const postsHeld = new Promise<void>((resolve) => (releasePosts = resolve));

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled === false) return;
    helper = await startFakeHelper({
      fakeReadyDelayMs: 200,
      minDelayMs: 10,
      maxDelayMs: 20,
      fetch: async (input, init) => {
        if (String(input).includes("/registro")) await postsHeld;
        return fetch(input, init);
      },
    });
  });
  test.afterAll(async () => {
    releasePosts();
    await helper?.close();
  });

  test("the rows appear once the site has them, with no reload", async ({ page }) => {
    const password = `registro-${unique()}`;
    const operator = `Operadora ${unique()}`;
    await seedPassword(password);
    await enterGate(page, password);
    await page.getByLabel("Nome do Operador").fill(operator);
    await page.getByRole("button", { name: "Iniciar Espelhamento" }).click();
    await expect(page.getByRole("heading", { name: "WhatsApp Conectado" })).toBeVisible();
    await page.getByLabel("Contatos").fill("Maria, 31999990011\nJoão, 31988880012");
    await page.getByLabel("Mensagem", { exact: true }).fill("Olá {nome}, tudo bem?");
    // The page's own reload after the results (for older helpers) happens while the rows are still held.
    const reloadAfterResults = page.waitForResponse((response) => response.url().includes(".data"));
    await page.getByRole("button", { name: "Iniciar Envio" }).click();
    await expect(page.getByTestId("badge-enviados")).toHaveText("Enviados: 2");
    await reloadAfterResults;
    const log = page.getByTestId("send-log").locator("tbody tr", { hasText: operator });
    await expect(log).toHaveCount(0);
    // The site stores them now: the helper says so and the table shows them.
    releasePosts();
    await expect(log).toHaveCount(2);
  });
});
