import type { Locator, Page } from "@playwright/test";

import { saoPauloDate } from "../../app/lib/dates";
import { expect, test } from "../support/fixtures";
import { openAsAdmin } from "../support/studio";

/**
 * The studio's "Página inicial", "FAQ" and "Depoimentos" through a real browser, with and without
 * JavaScript: a refused value is shown next to its field with what was typed kept; a save is on the
 * home page at the next request. The shared e2e server keeps the seed for the other specs: the hero
 * text and the countdown are put back, and the added question and testimonial are removed again.
 */

const HOME_STUDIO = "/admin/conteudo/inicio";
const FAQ_STUDIO = "/admin/conteudo/faq";
const TESTIMONIALS_STUDIO = "/admin/conteudo/depoimentos";
const SEED_HERO_TEXT =
  "Cursos EAD, híbridos e presenciais reconhecidos pelo MEC, com 35 anos de tradição e polos perto de você. Estude no seu ritmo e pague menos.";

/** The message a field points at with aria-describedby. */
async function messageOf(page: Page, field: Locator) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  return page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`);
}

async function save(page: Page, form: Page | Locator, name = "Salvar") {
  await form.getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId("toaster")).toContainText("Alterações salvas");
}

/** YYYY-MM-DD of the São Paulo day `days` after today. */
function dayFromNow(days: number): string {
  const [y, m, d] = saoPauloDate(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test.describe("studio: Página inicial", () => {
  test("a bolsa above the offers is refused next to its field; the hero text and a countdown date are live at once", async ({
    page,
    jsEnabled,
  }) => {
    const text = `Estude com a gente (${jsEnabled ? "js" : "no-js"} ${Date.now()}).`;
    await openAsAdmin(page, HOME_STUDIO);
    await expect(page.getByRole("heading", { level: 1, name: "Página inicial" })).toBeVisible();

    await page.getByLabel("Texto", { exact: true }).fill(text);
    await page.getByLabel("Bolsa (%)").fill("70");
    await page.getByRole("button", { name: "Salvar" }).click();
    const bolsa = page.getByLabel("Bolsa (%)");
    await expect(await messageOf(page, bolsa)).toHaveText(
      "A bolsa anunciada não pode passar do maior desconto das ofertas ativas (60%)",
    );
    await expect(page.getByLabel("Texto", { exact: true })).toHaveValue(text);

    // The countdown to a date 20 days ahead: 19 or 20 whole days are left, never zero.
    await bolsa.fill("");
    await page.getByLabel("Até uma data").check();
    await page.getByLabel("Data final").fill(dayFromNow(20));
    await save(page, page);

    await page.goto("/");
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.locator("#hero-titulo")).toHaveText("Sua graduação com bolsa de até 60%");
    const days = await page.getByTestId("countdown").locator('[data-unit="days"]').textContent();
    expect(["19", "20"]).toContain(days?.trim());

    // Back to the seed: its text and the campaign's deadline.
    await page.goto(HOME_STUDIO);
    await page.getByLabel("Texto", { exact: true }).fill(SEED_HERO_TEXT);
    await page.getByLabel("Usar o prazo da campanha").check();
    await page.getByLabel("Data final").fill("");
    await save(page, page);
    await page.goto("/");
    await expect(page.getByText(SEED_HERO_TEXT)).toBeVisible();
  });
});

test.describe("studio: FAQ", () => {
  test("adds a question, refuses a promise above the offers, moves it up with 'Subir', removes it", async ({
    page,
    jsEnabled,
  }) => {
    const question = `Posso estudar pelo celular? (${jsEnabled ? "js" : "no-js"} ${Date.now()})`;
    await openAsAdmin(page, FAQ_STUDIO);
    await expect(page.getByRole("heading", { level: 1, name: "FAQ" })).toBeVisible();

    const added = page.getByRole("form", { name: "Nova pergunta" });
    await added.getByLabel("Pergunta").fill(question);
    await added.getByLabel("Resposta").fill("Sim, e com bolsa de até 90%.");
    await added.getByRole("button", { name: "Adicionar pergunta" }).click();
    const answer = page.getByRole("form", { name: "Nova pergunta" }).getByLabel("Resposta");
    await expect(await messageOf(page, answer)).toContainText(
      "O texto anuncia 90%, mais que o maior desconto das ofertas ativas (60%)",
    );
    await expect(page.getByRole("form", { name: "Nova pergunta" }).getByLabel("Pergunta")).toHaveValue(question);

    await answer.fill("Sim, pelo aplicativo, com bolsa de até {bolsa}.");
    await save(page, page.getByRole("form", { name: "Nova pergunta" }), "Adicionar pergunta");

    await page.goto("/");
    const summaries = page.getByTestId("faq-list").locator("summary");
    const texts = async () => (await summaries.allTextContents()).map((item) => item.replace(/\+$/, "").trim());
    expect((await texts()).at(-1)).toBe(question);
    const item = page.getByTestId("faq-list").locator("details").last();
    await item.locator("summary").click();
    await expect(item).toContainText("Sim, pelo aplicativo, com bolsa de até 60%.");

    await page.goto(FAQ_STUDIO);
    const own = () => page.getByRole("form").filter({ has: page.locator(`input[value="${question}"]`) });
    await save(page, own(), "Subir");
    await page.goto("/");
    const order = await texts();
    expect(order.indexOf(question)).toBe(order.length - 2);

    await page.goto(FAQ_STUDIO);
    await save(page, own(), "Remover");
    await expect(own()).toHaveCount(0);
    await page.goto("/");
    expect(await texts()).not.toContain(question);
  });
});

test.describe("studio: Depoimentos", () => {
  test("a testimonial without a course is refused next to the field; a new one shows on the home page, then goes", async ({
    page,
    jsEnabled,
  }) => {
    const name = `Roberta ${jsEnabled ? "Js" : "Nojs"} ${Date.now()}`;
    await openAsAdmin(page, TESTIMONIALS_STUDIO);
    await expect(page.getByRole("heading", { level: 1, name: "Depoimentos" })).toBeVisible();

    const form = () => page.getByRole("form", { name: "Novo depoimento" });
    await form().getByLabel("Nome").fill(name);
    await form().getByLabel("Curso").fill("   ");
    await form().getByLabel("Depoimento").fill("Consegui conciliar trabalho e estudo. <script>alert(1)</script>");
    await form().getByRole("button", { name: "Adicionar depoimento" }).click();
    await expect(await messageOf(page, form().getByLabel("Curso"))).toHaveText("Campo obrigatório");
    await expect(form().getByLabel("Nome")).toHaveValue(name);

    await form().getByLabel("Curso").fill("Gestão Financeira");
    await save(page, form(), "Adicionar depoimento");

    await page.goto("/");
    const figure = page.locator("#depoimentos figure").filter({ hasText: name });
    await expect(figure).toContainText("Gestão Financeira");
    // Shown as text, never run.
    await expect(figure).toContainText("<script>alert(1)</script>");

    await page.goto(TESTIMONIALS_STUDIO);
    await save(page, page.getByRole("form").filter({ has: page.locator(`input[value="${name}"]`) }), "Remover");
    await page.goto("/");
    await expect(page.locator("#depoimentos figure").filter({ hasText: name })).toHaveCount(0);
    await expect(page.locator("#depoimentos figure")).toHaveCount(3);
  });
});
