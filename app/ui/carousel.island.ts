// The carousel's behaviour on every page (carousel.tsx mounts it once hydrated, the islands' bundle
// on a page without React): the server's scroll-snap list gains its previous/next buttons (looping),
// the arrow keys, the position label and, when `data-autoplay-ms` asks, autoplay that pauses on hover
// or focus, can be paused by its button and never starts with reduced motion. Without this script
// the list scrolls by itself.
import {
  CAROUSEL_PLAY_LABEL,
  CAROUSEL_SETTLE_MS,
  carouselPosition,
  nearestIndex,
  prefersReducedMotion,
  scrollLeftOf,
  visibleCount,
  wrapIndex,
} from "~/ui/carousel-state";
import { setText } from "~/ui/set-text";

export function mount(root: HTMLElement): () => void {
  const list = root.querySelector("ul");
  const controls = root.querySelector<HTMLElement>("[data-carousel-controls]");
  if (!list || !controls) return () => {};
  const events = new AbortController();
  const on = (target: EventTarget | null | undefined, type: string, listener: (event: Event) => void) =>
    target?.addEventListener(type, listener, { signal: events.signal });
  const count = list.children.length;
  const position = controls.querySelector<HTMLElement>("[data-carousel-position]");
  const playButton = controls.querySelector<HTMLButtonElement>('[data-carousel="play"]');
  const autoplayMs = Number(root.dataset.autoplayMs) || 0;
  let index = 0;
  let settlingUntil = 0;
  let playing = autoplayMs > 0 && !prefersReducedMotion();
  let hovered = false;
  let focused = false;
  let timer: number | undefined;

  const paused = () => !playing || hovered || focused;
  const show = (next: number) => {
    index = next;
    if (position) setText(position, carouselPosition(index, count));
  };
  const goTo = (target: number) => {
    const next = wrapIndex(target, count, visibleCount(list));
    const item = list.children[next] as HTMLElement | undefined;
    if (!item) return;
    settlingUntil = performance.now() + CAROUSEL_SETTLE_MS;
    list.scrollTo({ left: scrollLeftOf(list, item), behavior: prefersReducedMotion() ? "auto" : "smooth" });
    show(next);
  };
  const update = () => {
    position?.setAttribute("aria-live", paused() ? "polite" : "off");
    if (playButton) {
      playButton.setAttribute("aria-label", playing ? CAROUSEL_PLAY_LABEL.pause : CAROUSEL_PLAY_LABEL.play);
      for (const icon of playButton.querySelectorAll<HTMLElement>("[data-icon]")) {
        icon.hidden = icon.dataset.icon !== (playing ? "pause" : "play");
      }
    }
    window.clearInterval(timer);
    if (autoplayMs && !paused()) timer = window.setInterval(() => goTo(index + 1), autoplayMs);
  };

  on(list, "scroll", () => {
    if (performance.now() >= settlingUntil) show(nearestIndex(list));
  });
  on(list, "scrollend", () => {
    settlingUntil = 0;
    show(nearestIndex(list));
  });
  on(list, "keydown", (event) => {
    const { key } = event as KeyboardEvent;
    if (key !== "ArrowRight" && key !== "ArrowLeft") return;
    event.preventDefault();
    goTo(index + (key === "ArrowRight" ? 1 : -1));
  });
  on(controls.querySelector('[data-carousel="previous"]'), "click", () => goTo(index - 1));
  on(controls.querySelector('[data-carousel="next"]'), "click", () => goTo(index + 1));
  on(playButton, "click", () => {
    playing = !playing;
    update();
  });
  on(root, "mouseenter", () => {
    hovered = true;
    update();
  });
  on(root, "mouseleave", () => {
    hovered = false;
    update();
  });
  on(root, "focusin", () => {
    focused = true;
    update();
  });
  on(root, "focusout", (event) => {
    if (root.contains((event as FocusEvent).relatedTarget as Node | null)) return;
    focused = false;
    update();
  });

  controls.classList.remove("invisible");
  root.dataset.enhanced = "true";
  update();
  root.dataset.islandReady = "";
  return () => {
    events.abort();
    window.clearInterval(timer);
  };
}
