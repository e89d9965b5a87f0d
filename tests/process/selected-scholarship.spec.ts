import { E2E_ENV } from "../support/env";
import { expect, test, waitForHydration } from "../support/fixtures";
import { adminSession, completedTestCookie } from "../support/sessions";
import { saveStudioForm } from "../support/studio";
import { useServer } from "../support/use-server";

/**
 * "Never a contradictory number" (decision 044): the selected courses' scholarship (Educação Física,
 * "Bolsas de até 70%") is stored in the studio's "Campanha", and every page that states it follows
 * the stored figure: /bolsas, /inscricao, the vocational test, the business result page's form
 * title, the Educação Física badge of the home page's featured cards and the club page (/america-mg). Its own server and
 * database: the edit cannot reach the shared e2e server's other specs.
 */

/** The places that state the selected courses' scholarship, as a plain request sees them (no JavaScript). */
async function statedFigures(baseUrl: string, resultCookie: string) {
  // React separates text from the values inside it with empty comments.
  const html = async (path: string, cookie = "") =>
    (await (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
  const bolsas = await html("/bolsas");
  const inscricao = await html("/inscricao");
  const bolsaOrigin = await html("/inscricao?origem=bolsa");
  const test = await html("/teste-vocacional");
  // The whole home page: the landing document leaves the featured courses to a fragment (decision 104).
  const home = await html("/?secoes=todas");
  const business = await html("/teste-vocacional/resultado/negocios", resultCookie);
  const club = await html("/america-mg");
  const campaign = await html("/campanha-relampago");
  const featured = home.slice(home.indexOf('aria-label="Cursos em destaque"'));
  return {
    bolsasHeading: bolsas.match(/<h1[^>]*>(Bolsas de até [^<]*)<\/h1>/)?.[1],
    bolsasTitle: bolsas.match(/<title>([^<]*)<\/title>/)?.[1],
    bolsasSelectedCourses: bolsas.match(/>(até \d+%)<\/p><h3[^>]*>Cursos selecionados</)?.[1],
    inscricao: inscricao.match(/Bolsas de até \d+% em cursos selecionados/)?.[0],
    inscricaoBolsa: bolsaOrigin.match(/descubra a bolsa de até \d+% disponível para você/)?.[0],
    testIntro: test.match(/<\/svg> ?(Bolsas de até \d+%)<\/li>/)?.[1],
    businessFormTitle: business.match(/data-form-title="(Garanta sua bolsa de até \d+%)"/)?.[1],
    featuredBadges: [...featured.matchAll(/>(Bolsa de até \d+%)<\/span>/g)].map((match) => match[1]),
    clubHeading: club.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1],
    clubTitle: club.match(/<title>([^<]*)<\/title>/)?.[1],
    clubBenefit: club.match(/>(Bolsa de até \d+%)<\/h3>/)?.[1],
    clubFaq: club.match(/A bolsa chega a até \d+% em cursos selecionados/)?.[0],
    // The page's figures are the site's claims, not typed numbers (derived polos "+20", "+70 cursos").
    clubPolos: club.match(/>\+([\d.]+) polos</)?.[1],
    clubFaqPolos: club.match(/mais de ([\d.]+) no Brasil/)?.[1],
    campaignPolos: campaign.match(/Mais de ([\d.]+) polos/)?.[1],
  };
}

function figuresSaying(percent: string, polos = "20") {
  return {
    bolsasHeading: `Bolsas de até ${percent}`,
    bolsasTitle: expect.stringContaining(`Bolsas de estudo de até ${percent}`),
    bolsasSelectedCourses: `até ${percent}`,
    inscricao: `Bolsas de até ${percent} em cursos selecionados`,
    inscricaoBolsa: `descubra a bolsa de até ${percent} disponível para você`,
    testIntro: `Bolsas de até ${percent}`,
    businessFormTitle: `Garanta sua bolsa de até ${percent}`,
    featuredBadges: [`Bolsa de até ${percent}`, `Bolsa de até ${percent}`],
    clubHeading: `Torcedor do América-MG estuda com bolsa de até ${percent}`,
    clubTitle: `América-MG: bolsa de até ${percent} para a torcida`,
    clubBenefit: `Bolsa de até ${percent}`,
    clubFaq: `A bolsa chega a até ${percent} em cursos selecionados`,
    clubPolos: polos,
    clubFaqPolos: polos,
    campaignPolos: polos,
  };
}

test.describe("the selected courses' scholarship comes from the content store", () => {
  const server = useServer(test, { ...E2E_ENV });

  test("the seed says the spec's 70%; a new figure saved in 'Campanha' is on every page that states it", async ({ page }) => {
    const resultCookie = await completedTestCookie(server.url, `bolsa.selecionada.${Date.now()}@example.com`);
    expect(await statedFigures(server.url, resultCookie)).toEqual(figuresSaying("70%"));

    const cookie = await adminSession(server.url);
    const at = cookie.indexOf("=");
    await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: server.url }]);
    await page.goto(`${server.url}/admin/conteudo/campanha`);
    await waitForHydration(page);
    const field = page.getByLabel("Bolsa em cursos selecionados (%)");
    await expect(field).toHaveValue("70");
    await field.fill("65");
    await saveStudioForm(page);

    expect(await statedFigures(server.url, resultCookie)).toEqual(figuresSaying("65%"));

    // The polo count the home page's stats state ("Página inicial" → "Polos") is the one every page gives.
    await page.goto(`${server.url}/admin/conteudo/inicio`);
    await waitForHydration(page);
    await page.getByLabel("Polos", { exact: true }).fill("1200");
    await saveStudioForm(page);
    expect(await statedFigures(server.url, resultCookie)).toEqual(figuresSaying("65%", "1.200"));
  });
});
