import { sitemapUrls, sitemapXml } from "~/lib/sitemap";
import { SPECIAL_COURSE_PAGES } from "~/seed/courses";
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

/** /sitemap.xml: every public page, every course page and every active polo's page (decision 085), with absolute URLs. */
export function loader() {
  const xml = sitemapXml(sitemapUrls(config.siteUrl, [...coursePaths(), ...activePoloPaths()]));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
