import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { recordAttemptOutcome } from "~/features/leads/contact.server";
import { changeLeadStatus } from "~/features/leads/follow-up.server";
import { loader as resultsCsvLoader } from "~/features/leads/results/csv";
import * as resultsModule from "~/features/leads/results/page";
import { buildResults, percentile, PERIOD_ERROR } from "~/features/leads/results/results";
import { saveLead } from "~/features/leads/save.server";
import { loader as adminLayoutLoader } from "~/features/staff/layout";
import { canOpen, staffLinksFor } from "~/features/staff/roles";
import type { StaffUser } from "~/features/staff/users.server";
import { resetClock, setClockForTests } from "~/platform/clock.server";
import { db, schema } from "~/platform/db/client.server";

import { args, getRequest, payload, renderPage, settle, statusOf } from "../../../../tests/support/route-calls";
import { useStaffTeam } from "../../../../tests/support/staff-login";

/**
 * "Resultados" (decision 089) through its real loaders against a real SQLite file: leads saved by
 * saveLead with their UTMs (distribution gives them owners, decision 096), worked through the
 * statuses at pinned instants, then the report per campaign, form and owner, its CSV, and who may
 * see what.
 */

// Wednesday 25/11/2026, 10:00 in São Paulo: inside the default business hours.
const NOW = Date.parse("2026-11-25T13:00:00Z");
const MINUTE = 60_000;
// The clock is pinned before the team signs in: its sessions start at the pinned time.
beforeAll(() => setClockForTests(() => NOW + 60 * MINUTE));
const { admin, ana, bruno, marketing, cookies } = useStaffTeam("resultados");

let counter = 0;
function lead(utm: Record<string, string>, at = NOW, origem: "inscricao" | "contato" = "inscricao") {
  counter += 1;
  return saveLead(
    {
      origem,
      nome: `Pessoa Resultado ${counter}`,
      telefone: `(31)97000-${String(1000 + counter)}`,
      email: `resultado.${counter}@example.com`,
      polo: "Belo Horizonte",
      attribution: utm,
    },
    new Date(at),
  );
}

const google = { utm_source: "google", utm_medium: "cpc", utm_campaign: "verao-2027" };
const facebook = { utm_source: "facebook", utm_medium: "social", utm_campaign: "verao-2027" };

beforeAll(async () => {
  // Only a contact that reached the person counts as contacted (decision 140), never a status.
  const reached = (id: number, by: string, at: number) =>
    recordAttemptOutcome(id, { attemptId: null, channel: "telefone", outcome: "atendeu" }, by, new Date(at));
  // Google: 3 leads; one matriculated (contacted after 3 min), one lost (after 20 min), one moved to
  // Em contato with a call nobody answered: not contacted.
  const [g1, g2, g3] = [lead(google), lead(google), lead(google)];
  reached(g1, ana.email, NOW + 3 * MINUTE);
  changeLeadStatus(g1, { status: "em_contato", reason: null }, ana.email, new Date(NOW + 3 * MINUTE));
  changeLeadStatus(g1, { status: "matriculado", reason: null }, ana.email, new Date(NOW + 30 * MINUTE));
  reached(g2, bruno.email, NOW + 20 * MINUTE);
  changeLeadStatus(g2, { status: "perdido", reason: "sem_interesse" }, bruno.email, new Date(NOW + 20 * MINUTE));
  changeLeadStatus(g3, { status: "em_contato", reason: null }, bruno.email, new Date(NOW + 5 * MINUTE));
  recordAttemptOutcome(
    g3,
    { attemptId: null, channel: "telefone", outcome: "nao_atendeu" },
    bruno.email,
    new Date(NOW + 5 * MINUTE),
  );
  // Facebook: 2 leads; one enrolled (Inscrito) after 4 min.
  const [f1] = [lead(facebook), lead(facebook)];
  reached(f1, ana.email, NOW + 4 * MINUTE);
  changeLeadStatus(f1, { status: "inscrito", reason: null }, ana.email, new Date(NOW + 4 * MINUTE));
  // No campaign, from the contact form.
  lead({}, NOW, "contato");
  // Outside the period (40 days before).
  lead(google, NOW - 40 * 24 * 60 * MINUTE);
  return () => resetClock();
});

function report(query: string, user: StaffUser = admin) {
  return settle(() => resultsModule.loader(args(getRequest(`/admin/resultados${query}`, { cookie: cookies[user.email] }))));
}

describe("the report per campaign", () => {
  it("counts leads, contacted, first-contact times, within target, inscritos, matriculados, conversion and losses per utm_campaign", async () => {
    const data = payload(await report("?de=2026-11-01&ate=2026-11-30&por=utm_source"));
    expect(data.error).toBeNull();
    expect(data.query).toEqual({ from: "2026-11-01", to: "2026-11-30", by: "utm_source", credit: "responsavel" });
    const bySource = Object.fromEntries(data.rows.map((row: { key: string }) => [row.key, row]));
    expect(Object.keys(bySource)).toEqual(["google", "facebook", "(não informado)"]);
    expect(bySource.google).toMatchObject({
      leads: 3,
      contacted: 2,
      contactedPercent: 66.7,
      medianMinutes: 3,
      p90Minutes: 20,
      withinTargetPercent: 50,
      enrolled: 1,
      matriculated: 1,
      conversionPercent: 33.3,
      lost: 1,
      lostReasons: [{ reason: "Sem interesse", count: 1 }],
    });
    expect(bySource.facebook).toMatchObject({ leads: 2, contacted: 1, enrolled: 1, matriculated: 0, conversionPercent: 0 });
    // The enrolled leads' own first-contact median, beside that of all leads: Google's matriculado
    // was reached in 3 min (the lost one in 20), Facebook's inscrito in 4.
    expect(bySource.google.enrolledMedianMinutes).toBe(3);
    expect(bySource.facebook.enrolledMedianMinutes).toBe(4);
    expect(bySource["(não informado)"].enrolledMedianMinutes).toBeNull();
    expect(data.total).toMatchObject({ key: "Total", leads: 6, contacted: 3, enrolled: 2, matriculated: 1, lost: 1 });

    // By campaign the two sources are one row; by form the contact form is its own.
    const byCampaign = payload(await report("?de=2026-11-01&ate=2026-11-30&por=utm_campaign"));
    expect(byCampaign.rows.map((row: { key: string; leads: number }) => [row.key, row.leads])).toEqual([
      ["verao-2027", 5],
      ["(não informado)", 1],
    ]);
    const byForm = payload(await report("?de=2026-11-01&ate=2026-11-30&por=origem"));
    expect(byForm.rows.map((row: { key: string; leads: number }) => [row.key, row.leads])).toEqual([
      ["Formulário de inscrição", 5],
      ["Fale com um consultor", 1],
    ]);
  });

  it("the default period is the last 30 days (the injected clock); a malformed or reversed period says so and shows the default", async () => {
    const data = payload(await report(""));
    expect(data.query).toEqual({ from: "2026-10-27", to: "2026-11-25", by: "utm_campaign", credit: "responsavel" });
    expect(data.total.leads).toBe(6);
    for (const query of ["?de=2026-13-01", "?de=2026-11-30&ate=2026-11-01", "?de=ontem"]) {
      const bad = payload(await report(query));
      expect(bad.error, query).toBe(PERIOD_ERROR);
      expect(bad.query.from).toBe("2026-10-27");
    }
    const october = payload(await report("?de=2026-10-01&ate=2026-10-31&por=utm_source"));
    expect(october.rows.map((row: { key: string; leads: number }) => [row.key, row.leads])).toEqual([["google", 1]]);
  });

  it("renders the table, the SVG chart and the CSV link without JavaScript; the period error sits by its field", async () => {
    const { status, html } = await renderPage(
      resultsModule,
      "/admin/resultados",
      getRequest("/admin/resultados?de=2026-11-01&ate=2026-11-30&por=utm_source", { cookie: cookies[admin.email] }),
    );
    expect(status).toBe(200);
    expect(html).toContain('data-testid="results-chart"');
    expect(html).toContain("<svg");
    expect(html).toContain('href="/admin/resultados.csv?de=2026-11-01&amp;ate=2026-11-30&amp;por=utm_source"');
    expect(html).toMatch(/<th scope="row"[^>]*>google<\/th>/);
    // No personal data: no name, e-mail or phone of a lead.
    expect(html).not.toContain("Pessoa Resultado");
    expect(html).not.toContain("resultado.1@example.com");

    // The page says how the period and the Inscritos column count.
    expect(html).toContain("O período conta os leads que chegaram entre as duas datas");
    expect(html).toContain("Inscritos inclui os matriculados");

    const bad = await renderPage(
      resultsModule,
      "/admin/resultados",
      getRequest("/admin/resultados?de=2026-11-30&ate=2026-11-01", { cookie: cookies[admin.email] }),
    );
    expect(bad.html).toContain('id="periodo-erro"');
    expect(bad.html).toContain(PERIOD_ERROR);
  });

  it("the CSV carries the same rows and the total, private, with pt-BR decimals", async () => {
    const response = (await resultsCsvLoader(
      args(getRequest("/admin/resultados.csv?de=2026-11-01&ate=2026-11-30&por=utm_source", { cookie: cookies[admin.email] })),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/private/);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="resultados-utm_source-2026-11-01-2026-11-30.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "grupo;leads;contatados;contatados_pct;mediana_min_primeiro_contato;p90_min_primeiro_contato;no_prazo_pct;inscritos;matriculados;conversao_pct;perdidos;motivos_perda;mediana_min_primeiro_contato_inscritos;inscritos_no_periodo;matriculados_no_periodo;creditado_a",
    );
    expect(lines[1]).toBe("google;3;2;66,7;3;20;50;1;1;33,3;1;Sem interesse: 1;3;1;1;Responsável atual");
    expect(lines.at(-1)).toMatch(/^Total;6;3;/);
  });
});

describe("who sees what", () => {
  it("marketing sees every lead but cannot group by owner; the admin can", async () => {
    const seen = payload(await report("?de=2026-11-01&ate=2026-11-30&por=responsavel", marketing));
    expect(seen.total.leads).toBe(6);
    expect(seen.query.by).toBe("utm_campaign");
    expect(seen.dimensions.map((each: { value: string }) => each.value)).not.toContain("responsavel");

    const byOwner = payload(await report("?de=2026-11-01&ate=2026-11-30&por=responsavel"));
    expect(byOwner.query.by).toBe("responsavel");
    const owned = db.select({ owner: schema.leads.owner_id }).from(schema.leads).all();
    expect(byOwner.rows.reduce((sum: number, row: { leads: number }) => sum + row.leads, 0)).toBe(6);
    expect(byOwner.rows.map((row: { key: string }) => row.key).sort()).toEqual([ana.email, bruno.email].sort());
    expect(owned.every((row) => row.owner !== null)).toBe(true);
  });

  it("a comercial user's report counts only the leads they own", async () => {
    const mine = db
      .select()
      .from(schema.leads)
      .where(eq(schema.leads.owner_id, ana.id))
      .all()
      .filter((row) => row.data_criacao >= "2026-11-01");
    const data = payload(await report("?de=2026-11-01&ate=2026-11-30", ana));
    expect(data.ownOnly).toBe(true);
    expect(data.total.leads).toBe(mine.length);
    expect(data.total.leads).toBeLessThan(6);
  });

  it("without a session the page and the CSV send to the login; the nav lists 'Resultados' for every staff role", async () => {
    expect(statusOf(await settle(() => resultsModule.loader(args(getRequest("/admin/resultados")))))).toBe(302);
    expect(statusOf(await settle(() => resultsCsvLoader(args(getRequest("/admin/resultados.csv")))))).toBe(302);
    for (const role of ["admin", "comercial", "marketing"] as const) {
      expect(staffLinksFor(role).map((link) => link.to)).toContain("/admin/resultados");
      expect(canOpen(role, "/admin/resultados.csv")).toBe(true);
    }
  });

  it("a signed-out visitor's header (the login page) lists no staff link: not 'Resultados', not 'Leads'", async () => {
    const data = payload(await adminLayoutLoader(args(getRequest("/login-admin"))));
    expect(data.staff).toBeNull();
    expect(data.links).toEqual([]);
    const cookie = cookies[ana.email];
    const signedIn = payload(await adminLayoutLoader(args(getRequest("/login-admin", { cookie }))));
    expect(signedIn.links.map((link: { to: string }) => link.to)).toEqual(staffLinksFor("comercial").map((link) => link.to));
  });
});

describe("the arithmetic", () => {
  it("the median and p90 are rounded from the exact first-contact minutes (8.9 shows as 9, not 8)", () => {
    const lead = (firstContactMinutes: number) => ({
      key: "x",
      status: "novo",
      lossReason: null,
      firstContactMinutes,
      withinTarget: true,
    });
    const { total } = buildResults([lead(8.9), lead(8.9), lead(30.6)]);
    expect(total.medianMinutes).toBe(9);
    expect(total.p90Minutes).toBe(31);
  });
  it("nearest-rank percentiles, and empty groups named '(não informado)'", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([4], 90)).toBe(4);
    const { rows } = buildResults([
      { key: " ", status: "novo", lossReason: null, firstContactMinutes: null, withinTarget: false },
      { key: "", status: "perdido", lossReason: "xyz", firstContactMinutes: 2, withinTarget: true },
    ]);
    expect(rows).toMatchObject([
      {
        key: "(não informado)",
        leads: 2,
        contacted: 1,
        withinTargetPercent: 100,
        lostReasons: [{ reason: "(não informado)", count: 1 }],
      },
    ]);
  });
});
