import { activePartnerName } from "~/features/club/club.server";
import { SPECIAL_COURSE_PAGES } from "~/features/courses/courses.seed";
import { activeCourses } from "~/features/courses/courses.server";
import { levelPaths } from "~/features/home/home-data";
import { activePoloPaths } from "~/features/polos/polos.server";
import { sitemapUrls, sitemapXml } from "~/features/resources/sitemap";
import { config } from "~/platform/config.server";

/** Every active course's page: each catalogue path plus the dedicated /cursos/... pages of active courses. */
function coursePaths(): string[] {
  const courses = activeCourses();
  const special = Object.entries(SPECIAL_COURSE_PAGES)
    .filter(([, id]) => courses.some((c) => c.id === id))
    .map(([slug]) => `/cursos/${slug}`);
  return [...new Set([...courses.map((c) => c.url), ...special])];
}

/** /sitemap.xml: every public page, the catalogue by level (when it has two or more), every course page and every active polo's page (decision 085), with absolute URLs. */
export function loader() {
  // The partnership switched off in the studio has no page (decision 143).
  const hidden = activePartnerName() ? [] : ["/america-mg"];
  const xml = sitemapXml(
    sitemapUrls(config.siteUrl, [...levelPaths(activeCourses()), ...coursePaths(), ...activePoloPaths()], hidden),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
