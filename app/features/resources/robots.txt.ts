import { robotsTxt } from "~/features/resources/sitemap";
import { config } from "~/platform/config.server";

/** /robots.txt: admin, WhatsApp and the test's internal steps disallowed; the sitemap linked. */
export function loader() {
  return new Response(robotsTxt(config.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
