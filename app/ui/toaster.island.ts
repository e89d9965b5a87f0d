// The toasts' behaviour on every page (toaster.tsx mounts it once hydrated, the islands' bundle on a
// page without React). A toast flashed by the server is in the HTML and closes there with its own
// button (a <details>); this island adds what JavaScript does: a toast closes by itself after 5 s
// (keeping its room, so the page does not jump under a finger), by its close button, or when swiped
// to the right past 50 px (it follows the finger), and F8 moves focus to the region. Cards added
// later (a hydrated page's client toasts) are bound as they appear. A card closes through a
// cancelable `toast-close` event on it (detail: whether its room is kept): the React toaster cancels
// it and drops the card from its store; otherwise the island removes the card.
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "~/shared/toast";

export const TOAST_CLOSE_EVENT = "toast-close";

export function mount(region: HTMLElement): () => void {
  const list = region.querySelector<HTMLOListElement>('[data-testid="toaster"]');
  const events = new AbortController();
  const { signal } = events;
  const timers = new Set<number>();
  const bound = new WeakSet<Element>();

  window.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      region.focus();
    },
    { signal },
  );

  const bind = (card: HTMLElement) => {
    if (bound.has(card)) return;
    bound.add(card);
    const close = (keepRoom: boolean) => {
      window.clearTimeout(timer);
      timers.delete(timer);
      if (!card.isConnected) return;
      if (keepRoom && list) list.style.minHeight = `${Math.max(list.offsetHeight, parseFloat(list.style.minHeight) || 0)}px`;
      if (card.dispatchEvent(new CustomEvent(TOAST_CLOSE_EVENT, { bubbles: true, cancelable: true, detail: keepRoom }))) {
        card.remove();
      }
    };
    const timer = window.setTimeout(() => close(true), TOAST_DURATION_MS);
    timers.add(timer);
    // Closed by hand (the <details> summary, or the button): its room goes at once.
    const details = card.querySelector("details");
    details?.addEventListener("toggle", () => details.open || close(false), { signal });
    card.querySelector("button")?.addEventListener("click", () => close(false), { signal });

    // The pointer is captured so a swipe that ends outside the card still ends; a cancelled one (the
    // browser took the gesture over) springs back instead of leaving the card glued to the pointer.
    let startX: number | null = null;
    const follow = (offset: number) => {
      card.style.transform = offset ? `translateX(${offset}px)` : "";
    };
    const on = (type: string, listener: (event: PointerEvent) => void) =>
      card.addEventListener(type, listener as EventListener, { signal });
    card.style.touchAction = "pan-y";
    on("pointerdown", (event) => {
      if (event.button !== 0 || (event.target as Element).closest("summary, button")) return;
      startX = event.clientX;
      card.setPointerCapture?.(event.pointerId);
    });
    on("pointermove", (event) => {
      if (startX !== null) follow(Math.max(0, event.clientX - startX));
    });
    on("pointerup", (event) => {
      const moved = startX === null ? 0 : event.clientX - startX;
      startX = null;
      follow(0);
      if (moved >= TOAST_SWIPE_THRESHOLD_PX) close(false);
    });
    on("pointercancel", () => {
      startX = null;
      follow(0);
    });
  };

  const bindAll = () => {
    for (const card of region.querySelectorAll<HTMLElement>('[data-testid="toast"]')) bind(card);
  };
  bindAll();
  const observer = new MutationObserver(bindAll);
  if (list) observer.observe(list, { childList: true });
  region.dataset.islandReady = "";

  return () => {
    events.abort();
    observer.disconnect();
    for (const timer of timers) window.clearTimeout(timer);
  };
}
