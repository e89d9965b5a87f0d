import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads } from "../support/seed";
import { openAsAdmin } from "../support/studio";

/**
 * What counts as a contact (decision 140), in Chromium with JavaScript on and off: the lead page asks
 * how the last tap on "Ligar" went; "Não atendeu" leaves the first-contact clock running, an answered
 * call stops it; a form sent without a result says so next to the field and records nothing.
 */

function seedLead(prefix: string): { id: number; token: string } {
  const token = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const db = openE2eDb();
  try {
    const [id] = insertLeads(db, [
      {
        nome: `Clara Contatada ${token}`,
        telefone: "(31)98888-3333",
        email: `clara.${token}@example.com`,
        status: "em_contato",
        first_contact_due_at: "2026-01-05T12:05:00.000Z",
      },
    ]);
    // A tap on "Ligar" from the panel, its outcome not yet said.
    db.prepare(
      "INSERT INTO lead_contact_attempts (lead_id, channel, by, at) VALUES (?, 'telefone', 'equipe@example.org', ?)",
    ).run(id, "2026-01-05T12:10:00.000Z");
    return { id, token };
  } finally {
    db.close();
  }
}

const attemptsOf = (id: number) => {
  const db = openE2eDb();
  try {
    return db.prepare("SELECT channel, outcome FROM lead_contact_attempts WHERE lead_id = ? ORDER BY id").all(id);
  } finally {
    db.close();
  }
};

test.describe("contact outcomes", () => {
  test("a missed call leaves the clock running; an answered call is the first contact", async ({ page }) => {
    const { id } = seedLead("res");
    await openAsAdmin(page, `/contato/lead/${id}`);
    // Em contato, yet no contact reached the person: still waiting, late.
    await expect(page.getByTestId("lead-first-contact")).toContainText("Sem contato que chegou à pessoa");
    await expect(page.getByTestId("lead-first-contact")).toContainText("atrasado");
    await expect(page.getByTestId("pending-attempt")).toContainText("Ligação de 05/01/2026");
    // "Enviar e-mail" opens the salesperson's e-mail program with a first text.
    await expect(page.getByTestId("contact-email")).toHaveAttribute("href", /^mailto:clara\.[^?]+\?subject=.+&body=.+/);

    // No result chosen: the message next to the field, nothing recorded.
    await page.getByRole("button", { name: "Registrar resultado" }).click();
    await expect(page.locator("#resultado-error")).toHaveText("Escolha como foi o contato.");
    expect(attemptsOf(id)).toEqual([{ channel: "telefone", outcome: null }]);

    await page.getByLabel("Resultado", { exact: true }).selectOption("nao_atendeu");
    await page.getByRole("button", { name: "Registrar resultado" }).click();
    await expect(page.getByTestId("lead-history")).toContainText("Tentativa de contato: ligação: Não atendeu");
    await expect(page.getByTestId("lead-first-contact")).toContainText("Sem contato que chegou à pessoa");

    // No attempt waiting now: a call made from another phone, answered.
    await page.getByLabel("Canal do contato").selectOption("telefone");
    await page.getByLabel("Resultado", { exact: true }).selectOption("atendeu");
    await page.getByRole("button", { name: "Registrar resultado" }).click();
    await expect(page.getByTestId("lead-first-contact")).toContainText("Primeiro contato:");
    await expect(page.getByTestId("lead-history")).toContainText("Tentativa de contato: ligação: Atendeu");
    expect(attemptsOf(id)).toEqual([
      { channel: "telefone", outcome: "nao_atendeu" },
      { channel: "telefone", outcome: "atendeu" },
    ]);
  });
});
