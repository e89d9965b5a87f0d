import type { Page } from "@playwright/test";

import { expect, test } from "../support/fixtures";
import { exclusively, openAsAdmin, saveStudioForm } from "../support/studio";

/**
 * The MEC's information through a real browser, with and without JavaScript (decision 084): the
 * e-MEC seal with its QR code in the footer of public pages once the studio has the code and the
 * link, the Encarregado on /privacidade, a course's "Condições de oferta" on its page and the
 * institution's /condicoes-de-oferta. Both projects save the same values (idempotent saves).
 */

const EMEC_URL = "https://emec.mec.gov.br/emec/consulta-cadastro/detalhamento/4321";
const COURSE = { id: "76", path: "/gestao-de-eventos", name: "Gestão de Eventos" };

async function fillInstitution(page: Page) {
  await openAsAdmin(page, "/admin/conteudo/instituicao");
  await page.getByLabel("Código e-MEC da instituição").fill("43A1");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByLabel("Código e-MEC da instituição")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Código e-MEC inválido - use só os números, ex.: 1234")).toBeVisible();
  await page.getByLabel("Código e-MEC da instituição").fill("4321");
  await page.getByLabel("Link do cadastro no e-MEC").fill(EMEC_URL);
  await page.getByLabel("Encarregado de dados (LGPD)").fill("Carla <b>Dias</b>");
  await page.getByLabel("E-mail do Encarregado").fill("encarregado@exemplo.edu.br");
  await saveStudioForm(page);
}

test.describe("MEC information", () => {
  test("the e-MEC seal with its QR code is in the footer of public pages; the Encarregado on /privacidade", async ({ page }) => {
    await exclusively("institution", () => fillInstitution(page));
    for (const path of ["/", "/bolsas", COURSE.path, "/condicoes-de-oferta"]) {
      await page.goto(path);
      const seal = page.getByRole("contentinfo").getByTestId("emec-seal");
      await expect(seal).toHaveAttribute("href", EMEC_URL);
      await expect(seal).toContainText("Código e-MEC: 4321");
      const qr = seal.getByRole("img", { name: "QR code do cadastro da instituição no e-MEC" });
      await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await page.goto("/privacidade");
    // HTML typed in the studio is shown as text.
    await expect(page.getByTestId("encarregado")).toContainText("Carla <b>Dias</b>");
    await expect(page.getByTestId("encarregado").getByRole("link", { name: "encarregado@exemplo.edu.br" })).toBeVisible();
  });

  test("a course's conditions of offer: refused bad input, then its page and /condicoes-de-oferta show them", async ({
    page,
  }) => {
    await exclusively(`course-${COURSE.id}`, async () => {
      await openAsAdmin(page, `/admin/conteudo/cursos/${COURSE.id}`);
      await page.getByLabel("Ato regulatório").selectOption("Reconhecimento");
      await page.getByLabel("Número do ato").fill("Portaria nº 987");
      await page.getByLabel("Data de publicação no DOU").fill("2024-31-12");
      await page.getByRole("button", { name: "Salvar" }).click();
      await expect(page.getByLabel("Data de publicação no DOU")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Data do DOU inválida - use o formato DD/MM/AAAA")).toBeVisible();
      await page.getByLabel("Data de publicação no DOU").fill("12/03/2024");
      await page.getByLabel("Última avaliação do MEC").selectOption("CPC");
      await page.getByLabel("Conceito").fill("4");
      await page.getByLabel("Ano da avaliação").fill("2022");
      await page.getByLabel("Coordenador(a) do curso").fill("Paula <i>Reis</i>");
      await page.getByLabel("Carga horária total (horas)").fill("1600");
      await page.getByLabel("Matriz curricular").fill("Fundamentos de eventos; Cerimonial\nProdução de eventos; Marketing");
      await page.getByLabel("Regra de reajuste da mensalidade").fill("Reajuste anual na renovação da matrícula");
      await page.locator('input[name^="poloIds"]').first().check();
      await saveStudioForm(page);
    });

    await page.goto(COURSE.path);
    const section = page.getByTestId("course-conditions");
    await expect(section.getByRole("heading", { level: 2, name: "Condições de oferta" })).toBeVisible();
    await expect(section).toContainText("Reconhecimento: Portaria nº 987, publicado no DOU em 12/03/2024");
    await expect(section).toContainText("CPC 4 (2022)");
    await expect(section).toContainText("Paula <i>Reis</i>");
    await expect(section.getByTestId("curriculum").getByRole("listitem")).toHaveText([
      "1º período: Fundamentos de eventos; Cerimonial",
      "2º período: Produção de eventos; Marketing",
    ]);

    await section.getByRole("link", { name: "Condições de oferta da instituição" }).click();
    await expect(page).toHaveURL(/\/condicoes-de-oferta$/);
    const row = page.getByTestId("courses-conditions").getByRole("row", { name: new RegExp(COURSE.name) });
    await expect(row).toContainText("Portaria nº 987");
    await expect(row).toContainText("CPC 4 (2022)");
    // A course nobody has completed says so; nothing is invented.
    await expect(page.getByTestId("courses-conditions").getByRole("row", { name: /Hotelaria/ })).toContainText(
      "Não informado pela instituição",
    );
  });
});
