import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { courses } from "~/features/courses/courses.seed";
import { recordAttemptOutcome, recordContactAttempt } from "~/features/leads/contact.server";
import {
  addRule,
  addTeamMember,
  createTeam,
  DISTRIBUTION_AUTHOR,
  distributionActive,
  escalateWaitingLeads,
  EVERYONE_RULE,
  SAME_PERSON_RULE,
  setAvailability,
  setDistributionActive,
} from "~/features/leads/distribution/assign.server";
import { action as distributionPageAction, loader as distributionPageLoader } from "~/features/leads/distribution/page";
import { EMPTY_FILTERS } from "~/features/leads/filters";
import { addLeadNote, changeLeadStatus, changeStatusOfSelection, leadTimeline } from "~/features/leads/follow-up.server";
import { action as enrolmentAction } from "~/features/leads/forms/enrolment-page";
import { findOwner, setLeadOwner } from "~/features/leads/owner.server";
import * as panelModule from "~/features/leads/panel";
import { saveLead } from "~/features/leads/save.server";
import { polos } from "~/features/polos/polos.seed";
import { createAdmin } from "~/features/staff/users.server";
import { createWebhookEndpoint } from "~/features/webhooks/outbox.server";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

import { args, formRequest, getRequest, payload, renderPage, settle, statusOf } from "../../../../tests/support/route-calls";
import { signIn } from "../../../../tests/support/staff-login";

/**
 * Lead distribution (decision 086) and the first-contact clock (decision 087) through the real lead
 * pipeline: forms posted to the /inscricao action, a real SQLite file, the pinned server clock.
 */

// Wednesday 2026-11-25, 10h in São Paulo.
let now = Date.parse("2026-11-25T13:00:00Z");
const PASSWORD = "senha-forte-de-teste-1";
const users: Record<string, number> = {};

beforeAll(async () => {
  setClockForTests(() => now);
  for (const name of ["ana", "bruno", "carla", "davi"]) {
    users[name] = (await createAdmin(`${name}@vendas.example.com`, PASSWORD, "comercial")).id;
  }
  users.chefe = (await createAdmin("chefe@example.com", PASSWORD, "admin")).id;
  return () => resetClock();
});

beforeEach(() => {
  resetAllRateLimits();
  db.delete(schema.leads).run();
  db.delete(schema.emailOutbox).run();
  db.delete(schema.webhookDeliveries).run();
  db.delete(schema.webhookEndpoints).run();
  db.delete(schema.salesTeams).run();
  db.delete(schema.distributionSettings).run();
  db.update(schema.adminUsers).set({ away: false, awayUntil: null, lastAssignedSeq: 0 }).run();
  now = Date.parse("2026-11-25T13:00:00Z");
  setDistributionActive(true);
});

const course = courses.find((c) => c.name === "Enfermagem")!;
let ip = 1;
function post(email: string, extra: Record<string, string> = {}) {
  ip++;
  return enrolmentAction(
    args(
      formRequest(
        "/inscricao",
        {
          nome: "Maria Aparecida da Silva",
          telefone: `31 9${String(10_000_000 + ip).slice(-8)}`,
          email,
          cidade: "Belo Horizonte",
          curso: course.name,
          polo: polos[0].location,
          consentimento: "on",
          origem: "inscricao",
          [HONEYPOT_FIELD]: "",
          ...extra,
        },
        { headers: { "X-Client-Ip": `203.0.${Math.floor(ip / 250) % 250}.${ip % 250}` } },
      ),
    ),
  );
}

const lead = (email: string) => db.select().from(schema.leads).where(eq(schema.leads.email, email)).get()!;
const notes = (leadId: number) => db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, leadId)).all();
const emails = () => db.select().from(schema.emailOutbox).orderBy(schema.emailOutbox.id).all();

describe("rules", () => {
  it("no rule: round robin among every available comercial user; each assignment has its note, event and e-mail", async () => {
    createWebhookEndpoint("https://crm.example.com/hook", "chefe@example.com");
    for (let n = 1; n <= 4; n++) expect(statusOf(await post(`rr${n}@example.com`))).toBe(303);
    const owners = [1, 2, 3, 4].map((n) => lead(`rr${n}@example.com`).owner_id);
    expect(new Set(owners)).toEqual(new Set([users.ana, users.bruno, users.carla, users.davi]));

    const first = lead("rr1@example.com");
    const [note] = notes(first.id);
    expect(note.author).toBe(DISTRIBUTION_AUTHOR);
    expect(note.text).toBe(`Responsável: Sem responsável → ana@vendas.example.com (regra: ${EVERYONE_RULE})`);

    const events = db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.eventType, "lead.assigned"))
      .all();
    expect(events).toHaveLength(4);
    expect(JSON.parse(events[0].body).data).toMatchObject({
      lead: { id: first.id },
      owner: { id: users.ana },
      rule: EVERYONE_RULE,
    });

    const mail = emails()[0];
    expect(mail).toMatchObject({ kind: "lead.assigned", toAddress: "ana@vendas.example.com", leadId: first.id });
    expect(mail.textBody).toContain("Nome: Maria\n");
    expect(mail.textBody).toContain(`Curso: ${course.name}`);
    expect(mail.textBody).toContain(`Polo: ${polos[0].location}`);
    expect(mail.textBody).toContain("Origem: Formulário de inscrição");
    expect(mail.textBody).toContain(`/contato/lead/${first.id}`);
    // Never the person's e-mail or phone.
    expect(mail.textBody + mail.htmlBody).not.toContain("rr1@example.com");
    expect(mail.textBody + mail.htmlBody).not.toMatch(/9\d{4}-?\d{4}/);
  });

  it("a rule by polo sends the lead to its team's members in turn; other polos to everyone", async () => {
    createTeam("Equipe BH");
    const team = db.select().from(schema.salesTeams).get()!;
    addTeamMember(team.id, users.carla);
    addTeamMember(team.id, users.davi);
    expect(addRule({ name: "Polo BH", field: "polo", value: polos[0].location, teamId: team.id }, "chefe@example.com")).toBe(
      true,
    );
    for (let n = 1; n <= 4; n++) await post(`bh${n}@example.com`);
    const owners = [1, 2, 3, 4].map((n) => lead(`bh${n}@example.com`).owner_id);
    expect(owners).toEqual([users.carla, users.davi, users.carla, users.davi]);
    expect(notes(lead("bh1@example.com").id)[0].text).toContain("(regra: Polo BH)");

    await post("outro@example.com", { polo: polos[1].location });
    expect(lead("outro@example.com").owner_id).toBe(users.ana);
  });

  it("a rule by course area", async () => {
    createTeam("Saúde");
    const team = db.select().from(schema.salesTeams).get()!;
    addTeamMember(team.id, users.bruno);
    addRule({ name: "Área Saúde", field: "area", value: course.area, teamId: team.id }, "chefe@example.com");
    await post("saude@example.com");
    expect(lead("saude@example.com").owner_id).toBe(users.bruno);
  });

  it("the same person (same e-mail or phone, another form) goes to the owner they already have", async () => {
    await post("pessoa@example.com");
    const first = lead("pessoa@example.com");
    const again = saveLead({ origem: "contato", nome: "Maria", telefone: first.telefone, email: "outro.email@example.com" });
    const second = db.select().from(schema.leads).where(eq(schema.leads.id, again)).get()!;
    expect(second.owner_id).toBe(first.owner_id);
    expect(notes(again)[0].text).toContain(SAME_PERSON_RULE);
  });

  it("an away member gets nothing until their absence ends; everyone away → unassigned queue and the admins are told", async () => {
    setAvailability(users.ana, true, null);
    setAvailability(users.bruno, true, new Date(now + 60 * 60_000));
    setAvailability(users.carla, true, null);
    setAvailability(users.davi, true, null);
    createWebhookEndpoint("https://crm.example.com/hook", "chefe@example.com");
    await post("ninguem@example.com");
    const orphan = lead("ninguem@example.com");
    expect(orphan.owner_id).toBeNull();
    expect(notes(orphan.id)[0].text).toContain("Ninguém disponível");
    expect(emails().map((m) => [m.kind, m.toAddress])).toContainEqual(["lead.unassigned", "chefe@example.com"]);
    // Nothing was assigned: no "lead.assigned" event ("lead.created" told the CRM already).
    const events = db.select().from(schema.webhookDeliveries).all();
    expect(events.map((row) => row.eventType)).toEqual(["lead.created"]);

    now += 61 * 60_000;
    await post("depois@example.com");
    expect(lead("depois@example.com").owner_id).toBe(users.bruno);
  });

  it("a rule whose team lost its members (user removed) sends to the unassigned queue, never to a stranger", async () => {
    createTeam("Vazia");
    const team = db.select().from(schema.salesTeams).get()!;
    addRule({ name: "Formulário de inscrição", field: "origem", value: "inscricao", teamId: team.id }, "chefe@example.com");
    await post("vazia@example.com");
    expect(lead("vazia@example.com").owner_id).toBeNull();
  });
});

describe("on by default, and switched off", () => {
  it("a database whose admin never touched the switch distributes (decision 096)", async () => {
    db.delete(schema.distributionSettings).run();
    expect(distributionActive()).toBe(true);
    await post("padrao@example.com");
    expect(lead("padrao@example.com").owner_id).toBe(users.ana);
  });

  it("switched off: new leads stay unowned, with their first-contact due time; nothing is escalated", async () => {
    setDistributionActive(false);
    await post("desligada@example.com");
    const row = lead("desligada@example.com");
    expect(row.owner_id).toBeNull();
    expect(row.first_contact_due_at).toBe("2026-11-25T13:05:00.000Z");
    expect(notes(row.id)).toHaveLength(0);
    now += 60 * 60_000;
    expect(escalateWaitingLeads(new Date(now))).toBe(0);
  });
});

describe("the lead's history headings", () => {
  it("the automatic assignment, an escalation and an owner change have their own headings; only a salesperson's note is 'Nota'", async () => {
    await post("historico@example.com");
    const { id } = lead("historico@example.com");
    now += 11 * 60_000;
    escalateWaitingLeads(new Date(now));
    setLeadOwner(id, findOwner(users.carla)!, "chefe@example.com", new Date(now));
    addLeadNote(id, "Prefere ligação à tarde.", "chefe@example.com", new Date(now));
    const lines = leadTimeline(lead("historico@example.com"), (key) => key)
      .filter((entry) => ["nota", "responsavel", "distribuicao"].includes(entry.kind))
      .map((entry) => [entry.kind, entry.title]);
    // Newest first.
    expect(lines).toEqual([
      ["nota", "Nota"],
      ["responsavel", "Responsável alterado"],
      ["distribuicao", "Escalonamento"],
      ["distribuicao", "Distribuição automática"],
    ]);
  });
});

describe("fairness under concurrency", () => {
  it("a burst of 200 leads posted at once spreads within ±1 per available member, none left unowned", async () => {
    setAvailability(users.davi, true, null);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => post(`rajada${n}@example.com`)));
    expect(answers.every((answer) => statusOf(answer) === 303)).toBe(true);
    const all = db.select({ owner: schema.leads.owner_id }).from(schema.leads).all();
    expect(all).toHaveLength(200);
    const counts = new Map<number | null, number>();
    for (const row of all) counts.set(row.owner, (counts.get(row.owner) ?? 0) + 1);
    expect(counts.has(null)).toBe(false);
    expect(counts.has(users.davi)).toBe(false);
    const spread = [...counts.values()];
    expect(spread).toHaveLength(3);
    expect(Math.max(...spread) - Math.min(...spread)).toBeLessThanOrEqual(1);
  });
});

describe("the first-contact clock", () => {
  it("a lead at 23h on a Friday is owned at once and due at 8h05 on Monday", async () => {
    now = Date.parse("2026-11-28T02:00:00Z"); // Friday 23h in São Paulo
    await post("noite@example.com");
    const night = lead("noite@example.com");
    expect(night.owner_id).not.toBeNull();
    expect(night.first_contact_due_at).toBe("2026-11-30T11:05:00.000Z");
  });

  it("a status change alone never stops the clock; a tap on Ligar neither; only a contact that reached the person does", async () => {
    await post("contato@example.com");
    const { id } = lead("contato@example.com");
    now += 3 * 60_000;
    changeLeadStatus(id, { status: "em_contato", reason: null }, "ana@vendas.example.com", new Date(now));
    expect(lead("contato@example.com").first_contact_at).toBeNull();
    const tap = recordContactAttempt(id, "telefone", "ana@vendas.example.com", new Date(now));
    expect(tap.ok).toBe(true);
    expect(lead("contato@example.com").first_contact_at).toBeNull();
    const [attempt] = db.select().from(schema.leadContactAttempts).where(eq(schema.leadContactAttempts.leadId, id)).all();
    expect(attempt.outcome).toBeNull();
    // Not answered: still no first contact; a second call, answered two minutes later, is it.
    now += 60_000;
    const missed = recordAttemptOutcome(
      id,
      { attemptId: attempt.id, channel: "telefone", outcome: "nao_atendeu" },
      "ana@vendas.example.com",
      new Date(now),
    );
    expect(missed).toEqual({ ok: true, firstContact: false });
    expect(lead("contato@example.com").first_contact_at).toBeNull();
    now += 2 * 60_000;
    const answered = recordAttemptOutcome(
      id,
      { attemptId: null, channel: "telefone", outcome: "atendeu" },
      "ana@vendas.example.com",
      new Date(now),
    );
    expect(answered).toEqual({ ok: true, firstContact: true });
    expect(lead("contato@example.com").first_contact_at).toBe(new Date(now).toISOString());
    // An outcome is written once, and a WhatsApp outcome is refused for a call.
    expect(
      recordAttemptOutcome(id, { attemptId: attempt.id, channel: "telefone", outcome: "atendeu" }, "ana@vendas.example.com"),
    ).toMatchObject({ ok: false, field: "form" });
    expect(
      recordAttemptOutcome(id, { attemptId: null, channel: "telefone", outcome: "mensagem_enviada" }, "ana@vendas.example.com"),
    ).toMatchObject({ ok: false, field: "resultado" });
    expect(db.select().from(schema.leadContactAttempts).where(eq(schema.leadContactAttempts.leadId, id)).all()).toHaveLength(2);
  });

  it("'Alterar status dos filtrados → Em contato' stops no clock and no escalation", async () => {
    for (let n = 1; n <= 3; n++) await post(`lote-status${n}@example.com`);
    now += 60_000;
    expect(
      changeStatusOfSelection(
        { ...EMPTY_FILTERS, busca: "lote-status" },
        { status: "em_contato", reason: null },
        "chefe@example.com",
        new Date(now),
      ),
    ).toBe(3);
    for (let n = 1; n <= 3; n++)
      expect(lead(`lote-status${n}@example.com`)).toMatchObject({ status: "em_contato", first_contact_at: null });
    now += 10 * 60_000;
    expect(escalateWaitingLeads(new Date(now))).toBe(3);
  });

  it("a WhatsApp the salesperson confirms was sent is the first contact at the time of the tap", async () => {
    await post("zap@example.com");
    const { id } = lead("zap@example.com");
    now += 2 * 60_000;
    const tapAt = new Date(now).toISOString();
    recordContactAttempt(id, "whatsapp", "ana@vendas.example.com", new Date(now));
    const [attempt] = db.select().from(schema.leadContactAttempts).where(eq(schema.leadContactAttempts.leadId, id)).all();
    now += 30 * 60_000;
    expect(
      recordAttemptOutcome(
        id,
        { attemptId: attempt.id, channel: "whatsapp", outcome: "mensagem_enviada" },
        "ana@vendas.example.com",
        new Date(now),
      ),
    ).toEqual({ ok: true, firstContact: true });
    expect(lead("zap@example.com").first_contact_at).toBe(tapAt);
  });

  it("a lead with no reaching contact escalates at 2×, 3× the target to the next member, then at 4× to the manager, whatever its status; once each", async () => {
    await post("espera@example.com");
    const before = lead("espera@example.com");
    // Moved to Em contato and called without an answer: the clock runs on.
    changeLeadStatus(before.id, { status: "em_contato", reason: null }, "ana@vendas.example.com", new Date(now));
    recordAttemptOutcome(
      before.id,
      { attemptId: null, channel: "telefone", outcome: "caixa_postal" },
      "ana@vendas.example.com",
      new Date(now),
    );
    now += 9 * 60_000;
    expect(escalateWaitingLeads(new Date(now))).toBe(0);
    now += 2 * 60_000;
    expect(escalateWaitingLeads(new Date(now))).toBe(1);
    const first = lead("espera@example.com");
    expect(first.owner_id).not.toBe(before.owner_id);
    expect(first.owner_id).not.toBeNull();
    expect(first).toMatchObject({ escalated_at: new Date(now).toISOString(), escalation_level: 1, status: "em_contato" });
    expect(notes(first.id).at(-1)!.text).toMatch(
      /^Escalonado \(1º\): sem contato que chegasse à pessoa em 2× o prazo \(10 min úteis\)/,
    );
    const escalated = () => emails().filter((m) => m.kind === "lead.escalated");
    expect(escalated().map((m) => m.toAddress)).toContain("chefe@example.com");
    expect(escalated()).toHaveLength(2);
    expect(escalateWaitingLeads(new Date(now + 60_000))).toBe(0);

    now += 5 * 60_000; // 16 min: past 3× the target
    expect(escalateWaitingLeads(new Date(now))).toBe(1);
    const second = lead("espera@example.com");
    expect(second.escalation_level).toBe(2);
    expect(second.owner_id).not.toBe(first.owner_id);
    now += 5 * 60_000; // 21 min: past 4×, the manager
    expect(escalateWaitingLeads(new Date(now))).toBe(1);
    const third = lead("espera@example.com");
    expect(third).toMatchObject({ escalation_level: 3, owner_id: second.owner_id });
    expect(notes(third.id).at(-1)!.text).toMatch(/^Escalonado \(3º\).*Levado ao gestor; responsável: /);
    expect(escalated().at(-1)).toMatchObject({ toAddress: "chefe@example.com" });
    expect(escalated().at(-1)!.textBody).toContain(`Lead nº ${third.id}`);
    expect(escalated().at(-1)!.textBody).toContain("Com o gestor");
    expect(escalateWaitingLeads(new Date(now + 24 * 60 * 60_000))).toBe(0);
  });

  it("an answered call stops the escalation; an enrolled lead never escalates", async () => {
    await post("atendeu@example.com");
    await post("inscrito@example.com");
    const reached = lead("atendeu@example.com");
    recordAttemptOutcome(
      reached.id,
      { attemptId: null, channel: "telefone", outcome: "atendeu" },
      "ana@vendas.example.com",
      new Date(now),
    );
    changeLeadStatus(
      lead("inscrito@example.com").id,
      { status: "inscrito", reason: null },
      "ana@vendas.example.com",
      new Date(now),
    );
    now += 60 * 60_000;
    expect(escalateWaitingLeads(new Date(now))).toBe(0);
  });

  it("one escalation run sends one e-mail to each member given leads and one to each admin listing them all", async () => {
    for (let n = 1; n <= 6; n++) await post(`lote${n}@example.com`);
    now += 11 * 60_000;
    expect(escalateWaitingLeads(new Date(now))).toBe(6);
    const mails = emails().filter((m) => m.kind === "lead.escalated");
    const toAdmin = mails.filter((m) => m.toAddress === "chefe@example.com");
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0].subject).toBe("Escalonamento: 6 leads sem primeiro contato");
    for (let n = 1; n <= 6; n++) expect(toAdmin[0].textBody).toContain(`Lead nº ${lead(`lote${n}@example.com`).id} `);
    // No name, e-mail or phone of the people in it.
    expect(toAdmin[0].textBody).not.toMatch(/Maria|lote\d@example\.com|9\d{4}/);
    expect(toAdmin[0].leadId).toBeNull();
    const toMembers = mails.filter((m) => m.toAddress !== "chefe@example.com");
    expect(new Set(toMembers.map((m) => m.toAddress)).size).toBe(toMembers.length);
    const listed = toMembers.reduce((sum, m) => sum + (m.textBody.match(/Lead nº/g) ?? []).length, 0);
    expect(listed).toBe(6);
  });
});

describe("the Distribuição page (admin only)", () => {
  const cookieOf = async (email: string) => {
    const user = db.select().from(schema.adminUsers).where(eq(schema.adminUsers.email, email)).get()!;
    return signIn(user);
  };
  const postPage = (cookie: string, fields: Record<string, string>) =>
    settle(() =>
      distributionPageAction(
        args(formRequest("/admin/distribuicao", fields, { cookie, headers: { Origin: "http://localhost" } })),
      ),
    );

  it("switches on, creates a team, a member and a rule; a refused rule names each field and stores nothing", async () => {
    setDistributionActive(false);
    const cookie = await cookieOf("chefe@example.com");
    expect(statusOf(await postPage(cookie, { intent: "ligar", ativa: "1" }))).toBe(303);
    expect(payload(await distributionPageLoader(args(getRequest("/admin/distribuicao", { cookie })))).active).toBe(true);

    expect(statusOf(await postPage(cookie, { intent: "equipe-nova", nome: "Equipe Norte" }))).toBe(303);
    const team = db.select().from(schema.salesTeams).get()!;
    expect(
      statusOf(await postPage(cookie, { intent: "membro-adicionar", equipe: String(team.id), usuario: String(users.ana) })),
    ).toBe(303);
    const bad = await postPage(cookie, { intent: "regra-nova", nome: "", campo: "cor", valor: "", equipe: "" });
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).result.error).toEqual({
      nome: ["Informe o nome da regra (até 80 caracteres)."],
      campo: ["Escolha o que a regra compara."],
      valor: ["Escolha ou informe o valor que a regra compara."],
      equipe: ["Escolha a equipe que recebe os leads desta regra."],
    });
    expect(db.select().from(schema.distributionRules).all()).toHaveLength(0);
    expect(
      statusOf(
        await postPage(cookie, {
          intent: "regra-nova",
          nome: "Norte",
          campo: "polo",
          valor: polos[0].location,
          equipe: String(team.id),
        }),
      ),
    ).toBe(303);
    const page = payload(await distributionPageLoader(args(getRequest("/admin/distribuicao", { cookie }))));
    expect(page.rules).toMatchObject([{ name: "Norte", fieldLabel: "Polo", teamName: "Equipe Norte" }]);
    expect(page.teams[0].members).toEqual([{ id: users.ana, email: "ana@vendas.example.com" }]);

    const badTarget = await postPage(cookie, { intent: "prazo", prazo: "0", feriados: "31/02/2026" });
    expect(payload(badTarget).result.error).toEqual({
      prazo: ["Informe o prazo em minutos: um número inteiro de 1 a 1440."],
      feriados: ["Data inválida: “31/02/2026”. Use DD/MM/AAAA, uma por linha."],
    });
    expect(statusOf(await postPage(cookie, { intent: "prazo", prazo: "15", feriados: "25/12/2026" }))).toBe(303);
    await post("norte@example.com");
    const row = lead("norte@example.com");
    expect(row.owner_id).toBe(users.ana);
    expect(row.first_contact_due_at).toBe("2026-11-25T13:15:00.000Z");
  });

  it("refuses an absence that ends in the past next to its field, and a row that is gone on top of the page", async () => {
    const cookie = await cookieOf("chefe@example.com");
    const past = await postPage(cookie, {
      intent: "disponibilidade",
      usuario: String(users.ana),
      estado: "ausente",
      ausente_ate: "2020-01-01T10:00",
    });
    expect(statusOf(past)).toBe(400);
    expect(payload(past)).toMatchObject({
      form: `disponibilidade-${users.ana}`,
      result: { error: { ausente_ate: ["Informe uma data e hora futuras, ou deixe em branco."] } },
    });
    const gone = await postPage(cookie, { intent: "equipe-remover", equipe: "999" });
    expect(statusOf(gone)).toBe(404);
    expect(payload(gone)).toEqual({ page: "Este item não existe mais. Recarregue a página." });
    const unknown = await postPage(cookie, { intent: "apagar-tudo" });
    expect(statusOf(unknown)).toBe(400);
    expect(payload(unknown)).toEqual({ page: "Ação desconhecida. Recarregue a página e tente novamente." });
    expect(db.select().from(schema.salesTeams).all()).toHaveLength(0);
  });

  it("a comercial user cannot open or post to it", async () => {
    const cookie = await cookieOf("bruno@vendas.example.com");
    expect(statusOf(await settle(() => distributionPageLoader(args(getRequest("/admin/distribuicao", { cookie })))))).toBe(403);
    expect(statusOf(await postPage(cookie, { intent: "ligar", ativa: "0" }))).toBe(403);
    expect(
      db
        .select()
        .from(schema.distributionSettings)
        .all()
        .find((s) => s.key === "active")?.value,
    ).toBe("1");
  });
});

describe("the panel's waiting view", () => {
  it("lists leads with no reaching contact most urgent first with 'aguardando há N min' and 'atrasado'; a comercial user sees theirs", async () => {
    await post("primeiro@example.com");
    now += 2 * 60_000;
    await post("segundo@example.com");
    now += 10 * 60_000;
    const user = db.select().from(schema.adminUsers).where(eq(schema.adminUsers.email, "chefe@example.com")).get()!;
    const cookie = await signIn(user);
    const panel = payload(await panelModule.loader(args(getRequest("/contato", { cookie }))));
    expect(panel.waiting.leads.map((w: { firstName: string; text: string; late: boolean }) => [w.text, w.late])).toEqual([
      ["aguardando há 12 min", true],
      ["aguardando há 10 min", true],
    ]);
    expect(panel.waiting.leads[0]).toMatchObject({ id: lead("primeiro@example.com").id, firstName: "Maria" });
    const row = panel.page.rows.find((r: { email: string }) => r.email === "segundo@example.com");
    expect(row.firstContact).toEqual({ text: "aguardando há 10 min", late: true });

    // A status change leaves it waiting; an answered call takes it out.
    changeLeadStatus(lead("primeiro@example.com").id, { status: "em_contato", reason: null }, "chefe@example.com", new Date(now));
    expect(payload(await panelModule.loader(args(getRequest("/contato", { cookie })))).waiting.leads).toHaveLength(2);
    recordAttemptOutcome(
      lead("primeiro@example.com").id,
      { attemptId: null, channel: "telefone", outcome: "atendeu" },
      "chefe@example.com",
      new Date(now),
    );
    const after = payload(await panelModule.loader(args(getRequest("/contato", { cookie }))));
    expect(after.waiting.leads).toHaveLength(1);

    const seller = db
      .select()
      .from(schema.adminUsers)
      .where(eq(schema.adminUsers.id, lead("segundo@example.com").owner_id!))
      .get()!;
    const other = db
      .select()
      .from(schema.adminUsers)
      .where(
        eq(
          schema.adminUsers.email,
          seller.email === "ana@vendas.example.com" ? "bruno@vendas.example.com" : "ana@vendas.example.com",
        ),
      )
      .get()!;
    const otherCookie = await signIn(other);
    expect(payload(await panelModule.loader(args(getRequest("/contato", { cookie: otherCookie })))).waiting.leads).toHaveLength(
      0,
    );
  });
});

describe("the panel says when nobody can own a lead (decision 096)", () => {
  it("everyone away: the panel says so, counts the unassigned queue and links to it; an admin also gets 'Distribuição'", async () => {
    const user = db.select().from(schema.adminUsers).where(eq(schema.adminUsers.email, "chefe@example.com")).get()!;
    const cookie = await signIn(user);
    const calm = await renderPage(panelModule, "/contato", getRequest("/contato", { cookie }));
    expect(calm.html).not.toContain('data-testid="unassigned-notice"');

    for (const name of ["ana", "bruno", "carla", "davi"]) setAvailability(users[name], true, null);
    await post("fila1@example.com");
    await post("fila2@example.com");
    const panel = payload(await panelModule.loader(args(getRequest("/contato", { cookie }))));
    expect(panel.distribution).toEqual({ active: true, available: 0, unassigned: 2 });
    const { html } = await renderPage(panelModule, "/contato", getRequest("/contato", { cookie }));
    expect(html).toContain('data-testid="unassigned-notice"');
    expect(html).toContain("Nenhum usuário comercial disponível: os novos leads ficam sem responsável");
    expect(html).toContain('href="/contato?responsavel=sem"');
    expect(html).toContain("2 leads novos sem responsável");
    expect(html).toContain('href="/admin/distribuicao"');

    // Switched off: owners are set by hand, nothing to warn about.
    setDistributionActive(false);
    const off = await renderPage(panelModule, "/contato", getRequest("/contato", { cookie }));
    expect(off.html).not.toContain('data-testid="unassigned-notice"');
  });
});
