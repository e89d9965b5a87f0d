import Database from "better-sqlite3";

import { RESULT_SLUGS } from "../../app/features/vocational/profiles.seed";
import { PROMISE_OVER, RECOGNITION_WITHOUT_ACTS, UNFILLED } from "../support/claim-rules";
import { E2E_ENV } from "../support/env";
import { expect, test } from "../support/fixtures";
import { routeTable, urlFor } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";
import { completedTestCookie } from "../support/sessions";

/**
 * The claims rule (decision 081), proved by mutation: every claim field of the studio is set to a
 * value nobody would type (brand "Instituto Teste Ômega", bolsa 37%, 123 polos, campaign "Semana
 * Azul", no MEC grade, no course's recognition act, no polo in Minas Gerais, first payments from R$ 23,45), then every public page of the route table, every address of the sitemap,
 * the titles, the JSON-LD, the share image and the graduation picture's text are read: no trace of a
 * default may be left, because a default still on screen is a claim nobody in the studio can change.
 * Then the campaign ends (and, separately, every offer card expires): no page may mention a campaign
 * discount, its bar or a deadline, and never "0%".
 *
 * The content is changed in the database between two starts of the same server (the studio's
 * forms are tested elsewhere; here the point is what the pages say about whatever is stored).
 */

const BRAND = "Instituto Teste Ômega";
const CAMPAIGN = "Semana Azul";
/** The campaign's headline: 27% of scholarship plus the fixed 10% of punctuality. */
const CAMPAIGN_PERCENT = 37;
/** The selected courses' scholarship (not a campaign offer: it stays when the campaign ends). */
const SELECTED_PERCENT = 41;
const POLOS = 123;
/** The offer cards' first payments: the lowest is what "a partir de {primeira_mensalidade}" says. */
const FIRST_PAYMENTS = [31.7, 23.45, 44.1];
const FIRST_PAYMENT = "R$ 23,45";
const COURSES = 44;

/** Defaults that may appear nowhere once the studio says otherwise (the list and the seed's identity). */
const DEFAULTS: Array<[string, RegExp]> = [
  ["a seed percentage", /\b(50|60|70|80)\s?%/],
  ["a seed count", /\b(70|80)\+|\+\s?(70|80)\b|mais de (70|80) cursos/i],
  ["the seed's polo network", /1000\+|1\.000|\+1200|1200\+|\b14 polos|\+20 polos|20 polos/i],
  ["social proof nobody stored", /20 mil|32 mil|(?<![\w%])97\s?%/i],
  ["a tradition nobody stored", /35 anos/i],
  ["the seed's campaign name", /Relâmpago/i],
  ["a MEC grade nobody stored", /nota máxima/i],
  ["'universidade' for an institute", /universidade/i],
  ["the seed's brand or address", /(Universidade|Grupo Educacional|Empresa Educacional|Rua) Exemplo/],
  ["the seed's first payment", /(?<![\d.,])19,90/],
  ["a format Decreto 12.456/2025 does not know", /híbrid/i],
  // No course has its recognition act in the studio here (decision 143).
  ...RECOGNITION_WITHOUT_ACTS,
];

/** The network below has no polo in Minas Gerais: no page may name the state (decision 143). */
const GEOGRAPHY: Array<[string, RegExp]> = [["a state with no active polo", /Minas Gerais/]];

/** What a page must not say with no campaign running. */
const CAMPAIGN_OVER: Array<[string, RegExp]> = [
  ["a zero discount", /(?<![\d,.])0\s?%/],
  ["the campaign's discount", new RegExp(`\\b${CAMPAIGN_PERCENT}\\s?%`)],
  ["the campaign bar", /bolsas de até \d+% por tempo limitado/i],
  ["a countdown", /data-unit="(days|hours|minutes|seconds)"/],
  ["a deadline", /terminam? em|bolsa expira em|antes que o prazo acabe|válid[ao]s? até/i],
  ["a call to hurry", /tempo limitado/i],
  ["the campaign's first payment", /(?<![\d.,])(23,45|31,70|44,10)/],
];

type Page = { url: string; text: string };

/** The words of each page alone (tags removed), for the rules that read sentences across elements. */
const wordsOf = (pages: Page[]): Page[] =>
  pages.map((page) => ({ url: page.url, text: page.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") }));

/** What a visitor, a search engine or a link preview reads: the page without its styles and scripts, but with its JSON-LD. */
function readable(body: string): string {
  // React separates text from the values inside it with empty comments; entities are decoded where it matters.
  return body
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/** Every public page of the route table, every address of the sitemap, the sitemap, and the images a page links to. */
async function crawl(baseUrl: string, cookie: string): Promise<Page[]> {
  const get = async (url: string) => {
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie }, redirect: "follow" });
    return { status: response.status, type: response.headers.get("content-type") ?? "", body: await response.text() };
  };
  const sitemap = await get("/sitemap.xml");
  const urls = new Set<string>([...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname));
  for (const route of routeTable()) {
    if (route.layout !== "features/site/public-layout" || route.path === "*") continue;
    if (route.path.includes(":perfil")) for (const slug of RESULT_SLUGS) urls.add(urlFor(route, { perfil: slug }));
    else if (!route.path.includes(":")) urls.add(urlFor(route));
  }
  urls.add("/pagina-que-nao-existe");
  // The home page's lists are left out of its landing document (decision 104): read them on the whole page.
  urls.add("/?secoes=todas");
  const pages: Page[] = [{ url: "/sitemap.xml", text: sitemap.body }];
  const images = new Set<string>();
  for (const url of [...urls].sort()) {
    const page = await get(url);
    if (page.type.startsWith("image/png")) continue;
    if (page.type.includes("svg")) {
      pages.push({ url, text: readable(page.body) });
      continue;
    }
    pages.push({ url, text: readable(page.body) });
    for (const match of page.body.matchAll(/property="og:image" content="([^"]+)"/g)) images.add(new URL(match[1]).pathname);
  }
  for (const image of images) {
    const response = await get(image);
    expect(response.status, `share image ${image}`).toBe(200);
    // A PNG's text is checked through the SVG it is drawn from (same path, .svg) when the server has one.
    if (response.type.includes("svg")) pages.push({ url: image, text: readable(response.body) });
    else if (image.endsWith(".png")) {
      const source = await get(image.replace(/\.png$/, ".svg"));
      if (source.type.includes("svg")) pages.push({ url: `${image} (svg)`, text: readable(source.body) });
    }
  }
  return pages;
}

function tracesOf(pages: Page[], rules: Array<[string, RegExp]>): string[] {
  const found: string[] = [];
  for (const page of pages) {
    for (const [what, pattern] of rules) {
      for (const match of page.text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
        const at = match.index ?? 0;
        found.push(`${page.url}: ${what}: …${page.text.slice(Math.max(0, at - 60), at + 40).replace(/\s+/g, " ")}…`);
      }
    }
  }
  return found;
}

type Doc = Record<string, unknown>;

/** Rewrites each stored document of a collection (the server is stopped). */
function mutate(databasePath: string, collection: string, change: (data: Doc, id: string) => Doc | null) {
  const db = new Database(databasePath);
  try {
    const rows = db.prepare("SELECT id, data FROM content_entries WHERE collection = ?").all(collection) as Array<{
      id: string;
      data: string;
    }>;
    expect(rows.length, `${collection} is seeded`).toBeGreaterThan(0);
    for (const row of rows) {
      const next = change(JSON.parse(row.data) as Doc, row.id);
      if (next === null) db.prepare("DELETE FROM content_entries WHERE collection = ? AND id = ?").run(collection, row.id);
      else
        db.prepare("UPDATE content_entries SET data = ?, version = version + 1 WHERE collection = ? AND id = ?").run(
          JSON.stringify(next),
          collection,
          row.id,
        );
    }
  } finally {
    db.close();
  }
}

/** Every claim field of the studio set to an unusual value. */
function mutateEverything(databasePath: string) {
  mutate(databasePath, "institution", (data) => ({
    ...data,
    brandName: BRAND,
    productName: "Instituto Ômega",
    groupName: "Grupo Ômega de Teste",
    companyName: "Ômega Serviços Educacionais Teste Ltda.",
    addressLines: ["Avenida das Palmeiras Teste, 37", "Cidade Teste - SP, 01000-000"],
    phone: "0800 123 4567",
    contactEmail: "contato@omega-teste.com.br",
    privacyEmail: "privacidade@omega-teste.com.br",
  }));
  mutate(databasePath, "campaign", (data) => ({
    ...data,
    title: CAMPAIGN,
    headlinePercent: CAMPAIGN_PERCENT,
    offers: (data.offers as Doc[]).map((offer, index) => ({
      ...offer,
      scholarshipPercent: CAMPAIGN_PERCENT - 10,
      firstPayment: FIRST_PAYMENTS[index % FIRST_PAYMENTS.length],
    })),
    closingTitle: `Últimos dias da ${CAMPAIGN}`,
    closingText: `Garanta até ${CAMPAIGN_PERCENT}% de desconto nas mensalidades enquanto durar a ${CAMPAIGN}.`,
    selectedCoursesPercent: SELECTED_PERCENT,
  }));
  mutate(databasePath, "home", (data) => ({
    ...data,
    heroBadge: "Ensino a distância",
    heroTitle: "Sua graduação com",
    heroHighlight: `bolsa de até ${CAMPAIGN_PERCENT}%`,
    heroText: "Cursos a distância e presenciais perto de você.",
    courseCount: COURSES,
    poloCount: POLOS,
    scholarshipPercent: null,
    countdownMode: "campaign",
    countdownDate: "",
    countdownTitle: `Bolsas de até ${CAMPAIGN_PERCENT}% na ${CAMPAIGN}`,
  }));
  // A network without Minas Gerais: every sentence built on the MG count must go, not show its token.
  mutate(databasePath, "polos", (data) => ({ ...data, state: data.state === "MG" ? "PR" : data.state }));
  mutate(databasePath, "faq", (data, id) =>
    id === "1" ? { question: "Como faço minha inscrição?", answer: "Preencha o formulário e aguarde o contato." } : null,
  );
  mutate(databasePath, "testimonials", (data) => ({ ...data, text: "Estudar a distância mudou a minha rotina." }));
  mutate(databasePath, "club", (data) => ({
    ...data,
    gamesIntro: "Veja os próximos jogos em casa.",
    noGamesText: "A tabela ainda não saiu.",
    employee: {
      heroTitle: "Trabalhe conosco",
      heroText: "Venha fazer parte da equipe.",
      benefitTitle: "Auxílio Educação",
      benefitText: "Colaboradores estudam com desconto.",
      formTitle: "Envie seu currículo",
      formText: "Preencha seus dados.",
      staffPercent: 90,
      dependantPercent: 45,
    },
  }));
}

test.describe("the claims rule: no default survives the studio (decision 081)", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let databasePath: string;
  let cookie: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // First start: migrations and the seed of every collection.
    const first = await startServer({ ...E2E_ENV }, { quiet: true });
    databasePath = first.databasePath;
    cookie = await completedTestCookie(first.url, `claims.${Date.now()}@example.com`);
    await crawl(first.url, cookie);
    await first.stop();
    mutateEverything(databasePath);
    server = await startServer({ ...E2E_ENV }, { quiet: true, databasePath });
  });

  test.afterAll(async () => {
    await server?.stop();
    server?.cleanup();
  });

  test("with every claim field changed, no page, title, JSON-LD, sitemap or image says a default", async () => {
    test.setTimeout(300_000);
    const pages = await crawl(server.url, cookie);
    expect(pages.length).toBeGreaterThan(40);
    expect(tracesOf(pages, DEFAULTS)).toEqual([]);
    expect(tracesOf(wordsOf(pages), [...UNFILLED, ...GEOGRAPHY])).toEqual([]);
    // The studio's values are what the site says.
    const home = pages.find((page) => page.url === "/")!.text;
    expect(home).toContain(BRAND);
    expect(home).toContain(CAMPAIGN);
    expect(home).toContain(`${CAMPAIGN_PERCENT}%`);
    expect(home).toContain(`${POLOS}`);
    // The seeded texts that quoted "R$ 19,90" now quote the lowest first payment of the active offers.
    const text = (url: string) => pages.find((page) => page.url === url)!.text;
    expect(text("/campanha-relampago")).toContain(`primeira mensalidade a partir de ${FIRST_PAYMENT}.`);
    expect(text("/campanha-relampago")).toContain(`Primeira mensalidade a partir de ${FIRST_PAYMENT}<`);
    expect(text("/america-mg")).toContain(`Primeira mensalidade a partir de ${FIRST_PAYMENT}`);
    expect(text("/america-mg")).toContain(`A primeira mensalidade começa em ${FIRST_PAYMENT}.`);
    // The share image (decision 082): a 1200x630 PNG of the stored brand and the current bolsa.
    const png = Buffer.from(await (await fetch(`${server.url}/compartilhar/imagem.png`)).arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const svg = readable(await (await fetch(`${server.url}/compartilhar/imagem.svg`)).text());
    expect(svg).toContain(BRAND);
    expect(svg).toContain(`${CAMPAIGN}: bolsas de até ${CAMPAIGN_PERCENT}%`);
    // A course page's and a result page's own pictures (read through their SVG by crawl) say the stored values.
    const course = pages.find((page) => /^\/compartilhar\/curso\/\d+-[a-f0-9]{12}\.png \(svg\)$/.test(page.url));
    expect(course?.text).toContain(BRAND);
    expect(course?.text).toContain(`Bolsa de até ${CAMPAIGN_PERCENT}%`);
    const result = pages.find((page) => /^\/compartilhar\/resultado\/[a-z]+-[a-f0-9]{12}\.png \(svg\)$/.test(page.url));
    expect(result?.text).toContain(BRAND);
    expect(result?.text).toContain(`bolsas de até ${SELECTED_PERCENT}%`);
  });

  test("with the campaign ended, no page mentions a campaign discount, its bar or a deadline", async () => {
    test.setTimeout(300_000);
    await server.stop();
    mutate(databasePath, "campaign", (data) => ({ ...data, endMode: "date", endDate: "2020-01-31" }));
    server = await startServer({ ...E2E_ENV }, { quiet: true, databasePath });
    const pages = await crawl(server.url, cookie);
    expect(tracesOf(pages, [...CAMPAIGN_OVER, ...DEFAULTS])).toEqual([]);
    expect(tracesOf(wordsOf(pages), [...UNFILLED, ...PROMISE_OVER])).toEqual([]);
  });

  test("with every offer card expired (the campaign itself still rolling), the same", async () => {
    test.setTimeout(300_000);
    await server.stop();
    mutate(databasePath, "campaign", (data) => ({
      ...data,
      endMode: "rolling",
      endDate: "",
      offers: (data.offers as Doc[]).map((offer) => ({ ...offer, validUntil: "2020-01-31" })),
    }));
    server = await startServer({ ...E2E_ENV }, { quiet: true, databasePath });
    const pages = await crawl(server.url, cookie);
    expect(tracesOf(pages, [...CAMPAIGN_OVER, ...DEFAULTS])).toEqual([]);
    expect(tracesOf(wordsOf(pages), [...UNFILLED, ...PROMISE_OVER])).toEqual([]);
  });
});
