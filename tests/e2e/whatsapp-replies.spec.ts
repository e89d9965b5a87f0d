import type { APIRequestContext, Page } from "@playwright/test";

import { seriousViolations } from "../support/axe";
import { expect, openE2eDb, test } from "../support/fixtures";
import { seedHelperKey } from "../support/helper-key";
import { insertLead } from "../support/seed";
import { ensureOperatorPassword, loginAs, OPERATOR_PASSWORD } from "../support/sessions";

/**
 * The replies inbox and the opt-out screen (decision 071), in Chromium with
 * JavaScript on and off: replies and an opt-out arrive through the helpers' API, exactly as a helper
 * posts them; an operator past the gate finds complaints first, marks a reply read, marks a lead
 * Perdido after the confirmation, and undoes an opt-out (refused without a reason, then logged).
 * What people wrote shows as text, never as HTML.
 */

/** A helper's own key (decision 070), as a start script downloaded by an access password carries it. */
let key: string | undefined;
const bearer = () => `Bearer ${(key ??= seedHelperKey("Equipe do ajudante e2e").key)}`;

/** Eight digits no other test run uses (the two projects share the database). */
function uniqueDigits(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8).replace(/^0/, "7");
}

/** Through the gate, as an operator with the team's password. */
async function enterAsOperator(page: Page, path: string) {
  await ensureOperatorPassword();
  await page.goto("/whatsapp");
  await page.getByLabel("Senha de acesso").fill(OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Espelhamento WhatsApp/ })).toBeVisible();
  await page.goto(path);
}

/** A lead straight into the e2e database; its id. */
function seedLead(nome: string, telefone: string): number {
  const db = openE2eDb();
  try {
    const email = `respostas.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    return insertLead(db, { nome, telefone, email, cidade: "Betim" });
  } finally {
    db.close();
  }
}

/** axe's serious and critical violations on the page as it is now (JavaScript runs axe: none without it). */
const violationsIfJs = async (page: Page, jsEnabled: boolean) => (jsEnabled ? seriousViolations(page) : []);

async function postReplies(request: APIRequestContext, entries: Record<string, unknown>[]) {
  const answer = await request.post("/api/whatsapp-helper/respostas", {
    headers: { Authorization: bearer() },
    data: { entries },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe("replies inbox", () => {
  test("complaints first, text never HTML, 'Marcar como lida', 'Marcar lead como Perdido' after confirming", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const digits = uniqueDigits();
    const number = `55319${digits}`;
    const leadName = `Lia Resposta ${digits}`;
    const leadId = seedLead(leadName, `(31) 9${digits.slice(0, 4)}-${digits.slice(4)}`);
    await postReplies(request, [
      { messageId: `3EB0A${digits}`, number, text: "Qual o valor da mensalidade?", receivedAt: "2026-11-25T12:00:00.000Z" },
      {
        messageId: `3EB0B${digits}`,
        number,
        text: "Vou denunciar como spam <b>agora</b>",
        receivedAt: "2026-11-24T12:00:00.000Z",
        pushName: "Lia <i>Zap</i>",
      },
      { messageId: `3EB0C${digits}`, number, text: "Não tenho interesse", receivedAt: "2026-11-23T12:00:00.000Z" },
    ]);

    await enterAsOperator(page, "/whatsapp");
    await expect(page.getByTestId("replies-link")).toHaveText(/^Respostas \(\d+ não lidas?\)$/);
    await page.goto("/whatsapp/respostas");
    await expect(page.getByRole("heading", { level: 1, name: "Respostas" })).toBeVisible();
    const mine = page.getByTestId("reply").filter({ hasText: number });
    // flagged first (the complaint, then "não tenho interesse"), then the newest plain reply
    await expect(mine.getByTestId("reply-text")).toHaveText([
      "Vou denunciar como spam <b>agora</b>",
      "Não tenho interesse",
      "Qual o valor da mensalidade?",
    ]);
    await expect(mine.nth(0)).toContainText("Reclamação ou denúncia");
    await expect(mine.nth(0)).toContainText("Lia <i>Zap</i>");
    // what the person wrote is text: no element was made of it
    expect(await page.locator("[data-testid=reply] b, [data-testid=reply] i").count()).toBe(0);
    await expect(page.getByTestId("replies-unread")).toContainText("não lida");
    expect(await violationsIfJs(page, jsEnabled)).toEqual([]);

    const plain = mine.filter({ hasText: "Qual o valor da mensalidade?" });
    await expect(plain).toHaveAttribute("data-unread", "true");
    await plain.getByRole("button", { name: "Marcar como lida" }).click();
    await expect(plain).toHaveAttribute("data-unread", "false");
    await expect(plain).toContainText(/Lida em .+ por Senha #\d+/);

    const noInterest = mine.filter({ hasText: "Não tenho interesse" });
    await noInterest.getByRole("link", { name: /Marcar lead como Perdido/ }).click();
    const confirm = page.getByTestId("confirm-lost");
    await expect(confirm).toContainText(`Marcar ${leadName} como Perdido?`);
    expect(await violationsIfJs(page, jsEnabled)).toEqual([]);
    // nothing changes before the confirmation
    const statusOf = () => {
      const db = openE2eDb();
      try {
        return db.prepare("SELECT status, motivo_perda AS motivo FROM leads WHERE id = ?").get(leadId) as {
          status: string;
          motivo: string;
        };
      } finally {
        db.close();
      }
    };
    expect(statusOf().status).toBe("novo");
    await confirm.getByRole("button", { name: /Confirmar: marcar como Perdido/ }).click();
    await expect(page.getByTestId("confirm-lost")).toHaveCount(0);
    await expect(noInterest).toContainText("Lead marcado como Perdido em");
    await expect(noInterest.getByRole("link", { name: /Marcar lead como Perdido/ })).toHaveCount(0);
    expect(statusOf()).toEqual({ status: "perdido", motivo: "sem_interesse" });
  });
});

test.describe("opt-out screen", () => {
  test("search, the latest reply as text, 'Desfazer' needs a reason, the undo is logged", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const digits = uniqueDigits();
    const number = `+55219${digits}`;
    const said = `SAIR <script>alert("${digits}")</script>`;
    // what the person wrote is her reply; the opt-out keeps only the number
    await postReplies(request, [{ messageId: `3EB0S${digits}`, number, text: said, receivedAt: "2026-11-20T12:00:00.000Z" }]);
    const reported = await request.post("/api/whatsapp-helper/descadastros", {
      headers: { Authorization: bearer() },
      data: { entries: [{ number, at: "2026-11-20T12:00:00.000Z", operator: "Operadora E2E" }] },
    });
    expect(reported.status()).toBe(200);

    await enterAsOperator(page, "/whatsapp/respostas");
    // the area's header names who is in, with 'Sair', and leads to the opt-outs
    const header = page.getByTestId("area-header");
    await expect(header).toContainText("Operador");
    await expect(header.getByRole("button", { name: "Sair" })).toBeVisible();
    await header.getByRole("link", { name: "Descadastros" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Descadastros" })).toBeVisible();
    await page.getByLabel("Buscar por número ou nome").fill(`(21) 9${digits.slice(0, 4)}-${digits.slice(4)}`);
    await page.getByRole("button", { name: "Buscar" }).click();
    // the search found this person only
    await expect(page.getByTestId("optout-row")).toHaveCount(1);
    const rows = page.getByTestId("optout-row").filter({ hasText: number });
    await expect(rows.getByTestId("optout-said")).toHaveText(said);
    await expect(rows).toContainText("Operadora E2E");

    // no reason: refused, the message beside the field (in the browser with JavaScript, on the server without)
    await rows.getByRole("button", { name: /Desfazer/ }).click();
    await expect(rows.getByText("Informe o motivo para desfazer o descadastro.")).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect(await violationsIfJs(page, jsEnabled)).toEqual([]);

    const reason = `Registrado por engano (${jsEnabled ? "js" : "sem js"}) ${digits}`;
    await rows.getByLabel(/^Motivo/).fill(reason);
    await rows.getByRole("button", { name: /Desfazer/ }).click();
    const change = page.getByTestId("optout-change").filter({ hasText: reason });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(number);
    await expect(rows).toHaveCount(0);
    expect(await violationsIfJs(page, jsEnabled)).toEqual([]);

    const db = openE2eDb();
    try {
      expect(db.prepare("SELECT count(*) AS n FROM whatsapp_optouts WHERE number = ?").get(number)).toEqual({ n: 0 });
      expect(db.prepare("SELECT action, reason, by FROM whatsapp_optout_changes WHERE number = ?").get(number)).toMatchObject({
        action: "desfeito",
        reason,
        by: expect.stringMatching(/^senha:\d+:/),
      });
    } finally {
      db.close();
    }
  });
});

test.describe("every stop stops (decision 118)", () => {
  test("a complaint holds the person ('parece pedido de saída'); 'Descadastrar' puts her on the list", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const digits = uniqueDigits();
    const number = `+55319${digits}`;
    await postReplies(request, [
      { messageId: `3EB0P${digits}`, number, text: `Vou denunciar no Procon ${digits}`, receivedAt: "2026-11-26T12:00:00.000Z" },
    ]);
    await enterAsOperator(page, "/whatsapp/respostas");
    const item = page.getByRole("listitem").filter({ hasText: `Vou denunciar no Procon ${digits}` });
    await expect(item.getByTestId("reply-held")).toHaveText(/Parece pedido de saída/);
    await expect(item.getByRole("button", { name: /Não é pedido de saída/ })).toBeVisible();
    expect(await violationsIfJs(page, jsEnabled)).toEqual([]);
    await item.getByRole("button", { name: /^Descadastrar/ }).click();
    await expect(page.getByText("Descadastrado", { exact: true }).first()).toBeVisible();
    await expect(item.getByTestId("reply-opted-out")).toHaveText("Descadastrado");
    await expect(item.getByTestId("reply-held")).toHaveCount(0);

    const db = openE2eDb();
    try {
      expect(db.prepare("SELECT source, said FROM whatsapp_optouts WHERE number = ?").get(number)).toEqual({
        source: "painel",
        said: "",
      });
      expect(db.prepare("SELECT action, by FROM whatsapp_optout_changes WHERE number = ?").get(number)).toMatchObject({
        action: "descadastrado",
        by: expect.stringMatching(/^senha:\d+:/),
      });
    } finally {
      db.close();
    }
  });

  test("the lead page's 'Descadastrar do WhatsApp' needs a reason, then says she is on the list", async ({ page, jsEnabled }) => {
    const digits = uniqueDigits();
    const leadId = seedLead(`Rui Descadastro ${digits}`, `(31) 9${digits.slice(0, 4)}-${digits.slice(4)}`);
    await loginAs(page, "admin");
    await page.goto(`/contato/lead/${leadId}`);
    const card = page.getByTestId("lead-optout");
    await card.getByRole("button", { name: "Descadastrar" }).click();
    await expect(card.getByText("Informe o motivo do descadastro (por exemplo: pediu por telefone).")).toBeVisible();
    expect(await violationsIfJs(page, jsEnabled)).toEqual([]);
    await card.getByLabel("Motivo do descadastro").fill(`Pediu por telefone (${jsEnabled ? "js" : "sem js"})`);
    await card.getByRole("button", { name: "Descadastrar" }).click();
    await expect(page.getByTestId("lead-optout")).toContainText("não quer receber mensagens pelo WhatsApp");
    const db = openE2eDb();
    try {
      expect(db.prepare("SELECT source FROM whatsapp_optouts WHERE number = ?").get(`+55319${digits}`)).toEqual({
        source: "painel",
      });
    } finally {
      db.close();
    }
  });
});
