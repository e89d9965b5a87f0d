import { describe, expect, it } from "vitest";

import { coursesContent } from "~/features/courses/courses.server";
import { homeHref, parseLevel } from "~/features/home/home-data";
import { loader as homeLoader } from "~/features/home/page";
import { loader as sitemapLoader } from "~/features/resources/sitemap.xml";
import { getEntry, saveEntry } from "~/features/studio/store.server";

import { args, getRequest, payload } from "../../../tests/support/route-calls";

/** The home catalogue for a query string, as its loader gives it. */
const catalogue = async (search: string) => payload(await homeLoader(args(getRequest(`/${search}`)))).catalogue;
const sitemap = async () => (sitemapLoader() as Response).text();
const names = (cards: Array<{ name: string }>) => cards.map((card) => card.name);
/** The seed's pós-graduação, técnico and profissionalizante (decision 103). */
const OTHER_LEVELS = ["78", "79", "80"];

describe("course levels in the catalogue's filter and the sitemap", () => {
  it("the seed sells a course of each level its campaign cards sell: the filter and the sitemap list the four", async () => {
    const home = await catalogue("");
    expect(home.levels).toEqual([
      { name: "Graduação", slug: "graduacao", count: 77 },
      { name: "Pós-graduação", slug: "pos-graduacao", count: 1 },
      { name: "Técnico", slug: "tecnico", count: 1 },
      { name: "Profissionalizante", slug: "profissionalizante", count: 1 },
    ]);
    const tecnico = await catalogue("?nivel=tecnico");
    expect(tecnico.level).toBe("Técnico");
    expect(names(tecnico.featured)).toEqual([]);
    const xml = await sitemap();
    for (const slug of ["graduacao", "pos-graduacao", "tecnico", "profissionalizante"])
      expect(xml).toContain(`/?nivel=${slug}</loc>`);
    expect(xml).toContain("/tecnico-em-administracao</loc>");
  });

  it("a catalogue of one level shows no level filter and the sitemap lists no level", async () => {
    const only = (active: boolean) => {
      for (const id of OTHER_LEVELS) {
        const entry = getEntry(coursesContent, id)!;
        const saved = saveEntry(coursesContent, {
          id,
          data: { ...entry.data, active },
          expectedVersion: entry.version,
          by: "niveis@exemplo.com",
        });
        expect(saved.ok).toBe(true);
      }
    };
    only(false);
    const home = await catalogue("?nivel=graduacao");
    expect(home.levels).toEqual([{ name: "Graduação", slug: "graduacao", count: 77 }]);
    // With one level there is nothing to narrow: the filter is ignored.
    expect(home.level).toBeNull();
    expect(await sitemap()).not.toContain("nivel=");
    only(true);
  });

  it("once a course of another level is active, ?nivel= narrows the featured block, the tabs and the search to it", async () => {
    const entry = getEntry(coursesContent, "77")!;
    const saved = saveEntry(coursesContent, {
      id: "77",
      data: { ...entry.data, level: "Pós-graduação" },
      expectedVersion: entry.version,
      by: "niveis@exemplo.com",
    });
    expect(saved.ok).toBe(true);
    const name = entry.data.name;

    const all = await catalogue("");
    expect(all.level).toBeNull();
    expect(all.levels).toEqual([
      { name: "Graduação", slug: "graduacao", count: 76 },
      { name: "Pós-graduação", slug: "pos-graduacao", count: 2 },
      { name: "Técnico", slug: "tecnico", count: 1 },
      { name: "Profissionalizante", slug: "profissionalizante", count: 1 },
    ]);

    const pos = await catalogue(`?nivel=pos-graduacao&area=${encodeURIComponent(entry.data.area)}`);
    expect(pos.level).toBe("Pós-graduação");
    expect(names(pos.areaCourses)).toEqual([name]);
    expect(pos.areas.reduce((sum: number, area: { count: number }) => sum + area.count, 0)).toBe(2);
    expect(names(pos.featured)).not.toContain("Enfermagem");
    // The search stays within the level; and finds the level by its name ("pós").
    expect(names((await catalogue("?nivel=pos-graduacao&q=enfermagem")).results)).toEqual([]);
    expect(names((await catalogue("?q=p%C3%B3s")).results)).toEqual(
      expect.arrayContaining([name, "Pós-graduação em Gestão de Pessoas"]),
    );

    const graduacao = await catalogue("?nivel=Gradua%C3%A7%C3%A3o&q=" + encodeURIComponent(name));
    expect(graduacao.level).toBe("Graduação");
    expect(names(graduacao.results)).not.toContain(name);
    // An unknown level is no filter.
    expect((await catalogue("?nivel=mestrado")).level).toBeNull();

    const xml = await sitemap();
    expect(xml).toContain("/?nivel=graduacao</loc>");
    expect(xml).toContain("/?nivel=pos-graduacao</loc>");
  });

  it("reads and writes the level in the home's addresses", () => {
    expect(parseLevel("pos-graduacao")).toBe("Pós-graduação");
    expect(parseLevel("TÉCNICO")).toBe("Técnico");
    expect(parseLevel("<script>")).toBeNull();
    expect(homeHref({ level: "Profissionalizante", area: "Saúde" }, "cursos")).toBe(
      "/?nivel=profissionalizante&area=saude#cursos",
    );
  });
});
