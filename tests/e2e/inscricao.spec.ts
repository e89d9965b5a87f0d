import { fillEnrolmentForm } from "../support/enrolment-form";
import { expect, openE2eDb, test, uniqueEmail } from "../support/fixtures";

type LeadRow = {
  origem: string;
  nome: string;
  telefone: string;
  email: string;
  cidade: string;
  curso_interesse: string;
  polo: string;
  tentativas: number;
  consentimento_versao: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
};

function leadsFor(email: string): LeadRow[] {
  const db = openE2eDb();
  try {
    return db.prepare("SELECT * FROM leads WHERE email = ?").all(email) as LeadRow[];
  } finally {
    db.close();
  }
}

test.describe("enrolment form (/inscricao)", () => {
  test("bad input shows each field's message and keeps what was typed", async ({ page }) => {
    const email = uniqueEmail("invalido").replace("@example.com", "@");
    await page.goto("/inscricao");
    await expect(page.getByRole("heading", { level: 1, name: "Garanta sua vaga" })).toBeVisible();
    await page.getByLabel("Nome completo", { exact: true }).fill("Ana");
    await page.getByLabel("Telefone (WhatsApp)", { exact: true }).fill("(31)9999");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();

    await expect(page.getByText("Nome completo é obrigatório")).toBeVisible();
    await expect(page.getByText("Telefone inválido - Formato: (99)99999-9999")).toBeVisible();
    await expect(page.getByText("E-mail inválido")).toBeVisible();
    await expect(page.getByText("Informe a sua cidade")).toBeVisible();
    await expect(page.getByText("Por favor, selecione uma opção")).toHaveCount(2);
    await expect(page.getByText("Para continuar, aceite a Política de Privacidade")).toBeVisible();

    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue("Ana");
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Telefone (WhatsApp)", { exact: true })).toHaveValue("(31)9999");
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveAccessibleDescription("E-mail inválido");
    expect(leadsFor(email.toLowerCase())).toHaveLength(0);
  });

  test("good input stores exactly one lead and shows the thank-you state", async ({ page }) => {
    const email = uniqueEmail("inscricao");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/inscricao?utm_source=e2e&utm_campaign=inscricao-teste");
    await fillEnrolmentForm(page, {
      nome: "Maria Aparecida da Silva",
      telefone: "31999998888",
      email,
      cidade: "Belo Horizonte",
      curso: "Enfermagem",
      polo: "Belo Horizonte - Centro - MG",
    });
    await page.getByRole("button", { name: "Quero garantir minha vaga" }).click();

    // On a phone the confirmation is the page's heading, in its first screen.
    await expect(page.getByRole("heading", { level: 1, name: "Inscrição recebida!" })).toBeInViewport();
    await expect(page).toHaveURL(/\/inscricao\?enviado=1/);
    const rows = leadsFor(email);
    expect(rows).toMatchObject([
      {
        origem: "inscricao",
        nome: "Maria Aparecida da Silva",
        telefone: "(31)99999-8888",
        cidade: "Belo Horizonte",
        curso_interesse: "Enfermagem",
        polo: "Belo Horizonte - Centro - MG",
        tentativas: 1,
        utm_source: "e2e",
        utm_campaign: "inscricao-teste",
      },
    ]);
    expect(rows[0].consentimento_versao).toBeTruthy();
  });

  test("the consultant form stores its own origin; embedded it shows without the site chrome", async ({ page }) => {
    const email = uniqueEmail("consultor");
    await page.goto("/inscricao?tipo=contato&embed=1");
    await expect(page.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await fillEnrolmentForm(page, {
      nome: "Carlos Eduardo Souza",
      telefone: "(67) 98888-7777",
      email,
      cidade: "Campo Grande",
      curso: "Ainda não decidi",
      polo: "Ainda não sei",
    });
    await page.getByRole("button", { name: "Quero falar com um consultor" }).click();
    await expect(page.getByRole("heading", { name: "Recebemos seu contato!" })).toBeVisible();
    await expect(page).toHaveURL(/embed=1/);
    await expect(page.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
    expect(leadsFor(email)).toMatchObject([{ origem: "contato", telefone: "(67)98888-7777" }]);
  });

  test("the tab's title says what each kind of form offers", async ({ page }) => {
    for (const [url, heading, title] of [
      ["/inscricao", "Garanta sua vaga", "Inscreva-se - Garanta sua vaga com desconto"],
      ["/inscricao?tipo=contato", "Fale com um consultor", "Fale com um consultor - Inscreva-se"],
      ["/inscricao?tipo=bolsa", "Solicite sua bolsa", "Solicite sua bolsa - Inscreva-se"],
    ]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(new RegExp(`^${title}`));
    }
  });

  test("the examples in the fields name no area code, city or domain of one institution", async ({ page }) => {
    await page.goto("/inscricao");
    const examples = await page
      .locator("main input[placeholder]")
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute("placeholder") ?? ""));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) expect(example).not.toMatch(/\((?!00\))\d{2}\)|@\w+\.\w+|exemplo/i);
  });

  test("the page shows the site chrome when not embedded", async ({ page }) => {
    await page.goto("/inscricao");
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Política de Privacidade" }).first()).toHaveAttribute("href", "/privacidade");
  });
});

test.describe("form modal", () => {
  test("the header 'Inscreva-se' opens the form in a modal; Esc closes it and focus returns", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the modal is a JavaScript enhancement");
    await page.goto("/teste-vocacional"); // a page that loads React (the plain ones link: decisions 092, 098)
    const opener = page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" });
    await opener.click();

    const dialog = page.getByRole("dialog", { name: "Inscreva-se" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Preencha o formulário para garantir sua vaga com desconto exclusivo.");
    const frame = dialog.locator('iframe[title="Formulário de Inscrição"]');
    await expect(frame).toHaveAttribute("loading", "lazy");
    await expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
    await expect(frame).toHaveAttribute("src", "/inscricao?embed=1");
    await expect(page).toHaveURL(/\/teste-vocacional$/);
    // The embedded form loads, without the site's header.
    const form = page.frameLocator('iframe[title="Formulário de Inscrição"]');
    await expect(form.getByLabel("Nome completo", { exact: true })).toBeVisible();
    await expect(form.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
    // Scroll locked while open, released once closed (the lock is undone when React re-renders, just after the focus returns).
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

    // Esc also closes it while the visitor is typing inside the embedded form.
    await opener.click();
    await expect(dialog).toBeVisible();
    await form.getByLabel("Nome completo", { exact: true }).fill("Ana");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the modal's close button closes it; a lead submitted inside it is stored", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the modal is a JavaScript enhancement");
    const email = uniqueEmail("modal");
    await page.goto("/teste-vocacional"); // a page that loads React (the plain ones link: decisions 092, 098)
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" }).click();
    const form = page.frameLocator('iframe[title="Formulário de Inscrição"]');
    await form.getByLabel("Nome completo", { exact: true }).fill("Joana Ribeiro Lima");
    await form.getByLabel("Telefone (WhatsApp)", { exact: true }).pressSequentially("84988887777");
    await expect(form.getByLabel("Telefone (WhatsApp)", { exact: true })).toHaveValue("(84)98888-7777");
    await form.getByLabel("E-mail", { exact: true }).fill(email);
    await form.getByLabel("Cidade", { exact: true }).fill("Natal");
    await form.getByLabel("Curso de interesse", { exact: true }).selectOption("Direito");
    await form.getByLabel("Polo de preferência", { exact: true }).selectOption("Natal - Ponta Negra - RN");
    await form.getByLabel(/Li e aceito/).check();
    await form.getByRole("button", { name: "Quero garantir minha vaga" }).click();
    await expect(form.getByRole("heading", { name: "Inscrição recebida!" })).toBeVisible();
    expect(leadsFor(email)).toMatchObject([{ origem: "inscricao", curso_interesse: "Direito", cidade: "Natal" }]);

    await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("at a desktop viewport the modal is 625 px wide and at most 90vh high; the form frame is at least 600 px high, as tall as the form", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the modal is a JavaScript enhancement");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/teste-vocacional"); // a page that loads React (the plain ones link: decisions 092, 098)
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" }).click();
    const dialog = page.getByRole("dialog", { name: "Inscreva-se" });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator('iframe[title="Formulário de Inscrição"]');
    await expect(frame).toBeVisible();
    await expect(
      page.frameLocator('iframe[title="Formulário de Inscrição"]').getByLabel("Nome completo", { exact: true }),
    ).toBeVisible();
    await expect
      .poll(() => frame.evaluate((el: HTMLIFrameElement) => el.contentDocument!.documentElement.scrollHeight - el.clientHeight))
      .toBeLessThanOrEqual(0);

    const dialogBox = (await dialog.boundingBox())!;
    const frameBox = (await frame.boundingBox())!;
    expect(dialogBox.width).toBeCloseTo(625, 0);
    expect(frameBox.width).toBeCloseTo(625, 0);
    // The spec's 600 px, or more: our own form reports its height and nothing scrolls inside the frame.
    expect(frameBox.height).toBeGreaterThanOrEqual(600);
    const frameHeight = frameBox.height;
    expect(dialogBox.height).toBeLessThanOrEqual(900 * 0.9 + 0.5);
    // Centred on the page.
    expect(dialogBox.x + dialogBox.width / 2).toBeCloseTo(1280 / 2, 0);

    // On a short desktop window the modal stops at 90vh and scrolls; the frame keeps its height.
    await page.setViewportSize({ width: 1280, height: 600 });
    await expect.poll(async () => (await dialog.boundingBox())!.height).toBeCloseTo(600 * 0.9, 0);
    expect((await frame.boundingBox())!.height).toBeCloseTo(frameHeight, 0);
    expect((await dialog.boundingBox())!.width).toBeCloseTo(625, 0);
    const scrolls = await dialog.evaluate((el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === "auto");
    expect(scrolls).toBe(true);
  });

  test("without JavaScript the header 'Inscreva-se' goes to the enrolment form", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "checks the plain link");
    await page.goto("/privacidade");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inscreva-se" }).click();
    await expect(page).toHaveURL(/\/inscricao$/);
    await expect(page.getByLabel("Nome completo", { exact: true })).toBeVisible();
  });
});
