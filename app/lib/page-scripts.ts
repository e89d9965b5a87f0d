/**
 * Which pages load React and React Router in the browser (decision 092). A marketing page says
 * `handle = { framework: false }`: it is served as plain HTML plus the islands its markup names
 * (`data-island="…"`, app/islands/), and every link and form on it works without the runtime.
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
