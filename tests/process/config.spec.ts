import { formatDayMonth, parseCampaignEnd } from "../../app/features/campaign/campaign";
import { saoPauloDate } from "../../app/shared/dates";
import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { useServer } from "../support/use-server";

/**
 * Settings read from the environment (docs/guides/operations.md, "Configuration") that the shared e2e server leaves
 * unset: CLUB_FORM_URL, CV_FORM_URL and CAMPAIGN_END_DATE. Each describe starts a production
 * server of its own with them and checks that the pages and the Content-Security-Policy use them.
 * The external forms are answered by Playwright's request interception (this machine has no
 * network), so a frame that shows their content proves the CSP let the page frame that origin.
 */

const CLUB_FORM_URL = "https://jogos.clube-exemplo.test/ingressos?origem=site";
const CV_FORM_URL = "https://vagas.rh-exemplo.test/curriculo?embed=1";

/** YYYY-MM-DD of the São Paulo calendar day `days` after today. */
function saoPauloDayFromNow(days: number): string {
  const [y, m, d] = saoPauloDate(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The countdown's four boxes, as numbers. */
async function countdownSeconds(page: import("@playwright/test").Page) {
  const countdown = page.getByTestId("countdown");
  const read = async (unit: string) => (await countdown.locator(`[data-unit="${unit}"]`).textContent())?.trim() ?? "";
  const values = {
    days: await read("days"),
    hours: await read("hours"),
    minutes: await read("minutes"),
    seconds: await read("seconds"),
  };
  for (const value of Object.values(values)) expect(value).toMatch(/^\d{2}$/);
  const total =
    Number(values.days) * 86_400 + Number(values.hours) * 3_600 + Number(values.minutes) * 60 + Number(values.seconds);
  return { ...values, total };
}

/** Answers every request to a fake external form's origin with a small page naming it. */
async function serveExternalForm(page: import("@playwright/test").Page, url: string, heading: string) {
  await page.route(`${new URL(url).origin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><meta charset="utf-8"><title>${heading}</title><h1>${heading}</h1>`,
    }),
  );
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

test.describe("configured external forms (CLUB_FORM_URL, CV_FORM_URL)", () => {
  const server = useServer(test, { ...E2E_ENV, CLUB_FORM_URL, CV_FORM_URL });

  test("the CSP lets pages frame and post to both configured origins, and only to them", async ({ request, baseURL }) => {
    for (const path of ["/america-mg", "/trabalhe-conosco", "/"]) {
      const csp = (await request.get(`${server.url}${path}`)).headers()["content-security-policy"];
      for (const name of ["frame-src", "form-action"]) {
        const sources = directive(csp, name);
        expect(sources, `${path} ${name}`).toEqual(
          expect.arrayContaining(["'self'", new URL(CLUB_FORM_URL).origin, new URL(CV_FORM_URL).origin]),
        );
        // Origins only: no path or query of the configured URLs.
        expect(
          sources.some((source) => source.includes("/ingressos") || source.includes("/curriculo")),
          `${path} ${name}`,
        ).toBe(false);
      }
    }
    // The shared e2e server, which has neither setting, allows neither origin.
    const shared = (await request.get(`${baseURL}/america-mg`)).headers()["content-security-policy"];
    expect(shared).not.toContain("clube-exemplo.test");
    expect(shared).not.toContain("rh-exemplo.test");
  });

  test("/america-mg embeds the configured club form", async ({ page }) => {
    await serveExternalForm(page, CLUB_FORM_URL, "Ingressos do clube");
    await page.goto(`${server.url}/america-mg`);
    const iframe = page.locator("#formulario iframe");
    await expect(iframe).toHaveCount(1);
    await expect(iframe).toHaveAttribute("src", CLUB_FORM_URL);
    await expect(iframe).toHaveAttribute("referrerpolicy", "no-referrer");
    await iframe.scrollIntoViewIfNeeded();
    // The frame shows the external page: the browser's CSP allowed it.
    await expect(page.frameLocator("#formulario iframe").getByRole("heading", { name: "Ingressos do clube" })).toBeVisible();
    // Not the site's own enrolment form (the default when CLUB_FORM_URL is unset).
    await expect(page.locator('iframe[src*="/inscricao"]')).toHaveCount(0);
  });

  test("/trabalhe-conosco#formulario embeds the configured CV form, 600 px high on phones and 800 px on desktops", async ({
    page,
  }) => {
    await serveExternalForm(page, CV_FORM_URL, "Banco de talentos");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.url}/trabalhe-conosco#formulario`);
    const section = page.locator("#formulario");
    await expect(section).toBeInViewport();
    const iframe = section.locator("iframe");
    await expect(iframe).toHaveAttribute("src", CV_FORM_URL);
    await expect(iframe).toHaveAttribute("title", "Formulário de currículo");
    await expect(iframe).toHaveAttribute("loading", "lazy");
    await expect(iframe).toHaveAttribute("referrerpolicy", "no-referrer");
    await expect(page.frameLocator("#formulario iframe").getByRole("heading", { name: "Banco de talentos" })).toBeVisible();
    expect((await iframe.boundingBox())!.height).toBeCloseTo(600, 0);
    // The e-mail fallback (used when CV_FORM_URL is unset) is not shown.
    await expect(page.getByTestId("cv-email")).toHaveCount(0);
    // A way out if the frame does not load: the same form in a new tab, without the embed flag.
    await expect(section.getByRole("link", { name: "Abra o formulário em uma nova aba" })).toHaveAttribute(
      "href",
      "https://vagas.rh-exemplo.test/curriculo",
    );

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await iframe.boundingBox())!.height).toBeCloseTo(800, 0);
  });
});

test.describe("configured campaign end date (CAMPAIGN_END_DATE)", () => {
  // Ten days ahead: the rolling default would show 05 days.
  const endDate = saoPauloDayFromNow(10);
  const endsAt = parseCampaignEnd(endDate)!;
  const server = useServer(test, { ...E2E_ENV, CAMPAIGN_END_DATE: endDate });

  test("the server-rendered countdown and 'Condições válidas até' use the configured date", async ({ request }) => {
    const html = (await (await request.get(`${server.url}/campanha-relampago`)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Condições válidas até ${formatDayMonth(endsAt)}`);
    expect(formatDayMonth(endsAt)).toBe(`${endDate.slice(8, 10)}/${endDate.slice(5, 7)}`);
  });

  test("the page counts down to the end of that day in São Paulo", async ({ page }) => {
    await page.goto(`${server.url}/campanha-relampago`);
    await expect(page.getByTestId("campaign-valid-until")).toHaveText(
      `Condições válidas até ${endDate.slice(8, 10)}/${endDate.slice(5, 7)}`,
    );
    const before = Date.now();
    const shown = await countdownSeconds(page);
    const after = Date.now();
    expect(shown.days).toBe("10");
    // The seconds left to 23:59:59 São Paulo time of that day, as seen around the read (a wrong
    // time zone or end-of-day would be hours off).
    expect(shown.total).toBeLessThanOrEqual(Math.ceil((endsAt.getTime() - before) / 1000) + 2);
    expect(shown.total).toBeGreaterThanOrEqual(Math.floor((endsAt.getTime() - after) / 1000) - 2);
  });
});

test.describe("a configured campaign end date that has passed", () => {
  const endDate = saoPauloDayFromNow(-3);
  const server = useServer(test, { ...E2E_ENV, CAMPAIGN_END_DATE: endDate });

  test("says the campaign ended on that date: no countdown at zero, no headline percentage, no offer shown as current", async ({
    page,
  }) => {
    // The site departs from the spec's "all zeros": a passed end date is not shown under a call to hurry.
    await page.clock.install();
    await page.goto(`${server.url}/campanha-relampago`);
    await expect(page.getByRole("heading", { name: "Campanha encerrada" })).toBeVisible();
    await expect(page.getByTestId("campaign-ended")).toContainText(
      `As condições desta campanha terminaram em ${endDate.slice(8, 10)}/${endDate.slice(5, 7)}.`,
    );
    await expect(page.getByTestId("countdown")).toHaveCount(0);
    await expect(page.getByTestId("campaign-valid-until")).toHaveCount(0);
    await expect(page.getByTestId("campaign-headline")).toHaveCount(0);
    await expect(page.getByTestId("no-offers")).toBeVisible();
    await expect(page.getByText(/última semana/i)).toHaveCount(0);
    // A minute later (fake clock) it has neither restarted nor moved to a new deadline.
    await page.clock.runFor(60_000);
    await expect(page.getByTestId("countdown")).toHaveCount(0);
    await expect(page.getByTestId("campaign-ended")).toBeVisible();
  });
});
