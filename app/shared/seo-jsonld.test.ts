import { describe, expect, it } from "vitest";

import { courseJsonLd, faqJsonLd, institutionJsonLd, isoDuration } from "~/shared/json-ld";
import { pageMeta } from "~/shared/seo";

const site = {
  siteUrl: "https://exemplo.edu.br",
  brandName: "Universidade Exemplo",
  phone: "0800 000 0000",
  contactEmail: "contato@example.com",
  addressLines: ["Rua Exemplo, 100 - Centro", "Belo Horizonte - MG"],
  socialLinks: { instagram: "https://instagram.com/exemplo", facebook: "#" },
};

describe("JSON-LD helpers", () => {
  it("describes the institution as a CollegeOrUniversity", () => {
    const ld = institutionJsonLd(site) as Record<string, any>;
    expect(ld["@type"]).toBe("CollegeOrUniversity");
    expect(ld.name).toBe("Universidade Exemplo");
    expect(ld.url).toBe("https://exemplo.edu.br/");
    expect(ld.telephone).toBe("0800 000 0000");
    expect(ld.sameAs).toEqual(["https://instagram.com/exemplo"]); // '#' placeholders are left out
    // No polos given: no areaServed (the seed's states are never written in).
    expect(ld.areaServed).toBeUndefined();
  });
  it("serves the states of the active polos, as the footer lists them", () => {
    const ld = institutionJsonLd({ ...site, claims: { poloStates: ["Paraná", "Santa Catarina"] } }) as Record<string, any>;
    expect(ld.areaServed).toEqual([
      { "@type": "State", name: "Paraná" },
      { "@type": "State", name: "Santa Catarina" },
    ]);
  });
  it("turns FAQ items into a FAQPage", () => {
    const ld = faqJsonLd([{ question: "Pergunta?", answer: "Resposta." }]) as Record<string, any>;
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Pergunta?", acceptedAnswer: { "@type": "Answer", text: "Resposta." } }],
    });
  });
  it("describes a course with an absolute url, its mode and duration", () => {
    const ld = courseJsonLd(
      {
        name: "Enfermagem",
        description: "Cuide de pessoas.",
        url: "/enfermagem",
        modality: "Semipresencial",
        duration: "5 anos",
        area: "Saúde",
      },
      site,
    ) as Record<string, any>;
    expect(ld["@type"]).toBe("Course");
    expect(ld.url).toBe("https://exemplo.edu.br/enfermagem");
    expect(ld.provider).toMatchObject({ "@type": "CollegeOrUniversity", name: "Universidade Exemplo" });
    expect(ld.hasCourseInstance).toEqual([{ "@type": "CourseInstance", courseMode: "Blended", inLanguage: "pt-BR" }]);
    expect(ld.timeRequired).toBe("P5Y");
  });
  it("converts durations to ISO 8601", () => {
    expect(isoDuration("4 anos")).toBe("P4Y");
    expect(isoDuration("2.5 anos")).toBe("P30M");
    expect(isoDuration("indefinido")).toBeUndefined();
  });
  it("pageMeta embeds JSON-LD and a canonical URL", () => {
    const tags = pageMeta(
      { location: { pathname: "/bolsas" }, matches: [{ id: "root", data: { site } }] },
      { title: "Bolsas", description: "Descrição", jsonLd: [faqJsonLd([])] },
    );
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://exemplo.edu.br/bolsas" });
    expect(tags.some((t) => "script:ld+json" in t)).toBe(true);
  });
});
