import AxeBuilder from "@axe-core/playwright";

import { expect, openE2eDb, test, uniqueEmail } from "../support/fixtures";
import { completedTestCookie, enrolment, postForm } from "../support/sessions";

/**
 * The links of the e-mails to a person (decision 100), in the browser with and without JavaScript:
 * the unsubscribe page (a confirmation, then a plain form post), the mail client's one-click post
 * through the real server's origin checks, and the result e-mail's signed link. The server has no
 * SMTP_URL, so the messages are kept in the outbox, where the test reads their links.
 */

const baseUrl = () => process.env.E2E_BASE_URL!;

function outboxRow(email: string, kind: string): { unsubscribe_url: string; text_body: string } {
  const db = openE2eDb();
  try {
    const row = db
      .prepare("SELECT unsubscribe_url, text_body FROM email_outbox WHERE to_address = ? AND kind = ? ORDER BY id DESC")
      .get(email, kind) as { unsubscribe_url: string; text_body: string } | undefined;
    if (!row) throw new Error(`no ${kind} e-mail to ${email}`);
    return row;
  } finally {
    db.close();
  }
}

function optedOut(email: string): boolean {
  const db = openE2eDb();
  try {
    return db.prepare("SELECT 1 FROM email_optouts WHERE email = ?").get(email) !== undefined;
  } finally {
    db.close();
  }
}

async function enrolled(prefix: string): Promise<{ email: string; unsubscribePath: string }> {
  const email = uniqueEmail(prefix);
  const answer = await postForm(baseUrl(), "/inscricao", enrolment(email), "", { "X-Forwarded-For": "10.77.0.1" });
  expect(answer.status).toBe(303);
  return { email, unsubscribePath: new URL(outboxRow(email, "person.confirmation").unsubscribe_url).pathname };
}

test("the unsubscribe page asks, then its button stops the e-mails, without signing in", async ({ page, jsEnabled }) => {
  const { email, unsubscribePath } = await enrolled("descadastro.pagina");
  await page.goto(unsubscribePath);
  await expect(page.getByRole("heading", { level: 1, name: "Cancelar o recebimento de e-mails" })).toBeVisible();
  await expect(page.getByText(/no endereço de\*\*\*@example\.com/)).toBeVisible();
  expect(optedOut(email)).toBe(false);
  if (jsEnabled) {
    // axe runs as a script in the page (as in a11y.spec.ts).
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => ["serious", "critical"].includes(v.impact ?? "")).map((v) => v.id)).toEqual([]);
  }

  await page.getByRole("button", { name: "Não quero mais receber e-mails" }).click();
  await expect(page.getByText(/^Pronto:/)).toContainText("Pronto: o endereço de***@example.com não vai mais receber e-mails");
  expect(optedOut(email)).toBe(true);
  await page.reload();
  await expect(page.getByText(/^Pronto:/)).toBeVisible();
});

test("a changed unsubscribe link gets a pt-BR refusal and changes nothing", async ({ page }) => {
  const { email, unsubscribePath } = await enrolled("descadastro.alterado");
  const response = await page.goto(`${unsubscribePath.slice(0, -2)}xx`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Este link de descadastro não é válido");
  await expect(page.getByRole("button", { name: "Não quero mais receber e-mails" })).toHaveCount(0);
  expect(optedOut(email)).toBe(false);
});

test("the mail client's one-click post (RFC 8058, no Origin, no cookie) passes the server's checks", async () => {
  const { email, unsubscribePath } = await enrolled("descadastro.um.clique");
  const answer = await fetch(baseUrl() + unsubscribePath, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  await answer.arrayBuffer();
  expect(optedOut(email)).toBe(true);
});

test("the result e-mail's link opens the person's result in another browser; a changed one does not", async ({ page }) => {
  const email = uniqueEmail("resultado.link");
  await completedTestCookie(baseUrl(), email);
  const link = /\/teste-vocacional\/resultado\/acesso\/\S+/.exec(outboxRow(email, "person.vocational_result").text_body)![0];

  await page.goto(link);
  await expect(page).toHaveURL(/\/teste-vocacional\/resultado\/tecnologia$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Tecnologia");
  await expect(page.getByText("Parabéns, Carla!")).toBeVisible();

  const response = await page.goto(`${link.slice(0, -2)}xx`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Link inválido" })).toBeVisible();
  await expect(page.getByText("Carla")).toHaveCount(0);
});
