import { normalizeNumber, numberKey } from "whatsapp-helper/phone";

import { E2E_ENV } from "../support/env";
import { expect, openE2eDb, test } from "../support/fixtures";
import { OPERATOR_PASSWORD, postForm } from "../support/sessions";
import { openAsAdmin } from "../support/studio";

/**
 * Hand-off to the WhatsApp tool (issue 19, item 5), with JavaScript and without: an admin filters
 * the leads panel, clicks "Enviar pelo WhatsApp", confirms, and an operator (past the gate, which
 * brings them back to the list) finds the contacts box holding exactly the right lines, without the
 * number that opted out, with the count.
 */

/** A test run's own numbers: 9 + 4 digits of the run + a person digit, so runs never share an opt-out. */
function numbers() {
  const run = String(Date.now() % 10_000).padStart(4, "0");
  const suffix = String(Math.floor(Math.random() * 100)).padStart(2, "0");
  return (person: number) => `(31)9${run}-${suffix}${person}${person}`;
}

/**
 * Leads of this run, straight into the e2e database, the last one the newest; the second person
 * opted out of WhatsApp (stored without the ninth digit). Returns the token and the expected lines.
 */
function seed(prefix: string) {
  const token = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const phone = numbers();
  const people: [string, string][] = [
    [`Ana Lista ${token}`, phone(1)],
    [`Bruno Sem Zap ${token}`, phone(2)],
    [`Carla Fixo ${token}`, "(31)3333-4444"],
    [`Duda Lista ${token}`, phone(4)],
    [`Duda Repetida ${token}`, phone(4)],
  ];
  const db = openE2eDb();
  try {
    const insert = db.prepare(
      `INSERT INTO leads (origem, nome, telefone, email, cidade, data_criacao, criado_em, atualizado_em, busca)
       VALUES ('contato', ?, ?, ?, 'Betim', ?, ?, ?, ?)`,
    );
    const start = Date.now() - 60_000;
    people.forEach(([nome, telefone], i) => {
      const at = new Date(start + i * 1000).toISOString();
      const email = `lista.${i}.${token}@example.com`;
      insert.run(nome, telefone, email, at.slice(0, 10), at, at, `${nome} ${email} ${telefone} betim`.toLowerCase());
    });
    // Bruno said SAIR to an operator: the list has his number without the ninth digit.
    const withoutNinth = `55${phone(2).replace(/\D/g, "").slice(0, 2)}${phone(2).replace(/\D/g, "").slice(3)}`;
    db.prepare("INSERT INTO whatsapp_optouts (number, key, at, operator, source) VALUES (?, ?, ?, 'Teste', 'helper')").run(
      withoutNinth,
      numberKey(normalizeNumber(withoutNinth)),
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
  const digits = (person: number) => `55${phone(person).replace(/\D/g, "")}`;
  return {
    token,
    optedOut: digits(2),
    // Newest first, one line per person: Duda's newer lead, then Ana.
    lines: [`Duda Repetida ${token}, ${digits(4)}`, `Ana Lista ${token}, ${digits(1)}`].join("\n"),
  };
}

/** The operators' access password exists (added with the master password; already there is fine). */
async function ensureOperatorPassword() {
  const added = await postForm(process.env.E2E_BASE_URL!, `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`, {
    intent: "adicionar",
    masterPassword: E2E_ENV.WHATSAPP_MASTER_PASSWORD,
    newPassword: OPERATOR_PASSWORD,
  });
  expect([303, 409]).toContain(added.status);
}

test.describe("hand-off to the WhatsApp tool", () => {
  test("filter the panel, 'Enviar pelo WhatsApp', confirm, pass the gate: the list is pasted without the opt-out", async ({
    page,
  }) => {
    const { token, lines, optedOut } = seed("zap");
    await ensureOperatorPassword();
    await openAsAdmin(page, "/contato");
    await page.getByLabel("Buscar").fill(token);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("lead-row")).toHaveCount(5);

    await page.getByRole("link", { name: "Enviar pelo WhatsApp" }).click();
    await expect(page).toHaveURL(new RegExp(`/contato/enviar-whatsapp\\?busca=${token}$`));
    await expect(page.getByTestId("handoff-selected")).toHaveText("5 leads filtrados.");
    await expect(page.getByTestId("handoff-left-out").locator("li")).toHaveText([
      "1 pessoa removida por não querer WhatsApp.",
      "1 lead sem celular válido.",
      "1 lead repetido juntado (mesmo número de outro lead: uma linha por pessoa).",
    ]);
    await expect(page.getByTestId("handoff-summary")).toHaveText("2 contatos irão para a lista.");

    await page.getByRole("button", { name: "Criar lista e abrir o WhatsApp" }).click();
    // No operator session in this browser: the gate, on the list's address.
    await expect(page).toHaveURL(/\/whatsapp\?lista=[A-Za-z0-9_-]{22}$/);
    const listUrl = page.url();
    await page.getByLabel("Senha de acesso").fill(OPERATOR_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Espelhamento WhatsApp/ })).toBeVisible();
    expect(page.url()).toBe(listUrl);

    const contacts = page.getByLabel("Contatos");
    await expect(contacts).toHaveValue(lines);
    expect(await contacts.inputValue()).not.toContain(optedOut);
    await expect(page.getByTestId("handoff-summary")).toHaveText(
      "Lista do painel de leads: 2 contatos (1 removido por não querer WhatsApp)",
    );
    await expect(page.getByRole("link", { name: "Voltar aos leads filtrados" })).toHaveAttribute(
      "href",
      `/contato?busca=${token}`,
    );
  });

  test("an unknown list says so, with an empty contacts box", async ({ page }) => {
    await ensureOperatorPassword();
    await page.goto("/whatsapp?lista=AAAAAAAAAAAAAAAAAAAAAA");
    await page.getByLabel("Senha de acesso").fill(OPERATOR_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByTestId("handoff-error")).toHaveText(/^Lista não encontrada\./);
    await expect(page.getByLabel("Contatos")).toHaveValue("");
  });
});
