// Live filtering without React (decision 098) and the home's deferred lists (decision 104). The home
// page's course search and polo finder are GET forms that work as they are; this island submits the form
// while the visitor types (debounced), fetches only the parts of the page for the new query
// (`?fragmento=busca`) and swaps in the regions marked `data-live` (by id), so the search rules and every
// pt-BR text stay the server's. The address follows with replaceState (no fragment, no jump), the box
// keeps its focus, and a real submit (Enter, the button) still navigates.
// The landing document leaves the lists below the first screen out (placeholders marked
// `data-deferred`, each a link to the whole page): once the page has loaded, the island fetches them
// (`?fragmento=inicio`) and puts them in their places, then repeats a jump to a section (/#faq).
import { HOME_FRAGMENT_PARAM, HOME_PARTS } from "~/features/home/home-parts";
import { fragmentId } from "~/shared/fragment";

const DELAY_MS = 250;

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
async function fillPlaceholders(): Promise<void> {
  if (!document.querySelector("[data-deferred]")) return;
  await loaded();
  await stylesheet();
  try {
    if (!(await swapParts(new URL(location.href), HOME_PARTS.deferred))) return;
    if (location.hash) document.getElementById(fragmentId(location.hash))?.scrollIntoView();
  } catch {
    // Offline: the placeholders' links lead to the whole page.
  }
}

const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-island="live-search"]')];
for (const form of forms) {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  let timer: number | undefined;
  input?.addEventListener("input", () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(form), DELAY_MS);
  });
  // A real submit wins over a pending live one.
  form.addEventListener("submit", () => window.clearTimeout(timer));
}

void fillPlaceholders().then(() => {
  for (const form of forms) {
    // Typed before this script arrived (a slow phone): searched now, as if typed now.
    const input = form.querySelector<HTMLInputElement>('input[type="search"]');
    if (input && input.value !== input.defaultValue) void refresh(form);
    form.dataset.islandReady = "";
  }
});
