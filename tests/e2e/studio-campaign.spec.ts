import type { Page } from "@playwright/test";

import { formatDayMonth } from "../../app/features/campaign/campaign";
import { saoPauloDate } from "../../app/shared/dates";
import { expect, test, waitForHydration } from "../support/fixtures";
import { openAsAdmin } from "../support/studio";

/**
 * The studio's "Campanha" page, through a real browser, with and without JavaScript: a headline
 * promising more than the best offer is refused next to its field with what was typed kept; a
 * card's text and date are on /campanha-relampago at the next request. The js and no-js runs
 * each change their own card, which no other spec looks at (Técnicos, Pós-graduação), and put it
 * back at the end.
 */

const PATH = "/admin/conteudo/campanha";
/** Each run's own card: the runs may overlap, and neither must see the other's change. */
const CARDS = {
  js: { legend: "Oferta 6", title: "Técnicos", seed: "Cursos técnicos com certificado reconhecido." },
  noJs: { legend: "Oferta 4", title: "Pós-graduação", seed: "Especializações e MBAs 100% on-line." },
};

/**
 * Saves the form at `path` after `fill`. The js and no-js runs of this file may edit one document at
 * the same time: a save refused because the other run saved first is done again on a fresh page.
 */
async function save(page: Page, path: string, fill: () => Promise<void>) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await fill();
    await page.getByRole("button", { name: "Salvar" }).click();
    const outcome = await Promise.race([
      page
        .getByTestId("toaster")
        .getByText("Alterações salvas")
        .waitFor()
        .then(() => "saved"),
      page
        .getByTestId("form-alert")
        .getByText(/Este conteúdo foi alterado por/)
        .waitFor()
        .then(() => "conflict"),
    ]);
    if (outcome === "saved") return;
    await page.goto(path);
  }
  throw new Error(`${path} could not be saved`);
}

test.describe("studio: Campanha", () => {
  test("an untrue headline is refused next to its field; a card's text and date are on the campaign page at once", async ({
    page,
    jsEnabled,
  }) => {
    const own = jsEnabled ? CARDS.js : CARDS.noJs;
    const details = `${own.title} ${jsEnabled ? "js" : "sem-js"} ${Date.now()}.`;
    const tomorrow = saoPauloDate(new Date(Date.now() + 24 * 3600 * 1000));
    await openAsAdmin(page, PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Campanha" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Seções do conteúdo" }).getByRole("link", { name: "Campanha", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    const lastOffer = page.getByRole("group", { name: own.legend, exact: true });
    await expect(lastOffer.getByLabel("Modalidade")).toHaveValue(own.title);

    // 70% is more than the best offer gives (50% + 10%): refused, next to the field, typing kept.
    await page.getByLabel("Desconto do título (%)").fill("70");
    await lastOffer.getByLabel("Descrição").fill(details);
    await page.getByRole("button", { name: "Salvar" }).click();
    const headline = page.getByLabel("Desconto do título (%)");
    await expect(headline).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await headline.getAttribute("aria-describedby")) ?? "";
    const message = page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`);
    await expect(message).toHaveText("O título promete até 70%, mas o maior desconto das ofertas ativas é 60%");
    await expect(headline).toHaveValue("70");
    await expect(lastOffer.getByLabel("Descrição")).toHaveValue(details);

    await save(page, PATH, async () => {
      await page.getByLabel("Desconto do título (%)").fill("60");
      await lastOffer.getByLabel("Descrição").fill(details);
      await lastOffer.getByLabel("Válida até").fill(tomorrow);
    });

    await page.goto("/campanha-relampago");
    const card = page
      .locator("section", { has: page.getByRole("heading", { name: "Modalidades e Descontos" }) })
      .locator("ul > li")
      .filter({ has: page.getByRole("heading", { name: own.title, exact: true }) });
    await expect(card).toContainText(details);
    await expect(card).toContainText(`Válido até ${formatDayMonth(`${tomorrow}T12:00:00-03:00`)}.`);
    await expect(page.getByTestId("campaign-headline")).toHaveText("Até 60% de desconto!");

    // Put the seed back: the card lasts as long as the campaign, with its own text.
    await page.goto(PATH);
    await save(page, PATH, async () => {
      await lastOffer.getByLabel("Descrição").fill(own.seed);
      await lastOffer.getByLabel("Válida até").fill("");
    });
    await page.goto("/campanha-relampago");
    await expect(page.getByText(details)).toHaveCount(0);
  });

  test("a validity date that has passed is refused next to its field", async ({ page }) => {
    await openAsAdmin(page, PATH);
    const price = page.getByRole("group", { name: "Preço regular 2 (AGORA EU POSSO)" });
    await price.getByLabel("Válido até").fill("2020-01-31");
    await page.getByRole("button", { name: "Salvar" }).click();
    const field = price.getByLabel("Válido até");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(price).toContainText(
      'A validade do preço "Profissionalizantes" (31/01/2020) já passou: o cartão não aparece no site',
    );
    await expect(field).toHaveValue("2020-01-31");
  });
});

test.describe("studio: Clube e Trabalhe conosco", () => {
  const CLUB_PATH = "/admin/conteudo/clube";

  test("'Adicionar jogo' adds a row and 'Remover' takes it away, with or without JavaScript (nothing saved)", async ({
    page,
  }) => {
    await openAsAdmin(page, CLUB_PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Clube e Trabalhe conosco" })).toBeVisible();
    await expect(page.getByRole("group", { name: /^Jogo \d+$/ })).toHaveCount(4);
    await page.getByRole("button", { name: "Adicionar jogo" }).click();
    await expect(page.getByRole("group", { name: "Jogo 5" })).toBeVisible();
    await page.getByRole("group", { name: "Jogo 5" }).getByLabel("Adversário").fill("Cruzeiro");
    await page.getByRole("button", { name: "Remover jogo 5" }).click();
    await expect(page.getByRole("group", { name: /^Jogo \d+$/ })).toHaveCount(4);
    await page.goto("/america-mg");
    await expect(page.getByTestId("no-club-games")).toBeVisible();
  });

  test("a text of the employee page is refused when empty and shows on /trabalhe-conosco once saved", async ({
    page,
    jsEnabled,
  }) => {
    const text = `Venha crescer com a gente (${jsEnabled ? "js" : "sem-js"} ${Date.now()}).`;
    // Each run its own field: the js and no-js runs may overlap.
    const label = jsEnabled ? "Texto de abertura" : "Texto do formulário";
    await openAsAdmin(page, CLUB_PATH);
    const employee = page.getByRole("group", { name: "Trabalhe conosco" });
    const seed = await employee.getByLabel(label).inputValue();
    await employee.getByLabel(label).fill("");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(employee.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(employee).toContainText("Campo obrigatório");

    const saveClub = (value: string) => save(page, CLUB_PATH, () => employee.getByLabel(label).fill(value));
    await saveClub(text);
    await page.goto("/trabalhe-conosco");
    await expect(page.getByText(text)).toBeVisible();

    await page.goto(CLUB_PATH);
    await saveClub(seed);
    await page.goto("/trabalhe-conosco");
    await expect(page.getByText(text)).toHaveCount(0);
  });

  test("a save refused because a colleague saved first stays refused until the page is reloaded; the colleague's text stays", async ({
    page,
    jsEnabled,
  }) => {
    // Fields no other test of this file edits, one pair per run (the js and no-js runs may overlap).
    const [mineLabel, theirsLabel] = jsEnabled
      ? ["Título do benefício", "Texto do benefício"]
      : ["Título do formulário", "Título"];
    const run = `${jsEnabled ? "js" : "sem-js"} ${Date.now()}`;
    const mine = `Meu título (${run})`;
    const theirs = `O texto da colega (${run}).`;
    await openAsAdmin(page, CLUB_PATH);
    const employee = page.getByRole("group", { name: "Trabalhe conosco" });
    const field = (label: string) => employee.getByLabel(label, { exact: true });

    // A colleague saves the same document in another tab after this form was opened.
    const colleague = await page.context().newPage();
    await colleague.goto(CLUB_PATH);
    if (jsEnabled) await waitForHydration(colleague);
    const colleagueField = colleague.getByRole("group", { name: "Trabalhe conosco" }).getByLabel(theirsLabel, { exact: true });
    const theirsSeed = await colleagueField.inputValue();
    await save(colleague, CLUB_PATH, () => colleagueField.fill(theirs));

    // Here: a field left empty is refused next to it; what was typed comes back.
    await field(mineLabel).fill("");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(field(mineLabel)).toHaveAttribute("aria-invalid", "true");
    await expect(employee).toContainText("Campo obrigatório");

    // Filled and sent, then sent again from the answer: refused both times, never saved over the colleague's.
    await field(mineLabel).fill(mine);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const posted = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Salvar" }).click();
      await posted;
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("form-alert")).toContainText("Este conteúdo foi alterado por");
      await expect(page.getByTestId("toaster").getByText("Alterações salvas")).toHaveCount(0);
      await expect(field(mineLabel)).toHaveValue(mine);
    }
    await page.goto("/trabalhe-conosco");
    await expect(page.getByText(theirs)).toBeVisible();
    await expect(page.getByText(mine)).toHaveCount(0);

    await colleague.goto(CLUB_PATH);
    if (jsEnabled) await waitForHydration(colleague);
    await save(colleague, CLUB_PATH, () => colleagueField.fill(theirsSeed));
    await colleague.close();
  });
});
