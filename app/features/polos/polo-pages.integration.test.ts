import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { poloLabel } from "~/features/courses/content";
import { offerConditions } from "~/features/courses/course-offer.server";
import { coursesContent, polosContent } from "~/features/courses/courses.server";
import { SELECT_MESSAGE } from "~/features/leads/forms/enrolment";
import { POLO_SLUG_MESSAGE, POLO_SLUG_TAKEN_MESSAGE } from "~/features/polos/content";
import * as poloRoute from "~/features/polos/page";
import { loader as sitemapLoader } from "~/features/resources/sitemap.xml";
import { startAdminSession } from "~/features/staff/auth.server";
import { createAdmin } from "~/features/staff/users.server";
import { action as polosAction, loader as polosStudioLoader } from "~/features/studio/../polos/studio";
import { getEntry, listEntries } from "~/features/studio/store.server";
import { contentWarnings } from "~/features/studio/warnings.server";
import { loader as clickLoader } from "~/features/whatsapp/clicks/click-route";
import { db, schema } from "~/platform/db/client.server";
import { resetAllRateLimits } from "~/platform/rate-limit.server";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

import {
  args,
  cookieFrom,
  formRequest,
  getRequest,
  payload,
  renderPage,
  settle,
  statusOf,
} from "../../../tests/support/route-calls";

/** The polo form of a stored polo, as the studio page sends it back unchanged (its ticked courses too). */
function poloForm(id: string, changes: Record<string, string | string[] | undefined> = {}) {
  const entry = getEntry(polosContent, id)!;
  const polo = entry.data;
  const offered = listEntries(coursesContent)
    .filter((course) => course.data.poloIds.includes(id))
    .map((course) => course.id);
  const fields: Record<string, string | string[]> = {
    polo: id,
    location: polo.location,
    state: polo.state,
    phone: polo.phone,
    address: polo.address,
    hours: polo.hours,
    whatsapp: polo.whatsapp,
    slug: polo.slug,
    courseIds: offered,
    courseIdsBefore: offered.join(","),
    version: String(entry.version),
  };
  if (polo.active) fields.active = "on";
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[key];
    else fields[key] = value;
  }
  return fields;
}

const pageOf = (slug: string) => settle(() => poloRoute.loader(args(getRequest(`/polos/${slug}`), { slug })));

/** Every stored document of the polos and the courses: what a refused save must leave as it was. */
const snapshot = () => JSON.stringify([listEntries(polosContent), listEntries(coursesContent)]);

describe("polo pages (/polos/<slug>) and the studio's Polos", () => {
  let cookie = "";
  const save = (fields: Record<string, string | string[]>) =>
    settle(() => polosAction(args(formRequest("/admin/conteudo/polos", fields, { cookie }))));

  beforeAll(async () => {
    const admin = await createAdmin("polos@exemplo.com", "senha-do-marketing-1");
    cookie = cookieFrom(new Response(null, { headers: { "Set-Cookie": await startAdminSession(getRequest("/"), admin) } }));
  });
  beforeEach(() => resetAllRateLimits());

  it("gives every seeded polo a page from its name, with no address or course invented", async () => {
    const slugs = listEntries(polosContent).map((entry) => entry.data.slug);
    expect(new Set(slugs).size).toBe(29);
    expect(slugs[0]).toBe("belo-horizonte-centro-mg");
    expect(slugs).toContain("teofilo-otoni-centro-mg");
    const page = payload(await pageOf("belo-horizonte-centro-mg")).polo;
    expect(page).toMatchObject({
      label: "Belo Horizonte - Centro - MG",
      phone: "(31) 3000-0101",
      address: "",
      hours: "",
      whatsapp: null,
      courses: [],
      mapUrl: "https://www.google.com/maps/search/?api=1&query=Belo%20Horizonte%20-%20Centro%20-%20MG",
    });
    expect(statusOf(await pageOf("polo-que-nao-existe"))).toBe(404);
  });

  it("the overview flags the seed's phones and the polos without an address until they are filled", async () => {
    const texts = contentWarnings().map((warning) => warning.text);
    expect(texts).toContain("29 polos ativos estão sem endereço: a página do polo não diz onde ele fica.");
    expect(texts.some((text) => text.startsWith("29 polos ativos ainda têm o telefone de exemplo"))).toBe(true);
  });

  it("saves address, hours, WhatsApp, slug and the courses offered: the page, the course pages, the sitemap and the overview follow", async () => {
    const answer = await save(
      poloForm("1", {
        address: "Av. Afonso Pena, 1500 - Centro",
        hours: "Segunda a sexta, das 8h às 20h",
        whatsapp: "(31) 98888-7777",
        phone: "(31) 3222-1000",
        slug: "bh-centro",
        courseIds: ["1", "2"],
        courseIdsBefore: "",
      }),
    );
    expect(statusOf(answer)).toBe(303);
    expect(getEntry(polosContent, "1")!.data).toMatchObject({ slug: "bh-centro", whatsapp: "5531988887777" });
    const page = payload(await pageOf("bh-centro")).polo;
    expect(page).toMatchObject({
      address: "Av. Afonso Pena, 1500 - Centro",
      hours: "Segunda a sexta, das 8h às 20h",
      phone: "(31) 3222-1000",
      whatsapp: { number: "(31) 98888-7777", href: "/fale-conosco/whatsapp?pagina=%2Fpolos%2Fbh-centro" },
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Av. Afonso Pena, 1500 - Centro, Belo Horizonte - Centro - MG")}`,
    });
    expect(page.courses.map((course: { id: number }) => course.id)).toEqual([1, 2]);
    expect(getEntry(coursesContent, "1")!.data.poloIds).toContain("1");
    expect(offerConditions([1])[0]!.polos).toContainEqual({ label: "Belo Horizonte - Centro - MG", slug: "bh-centro" });
    // The former address answers 301 to the new one.
    const moved = await pageOf("belo-horizonte-centro-mg");
    expect(statusOf(moved)).toBe(301);
    expect((moved as Response).headers.get("Location")).toBe("/polos/bh-centro");
    const sitemap = await (sitemapLoader() as Response).text();
    expect(sitemap).toContain("/polos/bh-centro</loc>");
    expect(sitemap).not.toContain("/polos/belo-horizonte-centro-mg</loc>");
    expect(sitemap.match(/\/polos\//g)).toHaveLength(29);
    expect(contentWarnings().map((warning) => warning.text)).toContain(
      "28 polos ativos estão sem endereço: a página do polo não diz onde ele fica.",
    );
    // The studio opens the polo with its courses ticked.
    const studio = payload(await polosStudioLoader(args(getRequest("/admin/conteudo/polos?polo=1", { cookie }))));
    expect(
      studio.courses.filter((course: { offered: boolean }) => course.offered).map((course: { id: string }) => course.id),
    ).toEqual(["1", "2"]);
    // Unticking one course takes the polo off that course only (the page names each box by its place: a list with gaps).
    expect(statusOf(await save(poloForm("1", { courseIds: undefined, "courseIds[1]": "2" })))).toBe(303);
    expect(getEntry(coursesContent, "1")!.data.poloIds).not.toContain("1");
    expect(getEntry(coursesContent, "2")!.data.poloIds).toContain("1");
  });

  it("refuses a slug another polo's page has, a malformed slug and a bad WhatsApp next to their fields, saving nothing", async () => {
    const before = snapshot();
    const taken = await save(poloForm("2", { slug: "bh-centro", courseIds: ["3"] }));
    expect(statusOf(taken)).toBe(400);
    expect(payload(taken).result.error.slug).toEqual([POLO_SLUG_TAKEN_MESSAGE]);
    // An inactive polo's slug is kept for it too: switched back on, it would take its page again.
    const bad = await save(poloForm("2", { slug: "Savassi/../admin", whatsapp: "12345", courseIds: ["3"] }));
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).result.error.slug).toEqual([POLO_SLUG_MESSAGE]);
    expect(payload(bad).result.error.whatsapp).toEqual([expect.stringMatching(/^Número de WhatsApp inválido/)]);
    expect(snapshot()).toBe(before);
  });

  it("refuses a save over a version someone else saved, leaving the polo and every course as they were", async () => {
    const stale = poloForm("3", { courseIds: ["5"], address: "Rua Nova, 1" });
    expect(statusOf(await save(poloForm("3", { hours: "Sábados, 8h às 12h" })))).toBe(303);
    const before = snapshot();
    const answer = await save(stale);
    expect(statusOf(answer)).toBe(409);
    expect(payload(answer).result.error[""]?.[0]).toMatch(/^Este conteúdo foi alterado por polos@exemplo.com/);
    expect(snapshot()).toBe(before);
  });

  it("shows HTML typed in the studio as text on the page", async () => {
    const hostile = '<script>alert("x")</script><b>Sala 2</b>';
    expect(statusOf(await save(poloForm("4", { address: hostile, hours: "<i>8h</i>" })))).toBe(303);
    const { status, html } = await renderPage(poloRoute, "/polos/:slug", getRequest("/polos/belo-horizonte-venda-nova-mg"));
    expect(status).toBe(200);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>Sala 2</b>");
    expect(html).toContain("&lt;script&gt;alert");
    expect(html).toContain("&lt;i&gt;8h&lt;/i&gt;");
  });

  it("a deactivated polo has no page, no sitemap entry and is no choice of the form", async () => {
    expect(statusOf(await save(poloForm("5", { active: undefined })))).toBe(303);
    expect(statusOf(await pageOf("contagem-eldorado-mg"))).toBe(404);
    expect(await (sitemapLoader() as Response).text()).not.toContain("/polos/contagem-eldorado-mg");
    expect(statusOf(await save(poloForm("5", { active: "on" })))).toBe(303);
    expect(statusOf(await pageOf("contagem-eldorado-mg"))).toBe(200);
  });

  it("the page's form stores a lead with the polo filled, through the one lead pipeline", async () => {
    const page = payload(await pageOf("betim-centro-mg"));
    expect(page.form.defaults.polo).toBe("Betim - Centro - MG");
    const fields = {
      nome: "Joana Pereira Lima",
      telefone: "31 98888-1234",
      email: "joana.polo@exemplo.com",
      cidade: "Betim",
      curso: "Ainda não decidi",
      polo: page.form.defaults.polo,
      consentimento: "on",
      origem: "inscricao",
      [HONEYPOT_FIELD]: "",
    };
    const post = (body: Record<string, string>, slug = "betim-centro-mg") =>
      settle(() =>
        poloRoute.action(args(formRequest(`/polos/${slug}`, body, { headers: { "X-Client-Ip": "203.0.113.50" } }), { slug })),
      );
    const refused = await post({ ...fields, polo: "Polo inventado - XX" });
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).result.error.polo).toEqual([SELECT_MESSAGE]);
    expect(db.select().from(schema.leads).where(eq(schema.leads.email, "joana.polo@exemplo.com")).all()).toHaveLength(0);
    const sent = await post(fields);
    expect(statusOf(sent)).toBe(303);
    expect((sent as Response).headers.get("Location")).toBe("/inscricao?enviado=1&tipo=inscricao");
    const rows = db.select().from(schema.leads).where(eq(schema.leads.email, "joana.polo@exemplo.com")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ polo: "Betim - Centro - MG", origem: "inscricao" });
    // A post to a polo that has no page stores nothing.
    expect(statusOf(await post({ ...fields, email: "outra@exemplo.com" }, "nao-existe"))).toBe(404);
    expect(db.select().from(schema.leads).where(eq(schema.leads.email, "outra@exemplo.com")).all()).toHaveLength(0);
  });

  it("a WhatsApp click from a polo's page reaches the polo's own number, naming the polo", async () => {
    const answer = (await clickLoader(
      args(getRequest("/fale-conosco/whatsapp?pagina=%2Fpolos%2Fbh-centro", { headers: { "User-Agent": "Mozilla/5.0" } })),
    )) as Response;
    expect(answer.status).toBe(302);
    const location = answer.headers.get("Location")!;
    expect(location.startsWith("https://wa.me/5531988887777?text=")).toBe(true);
    expect(decodeURIComponent(location)).toContain(`pela página do polo ${poloLabel(getEntry(polosContent, "1")!.data)}`);
  });
});
