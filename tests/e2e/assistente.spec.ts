import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { freePort, type RunningServer, startServer } from "../support/server-process";

/**
 * The assistant with a configured URL. The shared e2e server has no ASSISTANT_URL (so the course
 * finder fallback is tested there, in campanha.spec.ts); this file starts its own server whose
 * ASSISTANT_URL points at a closed local port, i.e. an assistant that cannot load. A test that
 * needs it to load answers that URL through Playwright's request interception instead.
 */
let server: RunningServer;
let assistantUrl: string;

test.beforeAll(async () => {
  const closedPort = await freePort();
  assistantUrl = `http://127.0.0.1:${closedPort}/chat`;
  server = await startServer({ ...E2E_ENV, ASSISTANT_URL: assistantUrl }, { quiet: true });
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

test.describe("assistant with a configured URL", () => {
  // /teste-vocacional opens the sheet with React, /enfermagem with the assistant island (decision 099).
  for (const path of ["/teste-vocacional", "/enfermagem"]) {
    test(`${path}: the sheet opens and reports the failed state when the assistant cannot load; retry reloads`, async ({
      page,
      jsEnabled,
    }) => {
      test.skip(!jsEnabled, "the sheet needs JavaScript; without it the button is a link to /assistente");
      await page.goto(`${server.url}${path}`);
      await page.getByRole("link", { name: "Abrir assistente virtual" }).click();
      const sheet = page.getByRole("dialog", { name: "Assistente virtual" });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole("alert")).toContainText("Não foi possível carregar o assistente");
      await expect(sheet).toContainText("Por favor, verifique sua conexão com a internet e tente novamente.");
      await expect(sheet.locator("iframe")).toHaveCount(0);

      const reloaded = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
      await sheet.getByRole("button", { name: "Tentar novamente" }).click();
      await reloaded;
      await expect(page).toHaveURL(`${server.url}${path}`);
      await expect(sheet).toBeHidden();
    });

    test(`${path}: the sheet shows 'Carregando assistente...' and then the loaded assistant in a lazy iframe`, async ({
      page,
      jsEnabled,
    }) => {
      test.skip(!jsEnabled, "the sheet needs JavaScript");
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${assistantUrl}**`, async (route) => {
        await held;
        await route.fulfill({
          contentType: "text/html; charset=utf-8",
          body: '<!doctype html><meta charset="utf-8"><title>Chat</title><h1>Olá! Sou o assistente</h1>',
        });
      });
      await page.goto(`${server.url}${path}`);
      await page.getByRole("link", { name: "Abrir assistente virtual" }).click();
      const sheet = page.getByRole("dialog", { name: "Assistente virtual" });
      await expect(sheet.getByRole("status")).toHaveText("Carregando assistente...");
      const iframe = sheet.locator("iframe");
      await expect(iframe).toHaveAttribute("src", assistantUrl);
      await expect(iframe).toHaveAttribute("loading", "lazy");
      await expect(iframe).toHaveAttribute("allow", "camera; microphone; fullscreen; display-capture; autoplay");
      release();
      await expect(sheet.getByTestId("assistant-frame")).toHaveAttribute("data-status", "loaded");
      await expect(sheet.getByRole("status")).toHaveCount(0);
      await expect(sheet.frameLocator("iframe").getByRole("heading", { name: "Olá! Sou o assistente" })).toBeVisible();
    });
  }

  test("/assistente is open by default with the assistant frame", async ({ page, jsEnabled }) => {
    await page.goto(`${server.url}/assistente`);
    await expect(page.getByRole("heading", { level: 1, name: "Assistente virtual" })).toBeVisible();
    // No floating button on the full-page assistant itself.
    await expect(page.getByRole("link", { name: "Abrir assistente virtual" })).toHaveCount(0);
    if (jsEnabled) {
      await expect(page.getByRole("alert")).toContainText("Não foi possível carregar o assistente");
      await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
    } else {
      // Without JavaScript the frame is simply there (no state reporting is possible).
      const iframe = page.locator("main iframe");
      await expect(iframe).toHaveAttribute("src", assistantUrl);
      await expect(iframe).toHaveAttribute("allow", "camera; microphone; fullscreen; display-capture; autoplay");
      await expect(iframe).toHaveAttribute("loading", "lazy");
      // Nothing says "Carregando" when no script will ever end it; a link opens the assistant itself.
      await expect(page.getByText("Carregando assistente...")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "O assistente não apareceu? Abra-o em uma nova aba" })).toHaveAttribute(
        "href",
        assistantUrl,
      );
    }
  });

  test("without JavaScript the floating button is a link to /assistente", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "checks the no-JavaScript path");
    await page.goto(`${server.url}/bolsas`);
    await page.getByRole("link", { name: "Abrir assistente virtual" }).click();
    await expect(page).toHaveURL(`${server.url}/assistente`);
  });

  test("the CSP lets the page frame and probe the assistant's origin", async ({ request }) => {
    const response = await request.get(`${server.url}/assistente`);
    const csp = response.headers()["content-security-policy"];
    const origin = new URL(assistantUrl).origin;
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${origin.replace(/[.:/]/g, "\\$&")}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.:/]/g, "\\$&")}`));
  });
});
