// What each marketing page sends on a first view (decisions 092, 099): whether it loads the framework,
// the JavaScript it starts (islands listed with their sizes), and its document as it crosses the wire
// (response headers plus the compressed body) against the 14,600 bytes of a first round trip. Read over
// plain HTTP/1.1 with the Accept-Encoding a browser sends, so the figures are the bytes on the wire.
// Used by scripts/bench.ts; `npx tsx scripts/bench/page-scripts.ts <url>` measures a running server.
import http from "node:http";

/** The marketing pages that must load no framework (the list; course and polo pages come from the sitemap). */
export const MARKETING_PAGES = [
  "/",
  "/campanha-relampago",
  "/bolsas",
  "/america-mg",
  "/trabalhe-conosco",
  "/privacidade",
  "/termos",
  "/curso-id",
  "/curso-ideal",
  "/cursos/administracao",
  "/pagina-que-nao-existe",
];

/** Landing pages whose document must arrive in the first round trip; every course page is added from the sitemap. */
export const LANDING_PAGES = ["/", "/campanha-relampago"];

export const PAGE_SCRIPTS_BUDGET = {
  /** All of a page's islands together, compressed. */
  islands: 6 * 1024,
  /** Response headers plus compressed body: one initial congestion window of 10 segments (RFC 6928). */
  document: 14_600,
};

export type PageScripts = {
  page: string;
  status: number;
  framework: boolean;
  /** The page's scripts (islands, or React Router's modules): path and compressed size. */
  scripts: { path: string; bytes: number }[];
  islandBytes: number;
  jsBytes: number;
  /** Response headers plus compressed body, as sent. */
  documentBytes: number;
  coursePage: boolean;
};

type Raw = { status: number; headerBytes: number; body: Buffer; encoding: string | undefined };

/** One GET as a browser sends it (brotli accepted), with the size of the response's header block. */
function get(url: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/html,*/*", "accept-encoding": "br, gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        resolve({
          status: response.statusCode ?? 0,
          headerBytes: Buffer.byteLength(lines.join("\r\n") + "\r\n\r\n"),
          body: Buffer.concat(chunks),
          encoding: response.headers["content-encoding"],
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function decoded(raw: Raw): Promise<string> {
  const zlib = await import("node:zlib");
  if (raw.encoding === "br") return zlib.brotliDecompressSync(raw.body).toString("utf8");
  if (raw.encoding === "gzip") return zlib.gunzipSync(raw.body).toString("utf8");
  return raw.body.toString("utf8");
}

/** Every script a document starts: its `src`s, module preloads and the ones the deferred starter adds. */
export function scriptPaths(html: string): string[] {
  const paths = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) paths.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) paths.add(m[1]);
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) paths.add(m[1]);
  return [...paths].filter((p) => p.startsWith("/"));
}

/** Measures one page: its document on the wire and each script it starts. */
export async function measurePageScripts(baseUrl: string, page: string): Promise<PageScripts> {
  const raw = await get(baseUrl + page);
  const html = await decoded(raw);
  const framework = html.includes("__reactRouterContext") || /<script[^>]*type="text\/x-held-module"/.test(html);
  const scripts = [];
  for (const path of scriptPaths(html)) scripts.push({ path, bytes: (await get(baseUrl + path)).body.length });
  const islandBytes = scripts.filter((s) => s.path.startsWith("/assets/islands/")).reduce((sum, s) => sum + s.bytes, 0);
  return {
    page,
    status: raw.status,
    framework,
    scripts,
    islandBytes,
    jsBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    documentBytes: raw.headerBytes + raw.body.length,
    coursePage: html.includes('data-testid="course-facts"'),
  };
}

/** A polo's page (decision 085): a landing page like a course page. */
const isPoloPage = (page: string) => page.startsWith("/polos/");

/** Home, campaign, every course page and every polo page: their document must fit the first round trip. */
const isLanding = (r: PageScripts) => LANDING_PAGES.includes(r.page) || r.coursePage || isPoloPage(r.page);

/** The site's own pages from its sitemap (paths), so every course page is measured. */
async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const xml = await decoded(await get(`${baseUrl}/sitemap.xml`));
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * The marketing pages and every course page of the sitemap, with the budgets' misses pushed to
 * `failures`: a marketing page that loads the framework, islands over 6 KB, a landing document
 * (home, campaign, course pages) over 14,600 bytes.
 */
export async function measureMarketingPages(baseUrl: string, failures: string[]): Promise<PageScripts[]> {
  const pages = new Set(MARKETING_PAGES);
  const candidates = (await sitemapPaths(baseUrl)).filter((p) => !pages.has(p));
  const results: PageScripts[] = [];
  for (const page of MARKETING_PAGES) results.push(await measurePageScripts(baseUrl, page));
  // From the sitemap, the course pages (the catalogue decides which they are) and the polo pages.
  for (const page of candidates) {
    const measured = await measurePageScripts(baseUrl, page);
    if (measured.coursePage || isPoloPage(page)) results.push(measured);
  }
  for (const r of results) {
    if (r.framework)
      failures.push(`${r.page}: a marketing page loads the framework (${(r.jsBytes / 1024).toFixed(1)} KB of JavaScript)`);
    if (r.islandBytes > PAGE_SCRIPTS_BUDGET.islands)
      failures.push(`${r.page}: islands ${r.islandBytes} bytes > ${PAGE_SCRIPTS_BUDGET.islands}`);
    if (isLanding(r) && r.documentBytes > PAGE_SCRIPTS_BUDGET.document)
      failures.push(`${r.page}: document ${r.documentBytes} bytes with headers > ${PAGE_SCRIPTS_BUDGET.document}`);
  }
  return results;
}

/** The table for docs/performance.md: one row per page, islands named with their sizes. */
export function printPageScripts(results: PageScripts[]) {
  console.log("\n| page | framework | JS (compressed) | islands | document + headers |");
  console.log("|---|---|---|---|---|");
  for (const r of results) {
    const islands = r.scripts
      .filter((s) => s.path.startsWith("/assets/islands/"))
      .map((s) => `${s.path.replace(/^\/assets\/islands\/|-[\w-]{8}\.js$/g, "")} ${s.bytes} B`)
      .join(", ");
    const landing = isLanding(r) ? ` / ${PAGE_SCRIPTS_BUDGET.document}` : "";
    console.log(
      `| ${r.page} | ${r.framework ? "**yes**" : "no"} | ${(r.jsBytes / 1024).toFixed(1)} KB | ${islands || "—"} | ${r.documentBytes} B${landing} |`,
    );
  }
}

if (process.argv[1]?.endsWith("page-scripts.ts") && process.argv[2]) {
  const failures: string[] = [];
  const results = await measureMarketingPages(process.argv[2].replace(/\/$/, ""), failures);
  printPageScripts(results);
  for (const f of failures) console.error(`  - ${f}`);
  process.exitCode = failures.length ? 1 : 0;
}
