import type { Locator, Page } from "@playwright/test";

import { PHOTO_CACHE_CONTROL, PHOTO_MESSAGES } from "../../app/features/studio/photos";
import { expect, test } from "../support/fixtures";
import { phoneJpeg, plainJpeg, svgWithScript } from "../support/photos";
import { exclusively, openAsAdmin } from "../support/studio";

/** After a save, the photo field of `group` is invalid and its message, the first it is described by, is `message`; its file input. */
async function expectPhotoRefused(page: Page, group: string, message: string): Promise<Locator> {
  const input = page.getByRole("group", { name: group }).getByLabel("Escolher a foto");
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${describedBy.split(" ")[0]}"]`)).toHaveText(message);
  return input;
}

/**
 * The studio's photo upload through a real browser, with and without JavaScript, on the home hero
 * ("Página inicial" → "Foto de destaque"): an SVG is refused next to the field; a phone photo (sideways,
 * with GPS) is on the home page at the next request as a <picture> whose AVIF Chromium downloads,
 * with width and height and high priority; a phone's first view downloads nothing for it. The photo
 * is removed again at the end (other specs see the seeded illustration).
 */

const PATH = "/admin/conteudo/inicio";

test.describe("studio: photos", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("an SVG is refused next to 'Foto de destaque'; a phone photo is the hero at the next request, as AVIF with its size", async ({
    page,
    jsEnabled,
    browser,
  }) => {
    const photo = await phoneJpeg({ width: 2400, height: 1600 });
    const alt = `Estudantes no polo (${jsEnabled ? "js" : "sem js"})`;

    // One at a time with every test editing the home document (tests/e2e/studio-home.spec.ts too).
    await exclusively("inicio", async () => {
      await openAsAdmin(page, PATH);
      const field = page.getByRole("group", { name: "Foto de destaque" });
      await expect(field.getByText("Nenhuma foto.")).toBeVisible();

      await field
        .getByLabel("Escolher a foto")
        .setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: svgWithScript });
      await field.getByLabel("Texto alternativo").fill(alt);
      await page.getByRole("button", { name: "Salvar" }).click();
      const input = await expectPhotoRefused(page, "Foto de destaque", PHOTO_MESSAGES.svg);
      // The alt text typed is kept.
      await expect(page.getByRole("group", { name: "Foto de destaque" }).getByLabel("Texto alternativo")).toHaveValue(alt);

      await input.setInputFiles({ name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByTestId("toaster")).toContainText("Alterações salvas", { timeout: 30_000 });
      await expect(page.getByRole("group", { name: "Foto de destaque" }).getByTestId("photo-current")).toBeVisible();

      try {
        const avif = page.waitForResponse((response) => /\/imagens\/[a-f0-9]{32}-\d+\.avif$/.test(response.url()));
        await page.goto("/");
        const hero = page.locator('section[aria-labelledby="hero-titulo"]');
        const img = hero.locator("picture img");
        await expect(img).toHaveAttribute("alt", alt);
        // Turned upright: 1600 × 2400 (the photo was stored sideways with orientation 6).
        await expect(img).toHaveAttribute("width", "1600");
        await expect(img).toHaveAttribute("height", "2400");
        await expect(img).toHaveAttribute("fetchpriority", "high");
        await expect(img).not.toHaveAttribute("loading", /.*/);
        await expect(hero.locator('picture source[type="image/avif"]')).toHaveAttribute(
          "srcset",
          /\/imagens\/[a-f0-9]{32}-480\.avif 480w/,
        );
        await expect(hero.locator('picture source[type="image/webp"]')).toHaveAttribute(
          "srcset",
          /\/imagens\/[a-f0-9]{32}-1600\.webp 1600w/,
        );
        const answer = await avif;
        expect(answer.status()).toBe(200);
        expect(answer.headers()["content-type"]).toBe("image/avif");
        expect(answer.headers()["cache-control"]).toBe(PHOTO_CACHE_CONTROL);
        // Its box has the photo's proportions (the space was reserved from width and height).
        const box = (await img.boundingBox())!;
        expect(box.height / box.width).toBeCloseTo(2400 / 1600, 1);

        // A phone's first view: the hero photo is not shown there, and not downloaded either.
        const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: jsEnabled });
        const phonePage = await phone.newPage();
        const requested: string[] = [];
        phonePage.on("request", (request) => {
          if (request.url().includes("/imagens/")) requested.push(request.url());
        });
        await phonePage.goto("/", { waitUntil: "load" });
        await expect(phonePage.locator('section[aria-labelledby="hero-titulo"] picture img')).toBeHidden();
        expect(requested).toEqual([]);
        await phone.close();
      } finally {
        // Back to the seed: no hero photo.
        await page.goto(PATH);
        await page.getByRole("group", { name: "Foto de destaque" }).getByLabel("Remover a foto").check();
        await page.getByRole("button", { name: "Salvar" }).click();
        await expect(page.getByTestId("toaster")).toContainText("Alterações salvas");
        await expect(page.getByRole("group", { name: "Foto de destaque" }).getByText("Nenhuma foto.")).toBeVisible();
      }
    });
  });

  test("while the photo is on its way the field says 'Processando a foto'; once saved the field shows the photo (decision 076)", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "without JavaScript the browser itself shows the page loading");
    await exclusively("inicio", async () => {
      await openAsAdmin(page, PATH);
      const field = () => page.getByRole("group", { name: "Foto de destaque" });
      await field()
        .getByLabel("Escolher a foto")
        .setInputFiles({ name: "IMG_3001.JPG", mimeType: "image/jpeg", buffer: await plainJpeg(1200, 800, "#2f8f5f") });
      await field().getByLabel("Texto alternativo").fill("Fachada do polo");
      await expect(field().getByRole("status")).toHaveText("");
      // The post is held until the test has seen the notice (no clock: the test lets it go).
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      const studioPage = (url: URL) => url.pathname.startsWith(PATH);
      await page.route(studioPage, async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Salvar" }).click();
      await expect(field().getByRole("status")).toHaveText(PHOTO_MESSAGES.processing);
      expect(PHOTO_MESSAGES.processing).toMatch(/^Processando a foto/);
      letGo();
      await expect(page.getByTestId("toaster")).toContainText("Alterações salvas", { timeout: 30_000 });
      await expect(field().getByTestId("photo-current")).toBeVisible();
      await expect(field().getByRole("status")).toHaveText("");
      await page.unroute(studioPage);
      // Back to the seed: no hero photo.
      await field().getByLabel("Remover a foto").check();
      await page.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByTestId("toaster")).toContainText("Alterações salvas");
      await expect(field().getByText("Nenhuma foto.")).toBeVisible();
    });
  });

  test("a new course with a photo: an empty file is refused next to 'Foto do curso'; the photo is on the course page (a phone's size on a phone) and its card", async ({
    page,
    jsEnabled,
    browser,
  }) => {
    const tag = `${jsEnabled ? "js" : "sem-js"}-${Date.now()}`;
    const name = `Fotografia de viagem ${tag}`;
    const path = `/fotografia-de-viagem-${tag}`;
    const alt = `Estudante fotografando uma paisagem (${tag})`;
    await openAsAdmin(page, "/admin/conteudo/cursos");
    await page.getByRole("link", { name: "Novo curso" }).click();
    await page.getByLabel("Nome do curso").fill(name);
    await page.getByLabel("Endereço da página").fill(path);
    await page.getByLabel("Área").selectOption("Turismo");
    await page.getByLabel("Formato de oferta").selectOption("EAD");
    await page.getByLabel("Duração").fill("2 anos");
    await page.getByLabel("Descrição curta").fill("Fotografe destinos e conte histórias de viagem.");
    const field = page.getByRole("group", { name: "Foto do curso" });
    await field
      .getByLabel("Escolher a foto")
      .setInputFiles({ name: "vazia.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) });
    await field.getByLabel("Texto alternativo").fill(alt);
    await page.getByRole("button", { name: "Salvar" }).click();
    const input = await expectPhotoRefused(page, "Foto do curso", PHOTO_MESSAGES.empty);
    await expect(page.getByLabel("Nome do curso")).toHaveValue(name);

    await input.setInputFiles({ name: "paisagem.jpg", mimeType: "image/jpeg", buffer: await plainJpeg(1200, 800, "#3a7bd5") });
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByTestId("toaster")).toContainText("Alterações salvas", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/admin\/conteudo\/cursos\/\d+$/);
    const editUrl = page.url();

    try {
      const avif = page.waitForResponse((response) => /\/imagens\/[a-f0-9]{32}-\d+\.avif$/.test(response.url()));
      await page.goto(path);
      const hero = page.locator('section[aria-labelledby="curso-titulo"] picture img').filter({ visible: true });
      await expect(hero).toHaveAttribute("alt", alt);
      await expect(hero).toHaveAttribute("width", "1200");
      await expect(hero).toHaveAttribute("height", "800");
      await expect(hero).toHaveAttribute("fetchpriority", "high");
      expect((await avif).headers()["content-type"]).toBe("image/avif");

      // On a phone the photo shows too (decision 144), at the phone's width: the 480 px file of the
      // image route, fetched when it nears the screen, and nothing at the laptop's size.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: jsEnabled });
      const phonePage = await phone.newPage();
      const requested: string[] = [];
      phonePage.on("request", (request) => {
        if (request.url().includes("/imagens/")) requested.push(new URL(request.url()).pathname);
      });
      await phonePage.goto(path, { waitUntil: "load" });
      const phoneHero = phonePage.locator('section[aria-labelledby="curso-titulo"]');
      const phonePhoto = phoneHero.locator("picture img").filter({ visible: true });
      await phonePhoto.scrollIntoViewIfNeeded();
      await expect(phonePhoto).toHaveAttribute("alt", alt);
      await expect
        .poll(() => phonePhoto.evaluate((img: HTMLImageElement) => (img.complete ? new URL(img.currentSrc).pathname : "")))
        .toMatch(/-480\.avif$/);
      expect(
        requested.every((file) => /-480\.avif$/.test(file)),
        requested.join(", "),
      ).toBe(true);
      await expect(phoneHero.getByAltText(`Ilustração do curso de ${name}`)).toHaveCount(0);
      await phone.close();

      await page.goto("/?area=turismo#cursos-por-area");
      const card = page.getByTestId("course-card").filter({ hasText: name });
      const cardImg = card.locator("picture img");
      await expect(cardImg).toHaveAttribute("loading", "lazy");
      await expect(cardImg).toHaveAttribute("width", "1200");
      await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute("srcset", /-480\.webp 480w/);
      await expect(card.getByTestId("course-icon")).toHaveCount(0);
    } finally {
      // Out of the catalogue again (other specs count the active courses).
      await page.goto(editUrl);
      await page.getByLabel("Curso ativo").uncheck();
      await page.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByTestId("toaster")).toContainText("Alterações salvas");
    }
  });

  test("a testimonial's photo: uploaded in 'Depoimentos', shown round on the home page instead of the avatar, removed again", async ({
    page,
    jsEnabled,
  }) => {
    const alt = `Retrato da aluna (${jsEnabled ? "js" : "sem js"})`;
    await exclusively("depoimentos", async () => {
      await openAsAdmin(page, "/admin/conteudo/depoimentos");
      const form = () => page.getByRole("form", { name: /^Depoimento 1:/ });
      const field = () => form().getByRole("group", { name: "Foto do aluno" });
      await field()
        .getByLabel("Escolher a foto")
        .setInputFiles({
          name: "retrato.png",
          mimeType: "image/png",
          buffer: await plainJpeg(400, 400, "#d08050"),
        });
      await field().getByLabel("Texto alternativo").fill(alt);
      await form().getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByTestId("toaster")).toContainText("Alterações salvas", { timeout: 30_000 });
      try {
        await page.goto("/?secoes=todas");
        const img = page.locator("#depoimentos figure").first().locator("picture img");
        await expect(img).toHaveAttribute("alt", alt);
        await expect(img).toHaveAttribute("width", "400");
        await expect(img).toHaveAttribute("loading", "lazy");
      } finally {
        await page.goto("/admin/conteudo/depoimentos");
        await field().getByLabel("Remover a foto").check();
        await form().getByRole("button", { name: "Salvar" }).click();
        await expect(page.getByTestId("toaster")).toContainText("Alterações salvas");
        await expect(field().getByText("Nenhuma foto.")).toBeVisible();
      }
    });
  });
});
