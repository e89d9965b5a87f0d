import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { loader as waitingJsonLoader } from "~/features/leads/distribution/waiting.json";
import * as leadModule from "~/features/leads/lead";
import * as panelModule from "~/features/leads/panel";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { args, getRequest, payload } from "../../../../tests/support/route-calls";
import { type LeadRow, leadRow } from "../../../../tests/support/seed";
import { useStaffTeam } from "../../../../tests/support/staff-login";

/**
 * One meaning of "atrasado" (decision 142): the panel's "Atrasados" filter, its waiting box, the box's
 * live JSON and the lead page agree, on a real SQLite file with the server clock pinned.
 */

// Wednesday 2026-11-25, 10h in São Paulo.
const NOW = Date.parse("2026-11-25T13:00:00Z");
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
const team = useStaffTeam("atrasado");

beforeAll(() => {
  setClockForTests(() => NOW);
  return () => resetClock();
});

beforeEach(() => {
  db.delete(schema.leads).run();
});

function lead(nome: string, overrides: Partial<LeadRow> = {}): number {
  const row = leadRow({ nome, criado_em: minutes(-20), status: "novo", ...overrides });
  return db.insert(schema.leads).values(row).returning({ id: schema.leads.id }).get().id;
}

/** The five cases: past-due first contact, past next contact, and three that are not late. */
function seedCases(owner: number | null = null) {
  return {
    firstContactDue: lead("Alice Primeira", { first_contact_due_at: minutes(-5), owner_id: owner }),
    nextContactPast: lead("Beatriz Retorno", {
      status: "em_contato",
      first_contact_due_at: minutes(-15),
      first_contact_at: minutes(-14),
      proximo_contato: "2026-11-24",
      owner_id: owner,
    }),
    notYetDue: lead("Carla Recente", { first_contact_due_at: minutes(5), owner_id: owner }),
    // Enrolled without a logged contact: the person was reached somewhere (decision 140).
    enrolled: lead("Diana Matriculada", { status: "matriculado", first_contact_due_at: minutes(-5), owner_id: owner }),
    nextContactToday: lead("Elisa Hoje", {
      status: "em_contato",
      first_contact_due_at: minutes(-15),
      first_contact_at: minutes(-14),
      proximo_contato: "2026-11-25",
      owner_id: owner,
    }),
  };
}

const cookieOf = (who: keyof Omit<typeof team, "cookies">) => team.cookies[team[who].email];

async function panel(who: "admin" | "ana" | "bruno", query = "") {
  return payload(await panelModule.loader(args(getRequest(`/contato${query}`, { cookie: cookieOf(who) }))));
}

async function leadPageLate(id: number) {
  const page = payload(
    await leadModule.loader(args(getRequest(`/contato/lead/${id}`, { cookie: cookieOf("admin") }), { id: String(id) })),
  );
  return page.lead.atrasado as boolean;
}

async function waitingJson(cookie?: string) {
  return (await waitingJsonLoader(args(getRequest("/contato/aguardando.json", cookie ? { cookie } : {})))) as Response;
}

describe("one meaning of 'atrasado'", () => {
  it("a past-due first contact and a past next contact are late; not yet due, enrolled and today's next contact are not", async () => {
    const ids = seedCases();
    const late = [ids.firstContactDue, ids.nextContactPast].sort();

    const filtered = await panel("admin", "?atrasados=1");
    expect(filtered.page.rows.map((row: { id: number }) => row.id).sort()).toEqual(late);
    expect(filtered.page.total).toBe(2);

    const box = (await panel("admin")).waiting;
    expect(box).toMatchObject({ total: 2, late: 2 });
    expect(box.leads.map((row: { id: number; late: boolean }) => [row.id, row.late])).toEqual([
      [ids.firstContactDue, true],
      [ids.notYetDue, false],
    ]);

    for (const id of Object.values(ids)) expect(await leadPageLate(id)).toBe(late.includes(id));

    const waiting = await panel("admin", "?aguardando=1");
    expect(waiting.page.rows.map((row: { id: number }) => row.id).sort()).toEqual([ids.firstContactDue, ids.notYetDue].sort());
  });

  it("a comercial user counts and sees only her own and the unassigned leads, in the filter and the box alike", async () => {
    const mine = seedCases(team.ana.id);
    const theirs = seedCases(team.bruno.id);
    const unassigned = lead("Fabiana Livre", { first_contact_due_at: minutes(-1) });

    const filtered = await panel("ana", "?atrasados=1");
    expect(filtered.page.rows.map((row: { id: number }) => row.id).sort()).toEqual(
      [mine.firstContactDue, mine.nextContactPast, unassigned].sort(),
    );
    const box = (await panel("ana")).waiting;
    expect(box).toMatchObject({ total: 3, late: 3 });
    const shown = box.leads.map((row: { id: number }) => row.id);
    expect(shown.sort()).toEqual([mine.firstContactDue, mine.notYetDue, unassigned].sort());
    for (const id of Object.values(theirs)) expect(shown).not.toContain(id);

    expect((await panel("admin")).waiting).toMatchObject({ total: 5, late: 5 });
  });
});

describe("the waiting box's JSON (/contato/aguardando.json)", () => {
  it("answers 401 without a session and 403 to marketing, with no lead in either", async () => {
    lead("Gabriela Sigilosa", { first_contact_due_at: minutes(-1) });
    const anonymous = await waitingJson();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("Gabriela");
    const marketing = await waitingJson(cookieOf("marketing"));
    expect(marketing.status).toBe(403);
    expect(await marketing.text()).not.toContain("Gabriela");
  });

  it("gives a comercial user her scope only, privately, the same counts as her panel", async () => {
    const mine = lead("Helena Minha", { first_contact_due_at: minutes(-1), owner_id: team.ana.id });
    const theirs = lead("Iris Alheia", { first_contact_due_at: minutes(-2), owner_id: team.bruno.id });
    const response = await waitingJson(cookieOf("ana"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text).not.toContain("Iris");
    const body = JSON.parse(text);
    expect(body).toMatchObject({ total: 1, late: 1, newest: { id: mine, firstName: "Helena" } });
    expect(body.leads.map((row: { id: number }) => row.id)).toEqual([mine]);
    expect(body).toEqual((await panel("ana")).waiting);

    const admin = await (await waitingJson(cookieOf("admin"))).json();
    expect(admin).toMatchObject({ total: 2, late: 2, newest: { id: theirs } });
  });
});
