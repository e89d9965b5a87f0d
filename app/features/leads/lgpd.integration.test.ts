import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { recordOptOut } from "~/features/email/person-emails.server";
import { CONSENT_VERSION, ENROLMENT_ORIGINS } from "~/features/leads/forms/enrolment";
import { action as enrolAction } from "~/features/leads/forms/enrolment-page";
import { purgeExpiredSendLog } from "~/features/operations/retention.server";
import { action as leadAction } from "~/features/vocational/form";
import { VOCATIONAL_CONSENT } from "~/features/vocational/vocational-form.seed";
import { recordSendResults } from "~/features/whatsapp/tool/send-log.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";

import { args, formRequest, getRequest, payload, settle, statusOf } from "../../../tests/support/route-calls";
import { vocationalLead } from "../../../tests/support/sessions";
import { signedInStaff } from "../../../tests/support/staff-login";
import { loader as exportLoader } from "./lead-data.json";
import { action as deleteAction, loader as deleteLoader } from "./lead-erase";
import { saveLead } from "./save.server";

/** LGPD, Brazil's data protection law: consent with every lead, one person's export and deletion, retention of the send log. */

const leadsOf = (email: string) => db.select().from(schema.leads).where(eq(schema.leads.email, email)).all();

let adminCookie = "";
beforeAll(async () => {
  adminCookie = (await signedInStaff("admin", "lgpd.admin@example.com", "senha-admin-forte-123")).cookie;
});
beforeEach(() => resetAllRateLimits());

describe("consent is recorded with each lead, on every path that creates one", () => {
  it("/inscricao, for each of its origins: when, and which version of the text", async () => {
    for (const origem of ENROLMENT_ORIGINS) {
      const email = `consent.${origem}@example.com`;
      const fields = {
        nome: "Maria Consentida",
        telefone: "(31)99999-1234",
        email,
        cidade: "Belo Horizonte",
        curso: "Ainda não decidi",
        polo: "Ainda não sei",
        consentimento: "on",
        origem,
      };
      const before = Date.now();
      const result = await settle(() => enrolAction(args(formRequest(`/inscricao?tipo=${origem}`, fields))));
      expect(statusOf(result), origem).toBe(303);
      const [row] = leadsOf(email);
      expect(row.origem).toBe(origem);
      expect(row.consentimento_versao).toBe(CONSENT_VERSION);
      expect(Date.parse(row.consentimento_em!)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it("/inscricao refuses without the consent box ticked, storing nothing", async () => {
    const email = "sem.consentimento@example.com";
    const result = await settle(() =>
      enrolAction(
        args(
          formRequest("/inscricao", {
            nome: "Maria Sem Aceite",
            telefone: "(31)99999-1234",
            email,
            cidade: "Contagem",
            curso: "Ainda não decidi",
            polo: "Ainda não sei",
          }),
        ),
      ),
    );
    expect(statusOf(result)).toBe(400);
    expect(leadsOf(email)).toHaveLength(0);
  });

  it("/teste-vocacional: when, and which version of the consent text the form showed", async () => {
    const email = "consent.teste@example.com";
    const result = await settle(() =>
      leadAction(
        args(
          formRequest("/teste-vocacional", { ...vocationalLead(email), fullName: "Carla Consentida", phone: "(31)99999-4321" }),
        ),
      ),
    );
    expect(statusOf(result)).toBe(303);
    const [row] = leadsOf(email);
    expect(row.consentimento_versao).toBe(VOCATIONAL_CONSENT.version);
    expect(row.consentimento_em).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});

/** One person with two forms and two WhatsApp messages, and a stranger who must be left alone. */
let people = 0;
function seedPerson(tag: string) {
  const email = `pessoa.${tag}@example.com`;
  const n = String(1000 + people++);
  const phone = `(31)98888-${n}`;
  const number = `5531988881111`.slice(0, -4) + n;
  const first = saveLead({
    origem: "inscricao",
    nome: "Pessoa Titular",
    telefone: phone,
    email,
    consentimento_versao: CONSENT_VERSION,
  });
  const second = saveLead({
    origem: "teste_vocacional",
    nome: "Pessoa Titular",
    telefone: phone,
    email,
    consentimento_versao: "v",
  });
  const stranger = saveLead({
    origem: "inscricao",
    nome: "Outra Pessoa",
    telefone: "(31)97777-2222",
    email: `outra.${tag}@example.com`,
  });
  const result = recordSendResults([
    { jobId: `job-${tag}`, number, name: "Pessoa", message: "Olá Pessoa", status: "sent" },
    { jobId: `job-${tag}-2`, number: number.slice(2), name: "Pessoa", message: "Oi de novo", status: "error" },
    { jobId: `job-${tag}`, number: "5531977772222", name: "Outra", message: "Olá Outra", status: "sent" },
  ]);
  expect(result.ok).toBe(true);
  return { email, first, second, stranger, number };
}

const sendLogNumbers = () =>
  db
    .select({ number: schema.whatsappSendLog.number })
    .from(schema.whatsappSendLog)
    .all()
    .map((r) => r.number);

describe("an admin exports one person's data", () => {
  it("as a JSON download with every form row of the e-mail and the messages sent to the phone", async () => {
    const { email, first, second } = seedPerson("exporta");
    const response = (await exportLoader(
      args(getRequest(`/contato/lead/${first}/dados.json`, { cookie: adminCookie }), { id: String(first) }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="dados-lead-${first}.json"`);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = await response.json();
    expect(body.titular.email).toBe(email);
    expect(body.leads.map((l: { id: number }) => l.id).sort()).toEqual([first, second].sort());
    expect(body.leads[0]).toHaveProperty("consentimento_em");
    expect(body.leads[0]).not.toHaveProperty("busca");
    expect(body.mensagens_whatsapp.map((m: { mensagem: string }) => m.mensagem).sort()).toEqual(["Oi de novo", "Olá Pessoa"]);
    expect(JSON.stringify(body)).not.toContain("Outra");
  });

  it("with the e-mails written to the person and their request to receive no more", async () => {
    const { email, first } = seedPerson("exporta-emails");
    recordOptOut(email, "page", new Date("2026-11-20T12:00:00.000Z"));
    const response = (await exportLoader(
      args(getRequest(`/contato/lead/${first}/dados.json`, { cookie: adminCookie }), { id: String(first) }),
    )) as Response;
    const body = await response.json();
    // The /inscricao lead got its confirmation (decision 100); the staff alert about it went to staff, not here.
    expect(body.emails).toHaveLength(1);
    expect(body.emails[0]).toMatchObject({ tipo: "person.confirmation" });
    expect(body.emails[0].texto).toContain("Pessoa");
    expect(body.descadastro_de_email).toEqual({ pedido_em: "2026-11-20T12:00:00.000Z", como: "page" });
    expect(body.explicacao).toContain("e-mails enviados");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1e3"]) {
      const result = await settle(() =>
        exportLoader(args(getRequest(`/contato/lead/${id}/dados.json`, { cookie: adminCookie }), { id })),
      );
      expect(statusOf(result), id).toBe(404);
    }
  });
});

describe("an admin deletes a person with everything tied to them", () => {
  it("shows what will be deleted before deleting", async () => {
    const { first, second } = seedPerson("mostra");
    const view = payload(
      await deleteLoader(args(getRequest(`/contato/lead/${first}/excluir`, { cookie: adminCookie }), { id: String(first) })),
    );
    expect(view.lead).toMatchObject({ id: first, nome: "Pessoa Titular", email: "pessoa.mostra@example.com" });
    expect(view.candidates.map((f: { id: number }) => f.id).sort()).toEqual([first, second].sort());
    expect(view.records.sendLog).toBe(2);
  });

  it("a post without the confirmation deletes nothing", async () => {
    const { email, first } = seedPerson("semconfirmar");
    const result = await settle(() =>
      deleteAction(
        args(formRequest(`/contato/lead/${first}/excluir`, { intent: "outra" }, { cookie: adminCookie }), { id: String(first) }),
      ),
    );
    expect(statusOf(result)).toBe(400);
    expect(leadsOf(email)).toHaveLength(2);
  });

  it("refuses a post from another site (Origin), deleting nothing", async () => {
    const { email, first } = seedPerson("outrosite");
    const result = await settle(() =>
      deleteAction(
        args(
          formRequest(
            `/contato/lead/${first}/excluir`,
            { intent: "excluir" },
            { cookie: adminCookie, headers: { Origin: "https://evil.example" } },
          ),
          {
            id: String(first),
          },
        ),
      ),
    );
    expect(statusOf(result)).toBe(403);
    expect(leadsOf(email)).toHaveLength(2);
  });

  it("the confirmed post deletes every form row of the e-mail and the messages to the phone, and nothing else", async () => {
    const { email, first, stranger, number } = seedPerson("apaga");
    const { second } = { second: leadsOf(email).find((row) => row.id !== first)!.id };
    const result = (await deleteAction(
      args(
        formRequest(
          `/contato/lead/${first}/excluir`,
          { intent: "excluir", leads: [String(first), String(second)] },
          { cookie: adminCookie },
        ),
        { id: String(first) },
      ),
    )) as Response;
    expect(result.status).toBe(303);
    expect(result.headers.get("Location")).toBe("/contato");
    expect(result.headers.get("Set-Cookie")).toContain("__visitante=");
    expect(leadsOf(email)).toHaveLength(0);
    expect(db.select().from(schema.leads).where(eq(schema.leads.id, stranger)).all()).toHaveLength(1);
    expect(sendLogNumbers()).not.toContain(number);
    expect(sendLogNumbers()).not.toContain(number.slice(2));
    expect(sendLogNumbers()).toContain("5531977772222");

    // Posting again (a double click): the lead is gone, 404, nothing else touched.
    const again = await settle(() =>
      deleteAction(
        args(
          formRequest(`/contato/lead/${first}/excluir`, { intent: "excluir", leads: String(first) }, { cookie: adminCookie }),
          {
            id: String(first),
          },
        ),
      ),
    );
    expect(statusOf(again)).toBe(404);
  });
});

describe("retention", () => {
  it("purge-leads also deletes WhatsApp send-log rows older than the retention period", () => {
    recordSendResults([
      { jobId: "antigo", number: "5531911112222", message: "velho", status: "sent", sentAt: "2020-01-01T12:00:00.000Z" },
      { jobId: "recente", number: "5531911113333", message: "novo", status: "sent", sentAt: new Date().toISOString() },
    ]);
    const deleted = purgeExpiredSendLog(new Date(), 365);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(sendLogNumbers()).not.toContain("5531911112222");
    expect(sendLogNumbers()).toContain("5531911113333");
    expect(() => purgeExpiredSendLog(new Date(), 0)).toThrow(/LEAD_RETENTION_DAYS/);
  });
});
