import { expect, openE2eDb, test, uniqueEmail } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * Polo pages through a real browser, with and without JavaScript (decision 085): the studio's polo
 * form (a taken slug refused next to its field; address, hours, WhatsApp and the courses offered
 * saved), the page showing them as text with its map link and JSON-LD, the home finder's link, and
 * the page's enrolment form storing a lead with the polo filled. Each project edits its own polo.
 */

const POLOS = {
  js: { id: "6", slug: "betim-centro-mg", label: "Betim - Centro - MG" },
  "no-js": { id: "7", slug: "sete-lagoas-centro-mg", label: "Sete Lagoas - Centro - MG" },
} as const;

const COURSE = { name: "Enfermagem", path: "/enfermagem" };

test.describe("polo pages", () => {
  test("the studio saves a polo's page and courses; the page shows them as text, with a map link and JSON-LD", async ({
    page,
  }, testInfo) => {
    const polo = POLOS[testInfo.project.name as keyof typeof POLOS];
    await exclusively(`polo-${polo.id}`, async () => {
      await openAsAdmin(page, `/admin/conteudo/polos?polo=${polo.id}`);
      const slug = page.getByLabel("Endereço da página do polo");
      await expect(slug).toHaveValue(polo.slug);
      // Another polo's page: refused next to the field, nothing saved.
      await slug.fill("belo-horizonte-savassi-mg");
      await page.getByLabel("Endereço", { exact: true }).fill("Rua <b>Doze</b>, 34 - Centro");
      await page.getByRole("button", { name: "Salvar polo" }).click();
      await expect(slug).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Este endereço já é da página de outro polo - escolha outro")).toBeVisible();
      expect((await page.request.get(`/polos/${polo.slug}`)).status()).toBe(200);

      await slug.fill(polo.slug);
      await page.getByLabel("Endereço", { exact: true }).fill("Rua <b>Doze</b>, 34 - Centro");
      await page.getByLabel("Horário de atendimento").fill("Segunda a sexta, das 8h às 20h");
      await page.getByLabel("WhatsApp do polo").fill("(31) 97777-6666");
      await page.getByTestId("polo-courses").getByLabel(`${COURSE.name} (Saúde)`).check();
      await saveStudioForm(page, page, "Salvar polo");
    });

    await page.goto("/?secoes=todas#onde-estudar");
    await page.getByTestId("polo-list").getByRole("link", { name: polo.label }).click();
    await expect(page).toHaveURL(new RegExp(`/polos/${polo.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(polo.label);
    const details = page.getByTestId("polo-details");
    await expect(details).toContainText("Rua <b>Doze</b>, 34 - Centro");
    await expect(details).toContainText("Segunda a sexta, das 8h às 20h");
    await expect(details.getByTestId("polo-whatsapp")).toHaveText(/\(31\) 97777-6666/);
    await expect(details.getByRole("link", { name: /Ver no mapa/ })).toHaveAttribute(
      "href",
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`Rua <b>Doze</b>, 34 - Centro, ${polo.label}`)}`,
    );
    await expect(page.getByTestId("polo-courses").getByRole("link", { name: COURSE.name })).toHaveAttribute("href", COURSE.path);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const place = jsonLd.map((text) => JSON.parse(text)).find((item) => item["@type"]?.includes?.("LocalBusiness"));
    expect(place).toMatchObject({
      "@type": ["EducationalOrganization", "LocalBusiness"],
      address: { streetAddress: "Rua <b>Doze</b>, 34 - Centro", addressRegion: "MG", addressCountry: "BR" },
    });
    // No map embed and no other site's script: the map is a link.
    expect(await page.locator("iframe").count()).toBe(0);
    const scripts = await page.locator("script[src]").evaluateAll((els) => els.map((el) => el.getAttribute("src")));
    for (const src of scripts) expect(src).toMatch(/^\/assets\/islands\//);
  });

  test("the page's enrolment form refuses bad input, then stores a lead with the polo filled", async ({ page }, testInfo) => {
    const polo = POLOS[testInfo.project.name as keyof typeof POLOS];
    const email = uniqueEmail("polo");
    await page.goto(`/polos/${polo.slug}`);
    const form = page.getByTestId("polo-form");
    await expect(form.getByLabel("Polo de preferência", { exact: true })).toHaveValue(polo.label);
    await form.getByLabel("Nome completo", { exact: true }).fill("Ana Paula Souza");
    await form.getByLabel("Telefone (WhatsApp)", { exact: true }).fill("(31) 98888-5555");
    await form.getByLabel("E-mail", { exact: true }).fill(email);
    await form.getByLabel("Cidade", { exact: true }).fill("Betim");
    await form.getByLabel("Curso de interesse", { exact: true }).selectOption(COURSE.name);
    await form.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expect(page.getByText("Para continuar, aceite a Política de Privacidade")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/polos/${polo.slug}$`));
    await expect(form.getByLabel("Polo de preferência", { exact: true })).toHaveValue(polo.label);
    await form.getByLabel(/Li e aceito a Política de Privacidade/).check();
    await form.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expect(page).toHaveURL(/\/inscricao\?enviado=1/);
    await expect(page.getByRole("heading", { name: "Inscrição recebida!" })).toBeVisible();
    const db = openE2eDb();
    try {
      const row = db.prepare("SELECT polo, origem, curso_interesse AS curso FROM leads WHERE email = ?").get(email);
      expect(row).toEqual({ polo: polo.label, origem: "inscricao", curso: COURSE.name });
    } finally {
      db.close();
    }
  });
});
