/**
 * Which pages load React and React Router in the browser (decision 092). A marketing page says
 * `handle = { framework: false }`: it is served as plain HTML plus the islands its markup names
 * (`data-island="…"`, scripts/islands-plugin.mjs), and every link and form on it works without the runtime.
 * Everything else (the vocational test, /inscricao, the staff and WhatsApp areas) hydrates.
 */
export type PageScriptsHandle = { framework?: false };

type Match = { handle?: unknown };

/** False when any matched route (the page, or a layout above it) declares `framework: false`. */
export function loadsFramework(matches: readonly Match[]): boolean {
  return !matches.some((match) => (match.handle as PageScriptsHandle | undefined)?.framework === false);
}

/** The islands a server-rendered document names, in the order they first appear. */
export function islandsIn(html: string): string[] {
  const names = new Set<string>();
  for (const found of html.matchAll(/\sdata-island="([a-z-]+)"/g)) names.add(found[1]);
  return [...names];
}

/**
 * Speculation Rules for the pages without React (decision 099): with no client router, a
 * same-origin link to a page is fetched ahead when the visitor is about to follow it (hover or
 * touch start, "moderate"), so the next page opens from the memory cache. Never a staff page, a
 * resource (files, the helper's API) or a link that counts or leaves (the WhatsApp counter is
 * `rel=nofollow`, new tabs and downloads are not navigations of this page).
 */
export const SPECULATION_RULES = {
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/login-admin",
                "/contato{/*}?",
                "/admin{/*}?",
                "/whatsapp{/*}?",
                "/api/*",
                "/fale-conosco/*",
                "/imagens/*",
                "/compartilhar/*",
                "/*.:ext(xml|txt|csv|png|svg|json)",
              ],
            },
          },
          { not: { selector_matches: "[rel~=nofollow], [target=_blank], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
} as const;
