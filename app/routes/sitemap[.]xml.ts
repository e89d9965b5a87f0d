import { courses, SPECIAL_COURSE_PAGES } from "~/content/courses";
import { sitemapUrls, sitemapXml } from "~/lib/sitemap";
import { config } from "~/server/config.server";

/** Every course page: each catalogue path plus the dedicated /cursos/... pages. */
function coursePaths(): string[] {
  return [...courses.map((c) => c.url), ...Object.keys(SPECIAL_COURSE_PAGES).map((slug) => `/cursos/${slug}`)];
}

/** /sitemap.xml: every public page and every course page, with absolute URLs. */
export function loader() {
  const xml = sitemapXml(sitemapUrls(config.siteUrl, coursePaths()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
