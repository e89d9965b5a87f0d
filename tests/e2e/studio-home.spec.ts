import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";

import { saoPauloDate } from "../../app/shared/dates";
import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The studio's "Página inicial", "FAQ" and "Depoimentos" through a real browser, with and without
 * JavaScript: a refused value is shown next to its field with what was typed kept; a save is on the
 * home page at the next request. The shared e2e server keeps the seed for the other specs, which
 * count the FAQ's questions and the testimonials while this spec may run: nothing is added or
 * removed here (the integration tests add, remove and reorder), edited texts and places are put back.
 */

const HOME_STUDIO = "/admin/conteudo/inicio";
const FAQ_STUDIO = "/admin/conteudo/faq";
const TESTIMONIALS_STUDIO = "/admin/conteudo/depoimentos";
const SEED_HERO_TEXT = "Cursos EAD, semipresenciais e presenciais com polos perto de você. Estude no seu ritmo e pague menos.";

/** The message a field points at with aria-describedby. */
async function messageOf(page: Page, field: Locator) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  return page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`);
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
    await exclusively("inicio", async () => {
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
      await saveStudioForm(page, page);

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
      await saveStudioForm(page, page);
      await page.goto("/");
      await expect(page.getByText(SEED_HERO_TEXT)).toBeVisible();
    });
  });
});

test.describe("studio: FAQ", () => {
  test("an answer promising more than the offers is refused next to it; a saved answer and 'Subir'/'Descer' are live at once", async ({
    page,
    jsEnabled,
  }) => {
    await exclusively("faq", async () => {
      const marker = `${jsEnabled ? "js" : "no-js"} ${Date.now()}`;
      await openAsAdmin(page, FAQ_STUDIO);
      await expect(page.getByRole("heading", { level: 1, name: "FAQ" })).toBeVisible();
      // The last question ("Preciso ir ao polo?"): its text and its place change, then both go back.
      const last = () => page.getByRole("form", { name: "Pergunta 6" });
      const question = await last().getByLabel("Pergunta").inputValue();
      const original = await last().getByLabel("Resposta").inputValue();

      await last().getByLabel("Resposta").fill(`Sim, com bolsa de até 90% (${marker}).`);
      await last().getByRole("button", { name: "Salvar" }).click();
      await expect(await messageOf(page, last().getByLabel("Resposta"))).toContainText(
        "O texto anuncia 90%, mais que o maior desconto das ofertas ativas (60%)",
      );
      await expect(last().getByLabel("Resposta")).toHaveValue(`Sim, com bolsa de até 90% (${marker}).`);

      await last().getByLabel("Resposta").fill(`Sim, com bolsa de até {bolsa} (${marker}).`);
      await saveStudioForm(page, last());

      await page.goto("/?secoes=todas");
      const items = page.getByTestId("faq-list").locator("details");
      const questions = async () =>
        (await items.locator("summary").allTextContents()).map((text) => text.replace(/\+$/, "").trim());
      await items.last().locator("summary").click();
      await expect(items.last()).toContainText(`Sim, com bolsa de até 60% (${marker}).`);
      expect((await questions()).at(-1)).toBe(question);

      await page.goto(FAQ_STUDIO);
      await saveStudioForm(page, last(), "Subir");
      await page.goto("/?secoes=todas");
      expect((await questions()).at(-2)).toBe(question);

      // Back: 'Descer' and the seeded answer.
      await page.goto(FAQ_STUDIO);
      await saveStudioForm(page, page.getByRole("form", { name: "Pergunta 5" }), "Descer");
      await last().getByLabel("Resposta").fill(original);
      await saveStudioForm(page, last());
      await page.goto("/?secoes=todas");
      expect((await questions()).at(-1)).toBe(question);
      await expect(page.getByText(marker)).toHaveCount(0);
    });
  });
});

test.describe("studio: Depoimentos", () => {
  test("a testimonial without a name is refused next to the field; an edited text shows on the home page as text", async ({
    page,
    jsEnabled,
  }) => {
    await exclusively("depoimentos", async () => {
      const marker = `${jsEnabled ? "js" : "no-js"} ${Date.now()}`;
      await openAsAdmin(page, TESTIMONIALS_STUDIO);
      await expect(page.getByRole("heading", { level: 1, name: "Depoimentos" })).toBeVisible();
      const form = () => page.getByRole("form", { name: /^Depoimento 3:/ });
      const original = await form().getByLabel("Depoimento").inputValue();
      const edited = `Conciliei trabalho e estudo <script>alert(1)</script> (${marker}).`;

      await form().getByLabel("Nome").fill("   ");
      await form().getByLabel("Depoimento").fill(edited);
      await form().getByRole("button", { name: "Salvar" }).click();
      await expect(await messageOf(page, form().getByLabel("Nome"))).toHaveText("Campo obrigatório");
      await expect(form().getByLabel("Depoimento")).toHaveValue(edited);

      await form().getByLabel("Nome").fill("Juliana Santos");
      await saveStudioForm(page, form());

      await page.goto("/?secoes=todas");
      const figure = page.locator("#depoimentos figure").filter({ hasText: marker });
      // Shown as text, never run.
      await expect(figure).toContainText(edited);
      await expect(figure).toContainText("Juliana Santos");
      await expect(page.locator("#depoimentos figure")).toHaveCount(3);

      await page.goto(TESTIMONIALS_STUDIO);
      await form().getByLabel("Depoimento").fill(original);
      await saveStudioForm(page, form());
      await page.goto("/?secoes=todas");
      await expect(page.getByText(marker)).toHaveCount(0);
    });
  });
});

test.describe("studio home pages: screen readers and keyboards", () => {
  test("the three pages, and one showing a refusal, have no serious accessibility violation", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "axe runs as a script inside the page");
    const scan = async () => {
      const results = await new AxeBuilder({ page }).include("main").analyze();
      return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
    };
    await openAsAdmin(page, FAQ_STUDIO);
    expect(await scan()).toEqual([]);
    await page.goto(TESTIMONIALS_STUDIO);
    expect(await scan()).toEqual([]);
    await page.goto(HOME_STUDIO);
    expect(await scan()).toEqual([]);
    // A refused save (nothing stored): the message is tied to its field.
    await page.getByLabel("Bolsa (%)").fill("99");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByLabel("Bolsa (%)")).toHaveAttribute("aria-invalid", "true");
    expect(await scan()).toEqual([]);
  });
});
