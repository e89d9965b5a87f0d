// Live filtering without React (decision 098): the home page's course search and polo finder are GET
// forms that work as they are; this island submits the form while the visitor types (debounced), fetches
// the same page's HTML for the new query and swaps in the parts marked `data-live` (by id), so the search
// rules and every pt-BR text stay the server's. The address follows with replaceState (no fragment, no
// jump), the box keeps its focus, and a real submit (Enter, the button) still navigates.
const DELAY_MS = 250;

let pending: AbortController | undefined;

/** Fetches the page for this form's current values and swaps in every `data-live` region. */
async function refresh(form: HTMLFormElement): Promise<void> {
  pending?.abort();
  const controller = (pending = new AbortController());
  const url = new URL(form.action);
  url.hash = "";
  url.search = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const region of document.querySelectorAll<HTMLElement>("[data-live]")) {
      const fresh = next.getElementById(region.id);
      if (fresh) region.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)));
    }
    history.replaceState(history.state, "", url.pathname + url.search);
  } catch {
    // Aborted by a newer search, or offline: the form still submits the usual way.
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-island="live-search"]')) {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  let timer: number | undefined;
  input?.addEventListener("input", () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(form), DELAY_MS);
  });
  // A real submit wins over a pending live one.
  form.addEventListener("submit", () => window.clearTimeout(timer));
  // Typed before this script arrived (a slow phone): searched now, as if typed now.
  if (input && input.value !== input.defaultValue) void refresh(form);
  form.dataset.islandReady = "";
}
