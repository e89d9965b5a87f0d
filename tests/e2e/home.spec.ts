import type { Page } from "@playwright/test";

import { expect, test, waitForHydration } from "../support/fixtures";

const catalogue = (page: Page) => page.locator("#cursos");

/**
 * The home page with its lists (decision 104): the landing document `/` leaves the catalogue's
 * courses, the polos, the testimonials and the FAQ to the live-search island, which puts them in once
 * the page has loaded (`goto` waits for it); without JavaScript they are on the page their placeholders
 * link to (`/?secoes=todas`, tested below).
 */
async function openHome(page: Page, jsEnabled: boolean, hash = "") {
  await page.goto(jsEnabled ? `/${hash}` : `/?secoes=todas${hash}`);
}
const polosSection = (page: Page) => page.locator("#onde-estudar");

async function searchFromHomeBox(page: Page, term: string) {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Nome do curso, área ou modalidade" }).fill(term);
  await page.getByRole("button", { name: "Buscar cursos" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term).replace(/%20/g, "(\\+|%20)")}`));
}

test.describe("home page", () => {
  test("shows every section in order with its anchors", async ({ page, jsEnabled }) => {
    await openHome(page, jsEnabled);
    // The hero's badge is the campaign's name (decision 081: no MEC grade nobody stored).
    await expect(
      page.locator("section[aria-labelledby=hero-titulo]").getByText("Campanha Relâmpago", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/nota máxima/i)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Quero minha bolsa agora" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Parceria América-MG" })).toHaveAttribute("href", "/america-mg");
    await expect(page.getByRole("link", { name: "Fazer Teste" })).toHaveAttribute("href", "/teste-vocacional");
    for (const title of ["Metodologia inovadora", "Tecnologia de ponta", "Presença nacional"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    const order = await page.evaluate(() =>
      [
        "hero-titulo",
        "busca-titulo",
        "porque-titulo",
        "teste-titulo",
        "cursos",
        "contagem-titulo",
        "depoimentos",
        "onde-estudar",
        "faq",
      ].map((id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const id of ["cursos", "depoimentos", "onde-estudar", "polos", "faq", "modalidades"]) {
      await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
    }
    await expect(page.locator("#depoimentos figure")).toHaveCount(3);
  });

  test("the landing document leaves the lists below the first screen to a fragment, linked without JavaScript", async ({
    page,
    jsEnabled,
  }) => {
    const parts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("fragmento=")) parts.push(new URL(request.url()).search);
    });
    await page.goto("/");
    if (jsEnabled) {
      // The island put every part in its place: no placeholder left, one request for all of them.
      await expect(page.locator("[data-deferred]")).toHaveCount(0);
      await expect(page.locator("#depoimentos figure")).toHaveCount(3);
      await expect(page.getByTestId("faq-list").locator("details")).toHaveCount(6);
      await expect(page.locator("#onde-estudar").getByTestId("polo")).toHaveCount(12);
      expect(parts).toEqual(["?fragmento=inicio"]);
      return;
    }
    for (const [link, hash, section] of [
      ["Ver os cursos em destaque e por área", "cursos", "#cursos"],
      ["Ver os depoimentos", "depoimentos", "#depoimentos"],
      ["Ver os polos", "onde-estudar", "#onde-estudar"],
      ["Ver as perguntas frequentes", "faq", "#faq"],
    ] as const) {
      await page.goto("/");
      await page.locator(section).getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(`/?secoes=todas#${hash}`);
      await expect(page.locator("[data-deferred]")).toHaveCount(0);
    }
    await expect(page.locator("#depoimentos figure")).toHaveCount(3);
    await expect(page.getByRole("list", { name: "Cursos em destaque" }).getByTestId("course-card").first()).toBeVisible();
  });

  // Decision 038: the spec's "all zeros once passed" no longer applies; the seeded countdown is the campaign's deadline.
  test("the countdown shows Dias, Horas, Min, Seg; a fresh deployment shows no countdown at zero", async ({ page }) => {
    await page.goto("/");
    const countdown = page.getByTestId("countdown");
    for (const label of ["Dias", "Horas", "Min", "Seg"]) await expect(countdown.getByText(label, { exact: true })).toBeVisible();
    const values = await countdown.locator("[data-unit]").allTextContents();
    expect(values).toHaveLength(4);
    expect(values.some((value) => Number(value) > 0)).toBe(true);
  });

  test("search from the home box finds a course", async ({ page }) => {
    await searchFromHomeBox(page, "enfermagem");
    await expect(catalogue(page).getByText('Exibindo resultados para "enfermagem"')).toBeVisible();
    await expect(catalogue(page).getByRole("link", { name: "Enfermagem", exact: true })).toHaveAttribute("href", "/enfermagem");
    await expect(catalogue(page).getByTestId("course-card")).toHaveCount(1);
  });

  test("a nonsense term shows the no-result message", async ({ page }) => {
    await searchFromHomeBox(page, "xyzqwe");
    await expect(catalogue(page).getByText('Nenhum curso encontrado para "xyzqwe". Por favor, tente outra busca.')).toBeVisible();
    await expect(catalogue(page).getByTestId("course-card")).toHaveCount(0);
  });

  test("search ignores accents: 'educacao fisica' finds Educação Física", async ({ page }) => {
    await searchFromHomeBox(page, "educacao fisica");
    const results = catalogue(page).getByTestId("search-results");
    await expect(results.getByRole("link", { name: "Educação Física - Licenciatura" })).toBeVisible();
    await expect(results.getByRole("link", { name: "Educação Física - Bacharelado" })).toBeVisible();
    await expect(results.getByTestId("course-card")).toHaveCount(2);
  });

  test("the catalogue filters while typing, without a full reload", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "live filtering needs JavaScript; without it the search is a GET form (tested above)");
    await page.goto("/");
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // Only the parts of the page answer (decision 104), not the whole document.
    const answer = page.waitForResponse((response) => {
      const params = new URL(response.url()).searchParams;
      return params.get("fragmento") === "busca" && params.get("q") === "saude";
    });
    await page.getByRole("searchbox", { name: "Buscar curso" }).pressSequentially("saude", { delay: 30 });
    const body = await (await answer).text();
    expect(body).not.toContain("<html");
    expect(body).toContain('id="cursos-resultados"');
    await expect(catalogue(page).getByText('Exibindo resultados para "saude"')).toBeVisible();
    await expect(catalogue(page).getByRole("link", { name: "Fisioterapia" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=saude/);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expect(page.getByRole("searchbox", { name: "Buscar curso" })).toBeFocused();
  });

  test("no term: Educação Física featured first with its badge, then area tabs (default Educação) that switch", async ({
    page,
    jsEnabled,
  }) => {
    await openHome(page, jsEnabled);
    const featured = page.getByRole("list", { name: "Cursos em destaque" });
    await expect(featured.getByTestId("course-card").first()).toContainText("Educação Física");
    await expect(featured.getByTestId("course-card").nth(1)).toContainText("Educação Física");
    await expect(featured.getByText("Bolsa de até 70%")).toHaveCount(2);

    const areaCourses = page.getByTestId("area-courses");
    await expect(areaCourses).toHaveAttribute("data-area", "Educação");
    await expect(areaCourses.getByRole("link", { name: "Pedagogia", exact: true })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Áreas de conhecimento" });
    await expect(tabs.getByRole("link", { name: /^Educação/ })).toHaveAttribute("aria-current", "true");

    await tabs.getByRole("link", { name: /^Saúde/ }).click();
    await expect(page).toHaveURL(/area=saude/);
    await expect(areaCourses).toHaveAttribute("data-area", "Saúde");
    await expect(areaCourses.getByRole("link", { name: "Enfermagem" })).toBeVisible();
    await expect(areaCourses.getByRole("link", { name: "Pedagogia", exact: true })).toHaveCount(0);
    await expect(tabs.getByRole("link", { name: /^Saúde/ })).toHaveAttribute("aria-current", "true");

    await tabs.getByRole("link", { name: /^Tecnologia/ }).click();
    await expect(areaCourses).toHaveAttribute("data-area", "Tecnologia");
    await expect(areaCourses.getByRole("link", { name: "Análise e Desenvolvimento de Sistemas" })).toBeVisible();
  });

  test("a course page opens from the catalogue", async ({ page, jsEnabled }) => {
    await openHome(page, jsEnabled);
    await page.getByRole("list", { name: "Cursos em destaque" }).getByRole("link", { name: "Enfermagem" }).click();
    await expect(page).toHaveURL(/\/enfermagem$/);
    await expect(page.getByRole("heading", { level: 1, name: "Enfermagem" })).toBeVisible();
    const facts = page.getByTestId("course-facts");
    await expect(facts).toContainText("Saúde");
    await expect(facts).toContainText("Presencial");
    await expect(facts).toContainText("5 anos");
    await expect(page.getByRole("link", { name: "Quero minha bolsa agora" }).first()).toHaveAttribute("href", /inscricao|^http/);
    const related = page.getByRole("list", { name: "Cursos relacionados" });
    await expect(related.getByTestId("course-card")).toHaveCount(4);
    await expect(page).toHaveTitle(/Enfermagem/);
  });

  test("study-centre finder: 12 first, 'Ver todos os polos' shows all 29, search and empty message", async ({
    page,
    jsEnabled,
  }) => {
    await openHome(page, jsEnabled);
    const list = polosSection(page).getByTestId("polo");
    await expect(list).toHaveCount(12);
    await expect(list.first().locator('a[href^="tel:"]')).toHaveAttribute("href", "tel:3130000101");
    await polosSection(page).getByRole("link", { name: "Ver todos os polos" }).click();
    await expect(list).toHaveCount(29);
    await expect(page).toHaveURL(/polos=todos/);
    await expect(polosSection(page).getByRole("link", { name: "Ver todos os polos" })).toHaveCount(0);

    const box = page.getByRole("searchbox", { name: "Buscar polo por cidade ou bairro" });
    await box.fill("NATAL");
    await box.press("Enter");
    await expect(list).toHaveCount(2);
    await expect(list.first()).toContainText("Natal - Ponta Negra - RN");

    await box.fill("cuiaba");
    await box.press("Enter");
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("Cuiabá");

    await box.fill("Atlântida");
    await box.press("Enter");
    await expect(polosSection(page).getByText("Nenhum polo encontrado com esse termo. Tente outra busca.")).toBeVisible();
    await expect(list).toHaveCount(0);
  });

  test("what is typed in the live search boxes before the JavaScript arrives is kept, and searched", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "without JavaScript nothing replaces what was typed");
    // A slow phone: the page is shown and can be typed in before its scripts arrive. The scripts are
    // held until the box is filled (not for a fixed time, which a busy machine could outlast).
    let releaseScripts = () => {};
    let scriptsHeld = Promise.resolve();
    await page.route("**/assets/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    for (const [form, label, value, url, result] of [
      ["Buscar polos", "Buscar polo por cidade ou bairro", "natal", /[?&]polo=natal/, page.getByTestId("polo").first()],
      [
        "Buscar cursos no catálogo",
        "Buscar curso",
        "direito",
        /[?&]q=direito/,
        page.getByText('Exibindo resultados para "direito"'),
      ],
    ] as const) {
      scriptsHeld = new Promise((resolve) => (releaseScripts = resolve));
      await page.goto("/", { waitUntil: "commit" });
      const box = page.getByRole("search", { name: form }).getByRole("searchbox", { name: label });
      await box.fill(value);
      releaseScripts();
      await waitForHydration(page);
      // Once alive, the page searches what was typed, as if it had been typed then.
      await expect(page).toHaveURL(url);
      await expect(box, label).toHaveValue(value);
      await expect(result).toContainText(/natal|direito/i);
    }
  });

  test("the FAQ opens one item at a time", async ({ page, jsEnabled }) => {
    await openHome(page, jsEnabled, "#faq");
    const items = page.getByTestId("faq-list").locator("details");
    await expect(items).toHaveCount(6);
    await items.nth(0).locator("summary").click();
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await expect(items.nth(0)).toContainText("de 4 a 5 anos");
    await items.nth(1).locator("summary").click();
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.nth(0)).not.toHaveAttribute("open", "");
    await expect(items.nth(1)).toContainText("vestibular online");
    await expect(page.locator("details[open]")).toHaveCount(1);
    const consultant = page.locator("#faq").getByRole("link", { name: "Fale com um consultor" });
    await expect(consultant).toHaveAttribute("target", "_blank");
    await expect(page.locator("#faq").locator('a[href^="tel:"]')).toBeVisible();
  });

  for (const path of ["/", "/?q=engenharia", "/enfermagem", "/cursos/analise-desenvolvimento"]) {
    test(`is readable at 360 px without horizontal scroll: ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `horizontal overflow on ${path}`).toBeLessThanOrEqual(clientWidth);
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("images are sized (no layout shift) and have alt text", async ({ page }) => {
    await page.goto("/");
    const missing = await page.evaluate(() =>
      [...document.querySelectorAll("main img")]
        .filter((img) => !img.getAttribute("width") || !img.getAttribute("height") || img.getAttribute("alt") === null)
        .map((img) => img.outerHTML),
    );
    expect(missing).toEqual([]);
  });
});

test.describe("course pages", () => {
  test("every special /cursos/ page renders; unknown ones are 404", async ({ page }) => {
    for (const [path, name] of [
      ["/cursos/administracao", "Administração"],
      ["/cursos/agronegocio", "Agronegócio"],
      ["/cursos/analise-desenvolvimento", "Análise e Desenvolvimento de Sistemas"],
      ["/cursos/biomedicina", "Biomedicina"],
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    }
    for (const path of ["/cursos/xyz", "/curso-que-nao-existe"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    }
  });

  test("/educacaofisica presents both formations", async ({ page }) => {
    await page.goto("/educacaofisica");
    await expect(page.getByRole("heading", { level: 1, name: "Educação Física" })).toBeVisible();
    // The formations' cards (the "Condições de oferta" section names each formation again).
    const cards = page.getByRole("listitem");
    await expect(cards.getByRole("heading", { name: "Educação Física - Licenciatura" })).toBeVisible();
    await expect(cards.getByRole("heading", { name: "Educação Física - Bacharelado" })).toBeVisible();
  });

  test("the sticky bar appears after 500 px of scroll", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the bar follows the scroll position, which needs JavaScript; the page's own CTAs remain without it");
    await page.goto("/cursos/agronegocio");
    const bar = page.getByTestId("sticky-bar");
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link", { name: "Quero minha bolsa agora" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
  });
});
