import type { SeoSite } from "./seo";

/**
 * schema.org JSON-LD for search engines, passed to `pageMeta` as `jsonLd`. A module of its own:
 * the home page builds its JSON-LD in its loader, so its JavaScript does not carry these builders.
 */

function absolute(siteUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : siteUrl + (path.startsWith("/") ? path : `/${path}`);
}

/** The institution (schema.org CollegeOrUniversity), for the home page (where search engines look for it). */
export function institutionJsonLd(site: SeoSite & { claims?: { poloStates: readonly string[] } }): object {
  // The states with an active polo, as the footer lists them (decision 081): none, no areaServed.
  const states = site.claims?.poloStates ?? [];
  const sameAs = Object.values(site.socialLinks ?? {}).filter((url) => /^https?:\/\//.test(url));
  const [street, locality] = site.addressLines ?? [];
  return {
    "@context": "https://schema.org",
    "@type": "CollegeOrUniversity",
    "@id": `${site.siteUrl}/#instituicao`,
    name: site.brandName,
    url: `${site.siteUrl}/`,
    logo: `${site.siteUrl}/favicon.svg`,
    ...(site.phone ? { telephone: site.phone } : {}),
    ...(site.contactEmail ? { email: site.contactEmail } : {}),
    ...(street
      ? { address: { "@type": "PostalAddress", streetAddress: street, addressLocality: locality ?? "", addressCountry: "BR" } }
      : {}),
    ...(states.length ? { areaServed: states.map((name) => ({ "@type": "State", name })) } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** A FAQ (schema.org FAQPage) from question/answer pairs: the home FAQ, the club FAQ, /bolsas. */
export function faqJsonLd(items: ReadonlyArray<{ question: string; answer: string }>): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

const COURSE_MODES: Record<string, string[]> = {
  EAD: ["Online"],
  Semipresencial: ["Blended"],
  Presencial: ["Onsite"],
};

/** ISO 8601 duration of '4 anos' / '2.5 anos' (P4Y, P30M); undefined when unreadable. */
export function isoDuration(duration: string): string | undefined {
  const years = Number(duration.replace(",", ".").match(/\d+(\.\d+)?/)?.[0]);
  if (!Number.isFinite(years) || years <= 0) return undefined;
  return Number.isInteger(years) ? `P${years}Y` : `P${Math.round(years * 12)}M`;
}

/** A course page (schema.org Course) with the institution as provider. */
export function courseJsonLd(
  course: { name: string; description: string; url: string; modality: string; duration: string; area?: string },
  site: SeoSite,
): object {
  const modes = COURSE_MODES[course.modality] ?? ["Online"];
  const workload = isoDuration(course.duration);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description: course.description,
    url: absolute(site.siteUrl, course.url),
    inLanguage: "pt-BR",
    ...(course.area ? { about: course.area } : {}),
    provider: { "@type": "CollegeOrUniversity", name: site.brandName, url: `${site.siteUrl}/` },
    hasCourseInstance: modes.map((courseMode) => ({ "@type": "CourseInstance", courseMode, inLanguage: "pt-BR" })),
    ...(workload ? { timeRequired: workload } : {}),
  };
}

/** A polo's page (decision 085): a place of the institution people visit, with its address and phone. */
export function poloJsonLd(
  polo: { label: string; location: string; state: string; address: string; phone: string; path: string; mapUrl: string },
  site: SeoSite,
): object {
  const city = polo.location.split(" - ")[0] ?? polo.location;
  return {
    "@context": "https://schema.org",
    "@type": ["EducationalOrganization", "LocalBusiness"],
    "@id": `${absolute(site.siteUrl, polo.path)}#polo`,
    name: `${site.brandName} - Polo ${polo.label}`,
    url: absolute(site.siteUrl, polo.path),
    telephone: polo.phone,
    address: {
      "@type": "PostalAddress",
      ...(polo.address ? { streetAddress: polo.address } : {}),
      addressLocality: city,
      addressRegion: polo.state,
      addressCountry: "BR",
    },
    hasMap: polo.mapUrl,
    parentOrganization: {
      "@type": "CollegeOrUniversity",
      "@id": `${site.siteUrl}/#instituicao`,
      name: site.brandName,
      url: `${site.siteUrl}/`,
    },
  };
}
