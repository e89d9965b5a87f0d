import { expect, openE2eDb, test } from "../support/fixtures";
import { insertLeads, uniqueToken } from "../support/seed";
import { openAsAdmin } from "../support/studio";

/**
 * /admin/resultados in Chromium, with and without JavaScript (decision 089): leads of a campaign
 * only this test uses, in a month no other spec writes to, then the period form, the table row,
 * the SVG chart, the CSV link and a refused period.
 */

function seedCampaign(campaign: string) {
  const db = openE2eDb();
  try {
    const day = "2020-01-15";
    const base = { data_criacao: day, criado_em: `${day}T13:00:00.000Z`, utm_source: "google", utm_campaign: campaign };
    insertLeads(db, [
      { ...base, status: "matriculado", first_contact_at: `${day}T13:03:00.000Z`, first_contact_due_at: `${day}T13:05:00.000Z` },
      { ...base, status: "perdido", motivo_perda: "sem_interesse", first_contact_at: `${day}T13:10:00.000Z` },
      { ...base, status: "novo" },
      { ...base, status: "inscrito", first_contact_at: `${day}T13:04:00.000Z` },
    ]);
  } finally {
    db.close();
  }
}

test("Resultados: a period and a grouping show each campaign's leads, enrolments and conversion; a reversed period is refused", async ({
  page,
}) => {
  const campaign = uniqueToken("campanha-");
  seedCampaign(campaign);
  await openAsAdmin(page, "/admin/resultados");
  await expect(page.getByRole("heading", { name: "Resultados", exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Painel Administrativo" }).getByRole("link", { name: "Resultados" }),
  ).toBeVisible();

  await page.getByLabel("De").fill("2020-01-01");
  await page.getByLabel("Até").fill("2020-01-31");
  await page.getByLabel("Agrupar por").selectOption("utm_campaign");
  await page.getByRole("button", { name: "Ver resultados" }).click();
  await expect(page).toHaveURL(/\/admin\/resultados\?de=2020-01-01&ate=2020-01-31&por=utm_campaign&credito=responsavel$/);
  const row = page.getByTestId("results-row").filter({ hasText: campaign });
  // Leads, contacted (%), median, the enrolled leads' median, 90th percentile, within target,
  // inscritos, matriculados, conversion, enrolments in the period (no status change recorded
  // here), lost.
  await expect(row.getByRole("cell")).toHaveText([
    "4",
    "3 (75%)",
    "4 min",
    "3 min",
    "10 min",
    "33,3%",
    "2",
    "1",
    "25%",
    "0",
    "0",
    /^1\s*Sem interesse: 1$/,
  ]);
  await expect(page.getByTestId("results-chart").locator("svg")).toBeVisible();
  await expect(page.getByTestId("results-csv")).toHaveAttribute(
    "href",
    "/admin/resultados.csv?de=2020-01-01&ate=2020-01-31&por=utm_campaign",
  );

  const csv = await page.request.get("/admin/resultados.csv?de=2020-01-01&ate=2020-01-31&por=utm_campaign");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`${campaign};4;3;75;4;10;33,3;2;1;25;1;Sem interesse: 1`);

  await page.getByLabel("De").fill("2020-02-01");
  await page.getByRole("button", { name: "Ver resultados" }).click();
  await expect(page.getByText("Informe um período válido")).toBeVisible();
  await expect(page.getByLabel("De")).toHaveAttribute("aria-invalid", "true");
});

test("Resultados: the period's enrolments whatever the arrival, the source × campaign table, and the credit choice", async ({
  page,
}) => {
  const campaign = uniqueToken("periodo-");
  const db = openE2eDb();
  try {
    // Arrived in December 2019, enrolled on 10/02/2020; another lead of February, not enrolled.
    const [old] = insertLeads(db, [
      {
        data_criacao: "2019-12-20",
        criado_em: "2019-12-20T13:00:00.000Z",
        utm_source: "bing",
        utm_campaign: campaign,
        status: "inscrito",
      },
      { data_criacao: "2020-02-10", criado_em: "2020-02-10T13:00:00.000Z", utm_source: "bing", utm_campaign: campaign },
    ]);
    db.prepare(
      "INSERT INTO lead_status_changes (lead_id, from_status, to_status, changed_by, changed_at) VALUES (?, 'novo', 'inscrito', 'e2e', '2020-02-10T15:00:00.000Z')",
    ).run(old);
  } finally {
    db.close();
  }
  await openAsAdmin(page, "/admin/resultados");
  await page.getByLabel("De").fill("2020-02-01");
  await page.getByLabel("Até").fill("2020-02-29");
  await page.getByLabel("Agrupar por").selectOption("utm_campaign");
  await page.getByLabel("Creditar a").selectOption("primeiro_contato");
  await page.getByRole("button", { name: "Ver resultados" }).click();
  await expect(page).toHaveURL(/credito=primeiro_contato$/);
  await expect(page.getByLabel("Creditar a")).toHaveValue("primeiro_contato");
  const row = page.getByTestId("results-row").filter({ hasText: campaign });
  // One arrival (not enrolled); one enrolment in the period, from December's lead.
  await expect(row.getByRole("cell").first()).toHaveText("1");
  await expect(row.getByTestId("enrolled-in-period")).toHaveText("1");
  await expect(row.getByTestId("matriculated-in-period")).toHaveText("0");
  const cross = page.getByTestId("source-campaign-table");
  await expect(cross).toBeVisible();
  await expect(cross.getByRole("row").filter({ hasText: "bing" }).locator(`[data-campaign="${campaign}"]`)).toHaveText("1 / 0");
  await expect(page.getByTestId("results-csv")).toHaveAttribute("href", /credito=primeiro_contato/);
});
