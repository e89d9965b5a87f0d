/**
 * /sitemap.xml and /robots.txt as pure functions of the site URL and the course paths, so a unit
 * test can check them without a server.
 */

/** Every public page a search engine should know, besides the course pages. */
export const PUBLIC_PATHS = [
  "/",
  "/campanha-relampago",
  "/america-mg",
  "/bolsas",
  "/trabalhe-conosco",
  "/curso-id",
  "/curso-ideal",
  "/assistente",
  "/teste-vocacional",
  "/inscricao",
  "/privacidade",
  "/termos",
  "/condicoes-de-oferta",
] as const;

/** Admin, WhatsApp and the vocational test's internal steps: nothing for a search engine there. */
export const DISALLOWED_PATHS = [
  "/contato",
  "/login-admin",
  "/whatsapp",
  "/teste-vocacional/perguntas",
  "/teste-vocacional/analise",
  "/teste-vocacional/resultado",
  "/teste-vocacional/simulacao-formatura",
  "/teste-vocacional/submissoes",
  "/healthz",
  // The WhatsApp buttons' counting route: a crawler following it would only be sent on to wa.me.
  "/fale-conosco/whatsapp",
  "/*?*embed=1",
] as const;

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** The absolute, unique URLs of the sitemap: the public pages first (less `hiddenPaths`, pages switched off), then each course path once. */
export function sitemapUrls(siteUrl: string, coursePaths: readonly string[], hiddenPaths: readonly string[] = []): string[] {
  const base = siteUrl.replace(/\/+$/, "");
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const path of [...PUBLIC_PATHS.filter((publicPath) => !hiddenPaths.includes(publicPath)), ...coursePaths]) {
    const normalized = path.startsWith("/") ? path : `/${path}`;
    const url = base + normalized;
    if (seen.has(url)) continue;
    seen.add(url);
    urls.push(url);
  }
  return urls;
}

export function sitemapXml(urls: readonly string[], lastmod?: string): string {
  const entries = urls
    .map((url) => `  <url>\n    <loc>${escapeXml(url)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}\n  </url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
