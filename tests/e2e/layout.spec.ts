import { expect, test } from "../support/fixtures";

test.describe("shared layout", () => {
  test("renders banner, campaign bar, menu, footer and assistant button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("legal-banner")).toContainText("Todos os direitos reservados");
    await expect(page.getByRole("link", { name: /Campanha Relâmpago/ }).first()).toHaveAttribute("href", "/campanha-relampago");
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const [name, href] of [
      ["Início", "/"],
      ["Curso Ideal", "/curso-id"],
      ["Cursos", "/#cursos"],
      ["Bolsas", "/bolsas"],
      ["Polos", "/#onde-estudar"],
      ["Teste Vocacional", "/teste-vocacional"],
      ["Trabalhe Conosco", "/trabalhe-conosco"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true }).first()).toHaveAttribute("href", href);
    }
    // Staff sign in at /login-admin directly: a visitor's header has no link to it (docs/spec-differences.md).
    await expect(page.locator('header a[href="/login-admin"]')).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Inscreva-se" })).toBeVisible();

    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Enfermagem" })).toHaveAttribute("href", "/enfermagem");
    await expect(footer.getByRole("link", { name: "Minas Gerais" })).toHaveAttribute("href", /Minas%20Gerais%20Brasil$/);
    await expect(footer.getByRole("link", { name: "Rio Grande do Norte" })).toHaveAttribute(
      "href",
      /Rio%20Grande%20do%20Norte%20Brasil$/,
    );
    await expect(footer.locator('a[href^="tel:"]').first()).toBeVisible();
    const bolsa = footer.getByRole("link", { name: "Quero minha bolsa" });
    await expect(bolsa).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/privacidade");
    await expect(footer.getByRole("link", { name: "Termos de Uso" })).toHaveAttribute("href", "/termos");
    await expect(page.getByRole("link", { name: "Abrir assistente virtual" })).toHaveAttribute("href", "/assistente");
  });

  test("privacy and terms pages exist", async ({ page }) => {
    await page.goto("/privacidade");
    await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
    await expect(page.getByText("Por quanto tempo guardamos")).toBeVisible();
    await page.goto("/termos");
    await expect(page.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeVisible();
  });

  test("mobile menu opens and closes at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/privacidade");
    // Everything in the bar fits the phone's width: 'Inscreva-se' on one line, the toggle on screen.
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 740 });
      const signUp = await page
        .getByRole("navigation", { name: "Principal" })
        .getByRole("link", { name: "Inscreva-se" })
        .boundingBox();
      expect(signUp!.height).toBeLessThan(40);
      const brand = await page.getByRole("link", { name: /página inicial/ }).boundingBox();
      expect(brand!.x + brand!.width).toBeLessThanOrEqual(signUp!.x);
      const toggle = await page.getByRole("button", { name: "Abrir menu" }).boundingBox();
      expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(width);
    }
    const menu = page.locator("#menu-mobile");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Teste Vocacional" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await menu.getByRole("link", { name: "Bolsas" }).click();
    await expect(page).toHaveURL(/\/bolsas$/);
    await expect(page.locator("#menu-mobile")).toBeHidden();
  });

  test("mobile menu closes with its close link", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/termos");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect(page.locator("#menu-mobile")).toBeVisible();
    await page.getByRole("link", { name: "Fechar menu" }).click();
    await expect(page.locator("#menu-mobile")).toBeHidden();
  });

  test("legal banner hides after 20 px of scroll and the nav gets its shadow", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "scroll behaviour needs JavaScript; without it the banner simply stays");
    await page.goto("/privacidade");
    await expect(page.getByTestId("legal-banner")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 19));
    await expect(page.getByTestId("legal-banner")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(page.getByTestId("legal-banner")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Principal" })).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("legal-banner")).toBeVisible();
  });

  test("unknown paths get the pt-BR 404 page", async ({ page }) => {
    const response = await page.goto("/pagina-que-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/\bat \S+ \(.*:\d+:\d+\)|node_modules/);
  });

  test("/healthz answers a plain 'ok' and nothing else", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  test("a tampered or garbage session cookie is ignored, never a 500", async ({ page, context, baseURL }) => {
    const url = new URL(baseURL!);
    for (const value of ["garbage", "eyJ0b2FzdCI6eyJ0aXRsZSI6IngifX0%3D.forged", "%%%invalid%%%"]) {
      await context.addCookies([{ name: "__visitante", value, domain: url.hostname, path: "/" }]);
      await context.addCookies([{ name: "__admin", value, domain: url.hostname, path: "/" }]);
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("legal-banner")).toBeVisible();
    }
  });

  test("documents carry the security headers", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("only the WhatsApp pages may connect to the local helper", async ({ request }) => {
    const connectSrc = async (path: string) =>
      /connect-src ([^;]*)/.exec((await request.get(path)).headers()["content-security-policy"] ?? "")?.[1] ?? "";
    // global-setup.ts points the server's HELPER_URL at this port.
    const helper = new URL(`http://127.0.0.1:${process.env.E2E_HELPER_PORT}`);
    expect(await connectSrc("/whatsapp")).toContain(helper.origin);
    expect(await connectSrc("/whatsapp")).toContain(`ws://${helper.host}`);
    for (const path of ["/", "/teste-vocacional", "/login-admin"]) {
      const sources = await connectSrc(path);
      expect(sources).toContain("'self'");
      expect(sources).not.toContain(helper.host);
    }
  });
});
