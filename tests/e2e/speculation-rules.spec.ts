import { expect, test } from "../support/fixtures";

/**
 * Speculation Rules on the pages without React (decision 099): the next page a visitor is about to
 * open is fetched ahead, with no client router. The block passes the CSP by its nonce, Chromium
 * accepts it, and its exclusions keep staff pages, resources and the WhatsApp counter out.
 */
const RULES = 'script[type="speculationrules"]';

test("a course page prefetches the page a visitor is about to open, within the CSP", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "Speculation Rules are a browser feature of pages with scripting on");
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|speculation/i.test(message.text())) refused.push(message.text());
  });
  await page.goto("/enfermagem");
  await expect(page.locator(RULES)).toHaveCount(1);
  expect(await page.evaluate(() => HTMLScriptElement.supports("speculationrules"))).toBe(true);

  const prefetched = page.waitForRequest(
    (request) => new URL(request.url()).pathname === "/curso-id" && /prefetch/.test(request.headers()["sec-purpose"] ?? ""),
  );
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Curso Ideal", exact: true }).hover();
  await prefetched;
  expect(refused).toEqual([]);

  // What the rules leave out, read by the browser's own URL patterns.
  const skipped = await page.evaluate((selector) => {
    const rules = JSON.parse(document.querySelector(selector)!.textContent!);
    const patterns: string[] = rules.prefetch[0].where.and[1].not.href_matches;
    const test = (path: string) =>
      patterns.some((p) => new URLPattern({ pathname: p, baseURL: location.origin }).test(location.origin + path));
    const pages = ["/", "/enfermagem", "/cursos/administracao", "/curso-id", "/inscricao", "/teste-vocacional", "/bolsas"];
    const never = [
      "/login-admin",
      "/contato",
      "/contato/lead/3",
      "/contato/leads.csv",
      "/admin/conteudo",
      "/whatsapp",
      "/whatsapp/x",
    ];
    const resources = ["/fale-conosco/whatsapp", "/api/whatsapp-helper/chave", "/sitemap.xml", "/robots.txt", "/imagens/a.webp"];
    return { pages: pages.filter(test), never: [...never, ...resources].filter((p) => !test(p)) };
  }, RULES);
  expect(skipped).toEqual({ pages: [], never: [] });
});

test("staff and hydrated pages carry no Speculation Rules", async ({ page }) => {
  for (const path of ["/login-admin", "/inscricao"]) {
    await page.goto(path);
    await expect(page.locator(RULES), path).toHaveCount(0);
  }
  await page.goto("/curso-ideal");
  await expect(page.locator(RULES)).toHaveCount(1);
});
