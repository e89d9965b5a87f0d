import { describe, expect, it } from "vitest";

import { campaignPageData } from "~/features/campaign/campaign.server";
import { statesSentence } from "~/features/campaign/claims";
import { clubPagesContent, getClubPages } from "~/features/club/club.server";
import { type ClubPages } from "~/features/club/content";
import { loader as clubLoader } from "~/features/club/page";
import type { CourseDocument, PoloDocument } from "~/features/courses/content";
import { coursesContent, polosContent, recognizedCourseCount } from "~/features/courses/courses.server";
import { homePageContent, siteClaims, testimonialsContent } from "~/features/home/home.server";
import { loader as homeLoader, meta as homeMeta } from "~/features/home/page";
import { loader as sitemapLoader } from "~/features/resources/sitemap.xml";
import { launchChecklist } from "~/features/studio/launch-checklist.server";
import { type ContentCollection, getEntry, listEntries, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";

import { args, getRequest, settle, statusOf } from "../../../tests/support/route-calls";

/**
 * Decision 143 against a real SQLite file: a recognition claim only with the acts it claims, the
 * partnership renamed and switched off, the states derived from the active polos, and the
 * overview's launch checklist shrinking as the seed's items are changed.
 */

function save<T>(collection: ContentCollection<T>, id: string, change: (data: T) => T) {
  const entry = getEntry(collection, id)!;
  const saved = saveEntry(collection, { id, data: change(entry.data), expectedVersion: entry.version, by: "teste@example.com" });
  if (!saved.ok) throw new Error(`not saved: ${collection.name}/${id}`);
}

const RECOGNITION = { actType: "Reconhecimento", actNumber: "Portaria nº 1.234", actDate: "2024-05-20" } as const;

/** The home page's meta description as a search engine reads it. */
async function homeDescription(): Promise<string> {
  const loaderData = await homeLoader(args(getRequest("/")));
  const tags = homeMeta({ loaderData, matches: [], location: { pathname: "/", search: "" }, params: {} } as never);
  return String((tags as Array<{ name?: string; content?: string }>).find((tag) => tag.name === "description")?.content);
}

const NOW = new Date("2026-12-03T12:00:00Z");

describe("recognition claims need their acts", () => {
  it("the seed has no act: the home description claims no recognition, the campaign no recognized diploma", async () => {
    expect(recognizedCourseCount()).toBe(0);
    const description = await homeDescription();
    expect(description).toMatch(/^Mais de \d+ cursos, /);
    expect(description).not.toMatch(/reconhecid/i);
    expect(campaignPageData(NOW).diplomaRecognized).toBe(false);
  });

  it("an authorization is not a recognition; a recognition act is counted, and only that course", async () => {
    const [first, second] = listEntries(coursesContent).filter((entry) => entry.data.active);
    save(coursesContent, first!.id, (data: CourseDocument) => ({ ...data, ...RECOGNITION, actType: "Autorização" as const }));
    expect(recognizedCourseCount()).toBe(0);
    save(coursesContent, second!.id, (data: CourseDocument) => ({ ...data, ...RECOGNITION }));
    expect(recognizedCourseCount()).toBe(1);
    expect(await homeDescription()).toMatch(/ cursos \(1 reconhecidos pelo MEC\), /);
    // One course of the many the offers sell is not enough for "Diploma reconhecido pelo MEC".
    expect(campaignPageData(NOW).diplomaRecognized).toBe(false);
  });

  it("'Diploma reconhecido pelo MEC' once every course the offers cover has its recognition act", () => {
    for (const entry of listEntries(coursesContent).filter((candidate) => candidate.data.active)) {
      save(coursesContent, entry.id, (data: CourseDocument) => ({ ...data, ...RECOGNITION }));
    }
    expect(campaignPageData(NOW).diplomaRecognized).toBe(true);
  });
});

describe("the partnership is a studio item", () => {
  const saveClub = (change: Partial<ClubPages>) =>
    save(clubPagesContent, SINGLETON_ID, (data: ClubPages) => ({ ...data, ...change }));
  const sitemap = async () => (await (sitemapLoader() as Response).text()).includes("/america-mg");

  it("renamed: the page, the claims and the checklist follow the name", async () => {
    expect(launchChecklist(NOW).map((item) => item.section)).toContain("Clube e Trabalhe conosco");
    saveClub({ partnerName: "Coritiba" });
    expect(siteClaims(NOW).partnerName).toBe("Coritiba");
    expect((await clubLoader()).partnerName).toBe("Coritiba");
    expect(launchChecklist(NOW).map((item) => item.section)).not.toContain("Clube e Trabalhe conosco");
    expect(await sitemap()).toBe(true);
  });

  it("switched off: /america-mg answers 404, no page names it, the sitemap drops it", async () => {
    saveClub({ partnerRetired: true });
    expect(getClubPages().partnerRetired).toBe(true);
    expect(statusOf(await settle(() => clubLoader()))).toBe(404);
    expect(siteClaims(NOW).partnerName).toBe("");
    expect(await sitemap()).toBe(false);
    saveClub({ partnerRetired: false });
    expect(await sitemap()).toBe(true);
  });
});

describe("the states a visitor reads come from the active polos", () => {
  it("polos only in Paraná and Santa Catarina: no Minas Gerais in the claims or the home's texts", () => {
    for (const entry of listEntries(polosContent)) {
      save(polosContent, entry.id, (data: PoloDocument) => ({ ...data, active: false }));
    }
    const add = (id: string, location: string, state: "PR" | "SC", slug: string) =>
      saveEntry(polosContent, {
        id,
        data: { location, state, phone: "(41) 3333-4444", address: "", slug, hours: "", whatsapp: "", active: true },
        expectedVersion: 0,
        by: "teste@example.com",
      });
    add("901", "Curitiba - Centro", "PR", "curitiba-centro-pr");
    add("902", "Joinville - Centro", "SC", "joinville-centro-sc");
    const claims = siteClaims(NOW);
    expect(claims.poloStates).toEqual(["Paraná", "Santa Catarina"]);
    expect(statesSentence(claims.poloStates)).toBe("Paraná e Santa Catarina");
    const home = JSON.stringify(homePageContent(NOW));
    expect(home).not.toMatch(/Minas Gerais|Mato Grosso|Rio Grande do Norte/);
    expect(home).toContain("presença em Paraná e Santa Catarina");
    // The seed's polos are all switched off: the checklist no longer lists them.
    expect(launchChecklist(NOW).map((item) => item.section)).not.toContain("Polos");
  });
});

describe("the launch checklist", () => {
  it("lists a seed testimonial until it is changed", () => {
    const sections = () => launchChecklist(NOW).map((item) => item.section);
    expect(sections()).toContain("Depoimentos");
    for (const entry of listEntries(testimonialsContent)) {
      save(testimonialsContent, entry.id, (data) => ({ ...data, text: `${data.text} (revisado)` }));
    }
    expect(sections()).not.toContain("Depoimentos");
  });
});
