// The students' WhatsApp buttons (decision 042): the counting route against a real SQLite file.
import { beforeEach, describe, expect, it } from "vitest";

import { loader as panelLoader } from "~/features/leads/panel";
import { loader as clickLoader } from "~/features/whatsapp/clicks/click-route";
import { CLICKS_PER_IP_PER_HOUR, whatsappClicksSince } from "~/features/whatsapp/clicks/clicks.server";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";
import { loader as rootLoader } from "~/root";

import { args, getRequest, payload } from "../../../../tests/support/route-calls";
import { updateInstitution } from "../../../../tests/support/saved-content";
import { signedInStaff } from "../../../../tests/support/staff-login";

const NUMBER = "5531998765432";
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

const setNumber = (whatsappNumber: string) => updateInstitution({ whatsappNumber });

const clickRows = () => db.select().from(schema.whatsappClicks).all();

async function click(query: string, headers: Record<string, string> = {}, cookie?: string): Promise<Response> {
  return (await clickLoader(
    args(getRequest(`/fale-conosco/whatsapp?${query}`, { cookie, headers: { "User-Agent": BROWSER, ...headers } })),
  )) as Response;
}

/** The visitor session a landing with these UTM parameters leaves (the root loader remembers them). */
async function landingCookie(query: string): Promise<string> {
  const landing = (await rootLoader(args(getRequest(`/?${query}`)))) as any;
  return new Headers(landing.init.headers).get("Set-Cookie")!.split(";")[0]!;
}

function textOf(location: string | null): string {
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${NUMBER}`);
  return url.searchParams.get("text")!;
}

beforeEach(() => {
  db.delete(schema.whatsappClicks).run();
  resetAllRateLimits();
});

describe("without a students' number", () => {
  it("answers 404, private and not indexed, and stores nothing", async () => {
    setNumber("");
    const response = await click("pagina=%2Fenfermagem&curso=enfermagem");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Location")).toBeNull();
    expect(clickRows()).toEqual([]);
  });

  it("the root loader gives the pages no number, so they show no WhatsApp button", async () => {
    setNumber("");
    const root = payload(await rootLoader(args(getRequest("/"))));
    expect(root.site.whatsappNumber).toBe("");
  });
});

describe("with a students' number", () => {
  beforeEach(() => setNumber(NUMBER));

  it("records the click with the visit's UTM origin from the session and sends the visitor to wa.me naming the course", async () => {
    const cookie = await landingCookie("utm_source=instagram&utm_medium=social&utm_campaign=vestibular-2027");
    const response = await click("pagina=%2Fenfermagem&curso=enfermagem", {}, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Location")).toBe(
      `https://wa.me/${NUMBER}?text=${encodeURIComponent("Olá! Vim pelo site e quero saber mais sobre o curso de Enfermagem.")}`,
    );
    const rows = clickRows();
    expect(rows).toMatchObject([
      {
        page: "/enfermagem",
        utmSource: "instagram",
        utmMedium: "social",
        utmCampaign: "vestibular-2027",
      },
    ]);
    // Nothing about who clicked: the row's columns are the page, the UTM origin and the time.
    expect(Object.keys(rows[0]!).sort()).toEqual(["clickedAt", "id", "page", "utmCampaign", "utmMedium", "utmSource"]);
    expect(Number.isNaN(Date.parse(rows[0]!.clickedAt))).toBe(false);
  });

  it("names the course of a variant page and of a dedicated page, the result profile, or a known page", async () => {
    expect(textOf((await click("pagina=%2Feducacaofisica&curso=educacaofisica")).headers.get("Location"))).toBe(
      "Olá! Vim pelo site e quero saber mais sobre o curso de Educação Física.",
    );
    expect(textOf((await click("pagina=%2Fcursos%2Fbiomedicina&curso=cursos%2Fbiomedicina")).headers.get("Location"))).toBe(
      "Olá! Vim pelo site e quero saber mais sobre o curso de Biomedicina.",
    );
    // The floating button on a course page names the course too (from the page alone).
    expect(textOf((await click("pagina=%2Fenfermagem")).headers.get("Location"))).toContain("curso de Enfermagem");
    expect(textOf((await click("pagina=%2Fteste-vocacional%2Fresultado%2Fsaude")).headers.get("Location"))).toBe(
      "Olá! Vim pelo site, pela página do resultado do teste vocacional (perfil Saúde & Bem-Estar), e quero saber mais.",
    );
    expect(textOf((await click("pagina=%2Fbolsas")).headers.get("Location"))).toBe(
      "Olá! Vim pelo site, pela página de bolsas, e quero saber mais.",
    );
    expect(clickRows().map((row) => row.page)).toEqual([
      "/educacaofisica",
      "/cursos/biomedicina",
      "/enfermagem",
      "/teste-vocacional/resultado/saude",
      "/bolsas",
    ]);
    expect(clickRows().every((row) => row.utmSource === null)).toBe(true);
  });

  it("an unknown course or page gets the general greeting (never text taken from the link)", async () => {
    for (const query of [
      "pagina=%2Fnao-existe&curso=nao-existe",
      "pagina=%2Fbolsas-x&curso=%3Cscript%3E",
      `pagina=%2Fbolsas-x&curso=${"a".repeat(300)}`,
    ]) {
      expect(textOf((await click(query)).headers.get("Location")), query).toBe("Olá! Vim pelo site e quero saber mais.");
    }
    expect(clickRows()).toHaveLength(3);
  });

  it("refuses a page that is not a path of this site (400, nothing stored)", async () => {
    for (const query of [
      "",
      "pagina=",
      "pagina=https%3A%2F%2Fevil.example%2F",
      "pagina=%2F%2Fevil.example",
      "pagina=enfermagem",
      "pagina=%2Fa%3Cscript%3E",
      "pagina=%2Fa%5C..",
      "pagina=%2Fa%00",
      `pagina=%2F${"a".repeat(250)}`,
    ]) {
      const response = await click(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Cache-Control"), query).toBe("private, no-store");
      expect(response.headers.get("Location"), query).toBeNull();
    }
    expect(clickRows()).toEqual([]);
  });

  it("a bot, a link preview, a client without a User-Agent or a prefetch reaches wa.me but is not counted", async () => {
    const automatic: Record<string, string>[] = [
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "User-Agent": "WhatsApp/2.23.20.0" },
      { "User-Agent": "facebookexternalhit/1.1" },
      { "User-Agent": "curl/8.5.0" },
      { "User-Agent": "" },
      { "Sec-Purpose": "prefetch" },
      { Purpose: "prefetch" },
    ];
    for (const headers of automatic) {
      const response = await click("pagina=%2Fenfermagem&curso=enfermagem", headers);
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(headers)).toContain(`https://wa.me/${NUMBER}?text=`);
    }
    expect(clickRows()).toEqual([]);
  });

  it("counts at most CLICKS_PER_IP_PER_HOUR clicks per IP; the rest still reach wa.me; another IP still counts", async () => {
    for (let i = 0; i < CLICKS_PER_IP_PER_HOUR + 5; i++) {
      const response = await click("pagina=%2Fbolsas", { "X-Client-Ip": "203.0.113.7" });
      expect(response.status).toBe(302);
    }
    expect(clickRows()).toHaveLength(CLICKS_PER_IP_PER_HOUR);
    await click("pagina=%2Fbolsas", { "X-Client-Ip": "203.0.113.8" });
    expect(clickRows()).toHaveLength(CLICKS_PER_IP_PER_HOUR + 1);
  });
});

describe("the panel's 'Cliques no botão do WhatsApp do site'", () => {
  function insertClick(clickedAt: string, utmSource: string | null) {
    db.insert(schema.whatsappClicks).values({ page: "/enfermagem", utmSource, clickedAt }).run();
  }

  it("counts the clicks since an instant, in total and by UTM source (most first, none as '')", () => {
    insertClick("2026-11-01T02:59:59.000Z", "instagram"); // before the period
    insertClick("2026-11-01T03:00:00.000Z", "instagram");
    insertClick("2026-11-10T12:00:00.000Z", "instagram");
    insertClick("2026-11-12T12:00:00.000Z", null);
    insertClick("2026-11-13T12:00:00.000Z", "google");
    insertClick("2026-11-14T12:00:00.000Z", "google");
    insertClick("2026-11-15T12:00:00.000Z", "google");
    expect(whatsappClicksSince(new Date("2026-11-01T03:00:00.000Z"))).toEqual({
      total: 6,
      bySource: [
        { key: "google", n: 3 },
        { key: "instagram", n: 2 },
        { key: "", n: 1 },
      ],
    });
  });

  it("the panel's loader gives the dashboard today's clicks with a number set, and nothing without a number or clicks", async () => {
    const cookie = (await signedInStaff("admin", "painel.whatsapp@example.com", "senha-forte-do-painel-1")).cookie;
    setNumber(NUMBER);
    const landing = await landingCookie("utm_source=facebook");
    await click("pagina=%2Fenfermagem&curso=enfermagem", {}, landing);
    await click("pagina=%2Fbolsas");
    const loaded = payload(await panelLoader(args(getRequest("/contato", { cookie }))));
    expect(loaded.whatsapp).toEqual({
      total: 2,
      bySource: [
        { key: "", n: 1 },
        { key: "facebook", n: 1 },
      ],
      // The team's WhatsApp contacts from the panel are a separate number (none here).
      teamContacts: 0,
    });

    db.delete(schema.whatsappClicks).run();
    setNumber("");
    expect(payload(await panelLoader(args(getRequest("/contato", { cookie })))).whatsapp).toBeNull();
  });
});
