import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createEmailWorker, smtpTransport } from "~/features/email/outbox.server";
import { action as unsubscribeAction } from "~/features/email/unsubscribe-page";
import { saveSummaryHour, sendDailySummary, SUMMARY_KIND } from "~/features/leads/daily-summary.server";
import { action as distributionPageAction, loader as distributionPageLoader } from "~/features/leads/distribution/page";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { type LocalSmtp, startLocalSmtp } from "../../../tests/support/local-smtp";
import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { insertLead } from "../../../tests/support/seed";
import { signedInStaff } from "../../../tests/support/staff-login";

/**
 * The managers' daily summary (decision 141) against a real SQLite file and a real SMTP server
 * (smtp-server on a free port, parsed with mailparser), with the clock pinned: enqueued once at
 * the chosen São Paulo hour, never before, never twice (a second run, another process's claim of
 * the day), its numbers those of the database, no lead's personal data, and its one-click
 * unsubscribe honoured. The setting's form through the Distribuição page's action.
 */

// 2026-12-03 07:30 in São Paulo (UTC-3): before the 8 h summary.
const BEFORE = Date.parse("2026-12-03T10:30:00Z");
const AT_HOUR = Date.parse("2026-12-03T11:05:00Z");
let now = BEFORE;
const arrived: ParsedMail[] = [];
let smtp: LocalSmtp;
const PERSON = { nome: "Marcela Sigilosa Quaresma", telefone: "(31)97777-1234" };
let adminA: { id: number; email: string; cookie: string };
let adminB: { id: number; email: string; cookie: string };

beforeAll(async () => {
  setClockForTests(() => now);
  smtp = await startLocalSmtp({ onMessage: (mail) => void arrived.push(mail) });
  // Only these two admins: any account the database started with is made comercial.
  db.update(schema.adminUsers).set({ role: "comercial" }).run();
  const a = await signedInStaff("admin", "gerente.a@equipe.example.org");
  const b = await signedInStaff("admin", "gerente.b@equipe.example.org");
  adminA = { id: a.user.id, email: a.user.email, cookie: a.cookie };
  adminB = { id: b.user.id, email: b.user.email, cookie: b.cookie };
  await signedInStaff("comercial", "vendas.c@equipe.example.org");

  const sqlite = new Database(config.databasePath);
  const yesterday = (time: string) => `2026-12-02T${time}Z`;
  // Yesterday (2 Dec, São Paulo): three leads. One contacted in time and matriculated (natal), one
  // contacted after its due time, one never contacted (waiting and late now).
  insertLead(sqlite, {
    ...PERSON,
    email: "marcela.sigilosa@example.com",
    utm_campaign: "natal",
    status: "matriculado",
    criado_em: yesterday("13:00:00.000"),
    first_contact_due_at: yesterday("13:05:00.000"),
    first_contact_at: yesterday("13:03:00.000"),
  });
  insertLead(sqlite, {
    ...PERSON,
    email: "outra.sigilosa@example.com",
    utm_campaign: "natal",
    status: "em_contato",
    criado_em: yesterday("14:00:00.000"),
    first_contact_due_at: yesterday("14:05:00.000"),
    first_contact_at: yesterday("15:00:00.000"),
  });
  insertLead(sqlite, {
    ...PERSON,
    email: "terceira.sigilosa@example.com",
    utm_campaign: "natal",
    status: "novo",
    criado_em: yesterday("16:00:00.000"),
    first_contact_due_at: yesterday("16:05:00.000"),
  });
  // Today, still within its target: waiting, not late.
  insertLead(sqlite, {
    ...PERSON,
    status: "novo",
    criado_em: "2026-12-03T11:00:00.000Z",
    first_contact_due_at: "2026-12-03T12:00:00.000Z",
  });
  // Ten days ago, matriculated, campaign black-friday: in the enrolments of the 30-day period.
  insertLead(sqlite, {
    ...PERSON,
    utm_campaign: "black-friday",
    status: "matriculado",
    criado_em: "2026-11-23T15:00:00.000Z",
    first_contact_due_at: "2026-11-23T15:05:00.000Z",
    first_contact_at: "2026-11-23T15:01:00.000Z",
  });
  sqlite.close();
});
afterAll(async () => {
  resetClock();
  await smtp.close();
});
beforeEach(() => {
  now = BEFORE;
  db.delete(schema.emailOutbox).run();
  db.delete(schema.emailOptouts).run();
  db.delete(schema.distributionSettings).run();
  arrived.length = 0;
  resetAllRateLimits();
  process.env.SMTP_URL = "smtp://127.0.0.1:1";
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

async function deliver(): Promise<ParsedMail[]> {
  const worker = createEmailWorker({
    transport: smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }),
  });
  await worker.runDue();
  await worker.stop();
  return arrived.splice(0);
}

const summaryRows = () => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, SUMMARY_KIND)).all();
const recipients = (mails: ParsedMail[]) => mails.map((mail) => (mail.to as { text: string }).text).sort();

describe("the daily summary", () => {
  it("is enqueued once at the chosen hour: not before, not on a second run", async () => {
    saveSummaryHour(8);
    expect(sendDailySummary()).toBe(0);
    expect(summaryRows()).toHaveLength(0);

    now = AT_HOUR;
    expect(sendDailySummary()).toBe(2);
    expect(sendDailySummary()).toBe(0);
    now += 3 * 60 * 60 * 1000;
    expect(sendDailySummary()).toBe(0);
    const mails = await deliver();
    expect(recipients(mails)).toEqual([adminA.email, adminB.email]);
  });

  it("sends nothing when another process already claimed the day", () => {
    saveSummaryHour(8);
    now = AT_HOUR;
    // The other server process: its own connection to the same SQLite file, the same day's key.
    const other = new Database(config.databasePath);
    other
      .prepare("INSERT INTO distribution_settings (key, value) VALUES (?, ?)")
      .run("summary_sent:2026-12-03", new Date(AT_HOUR).toISOString());
    other.close();
    expect(sendDailySummary()).toBe(0);
    expect(summaryRows()).toHaveLength(0);
  });

  it("sends nothing with “Não enviar”", () => {
    saveSummaryHour(null);
    now = AT_HOUR;
    expect(sendDailySummary()).toBe(0);
  });

  it("holds the database's numbers, links, and no lead's personal data", async () => {
    saveSummaryHour(8);
    now = AT_HOUR;
    sendDailySummary();
    const [mail] = (await deliver()).filter((m) => (m.to as { text: string }).text === adminA.email);
    expect(mail.subject).toBe("Resumo diário de leads – 02/12/2026");
    const text = mail.text ?? "";
    expect(text).toContain("Leads novos em 02/12/2026: 3");
    expect(text).toContain("Aguardando primeiro contato agora: 2");
    expect(text).toContain("Atrasados agora (fora do prazo): 1");
    expect(text).toContain("Contatados dentro do prazo em 02/12/2026: 50%");
    expect(text).toContain("Matrículas dos leads de 03/11/2026 a 02/12/2026, por campanha:");
    expect(text).toContain("- natal: 1");
    expect(text).toContain("- black-friday: 1");
    expect(text).toContain(`Painel: ${config.siteUrl}/admin`);
    expect(text).toContain(`Resultados: ${config.siteUrl}/admin/resultados`);
    for (const body of [text, String(mail.html), mail.subject ?? ""]) {
      for (const secret of ["Marcela", "Sigilosa", "sigilosa@example.com", "97777", "1234"]) {
        expect(body).not.toContain(secret);
      }
    }
    const list = mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    expect(list).toContain("/e-mail/descadastrar/s");
    expect(mail.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
  });

  it("honours the one-click unsubscribe, says so on the page, and has a way back", async () => {
    saveSummaryHour(8);
    now = AT_HOUR;
    sendDailySummary();
    const row = summaryRows().find((r) => r.toAddress === adminA.email)!;
    const token = row.unsubscribeUrl!.split("/").pop()!;
    const request = new Request(row.unsubscribeUrl!, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(statusOf(await settle(() => unsubscribeAction(args(request, { token }))))).toBe(200);

    const page = () => settle(() => distributionPageLoader(args(getRequest("/admin/distribuicao", { cookie: adminA.cookie }))));
    expect(payload(await page()).summary).toEqual({ hour: 8, optedOut: true });

    // The next day: only the admin who did not unsubscribe.
    db.delete(schema.emailOutbox).run();
    now = AT_HOUR + 24 * 60 * 60 * 1000;
    expect(sendDailySummary()).toBe(1);
    expect(summaryRows().map((r) => r.toAddress)).toEqual([adminB.email]);

    // "Voltar a receber": the day after, both again.
    await settle(() =>
      distributionPageAction(args(formRequest("/admin/distribuicao", { intent: "resumo-voltar" }, { cookie: adminA.cookie }))),
    );
    expect(payload(await page()).summary.optedOut).toBe(false);
    now += 24 * 60 * 60 * 1000;
    expect(sendDailySummary()).toBe(2);
  });
});

describe("the “Resumo diário às” setting", () => {
  const post = (fields: Record<string, string>) =>
    settle(() =>
      distributionPageAction(
        args(formRequest("/admin/distribuicao", { intent: "resumo", ...fields }, { cookie: adminA.cookie })),
      ),
    );

  it("saves an hour and “Não enviar”", async () => {
    await post({ hora: "18" });
    let data = payload(
      await settle(() => distributionPageLoader(args(getRequest("/admin/distribuicao", { cookie: adminA.cookie })))),
    );
    expect(data.summary.hour).toBe(18);
    await post({ hora: "nao" });
    data = payload(
      await settle(() => distributionPageLoader(args(getRequest("/admin/distribuicao", { cookie: adminA.cookie })))),
    );
    expect(data.summary.hour).toBeNull();
  });

  it("refuses a bad hour with the message next to the field", async () => {
    for (const hora of ["24", "-1", "oito", ""]) {
      const answer = await post({ hora });
      expect(statusOf(answer)).toBe(400);
      expect(payload(answer).result.error.hora).toEqual(["Escolha uma hora de 0 a 23, ou “Não enviar”."]);
    }
  });
});
