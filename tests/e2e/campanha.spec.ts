import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { formatDayMonth, rollingDeadline } from "../../app/features/campaign/campaign";
import { courses } from "../../app/features/courses/courses.seed";
import { expect, test } from "../support/fixtures";
import { exclusively } from "../support/studio";

async function countdownValues(page: import("@playwright/test").Page) {
  const countdown = page.getByTestId("countdown");
  const read = async (unit: string) => (await countdown.locator(`[data-unit="${unit}"]`).textContent())?.trim() ?? "";
  return { days: await read("days"), hours: await read("hours"), minutes: await read("minutes"), seconds: await read("seconds") };
}

test.describe("flash campaign page", () => {
  test("shows every section with the spec's texts and offers", async ({ page }) => {
    await page.goto("/campanha-relampago");
    await expect(page).toHaveTitle(/Campanha Relâmpago/);
    await expect(page.getByRole("heading", { level: 1, name: "Campanha Relâmpago" })).toBeVisible();
    // The seeded headline promises what the best offer gives: 50% of scholarship + 10% of punctuality.
    await expect(page.getByText("Até 60% de desconto!")).toBeVisible();
    await expect(page.getByText("Oferta por Tempo Limitado", { exact: true })).toBeVisible();
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Garanta sua vaga" }).first()).toHaveAttribute("href", /inscricao/);
    await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();

    const offers = page
      .locator("section", { has: page.getByRole("heading", { name: "Modalidades e Descontos" }) })
      .locator("ul > li");
    await expect(offers).toHaveCount(6);
    const popular = page.locator('[data-highlight="true"]');
    await expect(popular).toHaveCount(1);
    await expect(popular).toContainText("MAIS POPULAR");
    await expect(popular).toContainText("Profissionalizante");
    await expect(popular).toContainText("R$ 19,90");
    await expect(offers.filter({ hasText: "Demais semipresenciais" })).toContainText("R$ 39,90");
    await expect(offers.filter({ hasText: "Demais semipresenciais" })).toContainText("Até 45% de desconto");
    // One deadline for the whole page: the offers' date is the banner's 'Condições válidas até'.
    const deadline = formatDayMonth(rollingDeadline(new Date()));
    await expect(page.getByTestId("offers-valid-until")).toHaveText(`Descontos válidos até ${deadline}.`);
    await expect(page.getByTestId("campaign-valid-until")).toHaveText(`Condições válidas até ${deadline}`);

    const prices = page.locator("section", { has: page.getByRole("heading", { name: "AGORA EU POSSO" }) });
    await expect(prices.locator("ul > li")).toHaveCount(4);
    await expect(prices).toContainText("a partir de R$ 149,00");
    await expect(prices).toContainText("*CURSOS SELECIONADOS");

    await expect(page.getByRole("heading", { name: "Histórias de Sucesso" })).toBeVisible();
    await expect(page.getByText(/última semana/i).first()).toBeVisible();
    await expect(page.getByText(/até 60% de desconto/).first()).toBeVisible();
  });

  test("the countdown shows a future deadline, rendered by the server", async ({ page }) => {
    await page.goto("/campanha-relampago");
    const { days, hours, minutes, seconds } = await countdownValues(page);
    for (const value of [days, hours, minutes, seconds]) expect(value).toMatch(/^\d{2}$/);
    // No end date is configured in e2e: the rolling window ends 5 days ahead at 23:59:59.
    expect(days).toBe("05");
    expect(Number(days) + Number(hours) + Number(minutes) + Number(seconds)).toBeGreaterThan(0);
    for (const label of ["Dias", "Horas", "Min", "Seg"]) await expect(page.getByTestId("countdown")).toContainText(label);
    const expected = formatDayMonth(rollingDeadline(new Date()));
    await expect(page.getByTestId("campaign-valid-until")).toHaveText(`Condições válidas até ${expected}`);
  });

  test("with JavaScript the countdown's seconds change", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "ticking needs JavaScript; without it the server-rendered value stays");
    await page.clock.install();
    await page.goto("/campanha-relampago");
    const seconds = page.getByTestId("countdown").locator('[data-unit="seconds"]');
    const first = (await seconds.textContent())?.trim() ?? "";
    // The browser's clock jumps two seconds ahead (not a real wait the machine's load could stretch).
    await page.clock.runFor(2_000);
    await expect(seconds).not.toHaveText(first);
    await expect(seconds).toHaveText(/^\d{2}$/);
  });

  test("a rolling window that passes while the page is open moves on, and the dates follow", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the open page changes only with JavaScript; a reload gets the new window from the server");
    await page.clock.install();
    await page.goto("/campanha-relampago");
    // The browser's clock jumps six days ahead, past the window's end (decision 098: the countdown island).
    const later = Date.now() + 6 * 86_400_000;
    await page.clock.fastForward(6 * 86_400_000);
    const expected = formatDayMonth(rollingDeadline(new Date(later)));
    await expect(page.getByTestId("campaign-valid-until")).toHaveText(`Condições válidas até ${expected}`);
    await expect(page.getByTestId("offers-valid-until")).toHaveText(`Descontos válidos até ${expected}.`);
    expect((await countdownValues(page)).days).toBe("05");
  });

  test("testimonials: three cards side by side on desktop", async ({ page }) => {
    // The stories spec adds and removes one under this lock (studio-stories.spec.ts).
    await exclusively("historias", async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/campanha-relampago");
      const carousel = page.getByTestId("campaign-testimonials");
      await carousel.scrollIntoViewIfNeeded();
      const items = carousel.locator("[data-carousel-item]");
      await expect(items).toHaveCount(3);
      for (let i = 0; i < 3; i++) await expect(items.nth(i)).toBeInViewport({ ratio: 0.9 });
      await expect(carousel.getByRole("button", { name: "Próximo depoimento" })).toBeHidden();
    });
  });

  test("testimonials at 375 px: one card, previous/next buttons and arrow keys", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the buttons need JavaScript; the no-JS test below checks the plain list");
    // The stories spec adds and removes one under this lock (studio-stories.spec.ts).
    await exclusively("historias", async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/campanha-relampago");
      const carousel = page.getByTestId("campaign-testimonials");
      await expect(carousel).toHaveAttribute("data-enhanced", "true");
      await carousel.scrollIntoViewIfNeeded();
      const items = carousel.locator("[data-carousel-item]");
      const next = carousel.getByRole("button", { name: "Próximo depoimento" });
      const previous = carousel.getByRole("button", { name: "Depoimento anterior" });
      await expect(next).toBeVisible();
      await expect(items.nth(0)).toBeInViewport({ ratio: 0.9 });
      await expect(items.nth(1)).not.toBeInViewport();

      await next.click();
      await expect(items.nth(1)).toBeInViewport({ ratio: 0.9 });
      await expect(items.nth(0)).not.toBeInViewport();
      await expect(carousel.getByText("2 de 3")).toBeVisible();

      await next.click();
      await expect(items.nth(2)).toBeInViewport({ ratio: 0.9 });
      await next.click(); // loops back to the first
      await expect(items.nth(0)).toBeInViewport({ ratio: 0.9 });
      await previous.click(); // and back to the last
      await expect(items.nth(2)).toBeInViewport({ ratio: 0.9 });
      await expect(carousel.getByText("3 de 3")).toBeVisible();

      // Keyboard: the list is focusable and the arrow keys move it.
      await carousel.getByRole("list").first().focus();
      await page.keyboard.press("ArrowRight");
      await expect(items.nth(0)).toBeInViewport({ ratio: 0.9 });
      await page.keyboard.press("ArrowRight");
      await expect(items.nth(1)).toBeInViewport({ ratio: 0.9 });
      // The buttons are reachable with Tab and work with Enter.
      await previous.focus();
      await page.keyboard.press("Enter");
      await expect(items.nth(0)).toBeInViewport({ ratio: 0.9 });
    });
  });

  test("testimonials at 375 px without JavaScript: every card is there and can be scrolled to", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "checks the no-JavaScript fallback");
    // The stories spec adds and removes one under this lock (studio-stories.spec.ts).
    await exclusively("historias", async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/campanha-relampago");
      const carousel = page.getByTestId("campaign-testimonials");
      const items = carousel.locator("[data-carousel-item]");
      await expect(items).toHaveCount(3);
      for (const name of ["Mariana Costa", "Rafael Oliveira", "Luana Ferreira"]) {
        const card = items.filter({ hasText: name });
        await card.scrollIntoViewIfNeeded();
        await expect(card).toBeInViewport({ ratio: 0.9 });
        const box = await card.boundingBox();
        expect(box!.width).toBeGreaterThan(300);
      }
      // The buttons that would do nothing without JavaScript are not offered.
      await expect(carousel.getByRole("button", { name: "Próximo depoimento" })).toBeHidden();
    });
  });
});

test.describe("course finder (/curso-id)", () => {
  test("a guided GET form leads to matching courses", async ({ page }) => {
    await page.goto("/curso-id");
    await expect(page.getByRole("heading", { level: 1, name: "Encontre seu curso ideal" })).toBeVisible();
    await page.getByRole("radio", { name: /^Saúde/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/area=Sa%C3%BAde|area=Saúde/);
    await page.getByRole("radio", { name: /^Semipresencial/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("radio", { name: /^5 anos/ }).check();
    await page.getByRole("button", { name: "Ver meus cursos" }).click();

    const expected = courses.filter((c) => c.area === "Saúde" && c.modality === "Semipresencial" && c.duration === "5 anos");
    expect(expected.length).toBeGreaterThan(0);
    const results = page.getByTestId("finder-course");
    await expect(results).toHaveCount(expected.length);
    // Enfermagem is presencial only (decision 083): the first semipresencial match stands for them all.
    const [first] = expected;
    await expect(page.getByTestId("finder-results")).toContainText(first.name);
    await expect(results.filter({ hasText: first.name }).first().getByRole("link", { name: "Ver curso" })).toHaveAttribute(
      "href",
      first.url,
    );
  });

  test("'Tanto faz' answers and the summary's change links", async ({ page }) => {
    await page.goto("/curso-id?area=qualquer&modalidade=EAD&duracao=ate-2-5");
    const expected = new Set(
      courses.filter((c) => c.modality === "EAD" && parseFloat(c.duration) <= 2.5).map((c) => `${c.url}|${c.name}`),
    );
    await expect(page.getByTestId("finder-course")).toHaveCount(expected.size);
    await page.getByRole("link", { name: "Alterar modalidade" }).click();
    await expect(page).toHaveURL(/\/curso-id\?area=qualquer$/);
    await expect(page.getByRole("group", { name: "Como você prefere estudar?" })).toBeVisible();
  });

  test("unknown values are asked again instead of failing", async ({ page }) => {
    const response = await page.goto("/curso-id?area=<script>&modalidade=x&duracao=99");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("group", { name: "Qual área combina mais com você?" })).toBeVisible();
  });
});

test.describe("assistant without a configured URL", () => {
  // /teste-vocacional opens the sheet with React, /curso-ideal with the assistant island (decision 099).
  for (const path of ["/teste-vocacional", "/curso-ideal"]) {
    test(`${path}: the floating button opens the side sheet with the course finder`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "the sheet needs JavaScript; without it the button is a link (next test)");
      await page.goto(path);
      await page.getByRole("link", { name: "Abrir assistente virtual" }).click();
      const sheet = page.getByRole("dialog", { name: "Assistente virtual" });
      await expect(sheet).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await sheet.getByLabel("Qual área combina com você?").selectOption("Tecnologia");
      await sheet.getByRole("button", { name: "Ver cursos" }).click();
      await expect(page).toHaveURL(/\/curso-id\?area=Tecnologia/);
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId("finder-results")).toContainText("Análise e Desenvolvimento de Sistemas");
    });

    test(`${path}: the sheet closes with Escape and its close button`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "the sheet needs JavaScript");
      await page.goto(path);
      const button = page.getByRole("link", { name: "Abrir assistente virtual" });
      await button.click();
      const sheet = page.getByRole("dialog", { name: "Assistente virtual" });
      await expect(sheet).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(button).toBeFocused();
      await button.click();
      await sheet.getByRole("button", { name: "Fechar assistente" }).click();
      await expect(sheet).toBeHidden();
    });
  }

  test("without JavaScript the button leads to /assistente, whose course finder returns courses", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "checks the no-JavaScript path");
    await page.goto("/bolsas");
    await page.getByRole("link", { name: "Abrir assistente virtual" }).click();
    await expect(page).toHaveURL(/\/assistente$/);
    await expect(page.getByRole("heading", { level: 1, name: "Assistente virtual" })).toBeVisible();
    await page.getByLabel("Qual área combina com você?").selectOption("Saúde");
    await page.getByLabel("Quanto tempo quer estudar?").selectOption("5");
    await page.getByRole("button", { name: "Ver cursos" }).click();
    await expect(page).toHaveURL(/\/curso-id\?area=Sa/);
    await expect(page.getByTestId("finder-results")).toContainText("Enfermagem");
  });

  test("/curso-ideal introduces the assistant", async ({ page }) => {
    await page.goto("/curso-ideal");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("curso ideal");
    await expect(page.locator("main").getByRole("link", { name: "Encontrar meu curso" })).toHaveAttribute("href", "/assistente");
    await expect(page.locator("main").getByRole("link", { name: /3 perguntas/ })).toHaveAttribute("href", "/curso-id");
  });
});

/** The autoplay's step (app/features/careers/page.tsx). */
const AUTOPLAY_MS = 4_000;

/**
 * Opens /trabalhe-conosco on a phone with the browser's clock installed (still running) and waits
 * until the team carousel is enhanced; returns the carousel.
 */
async function openTeamCarousel(page: Page) {
  await page.clock.install();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/trabalhe-conosco");
  const carousel = page.getByTestId("team-carousel");
  await expect(carousel).toHaveAttribute("data-enhanced", "true");
  return carousel;
}

test.describe("club, employee and scholarship pages", () => {
  test("/america-mg has its sections, no past game as upcoming, 14 hubs, a 6-entry FAQ and the club form", async ({ page }) => {
    await page.goto("/america-mg");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("América-MG");
    // The seeded calendar is 2025's: every game has been played, so none is listed as upcoming
    // (app/features/campaign/studio-campaign.integration.test.ts lists them at a date before the games).
    await expect(page.getByRole("heading", { name: "Próximos jogos em casa" })).toBeVisible();
    await expect(page.getByTestId("no-club-games")).toContainText("A tabela dos próximos jogos em casa ainda não foi divulgada");
    await expect(page.getByTestId("club-games")).toHaveCount(0);
    // The active polos of Minas Gerais in the catalogue (17 in the seed), not a fixed list (decision 081).
    await expect(page.getByTestId("club-hubs").locator("> li")).toHaveCount(17);
    await expect(page.getByTestId("club-hubs").locator('a[href^="tel:"]')).toHaveCount(17);
    await expect(page.getByRole("heading", { name: "17 polos em Minas Gerais" })).toBeVisible();
    const faq = page.locator('details[name="faq-clube"]');
    await expect(faq).toHaveCount(6);
    await faq.nth(0).locator("summary").click();
    await expect(faq.nth(0)).toHaveAttribute("open", "");
    await faq.nth(1).locator("summary").click();
    await expect(faq.nth(0)).not.toHaveAttribute("open", "");
    const form = page.locator("#formulario iframe");
    await expect(form).toHaveAttribute("src", "/inscricao?origem=america_mg&embed=1");
    const frame = page.frameLocator("#formulario iframe");
    await expect(frame.getByLabel(/Nome/).first()).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((text) => JSON.parse(text)["@type"] === "FAQPage" && JSON.parse(text).mainEntity.length === 6)).toBe(true);
  });

  test("/trabalhe-conosco: benefit, 9 team photos, testimonials and the CV section", async ({ page }) => {
    await page.goto("/trabalhe-conosco");
    await expect(page.getByRole("heading", { name: "Auxílio Educação" })).toBeVisible();
    await expect(page.getByText("Até 100% para colaboradores")).toBeVisible();
    await expect(page.getByText("70% para dependentes")).toBeVisible();
    const photos = page.getByTestId("team-carousel").locator("[data-carousel-item] img");
    await expect(photos).toHaveCount(9);
    for (const img of await photos.all()) {
      await expect(img).toHaveAttribute("alt", /\S/);
      await expect(img).toHaveAttribute("width", "480");
    }
    // No CV form URL in e2e: an e-mail link instead (the site takes no uploads).
    await expect(page.locator("#formulario").getByRole("link", { name: /Enviar currículo/ })).toHaveAttribute("href", /^mailto:/);
  });

  test("the team carousel loops by itself and pauses on hover", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "autoplay needs JavaScript; without it the photos are a scrollable list");
    const carousel = await openTeamCarousel(page);
    // Hovering holds the autoplay while the browser's clock is paused: from then on it moves only
    // when the test says so. A step a slow machine let happen before that is waited out (the list
    // at rest on the labelled photo), so no smooth scroll is still running when the test starts.
    await carousel.hover();
    await page.clock.pauseAt(Date.now() + 1_000);
    await expect
      .poll(() =>
        carousel.evaluate((root) => {
          const list = root.querySelector("ul");
          const shown = Number(/(\d) de 9/.exec(root.textContent ?? "")?.[1]);
          const item = list?.children[shown - 1];
          return !!list && !!item && Math.abs(item.getBoundingClientRect().left - list.getBoundingClientRect().left) < 2;
        }),
      )
      .toBe(true);
    await page.mouse.move(0, 0); // no longer hovering it: the autoplay runs on the paused clock
    const label = carousel.getByText(/^\d de 9$/);
    const position = async () => Number(((await label.textContent()) ?? "").split(" ")[0]);
    const start = await position();
    await page.clock.runFor(AUTOPLAY_MS);
    await expect(label).toHaveText(`${(start % 9) + 1} de 9`);
    await carousel.hover();
    const held = await position();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    await expect(label).toHaveText(`${held} de 9`);
    await carousel.getByRole("button", { name: "Pausar carrossel" }).click();
    await expect(carousel.getByRole("button", { name: "Reproduzir carrossel" })).toBeVisible();
  });

  test("the team carousel does not move with reduced motion", async ({ browser, jsEnabled, baseURL }) => {
    test.skip(!jsEnabled, "autoplay needs JavaScript");
    const context = await browser.newContext({ reducedMotion: "reduce", baseURL, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/trabalhe-conosco");
    const carousel = page.getByTestId("team-carousel");
    await expect(carousel).toHaveAttribute("data-enhanced", "true");
    await expect(carousel.getByRole("button", { name: "Reproduzir carrossel" })).toBeVisible();
    await page.clock.runFor(4_000 * 3); // three autoplay intervals (app/features/careers/page.tsx)
    await expect(carousel.getByText("1 de 9")).toBeVisible();
    await context.close();
  });

  test("/bolsas explains who gets up to 70% and the punctuality discount", async ({ page }) => {
    await page.goto("/bolsas");
    await expect(page.getByRole("heading", { level: 1, name: "Bolsas de até 70%" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Desconto de pontualidade" })).toBeVisible();
    await expect(page.getByTestId("punctuality-example")).toContainText("R$ 149,00");
    await expect(page.getByTestId("punctuality-example")).toContainText("R$ 59,60");
    await expect(page.getByRole("table")).toContainText("Profissionalizante");
    await expect(page.locator("main").getByRole("link", { name: "Solicite sua bolsa" }).first()).toHaveAttribute(
      "href",
      /inscricao/,
    );
  });
});

test.describe("SEO", () => {
  /** The spec's main public pages: each in the sitemap, each with its meta tags. */
  const MAIN_PAGES =
    "/ /campanha-relampago /america-mg /bolsas /trabalhe-conosco /curso-id /curso-ideal /assistente /teste-vocacional".split(" ");

  test("/sitemap.xml is valid XML listing the public pages and every course url", async ({ page, request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    await page.goto("/termos");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        root: doc.documentElement.localName,
        ns: doc.documentElement.namespaceURI,
        locs: Array.from(doc.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc")).map(
          (n) => n.textContent,
        ),
      };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe("urlset");
    expect(parsed.ns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(new Set(parsed.locs).size).toBe(parsed.locs.length);
    for (const path of MAIN_PAGES) expect(parsed.locs).toContain(baseURL + path);
    for (const course of courses) expect(parsed.locs).toContain(baseURL + course.url);
    expect(parsed.locs.some((loc) => /contato|login-admin|whatsapp|submissoes/.test(loc!))).toBe(false);
  });

  test("/robots.txt disallows admin, WhatsApp and test-internal routes", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    for (const path of ["/contato", "/login-admin", "/whatsapp", "/teste-vocacional/submissoes"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  // One test per page (decision 059); the titles' being different is checked over plain HTTP.
  for (const path of [...MAIN_PAGES, "/enfermagem"]) {
    test(`${path} carries a title, description, canonical URL and Open Graph tags`, async ({ page, baseURL }) => {
      await page.goto(path);
      expect(await page.title()).toMatch(/\S/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", baseURL + path);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", baseURL + path);
    });
  }

  test("each main page and the course page has a title of its own", async ({ request }) => {
    const titles = new Set<string>();
    for (const path of [...MAIN_PAGES, "/enfermagem"]) {
      const html = await (await request.get(path)).text();
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
    }
    expect(titles.size).toBe(10);
  });

  test("the home page and a course page carry their JSON-LD", async ({ page, baseURL }) => {
    const jsonLd = async (path: string) => {
      await page.goto(path);
      return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    };
    // The institution on the home page; the FAQ's only where the FAQ is in the document (the whole
    // page: the landing document leaves it to a fragment, decision 104); the course on its page.
    const home = await jsonLd("/");
    expect(home.find((item) => item["@type"] === "CollegeOrUniversity")?.url).toBe(`${baseURL}/`);
    expect(home.find((item) => item["@type"] === "FAQPage")).toBeUndefined();
    const whole = await jsonLd("/?secoes=todas");
    expect(whole.find((item) => item["@type"] === "FAQPage")?.mainEntity).toHaveLength(6);
    const course = (await jsonLd("/enfermagem")).find((item) => item["@type"] === "Course");
    expect(course?.name).toMatch(/Enfermagem/);
    expect(course?.provider?.["@type"]).toBe("CollegeOrUniversity");
  });
});

test.describe("accessibility", () => {
  // One test per page (decision 059): no page fails for the time the others took, and a failure names its page.
  for (const path of [
    "/campanha-relampago",
    "/america-mg",
    "/trabalhe-conosco",
    "/bolsas",
    "/curso-id",
    "/curso-id?area=Sa%C3%BAde&modalidade=qualquer&duracao=qualquer",
    "/curso-ideal",
    "/assistente",
  ]) {
    test(`${path} has no axe violations`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs as a script in the page, which the no-JavaScript project forbids");
      await page.goto(path);
      // The toaster region belongs to the shared layout and is checked with it.
      const results = await new AxeBuilder({ page }).exclude('section[aria-label^="Notificações"]').analyze();
      const found = results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(found).toEqual([]);
    });
  }
});

test.describe("team carousel and keyboard focus", () => {
  test("the team carousel pauses while the focus is inside it and resumes when it leaves", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "autoplay needs JavaScript; without it the photos are a scrollable list");
    const carousel = await openTeamCarousel(page);
    await expect(carousel.getByRole("button", { name: "Pausar carrossel" })).toBeVisible();
    await page.mouse.move(0, 0); // not hovering it
    // From here the browser's clock moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);
    await carousel.scrollIntoViewIfNeeded();
    const label = carousel.getByText(/^\d de 9$/);
    const photos = carousel.locator("[data-carousel-item]");
    const position = async () => Number(((await label.textContent()) ?? "").split(" ")[0]);
    // Whatever autoplay did before the pause has finished scrolling: the labelled photo is shown.
    const start = await position();
    await expect(photos.nth(start - 1)).toBeInViewport({ ratio: 0.9 });
    await expect(label).toHaveAttribute("aria-live", "off");

    // Focus inside (the photo list, as Tab reaches it): three intervals later it has not moved.
    await carousel.getByRole("list").first().focus();
    await expect(label).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(AUTOPLAY_MS * 3);
    await expect(label).toHaveText(`${start} de 9`);
    await expect(photos.nth(start - 1)).toBeInViewport({ ratio: 0.9 });
    // Focus moving on to the carousel's own buttons keeps it paused.
    await carousel.getByRole("button", { name: "Próxima foto" }).focus();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    await expect(label).toHaveText(`${start} de 9`);

    // Focus leaves: one interval later it has moved on by one photo.
    await carousel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(label).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(AUTOPLAY_MS);
    await expect(label).toHaveText(`${(start % 9) + 1} de 9`);
    await expect(photos.nth(start % 9)).toBeInViewport({ ratio: 0.9 });
  });
});
