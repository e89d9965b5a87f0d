import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { recordAttemptOutcome } from "~/features/leads/contact.server";
import { changeLeadStatus } from "~/features/leads/follow-up.server";
import { loader as resultsCsvLoader } from "~/features/leads/results/csv";
import * as resultsModule from "~/features/leads/results/page";
import { saveLead } from "~/features/leads/save.server";
import type { StaffUser } from "~/features/staff/users.server";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { args, getRequest, payload, renderPage, settle } from "../../../../tests/support/route-calls";
import { useStaffTeam } from "../../../../tests/support/staff-login";

/**
 * "Resultados" beyond the arrival cohort, through the real loaders on a real SQLite file: the
 * enrolments that happened in the period whatever the leads' arrival (from lead_status_changes),
 * the source × campaign table, and crediting the owner now or whoever first reached the person
 * (decision 145), on the page and in the CSV, for the admin and for a comercial user.
 */

// Wednesday 25/11/2026, 10:00 in São Paulo.
const NOW = Date.parse("2026-11-25T13:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
beforeAll(() => setClockForTests(() => NOW + 60 * MINUTE));
const { admin, ana, bruno, cookies } = useStaffTeam("periodo");

let counter = 0;
function lead(utm: Record<string, string>, at: number, owner: StaffUser | null) {
  counter += 1;
  const id = saveLead(
    {
      origem: "inscricao",
      nome: `Pessoa Período ${counter}`,
      telefone: `(31)97100-${String(1000 + counter)}`,
      email: `periodo.${counter}@example.com`,
      polo: "Belo Horizonte",
      attribution: utm,
    },
    new Date(at),
  );
  db.update(schema.leads)
    .set({ owner_id: owner?.id ?? null })
    .where(eq(schema.leads.id, id))
    .run();
  return id;
}

const google = { utm_source: "google", utm_campaign: "verao-2027" };
const googleInverno = { utm_source: "google", utm_campaign: "inverno-2027" };
const instagram = { utm_source: "instagram", utm_campaign: "verao-2027" };

beforeAll(() => {
  const reached = (id: number, by: string, at: number) =>
    recordAttemptOutcome(id, { attemptId: null, channel: "telefone", outcome: "atendeu" }, by, new Date(at));
  // Arrived in October (outside November's cohort), Ana's; enrolled on 20/11 and matriculated on
  // 30/11 at 23:00 in São Paulo (01/12 02:00 UTC): both enrolments happened in November.
  const old = lead(google, NOW - 40 * DAY, ana);
  changeLeadStatus(old, { status: "inscrito", reason: null }, ana.email, new Date(NOW - 5 * DAY));
  changeLeadStatus(old, { status: "matriculado", reason: null }, ana.email, new Date(Date.parse("2026-12-01T02:00:00Z")));
  // Arrived in November, Bruno's now, but Ana reached the person first; Bruno's call came later.
  // Inscrito in November.
  const moved = lead(google, NOW, bruno);
  reached(moved, ana.email, NOW + 3 * MINUTE);
  reached(moved, bruno.email, NOW + 30 * MINUTE);
  changeLeadStatus(moved, { status: "inscrito", reason: null }, bruno.email, new Date(NOW + 40 * MINUTE));
  // Arrived in November, enrolled in December: in the cohort's Inscritos, not in November's enrolments.
  const later = lead(googleInverno, NOW, bruno);
  changeLeadStatus(later, { status: "inscrito", reason: null }, bruno.email, new Date(Date.parse("2026-12-01T03:00:00Z")));
  // Two more November leads, not enrolled; one unowned.
  lead(instagram, NOW, bruno);
  lead({}, NOW, null);
  return () => resetClock();
});

function report(query: string, user: StaffUser = admin) {
  return settle(() => resultsModule.loader(args(getRequest(`/admin/resultados${query}`, { cookie: cookies[user.email] }))));
}

const NOVEMBER = "?de=2026-11-01&ate=2026-11-30";

describe("the enrolments that happened in the period", () => {
  it("counts the leads whose status became Inscrito or Matriculado in the period, whenever they arrived", async () => {
    const data = payload(await report(`${NOVEMBER}&por=utm_source`));
    const bySource = Object.fromEntries(data.rows.map((row: { key: string }) => [row.key, row]));
    // The cohort: the three November Google leads minus the October one; two are Inscrito now.
    expect(bySource.google).toMatchObject({ leads: 2, enrolled: 2, enrolledInPeriod: 2, matriculatedInPeriod: 1 });
    expect(bySource.instagram).toMatchObject({ leads: 1, enrolled: 0, enrolledInPeriod: 0, matriculatedInPeriod: 0 });
    expect(data.total).toMatchObject({ leads: 4, enrolled: 2, enrolledInPeriod: 2, matriculatedInPeriod: 1 });

    // December holds the December enrolment only, from a November lead: a row with no arrival.
    const december = payload(await report("?de=2026-12-01&ate=2026-12-31&por=utm_campaign"));
    expect(
      december.rows.map((row: { key: string; leads: number; enrolledInPeriod: number }) => [
        row.key,
        row.leads,
        row.enrolledInPeriod,
      ]),
    ).toEqual([["inverno-2027", 0, 1]]);
    expect(december.total).toMatchObject({ leads: 0, enrolledInPeriod: 1, matriculatedInPeriod: 0 });
  });

  it("the page shows them beside the cohort and the CSV carries them", async () => {
    const html = (
      await renderPage(
        resultsModule,
        "/admin/resultados",
        getRequest(`/admin/resultados${NOVEMBER}&por=utm_source`, { cookie: cookies[admin.email] }),
      )
    ).html;
    expect(html).toContain("Inscritos no período");
    expect(html).toContain("Matriculados no período");
    const response = (await settle(() =>
      resultsCsvLoader(args(getRequest(`/admin/resultados.csv${NOVEMBER}&por=utm_source`, { cookie: cookies[admin.email] }))),
    )) as Response;
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const header = lines[0].split(";");
    const google = lines.find((line) => line.startsWith("google;"))!.split(";");
    expect(google[header.indexOf("inscritos_no_periodo")]).toBe("2");
    expect(google[header.indexOf("matriculados_no_periodo")]).toBe("1");
    expect(google[header.indexOf("creditado_a")]).toBe("Responsável atual");
  });
});

describe("the source × campaign table", () => {
  it("crosses the period's leads by utm_source and utm_campaign, with leads and inscritos per cell", async () => {
    const data = payload(await report(NOVEMBER));
    expect(data.sourceCampaign.campaigns).toEqual(["verao-2027", "(não informado)", "inverno-2027"]);
    const rows = Object.fromEntries(data.sourceCampaign.rows.map((row: { source: string }) => [row.source, row]));
    expect(rows.google.cells).toEqual({ "verao-2027": { leads: 1, enrolled: 1 }, "inverno-2027": { leads: 1, enrolled: 1 } });
    expect(rows.google.total).toEqual({ leads: 2, enrolled: 2 });
    expect(rows.instagram.cells).toEqual({ "verao-2027": { leads: 1, enrolled: 0 } });
    expect(rows["(não informado)"].cells).toEqual({ "(não informado)": { leads: 1, enrolled: 0 } });
    const html = (
      await renderPage(
        resultsModule,
        "/admin/resultados",
        getRequest(`/admin/resultados${NOVEMBER}`, { cookie: cookies[admin.email] }),
      )
    ).html;
    expect(html).toContain('data-testid="source-campaign-table"');
  });
});

describe("crediting the owner now or whoever first reached the person (decision 145)", () => {
  it("the owner grouping follows the choice, in the page's data and the CSV", async () => {
    const now = payload(await report(`${NOVEMBER}&por=responsavel`));
    expect(now.query.credit).toBe("responsavel");
    const byOwner = Object.fromEntries(now.rows.map((row: { key: string; leads: number }) => [row.key, row.leads]));
    // Ana owns the October lead: no arrival in November, its enrolments in November.
    expect(byOwner).toEqual({ [bruno.email]: 3, "Sem responsável": 1, [ana.email]: 0 });

    const first = payload(await report(`${NOVEMBER}&por=responsavel&credito=primeiro_contato`));
    expect(first.query.credit).toBe("primeiro_contato");
    const byFirst = Object.fromEntries(
      first.rows.map((row: { key: string; leads: number; enrolled: number }) => [row.key, [row.leads, row.enrolled]]),
    );
    // Ana reached the moved lead first: it is hers; the three nobody reached have no one to credit.
    expect(byFirst).toEqual({ [ana.email]: [1, 1], "(não informado)": [3, 1] });

    const response = (await settle(() =>
      resultsCsvLoader(
        args(
          getRequest(`/admin/resultados.csv${NOVEMBER}&por=responsavel&credito=primeiro_contato`, {
            cookie: cookies[admin.email],
          }),
        ),
      ),
    )) as Response;
    const text = await response.text();
    expect(text).toContain(`${ana.email};1;`);
    expect(text).toContain("Quem fez o primeiro contato");
  });

  it("a comercial user's report counts the leads credited to her under either choice", async () => {
    const own = payload(await report(NOVEMBER, ana));
    expect(own.total).toMatchObject({ leads: 0, enrolledInPeriod: 1, matriculatedInPeriod: 1 });
    const reachedByHer = payload(await report(`${NOVEMBER}&credito=primeiro_contato`, ana));
    expect(reachedByHer.total).toMatchObject({ leads: 1, enrolled: 1, enrolledInPeriod: 1 });
    const bruno1 = payload(await report(`${NOVEMBER}&credito=primeiro_contato`, bruno));
    expect(bruno1.total).toMatchObject({ leads: 0, enrolledInPeriod: 0 });
    const html = (
      await renderPage(
        resultsModule,
        "/admin/resultados",
        getRequest(`/admin/resultados${NOVEMBER}&credito=primeiro_contato`, { cookie: cookies[ana.email] }),
      )
    ).html;
    expect(html).toContain("Você vê apenas os leads em que fez o primeiro contato.");
  });

  it("an unknown choice is the owner now", async () => {
    expect(payload(await report(`${NOVEMBER}&credito=qualquer`)).query.credit).toBe("responsavel");
  });
});
