import type { Page } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads, insertStaffUser } from "../support/seed";
import { loginAs } from "../support/sessions";

/**
 * Decision 057 in Chromium, with JavaScript and without: a comercial user gives a lead to
 * themself on its page, finds it under "Meus leads", gives a filtered selection to a colleague; the
 * "WhatsApp" and "Ligar" buttons record the attempt, move Novo → Em contato and send the browser on
 * to wa.me (answered here by the test: no request leaves the machine) or tel:; the funnel counts it.
 */

function token(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A comercial user straight in the e2e database (the users page is another helper's subject). */
async function seedComercial(prefix: string): Promise<{ id: number; email: string; password: string }> {
  const db = openE2eDb();
  try {
    return await insertStaffUser(db, "comercial", { email: `${token(prefix)}@example.com` });
  } finally {
    db.close();
  }
}

type SeedLead = { nome: string; telefone: string; curso?: string };

/** Leads straight in the e2e database; returns their ids in order. */
function seedLeads(tag: string, leads: SeedLead[]): number[] {
  const db = openE2eDb();
  try {
    return insertLeads(
      db,
      leads.map(({ nome, telefone, curso = "" }) => ({
        nome,
        telefone,
        email: `${nome.split(" ")[0].toLowerCase()}.${tag}@example.com`,
        cidade: "Betim",
        curso_interesse: curso,
      })),
    );
  } finally {
    db.close();
  }
}

/** Signs the page's context in with this user's real login, then opens `path`. */
async function openAs(page: Page, user: { email: string; password: string }, path: string) {
  await loginAs(page, user);
  await page.goto(path);
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = openE2eDb();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

test.describe("lead owner and contact from the panel", () => {
  test("a comercial user takes a lead on its page, finds it in 'Meus leads' and gives the selection to a colleague", async ({
    page,
  }) => {
    const tag = token("dono");
    const [me, colleague] = [await seedComercial("eu"), await seedComercial("colega")];
    const [ana] = seedLeads(tag, [
      { nome: `Ana Dona ${tag}`, telefone: "(31)98888-4401" },
      { nome: `Beto Dono ${tag}`, telefone: "(31)98888-4402" },
    ]);
    await openAs(page, me, `/contato?busca=${tag}`);
    await expect(page.getByTestId("lead-owner")).toHaveText(["Sem responsável", "Sem responsável"]);

    await page.getByRole("link", { name: `Ana Dona ${tag}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/contato/lead/${ana}$`));
    // The address changes before the new page is drawn: read the select once the page is there.
    await expect(page.getByRole("heading", { level: 1, name: `Ana Dona ${tag}` })).toBeVisible();
    // Only comercial users are offered (the configured admin is not).
    const options = await page.getByLabel("Responsável pelo lead").locator("option").allTextContents();
    expect(options).toEqual(expect.arrayContaining(["Sem responsável", me.email, colleague.email]));
    expect(options).not.toContain(E2E_ENV.ADMIN_EMAIL);
    await page.getByLabel("Responsável pelo lead").selectOption(String(me.id));
    await page.getByRole("button", { name: "Salvar responsável" }).click();
    await expect(page.getByTestId("lead-owner")).toHaveText(me.email);
    // An owner change has its own heading in the history, not "Nota".
    const history = page.getByTestId("lead-history").locator('[data-kind="responsavel"]');
    await expect(history).toContainText("Responsável alterado");
    await expect(history).toContainText(`Responsável: Sem responsável → ${me.email}`);
    await expect(history).toContainText(me.email);

    await page.goto("/contato");
    await page.getByTestId("my-leads").click();
    await expect(page).toHaveURL(new RegExp(`/contato\\?responsavel=${me.id}$`));
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText(`Ana Dona ${tag}`);

    // The whole filtered selection to the colleague, after the confirmation.
    await page.goto(`/contato?busca=${tag}`);
    await page.getByLabel("Novo responsável").selectOption(String(colleague.id));
    await page.getByRole("button", { name: "Atribuir responsável aos filtrados" }).click();
    await expect(page).toHaveURL(/\/contato\/atribuir-responsavel\?/);
    await expect(page.getByTestId("bulk-summary")).toContainText(`2 leads passarão para ${colleague.email}`);
    await page.getByRole("button", { name: "Confirmar atribuição" }).click();
    await expect(page).toHaveURL(new RegExp(`/contato\\?busca=${tag}$`));
    // They are the colleague's now: out of her list, and of her lead pages (decision 138).
    await expect(page.getByTestId("leads-empty")).toBeVisible();
    await page.getByTestId("my-leads").click();
    await expect(page.getByTestId("leads-empty")).toBeVisible();
    await openAs(page, colleague, `/contato?busca=${tag}`);
    await expect(page.getByTestId("lead-owner")).toHaveText([colleague.email, colleague.email]);
  });

  test("'WhatsApp' records the attempt and opens wa.me with the text; 'Ligar' too; no WhatsApp for an opt-out; the funnel counts them", async ({
    page,
    jsEnabled,
  }) => {
    const tag = token("contato");
    const me = await seedComercial("ligador");
    // Phones of this run only (the js and no-js projects share the server's database).
    const block = String(1000 + Math.floor(Math.random() * 9000));
    const phone = (last: string) => `(31)9${block}-${last}`;
    const [ana, beto] = seedLeads(tag, [
      { nome: `Ana Contatada ${tag}`, telefone: phone("5501"), curso: "Enfermagem" },
      { nome: `Beto Contatado ${tag}`, telefone: phone("5502") },
      { nome: `Cida Semzap ${tag}`, telefone: phone("5503") },
    ]);
    // Cida asked not to get WhatsApp (stored without the ninth digit: the same person).
    const db = openE2eDb();
    try {
      db.prepare("INSERT INTO whatsapp_optouts (number, key, at, operator, source) VALUES (?, ?, ?, 'Op', 'helper')").run(
        `5531${block}5503`,
        `5531${block}5503`,
        new Date().toISOString(),
      );
    } finally {
      db.close();
    }
    // wa.me is answered by the test: no request leaves this machine.
    const waMe: string[] = [];
    await page.route(/^https:\/\/wa\.me\//, (route) => {
      waMe.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<title>wa.me</title><p>WhatsApp</p>" });
    });

    await openAs(page, me, `/contato?busca=${tag}`);
    await expect(page.getByTestId("lead-row")).toHaveCount(3);
    const row = (name: string) => page.getByTestId("lead-row").filter({ hasText: name });
    await expect(row(`Ana Contatada ${tag}`).getByTestId("lead-phone")).toHaveText(phone("5501"));
    const cida = row(`Cida Semzap ${tag}`);
    await expect(cida.getByTestId("whatsapp-optout")).toBeVisible();
    await expect(cida.getByTestId("contact-whatsapp")).toHaveCount(0);
    await expect(cida.getByTestId("contact-call")).toBeVisible();

    await row(`Ana Contatada ${tag}`).getByTestId("contact-whatsapp").click();
    await page.waitForURL(/^https:\/\/wa\.me\//);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/55319${block}5501`);
    expect(url.searchParams.get("text")).toMatch(
      /^Olá, Ana! Aqui é da .+\. Vi que você tem interesse no curso de Enfermagem\. Posso te ajudar com a inscrição\?$/,
    );
    expect(waMe).toHaveLength(1);
    expect(query("SELECT channel, by FROM lead_contact_attempts WHERE lead_id = ?", ana)).toEqual([
      { channel: "whatsapp", by: me.email },
    ]);

    // Ligar: the browser is sent on to tel:. Without JavaScript the answer is the action's 303 (read
    // here on its way to the browser); with it, React Router sends the window there (a tel: request).
    await page.goto(`/contato?busca=${tag}`);
    const seen: string[] = [];
    if (jsEnabled) {
      page.on("request", (request) => seen.push(request.url()));
    } else {
      await page.route(`**/contato/lead/${beto}/contatar`, async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        seen.push(`${response.status()} ${response.headers().location}`);
        await route.fulfill({ response });
      });
    }
    await row(`Beto Contatado ${tag}`).getByTestId("contact-call").click();
    const tel = `tel:+55319${block}5502`;
    await expect.poll(() => seen).toContain(jsEnabled ? tel : `303 ${tel}`);
    expect(query("SELECT channel, by FROM lead_contact_attempts WHERE lead_id = ?", beto)).toEqual([
      { channel: "telefone", by: me.email },
    ]);

    // A fresh page (this one may still be handing tel: to the system).
    const next = await page.context().newPage();
    await next.goto(`/contato?busca=${tag}`);
    const nextRow = (name: string) => next.getByTestId("lead-row").filter({ hasText: name });
    await expect(nextRow(`Ana Contatada ${tag}`).getByTestId("lead-status")).toHaveText("Em contato");
    await expect(nextRow(`Beto Contatado ${tag}`).getByTestId("lead-status")).toHaveText("Em contato");
    await expect(nextRow(`Cida Semzap ${tag}`).getByTestId("lead-status")).toHaveText("Novo");
    const funnel = next.getByTestId("status-funnel");
    await expect(funnel.locator('[data-status="novo"] [data-testid="funnel-count"]')).toHaveText("1");
    await expect(funnel.locator('[data-status="em_contato"] [data-testid="funnel-count"]')).toHaveText("2");
    await expect(next.getByTestId("funnel-total")).toHaveText("3");

    // The lead page's history shows the attempt and the status change it made, with who.
    await next.goto(`/contato/lead/${ana}`);
    const history = next.getByTestId("lead-history");
    await expect(history.locator('[data-kind="contato"]')).toContainText("Tentativa de contato: WhatsApp");
    await expect(history.locator('[data-kind="contato"]')).toContainText(me.email);
    await expect(history.locator('[data-kind="status"]')).toContainText("Status: Novo → Em contato");
  });

  test("an admin without an owner role sees no 'Meus leads'", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/contato");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await expect(page.getByTestId("my-leads")).toHaveCount(0);
  });
});
