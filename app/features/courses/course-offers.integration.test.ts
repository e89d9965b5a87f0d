import { describe, expect, it } from "vitest";

import { campaignContent, courseBolsa, getCampaign } from "~/features/campaign/campaign.server";
import { type Campaign, offerCardFor } from "~/features/campaign/content";
import { loader as coursePathLoader } from "~/features/courses/catch-all";
import { courseSeo } from "~/features/courses/course-page";
import { courseShareImage } from "~/features/share/share-image.server";
import { getEntry, saveEntry, SINGLETON_ID } from "~/features/studio/store.server";

import { args, getRequest, payload } from "../../../tests/support/route-calls";

/** A day inside the seed's rolling campaign. */
const NOW = new Date("2026-11-23T15:00:00Z");

/** A course page at its own path, as the server loads it. */
async function coursePage(path: string) {
  return payload(await coursePathLoader(args(getRequest(path), { "*": path.slice(1) })));
}

function store(change: (campaign: Campaign) => Campaign) {
  const entry = getEntry(campaignContent, SINGLETON_ID)!;
  const result = saveEntry(campaignContent, {
    id: SINGLETON_ID,
    data: change(structuredClone(entry.data)),
    expectedVersion: entry.version,
    by: "teste",
  });
  expect(result.ok).toBe(true);
}

describe("each course page states the offer card that covers it", () => {
  it("the seed's cards name their levels and formats; a course gets its own card, not the best one", () => {
    const campaign = getCampaign();
    const titleFor = (level: "Graduação" | "Pós-graduação" | "Técnico", format: "EAD" | "Presencial" | "Semipresencial") =>
      offerCardFor(campaign, { level, format }, NOW)?.title ?? null;
    expect(campaign.offers.find((offer) => offer.title === "Graduação")).toMatchObject({
      levels: ["Graduação"],
      formats: ["EAD"],
    });
    expect(titleFor("Graduação", "EAD")).toBe("Graduação");
    expect(titleFor("Graduação", "Semipresencial")).toBe("Semipresenciais B.E. e P.T.");
    expect(titleFor("Pós-graduação", "EAD")).toBe("Pós-graduação");
    expect(titleFor("Técnico", "EAD")).toBe("Técnicos");
    // No seed card sells presencial graduação: such a page states no campaign bolsa at all.
    expect(titleFor("Graduação", "Presencial")).toBeNull();

    expect(courseBolsa([{ level: "Graduação", modality: "EAD" }], NOW)).toBe("60%");
    expect(courseBolsa([{ level: "Pós-graduação", modality: "EAD" }], NOW)).toBe("50%");
    expect(courseBolsa([{ level: "Técnico", modality: "EAD" }], NOW)).toBe("40%");
    expect(courseBolsa([{ level: "Graduação", modality: "Presencial" }], NOW)).toBe("");
  });

  it("a pós, a técnico and a presencial course page, their meta and share image show their own card's figure", async () => {
    const pos = await coursePage("/pos-graduacao-gestao-de-pessoas");
    expect(pos.bolsa).toBe("50%");
    const posSeo = courseSeo(pos.page, undefined, "/pos-graduacao-gestao-de-pessoas", pos.bolsa);
    expect(posSeo.title).toBe("Pós-graduação em Gestão de Pessoas: pós-graduação EAD com bolsa de até 50%");
    expect(posSeo.description).toContain("Bolsas de até 50%.");
    expect(courseShareImage(78, NOW)!.svg).toContain("Bolsa de até 50%");

    const tecnico = await coursePage("/tecnico-em-administracao");
    expect(tecnico.bolsa).toBe("40%");
    expect(courseSeo(tecnico.page, undefined, "/tecnico-em-administracao", tecnico.bolsa).title).toBe(
      "Técnico em Administração: técnico EAD com bolsa de até 40%",
    );
    expect(courseShareImage(79, NOW)!.svg).toContain("Bolsa de até 40%");

    const direito = await coursePage("/direito");
    expect(direito.bolsa).toBe("");
    const direitoSeo = courseSeo(direito.page, undefined, "/direito", direito.bolsa);
    expect(direitoSeo.title).toBe("Direito: graduação Presencial");
    expect(direitoSeo.description).not.toMatch(/bolsa/i);
    expect(courseShareImage(41, NOW)!.svg).not.toContain("Bolsa de até");

    const ead = await coursePage("/marketing-digital");
    expect(ead.bolsa).toBe("60%");
  });

  it("a card the studio widens to presencial graduação, or ends, moves the course page's figure with it", async () => {
    store((campaign) => {
      const card = campaign.offers.find((offer) => offer.title === "Demais semipresenciais")!;
      card.formats = ["Semipresencial", "Presencial"];
      return campaign;
    });
    expect((await coursePage("/direito")).bolsa).toBe("45%");

    store((campaign) => {
      campaign.offers = campaign.offers.map((offer) =>
        offer.title === "Pós-graduação" ? { ...offer, validUntil: "2026-01-01" } : offer,
      );
      return campaign;
    });
    expect(courseBolsa([{ level: "Pós-graduação", modality: "EAD" }], NOW)).toBe("");
  });
});
