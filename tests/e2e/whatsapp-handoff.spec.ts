import { normalizeNumber, numberKey } from "whatsapp-helper/phone";

import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads } from "../support/seed";
import { ensureOperatorPassword, loginAs, OPERATOR_PASSWORD, type StaffRole } from "../support/sessions";
import { openAsAdmin } from "../support/studio";

/**
 * Hand-off to the WhatsApp tool (decision 058), with JavaScript and without: an admin filters
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
    const start = Date.now() - 60_000;
    insertLeads(
      db,
      people.map(([nome, telefone], i) => ({
        nome,
        telefone,
        email: `lista.${i}.${token}@example.com`,
        cidade: "Betim",
        criado_em: new Date(start + i * 1000).toISOString(),
      })),
    );
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
    // The admin opens the tool as themselves (decision 069): the list, no password.
    await expect(page).toHaveURL(/\/whatsapp\?lista=[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Espelhamento WhatsApp/ })).toBeVisible();
    await expect(page.getByLabel("Contatos")).toHaveValue(lines);
    const listUrl = page.url();
    // An operator without a staff account (no staff session in this browser) gets the gate on the list's address.
    await page.context().clearCookies({ name: "__admin" });
    await page.goto(listUrl);
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

  test("a comercial user goes from the panel to the mirroring page without any password; the send log names them", async ({
    page,
  }) => {
    const { token, lines } = seed("com");
    const email = await signInAs(page, "comercial");
    await page.goto("/contato");
    await page.getByLabel("Buscar").fill(token);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("lead-row")).toHaveCount(5);
    await page.getByRole("link", { name: "Enviar pelo WhatsApp" }).click();
    await expect(page.getByTestId("handoff-summary")).toHaveText("2 contatos irão para a lista.");
    await page.getByRole("button", { name: "Criar lista e abrir o WhatsApp" }).click();

    // Straight to the mirroring page, on the list's address: no gate, no shared password, as this person.
    await expect(page).toHaveURL(/\/whatsapp\?lista=[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Espelhamento WhatsApp/ })).toBeVisible();
    await expect(page.getByLabel("Senha de acesso")).toHaveCount(0);
    await expect(page.getByLabel("Contatos")).toHaveValue(lines);
    await expect(page.getByTestId("signed-in-person")).toContainText(email);
    await expect(page.getByTestId("signed-in-role")).toContainText("Comercial");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "__operador")).toBe(false);

    // A result the page records lands in 'Registro de Envios' under this user, whatever the body says.
    const jobId = `job-${token}`;
    const recorded = await page.request.post("/whatsapp/registro", {
      data: {
        jobId,
        operator: "Nome digitado",
        name: `Ana Lista ${token}`,
        number: lines.split("\n")[1].split(", ")[1],
        message: "Olá",
        status: "sent",
        sentBy: "senha:1:outra",
      },
    });
    expect(recorded.status()).toBe(200);
    const db = openE2eDb();
    try {
      const row = db.prepare("SELECT sent_by AS sentBy FROM whatsapp_send_log WHERE job_id = ?").get(jobId) as { sentBy: string };
      expect(row.sentBy).toMatch(new RegExp(`^usuario:\\d+:${email.replace(/[.]/g, "\\.")}$`));
    } finally {
      db.close();
    }
    await page.reload();
    await expect(page.getByTestId("send-log").getByTestId("sent-by").first()).toHaveText(email);
  });

  test("a marketing user is refused: the gate, with why, and no mirroring page", async ({ page }) => {
    await signInAs(page, "marketing");
    await page.goto("/whatsapp?lista=AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByRole("heading", { level: 1, name: "WhatsApp - Área Restrita" })).toBeVisible();
    await expect(page.getByTestId("staff-refused")).toContainText("Seu perfil (Marketing) não tem acesso");
    await expect(page.getByTestId("whatsapp-mirror")).toHaveCount(0);
    expect((await page.request.get("/whatsapp/registro")).status()).toBe(401);
  });
});

/** Signs this browser in as a new staff user of the role (added by the configured admin): their e-mail. */
async function signInAs(page: import("@playwright/test").Page, role: StaffRole): Promise<string> {
  return (await loginAs(page, role)).email;
}
