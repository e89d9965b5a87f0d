import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as bulkModule from "~/features/leads/bulk-change";
import { loader as csvLoader } from "~/features/leads/csv-route";
import { listTeams } from "~/features/leads/distribution/assign.server";
import { action as distributionAction } from "~/features/leads/distribution/page";
import * as leadModule from "~/features/leads/lead";
import * as contactModule from "~/features/leads/lead-contact";
import { loader as leadDataLoader } from "~/features/leads/lead-data.json";
import * as eraseModule from "~/features/leads/lead-erase";
import { OWNER_LOCKED_ERROR } from "~/features/leads/owner.server";
import * as panelModule from "~/features/leads/panel";
import { findLead } from "~/features/leads/privacy.server";
import type { StaffUser } from "~/features/staff/users.server";
import * as handoffModule from "~/features/whatsapp/handoff/page";
import { db, schema, sqlite } from "~/platform/db/client.server";

import { args, formRequest, getRequest, payload, renderPage, settle, statusOf } from "../../../tests/support/route-calls";
import { insertLead, uniqueToken } from "../../../tests/support/seed";
import { useStaffTeam } from "../../../tests/support/staff-login";

/**
 * Decision 138: the walls between salespeople. Over the role × owner matrix (admin, the owner, a
 * colleague; a lead owned by Ana, one owned by Bruno, one nobody owns) every lead route of the
 * panel answers through its real loader or action on the test file's SQLite database: a lead she
 * may not see is a 404 with none of its data, and no list, CSV, bulk change or hand-off reaches it.
 */

const { admin, ana, bruno, cookies } = useStaffTeam("muros");

type Leads = { ana: number; bruno: number; none: number; token: string };

/** Three leads of one search token: Ana's, Bruno's, nobody's (each with its own name, e-mail and phone). */
function threeLeads(): Leads {
  const token = uniqueToken("muro");
  const lead = (who: string, owner: number | null, phone: string) =>
    insertLead(sqlite, {
      nome: `Pessoa ${who} ${token}`,
      email: `${who.toLowerCase()}.${token}@example.com`,
      telefone: phone,
      cidade: token,
      owner_id: owner,
    });
  return {
    ana: lead("Ana", ana.id, "(31)98811-1001"),
    bruno: lead("Bruno", bruno.id, "(31)98811-1002"),
    none: lead("Ninguem", null, "(31)98811-1003"),
    token,
  };
}

const as = (user: StaffUser) => ({ cookie: cookies[user.email] });
const notesOf = (id: number) => db.select().from(schema.leadNotes).where(eq(schema.leadNotes.leadId, id)).all();
const attemptsOf = (id: number) =>
  db.select().from(schema.leadContactAttempts).where(eq(schema.leadContactAttempts.leadId, id)).all();

async function panelIds(user: StaffUser, token: string): Promise<number[]> {
  const result = await panelModule.loader(args(getRequest(`/contato?busca=${token}`, as(user))));
  return payload(result)
    .page.rows.map((row: { id: number }) => row.id)
    .sort();
}

async function csvText(user: StaffUser, token: string): Promise<string> {
  return ((await csvLoader(args(getRequest(`/contato/leads.csv?busca=${token}`, as(user))))) as Response).text();
}

/** Every lead route's answer for this user and lead: GETs of the pages, and each follow-up post. */
async function leadRoutes(user: StaffUser, id: number) {
  const params = { id: String(id) };
  const post = (fields: Record<string, string>) =>
    settle(() => leadModule.action(args(formRequest(`/contato/lead/${id}`, fields, as(user)), params)));
  return {
    page: await settle(() => leadModule.loader(args(getRequest(`/contato/lead/${id}`, as(user)), params))),
    status: await post({ intent: "status", status: "em_contato" }),
    note: await post({ intent: "nota", texto: "Nota de quem passou por aqui" }),
    owner: await post({ intent: "responsavel", responsavel: String(user.id === bruno.id ? bruno.id : ana.id) }),
    nextContact: await post({ intent: "proximo-contato", proximo_contato: "2030-01-15" }),
    contactPage: await settle(() => contactModule.loader(args(getRequest(`/contato/lead/${id}/contatar`, as(user)), params))),
    contact: await settle(() =>
      contactModule.action(args(formRequest(`/contato/lead/${id}/contatar`, { canal: "telefone" }, as(user)), params)),
    ),
    data: await settle(() => leadDataLoader(args(getRequest(`/contato/lead/${id}/dados.json`, as(user)), params))),
    erasePage: await settle(() => eraseModule.loader(args(getRequest(`/contato/lead/${id}/excluir`, as(user)), params))),
  };
}

/** Whether any answer carries the lead's name, e-mail or phone. */
function leaksLead(answers: Record<string, unknown>, id: number): boolean {
  const lead = findLead(id)!;
  const text = Object.values(answers)
    .map((answer) => JSON.stringify(payload(answer) ?? null))
    .join("\n");
  return [lead.nome, lead.email, lead.telefone].some((value) => text.includes(value));
}

describe("the list and the CSV", () => {
  let leads: Leads;
  beforeAll(() => {
    leads = threeLeads();
  });

  it("a comercial user's list holds her own and the unowned leads, never a colleague's; the admin's holds every lead", async () => {
    expect(await panelIds(ana, leads.token)).toEqual([leads.ana, leads.none].sort());
    expect(await panelIds(bruno, leads.token)).toEqual([leads.bruno, leads.none].sort());
    expect(await panelIds(admin, leads.token)).toEqual([leads.ana, leads.bruno, leads.none].sort());
    // Asking for the colleague's leads by the owner filter finds none.
    const filtered = payload(
      await panelModule.loader(args(getRequest(`/contato?busca=${leads.token}&responsavel=${bruno.id}`, as(ana)))),
    );
    expect(filtered.page.rows).toEqual([]);
  });

  it("the CSV holds the same leads as her list: a colleague's name, e-mail and phone are not in it", async () => {
    const mine = await csvText(ana, leads.token);
    expect(mine).toContain(`ana.${leads.token}@example.com`);
    expect(mine).toContain(`ninguem.${leads.token}@example.com`);
    expect(mine).not.toContain(`bruno.${leads.token}@example.com`);
    expect(mine).not.toContain("(31)98811-1002");
    const everyone = await csvText(admin, leads.token);
    expect(everyone).toContain(`bruno.${leads.token}@example.com`);
    expect(everyone.trim().split("\r\n")).toHaveLength(4);
  });
});

describe("every lead route over the role × owner matrix", () => {
  it("a colleague's lead answers 404 on every route, shows none of its data and changes nothing", async () => {
    const leads = threeLeads();
    const before = findLead(leads.bruno)!;
    const answers = await leadRoutes(ana, leads.bruno);
    const statuses = Object.fromEntries(Object.entries(answers).map(([route, answer]) => [route, statusOf(answer)]));
    expect(statuses).toEqual({
      page: 404,
      status: 404,
      note: 404,
      owner: 404,
      nextContact: 404,
      contactPage: 404,
      contact: 404,
      // The LGPD export and erasure are the admin's only (the permission answers first).
      data: 403,
      erasePage: 403,
    });
    expect(leaksLead(answers, leads.bruno)).toBe(false);
    expect(findLead(leads.bruno)).toEqual(before);
    expect(notesOf(leads.bruno).filter((note) => note.author === ana.email)).toEqual([]);
    expect(attemptsOf(leads.bruno)).toEqual([]);
  });

  it("her own lead and an unowned one open and change on every follow-up route", async () => {
    const leads = threeLeads();
    for (const id of [leads.ana, leads.none]) {
      const answers = await leadRoutes(ana, id);
      expect(statusOf(answers.page), `page ${id}`).toBe(200);
      expect(payload(answers.page).lead.id).toBe(id);
      for (const route of ["status", "note", "nextContact", "contact"] as const) {
        expect(statusOf(answers[route]), `${route} ${id}`).toBe(303);
      }
      expect(statusOf(answers.contactPage)).toBe(200);
    }
    // The unowned lead became hers when she took it.
    expect(findLead(leads.none)!.owner_id).toBe(ana.id);
    expect(attemptsOf(leads.ana)).toHaveLength(1);
  });

  it("the admin opens every lead, the colleague's included, on every route", async () => {
    const leads = threeLeads();
    for (const id of [leads.ana, leads.bruno, leads.none]) {
      const params = { id: String(id) };
      expect(statusOf(await settle(() => leadModule.loader(args(getRequest(`/contato/lead/${id}`, as(admin)), params))))).toBe(
        200,
      );
      expect(
        statusOf(await settle(() => leadDataLoader(args(getRequest(`/contato/lead/${id}/dados.json`, as(admin)), params)))),
      ).toBe(200);
      expect(
        statusOf(await settle(() => eraseModule.loader(args(getRequest(`/contato/lead/${id}/excluir`, as(admin)), params)))),
      ).toBe(200);
      expect(
        statusOf(await settle(() => contactModule.loader(args(getRequest(`/contato/lead/${id}/contatar`, as(admin)), params)))),
      ).toBe(200);
    }
  });
});

describe("bulk changes and the WhatsApp hand-off", () => {
  it("'Alterar status dos filtrados' counts and changes only the leads she may see", async () => {
    const leads = threeLeads();
    const query = new URLSearchParams({ busca: leads.token, novo_status: "em_contato" });
    const shown = payload(await bulkModule.loader(args(getRequest(`/contato/alterar-status?${query}`, as(ana)))));
    expect(shown.selection).toMatchObject({ total: 2, changes: 2 });
    const done = await settle(() =>
      bulkModule.action(
        args(formRequest("/contato/alterar-status", { ...Object.fromEntries(query), intent: "confirmar" }, as(ana))),
      ),
    );
    expect(statusOf(done)).toBe(303);
    expect([leads.ana, leads.bruno, leads.none].map((id) => findLead(id)!.status)).toEqual(["em_contato", "novo", "em_contato"]);
  });

  it("'Atribuir responsável aos filtrados' cannot reach a colleague's lead", async () => {
    const leads = threeLeads();
    const done = await settle(() =>
      bulkModule.action(
        args(
          formRequest(
            "/contato/atribuir-responsavel",
            { busca: leads.token, novo_responsavel: String(ana.id), intent: "confirmar" },
            as(ana),
          ),
        ),
      ),
    );
    expect(statusOf(done)).toBe(303);
    expect([leads.ana, leads.bruno, leads.none].map((id) => findLead(id)!.owner_id)).toEqual([ana.id, bruno.id, ana.id]);
  });

  it("the hand-off to WhatsApp lists only the leads she may see", async () => {
    const leads = threeLeads();
    const shown = payload(await handoffModule.loader(args(getRequest(`/contato/enviar-whatsapp?busca=${leads.token}`, as(ana)))));
    expect(shown.counts).toMatchObject({ total: 2, contacts: 2 });
    const created = await settle(() =>
      handoffModule.action(args(formRequest(`/contato/enviar-whatsapp`, { busca: leads.token, intent: "criar" }, as(ana)))),
    );
    expect(statusOf(created)).toBe(303);
    const row = db
      .select()
      .from(schema.whatsappHandoffs)
      .all()
      .find((handoff) => handoff.filters.includes(leads.token))!;
    expect(row.contacts).not.toContain("988111002");
    expect(row.contacts).toContain("988111001");
  });
});

describe("owner changes", () => {
  it("the manager moves a colleague's lead and its previous owner is told by e-mail", async () => {
    const leads = threeLeads();
    const moved = await settle(() =>
      leadModule.action(
        args(formRequest(`/contato/lead/${leads.bruno}`, { intent: "responsavel", responsavel: String(ana.id) }, as(admin)), {
          id: String(leads.bruno),
        }),
      ),
    );
    expect(statusOf(moved)).toBe(303);
    expect(findLead(leads.bruno)!.owner_id).toBe(ana.id);
    const told = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.leadId, leads.bruno)).all();
    expect(told.map((mail) => [mail.kind, mail.toAddress])).toEqual([["lead.reassigned", bruno.email]]);
    expect(told[0].textBody).toContain(`Repassado por ${admin.email}`);
    expect(told[0].textBody).not.toContain(`bruno.${leads.token}@example.com`);
    // Ana giving her own lead away writes no e-mail to herself.
    await settle(() =>
      leadModule.action(
        args(formRequest(`/contato/lead/${leads.ana}`, { intent: "responsavel", responsavel: String(bruno.id) }, as(ana)), {
          id: String(leads.ana),
        }),
      ),
    );
    expect(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.leadId, leads.ana)).all()).toEqual([]);
  });

  it("a Matriculado lead's owner is locked, on the lead page and in a bulk change, for the admin too", async () => {
    const leads = threeLeads();
    sqlite.prepare("UPDATE leads SET status = 'matriculado' WHERE id = ?").run(leads.bruno);
    const refused = await settle(() =>
      leadModule.action(
        args(formRequest(`/contato/lead/${leads.bruno}`, { intent: "responsavel", responsavel: String(ana.id) }, as(admin)), {
          id: String(leads.bruno),
        }),
      ),
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).errors.responsavel).toBe(OWNER_LOCKED_ERROR);
    // The page shows the owner and why, with no owner form.
    const { html } = await renderPage(leadModule, "/contato/lead/:id", getRequest(`/contato/lead/${leads.bruno}`, as(admin)));
    expect(html).toContain(OWNER_LOCKED_ERROR);
    expect(html).not.toContain("Salvar responsável");
    await settle(() =>
      bulkModule.action(
        args(
          formRequest(
            "/contato/atribuir-responsavel",
            { busca: leads.token, novo_responsavel: String(ana.id), intent: "confirmar" },
            as(admin),
          ),
        ),
      ),
    );
    expect([leads.ana, leads.bruno, leads.none].map((id) => findLead(id)!.owner_id)).toEqual([ana.id, bruno.id, ana.id]);
  });
});

describe("a team whose leads an admin opened to the team", () => {
  const distribution = (fields: Record<string, string>, user: StaffUser = admin) =>
    settle(() => distributionAction(args(formRequest("/admin/distribuicao", fields, as(user)))));

  it("lets its members see and follow up each other's leads; closed again, the walls are back", async () => {
    const leads = threeLeads();
    const name = `Equipe ${leads.token}`;
    expect(statusOf(await distribution({ intent: "equipe-nova", nome: name }))).toBe(303);
    const team = listTeams().find((each) => each.name === name)!;
    for (const member of [ana, bruno]) {
      expect(
        statusOf(await distribution({ intent: "membro-adicionar", equipe: String(team.id), usuario: String(member.id) })),
      ).toBe(303);
    }
    expect(await panelIds(ana, leads.token)).toEqual([leads.ana, leads.none].sort());

    // Only the admin opens it.
    const refused = await distribution({ intent: "equipe-leads", equipe: String(team.id), compartilhar: "1" }, ana);
    expect(statusOf(refused)).toBe(403);
    expect(await panelIds(ana, leads.token)).toEqual([leads.ana, leads.none].sort());

    expect(statusOf(await distribution({ intent: "equipe-leads", equipe: String(team.id), compartilhar: "1" }))).toBe(303);
    expect(listTeams().find((each) => each.id === team.id)!.sharedLeads).toBe(true);
    expect(await panelIds(ana, leads.token)).toEqual([leads.ana, leads.bruno, leads.none].sort());
    expect(await csvText(ana, leads.token)).toContain(`bruno.${leads.token}@example.com`);
    const page = await settle(() =>
      leadModule.loader(args(getRequest(`/contato/lead/${leads.bruno}`, as(ana)), { id: String(leads.bruno) })),
    );
    expect(statusOf(page)).toBe(200);

    expect(statusOf(await distribution({ intent: "equipe-leads", equipe: String(team.id), compartilhar: "0" }))).toBe(303);
    expect(await panelIds(ana, leads.token)).toEqual([leads.ana, leads.none].sort());
    const closed = await settle(() =>
      leadModule.loader(args(getRequest(`/contato/lead/${leads.bruno}`, as(ana)), { id: String(leads.bruno) })),
    );
    expect(statusOf(closed)).toBe(404);
  });
});
