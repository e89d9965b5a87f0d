// Live filtering for the home's searches (live-search-form.tsx mounts it once hydrated, the islands'
// bundle on a page without React) and the home's deferred lists (decision 150). The course search and
// the polo finder are GET forms that work as they are; this island searches while the visitor types
// (debounced, 250 ms), at once for text typed before it arrived, and a real submit (Enter, the
// button) cancels a pending search and navigates. A search is a cancelable `live-search` event on the
// form (detail: { url, part }); on a hydrated page React cancels it and navigates itself. Otherwise
// the island fetches only the parts of the page for the new query (`?fragmento=busca`) and swaps in
// the regions marked `data-live` (by id), so the search rules and every pt-BR text stay the server's;
// the address follows with replaceState (no fragment, no jump) and the box keeps its focus.
// The landing document leaves the lists below the first screen out (placeholders marked
// `data-deferred`, each a link to the whole page): once the page has loaded, the island fetches them
// (`?fragmento=inicio`) through the same event and puts them in their places, then repeats a jump to
// a section (/#faq).
import { HOME_FRAGMENT_PARAM, HOME_PARTS } from "~/features/home/home-parts";
import { fragmentId } from "~/shared/fragment";

const DELAY_MS = 250;
export const LIVE_SEARCH_EVENT = "live-search";
export type LiveSearchDetail = { url: URL; part: string };

/** Asks the page to search `url` for `part`: false when a listener (React) did it instead. */
const mine = (form: HTMLFormElement, url: URL, part: string) =>
  form.dispatchEvent(new CustomEvent<LiveSearchDetail>(LIVE_SEARCH_EVENT, { cancelable: true, detail: { url, part } }));

let pending: AbortController | undefined;
/** A search has filled the live regions: the deferred parts leave them alone. */
let searched = false;

/**
 * Fetches the parts of `url` and puts them in: a `data-live` region gets the new content, a
 * `data-deferred` placeholder is replaced whole.
 */
async function swapParts(url: URL, part: string, signal?: AbortSignal): Promise<boolean> {
  const partsUrl = new URL(url);
  partsUrl.hash = "";
  partsUrl.searchParams.set(HOME_FRAGMENT_PARAM, part);
  const response = await fetch(partsUrl, { signal, headers: { Accept: "text/html" } });
  if (!response.ok) return false;
  const parts = document.createElement("template");
  parts.innerHTML = await response.text();
  for (const region of document.querySelectorAll<HTMLElement>("[data-live], [data-deferred]")) {
    const fresh = region.id ? parts.content.getElementById(region.id) : null;
    if (!fresh) continue;
    const placeholder = "deferred" in region.dataset;
    if (!placeholder && searched && part === HOME_PARTS.deferred) continue;
    const node = document.importNode(fresh, true);
    if (placeholder) region.replaceWith(node);
    else region.replaceChildren(...node.childNodes);
  }
  return true;
}

/** Fetches the parts for this form's current values and swaps in every `data-live` region. */
async function refresh(form: HTMLFormElement): Promise<void> {
  pending?.abort();
  const controller = (pending = new AbortController());
  const url = new URL(form.action);
  url.hash = "";
  url.search = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
  if (!mine(form, url, HOME_PARTS.search)) return;
  try {
    if (await swapParts(url, HOME_PARTS.search, controller.signal)) {
      searched = true;
      history.replaceState(history.state, "", url.pathname + url.search);
    }
  } catch {
    // Aborted by a newer search, or offline: the form still submits the usual way.
  }
}

const loaded = () =>
  new Promise<void>((resolve) =>
    document.readyState === "complete" ? resolve() : addEventListener("load", () => resolve(), { once: true }),
  );

/**
 * The full stylesheet, which the page's starter adds after the first paint (the critical CSS has no
 * rule for the deferred parts): added here if it is not there yet, and waited for, so the parts come
 * in styled and a jump lands where they leave the section.
 */
function stylesheet(): Promise<unknown> {
  const critical = document.getElementById("critical-css");
  let link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link && critical?.dataset.href) {
    link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: critical.dataset.href });
    critical.after(link);
  }
  if (!link || link.sheet) return Promise.resolve();
  const sheet = link;
  return new Promise((resolve) => ["load", "error"].forEach((type) => sheet.addEventListener(type, resolve)));
}

/** The landing document's deferred lists, once the page has loaded; then the jump to a section again. */
async function fillPlaceholders(form: HTMLFormElement): Promise<void> {
  if (!document.querySelector("[data-deferred]")) return;
  await loaded();
  if (!mine(form, new URL(location.href), HOME_PARTS.deferred)) return;
  await stylesheet();
  try {
    if (!(await swapParts(new URL(location.href), HOME_PARTS.deferred))) return;
    if (location.hash) document.getElementById(fragmentId(location.hash))?.scrollIntoView();
  } catch {
    // Offline: the placeholders' links lead to the whole page.
  }
}

/** The page's deferred parts, filled once whichever form mounts first. */
let filling: Promise<void> | undefined;

export function mount(root: HTMLElement): () => void {
  const form = root as HTMLFormElement;
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const events = new AbortController();
  let timer: number | undefined;
  input?.addEventListener(
    "input",
    () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refresh(form), DELAY_MS);
    },
    { signal: events.signal },
  );
  // A real submit wins over a pending live one.
  form.addEventListener("submit", () => window.clearTimeout(timer), { signal: events.signal });

  void (filling ??= fillPlaceholders(form)).then(() => {
    if (events.signal.aborted) return;
    // Typed before this script arrived (a slow phone): searched now, as if typed now.
    if (input && input.value !== input.defaultValue) void refresh(form);
    form.dataset.islandReady = "";
  });
  return () => {
    events.abort();
    window.clearTimeout(timer);
  };
}
