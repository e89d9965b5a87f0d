import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { useServer } from "../support/use-server";

/**
 * Decision 038 on a fresh deployment: a production server with an empty database and the spec's
 * HOME_COUNTDOWN_TARGET of 2024-10-15 (the old default) never shows 00:00:00:00 on the home page
 * under its call to hurry: the passed date gives way to the campaign's deadline, which is ahead.
 */

/** The countdown's four boxes as the server rendered them (data-unit="days" … "seconds"). */
function countdownUnits(html: string): string[] {
  return [...html.matchAll(/data-unit="(?:days|hours|minutes|seconds)"[^>]*>(\d+)</g)].map((match) => match[1]);
}

test.describe("a fresh deployment with HOME_COUNTDOWN_TARGET in the past", () => {
  const server = useServer(test, { ...E2E_ENV, HOME_COUNTDOWN_TARGET: "2024-10-15T23:59:59-03:00" });

  test("the home countdown shows the campaign's deadline, never zeros, under 'garanta a sua antes que o prazo acabe'", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain("garanta a sua antes que o prazo acabe");
    const units = countdownUnits(html);
    expect(units).toHaveLength(4);
    expect(units.some((value) => Number(value) > 0)).toBe(true);
    // The campaign's rolling window ends within 6 days.
    expect(Number(units[0])).toBeLessThanOrEqual(6);
    // No percentage above the largest offer (60%) in the hero or the countdown's heading.
    const hero = html.slice(html.indexOf('id="hero-titulo"'), html.indexOf("</h1>"));
    const heading = html.slice(html.indexOf('id="contagem-titulo"'), html.indexOf("</h2>", html.indexOf('id="contagem-titulo"')));
    expect(hero).toContain("60%");
    expect(`${hero}${heading}`).not.toMatch(/(6[1-9]|[7-9]\d)%/);
    expect(heading).toContain("Bolsas de até 60%");
    // The title and description say the same numbers as the hero (79 active courses: "Mais de 70"),
    // and no recognition: the seed enters no course's act (decision 143).
    expect(html).toMatch(/<title>[^<]*bolsa de até 60%/);
    expect(html).toContain("Mais de 70 cursos, bolsas de até 60% e mais de 20 polos.");
    expect(html).not.toMatch(/reconhecid[oa]s? pelo MEC/);
  });

  test("the rest of the site makes the home page's claims: the campaign bar, course pages and the catalogue", async () => {
    // React separates text from the values inside it with empty comments.
    const page = async (path: string) => (await (await fetch(`${server.url}${path}`)).text()).replaceAll("<!-- -->", "");
    const home = await page("/");
    expect(home).toContain("Campanha Relâmpago: bolsas de até 60% por tempo limitado!");
    expect(home).toContain("Temos mais de 70 cursos.");
    // An EAD graduação course carries the EAD card's figure (50% + 10%: the largest offer).
    const course = await page("/gestao-hospitalar");
    expect(course).toMatch(/<title>[^<]*com bolsa de até 60%/);
    expect(course).toContain("Bolsa de até 60%");
    expect(course).not.toMatch(/[Bb]olsas? de até 70%/);
    // No card covers presencial graduação: its title and badge promise no figure (the site-wide
    // campaign bar still names the campaign's best offer).
    const presencial = await page("/enfermagem");
    expect(presencial).not.toMatch(/<title>[^<]*bolsa/);
    expect(presencial).not.toContain("Bolsa de até");
  });
});
