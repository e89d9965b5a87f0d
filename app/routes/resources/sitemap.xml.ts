import { levelPaths } from "~/lib/home-data";
import { sitemapUrls, sitemapXml } from "~/lib/sitemap";
import { SPECIAL_COURSE_PAGES } from "~/seed/courses";
import { activePartnerName } from "~/server/content/club.server";
import { activeCourses } from "~/server/content/courses.server";
import { activePoloPaths } from "~/server/content/polos.server";
import { config } from "~/server/platform/config.server";

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
