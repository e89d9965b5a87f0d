import { data, type HeadersFunction, redirect } from "react-router";

/**
 * How long a shared cache (the micro-cache in server/html-cache.js, a CDN in front of the site) may keep a page
 * that is the same for every visitor without a cookie. Short, because pages show server-rendered
 * countdowns and campaign states (docs/decisions/031-html-cache.md).
 */
export const PUBLIC_PAGE_TTL_SECONDS = 10;

/** Browsers always revalidate (max-age=0); shared caches keep the page PUBLIC_PAGE_TTL_SECONDS. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_TTL_SECONDS}`;

/**
 * Every answer that depends on who asks (a session, a cookie it sets): no browser disk, proxy or CDN
 * may keep it. The server enforces it on every such answer (server/html-cache.js spells the same value; a
 * unit test keeps the two equal); routes use this constant rather than their own spelling.
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The `headers` export of the public layout, inherited by its pages. React Router adds the loaders' Set-Cookie
 * headers to it, and the page cache never stores a response that sets a cookie, so a page that wrote
 * the visitor's session (a toast, the landing attribution) is never shared.
 */
export const publicPageHeaders: HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

/**
 * Pages built from the visitor's own answers (the vocational test after its first page) sit in the
 * public layout but must never be marked for a shared cache: they drop the layout's marking and say
 * nothing, and the server makes them private whenever a session cookie is involved.
 */
export function visitorPageHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  headers.delete("Cache-Control");
  return headers;
}

/** What every admin and WhatsApp operator answer carries: kept by no cache, indexed by no search engine. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex, nofollow" } as const;

/** The `headers` export of the admin and WhatsApp layouts; the pages under them inherit it. */
export function privatePageHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(name, value);
  return headers;
}

/**
 * The private headers plus an answer's own (a Set-Cookie, a Retry-After, a Content-Type). The private
 * ones win: no answer of a staff or operator route can undo them.
 */
export function privateHeaders(own?: HeadersInit): Headers {
  const headers = new Headers(own);
  for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) headers.set(name, value);
  return headers;
}

type AnswerInit = { status?: number; headers?: HeadersInit };

/** `data()` of a staff or operator route: its answer (a page's data, an error, a thrown 4xx) kept private. */
export function privateData<D>(value: D, init: AnswerInit = {}) {
  return data(value, { ...init, headers: privateHeaders(init.headers) });
}

/** `redirect()` of a staff or operator route, kept private (302 unless `status` says otherwise). */
export function privateRedirect(url: string, init: AnswerInit = {}): Response {
  return redirect(url, { ...init, headers: privateHeaders(init.headers) });
}
