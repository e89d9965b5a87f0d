import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";

import { type PoloDocument, poloLabel } from "~/features/courses/content";
import { activeCourses, coursesContent, poloEntries } from "~/features/courses/courses.server";
import { formatWhatsappNumber } from "~/features/studio/fields";
import { type ContentEntry, listEntries } from "~/features/studio/store.server";
import { type ContentWarning, STUDIO_PATH } from "~/features/studio/studio";
import { whatsappContactHref } from "~/features/whatsapp/contact";
import { db, schema } from "~/platform/db/client.server";

import { mapSearchUrl, poloPath } from "./content";

/**
 * The polos' own pages (/polos/<slug>, decision 085): what a page shows, the sitemap's list, where a
 * former slug now points, and the overview's lines about polos the institution must still complete.
 */

/** The active polo whose page is at this slug, if any. */
export function findActivePolo(slug: string): ContentEntry<PoloDocument> | undefined {
  return poloEntries().find((entry) => entry.data.active && entry.data.slug === slug);
}

/** The addresses of every active polo's page, for the sitemap. */
export function activePoloPaths(): string[] {
  return poloEntries()
    .filter((entry) => entry.data.active)
    .map((entry) => poloPath(entry.data.slug));
}

/** A course offered at a polo, as its page lists it. */
export type PoloCourse = { id: number; name: string; url: string; level: string; modality: string };

/** The active courses whose polo × course table names this polo, in the catalogue's order. */
export function coursesAtPolo(poloId: string): PoloCourse[] {
  const offered = new Set(
    listEntries(coursesContent)
      .filter((entry) => entry.data.poloIds.includes(poloId))
      .map((entry) => Number(entry.id)),
  );
  return activeCourses()
    .filter((course) => offered.has(course.id))
    .map(({ id, name, url, level, modality }) => ({ id, name, url, level: level ?? "Graduação", modality }));
}

/** What a polo's page shows: every value from the studio, none invented (an empty field is left out). */
export type PoloPage = {
  slug: string;
  label: string;
  location: string;
  state: string;
  address: string;
  hours: string;
  phone: string;
  /** The polo's WhatsApp as people write it, and the counting route's link to it (decision 042); null for none. */
  whatsapp: { number: string; href: string } | null;
  mapUrl: string;
  courses: PoloCourse[];
};

/**
 * The page of the active polo at `slug`. A polo's former slug answers 301 to its page (the slug was
 * changed in the studio); an unknown or deactivated one answers 404.
 */
export function poloPage(slug: string): PoloPage {
  const entry = findActivePolo(slug);
  if (!entry) {
    const moved = poloRedirect(poloPath(slug));
    if (moved) throw redirect(moved, 301);
    throw data(null, { status: 404 });
  }
  const polo = entry.data;
  const label = poloLabel(polo);
  const path = poloPath(polo.slug);
  return {
    slug: polo.slug,
    label,
    location: polo.location,
    state: polo.state,
    address: polo.address,
    hours: polo.hours,
    phone: polo.phone,
    whatsapp: polo.whatsapp ? { number: formatWhatsappNumber(polo.whatsapp), href: whatsappContactHref({ page: path }) } : null,
    mapUrl: mapSearchUrl(polo.address ? `${polo.address}, ${label}` : label),
    courses: coursesAtPolo(entry.id),
  };
}

/** Where a polo page's former address now points (its slug was changed), if anywhere. */
export function poloRedirect(path: string): string | undefined {
  return db
    .select({ toPath: schema.contentRedirects.toPath })
    .from(schema.contentRedirects)
    .where(eq(schema.contentRedirects.fromPath, path))
    .get()?.toPath;
}

/** The polo a WhatsApp click from its page names, with its number (null when the page is no polo's or it has none). */
export function poloWhatsappAt(page: string): { label: string; number: string } | null {
  const slug = /^\/polos\/([a-z0-9-]+)$/.exec(page)?.[1];
  const polo = slug ? findActivePolo(slug)?.data : undefined;
  return polo?.whatsapp ? { label: poloLabel(polo), number: polo.whatsapp } : null;
}

/**
 * The overview's line about active polos with no address (decision 085): their pages cannot say
 * where they are. (The seed's invented phones are claim-warnings.server.ts's, decision 081.)
 */
export function poloWarnings(): ContentWarning[] {
  const noAddress = poloEntries().filter((entry) => entry.data.active && !entry.data.address);
  if (noAddress.length === 0) return [];
  return [
    {
      section: "Polos",
      to: `${STUDIO_PATH}/polos`,
      text: `${noAddress.length} polos ativos estão sem endereço: a página do polo não diz onde ele fica.`,
    },
  ];
}
