// Toasts without React (decision 092). A toast flashed by the server is in the HTML and closes there
// with its own button (a <details>); this island adds what the React toaster does once JavaScript runs:
// it closes by itself after 5 s (keeping its room, so the page does not jump under a finger), follows
// a swipe to the right and closes past 50 px, and F8 moves focus to the region.
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "~/shared/toast";

for (const region of document.querySelectorAll<HTMLElement>('[data-island="toasts"]')) {
  const list = region.querySelector<HTMLOListElement>('[data-testid="toaster"]');

  window.addEventListener("keydown", (event) => {
    if (event.key !== TOAST_HOTKEY) return;
    event.preventDefault();
    region.focus();
  });

  for (const card of region.querySelectorAll<HTMLLIElement>('[data-testid="toast"]')) {
    const expire = () => {
      if (list) list.style.minHeight = `${Math.max(list.offsetHeight, parseFloat(list.style.minHeight) || 0)}px`;
      card.remove();
    };
    const timer = window.setTimeout(expire, TOAST_DURATION_MS);
    // Closed by hand (the <details> summary): its room goes at once.
    card.querySelector("details")?.addEventListener("toggle", () => {
      window.clearTimeout(timer);
      card.remove();
    });

    let startX: number | null = null;
    const follow = (offset: number) => {
      card.style.transform = offset ? `translateX(${offset}px)` : "";
    };
    card.style.touchAction = "pan-y";
    card.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || (event.target as Element).closest("summary")) return;
      startX = event.clientX;
      card.setPointerCapture?.(event.pointerId);
    });
    card.addEventListener("pointermove", (event) => {
      if (startX !== null) follow(Math.max(0, event.clientX - startX));
    });
    card.addEventListener("pointerup", (event) => {
      const moved = startX === null ? 0 : event.clientX - startX;
      startX = null;
      follow(0);
      if (moved >= TOAST_SWIPE_THRESHOLD_PX) {
        window.clearTimeout(timer);
        card.remove();
      }
    });
    card.addEventListener("pointercancel", () => {
      startX = null;
      follow(0);
    });
  }
  region.dataset.islandReady = "";
}
