// The carousel without React (decision 098), as components/ui/carousel.tsx does once hydrated: the
// server's scroll-snap list gains its previous/next buttons (looping), the arrow keys, the position
// label and, when `data-autoplay-ms` asks, autoplay that pauses on hover or focus, can be paused by
// its button and never starts with reduced motion. Without this script the list scrolls by itself.
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

for (const root of document.querySelectorAll<HTMLElement>('[data-island="carousel"]')) {
  const list = root.querySelector("ul");
  const controls = root.querySelector<HTMLElement>("[data-carousel-controls]");
  if (!list || !controls) continue;
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
    if (position) position.textContent = carouselPosition(index, count);
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

  list.addEventListener("scroll", () => {
    if (performance.now() >= settlingUntil) show(nearestIndex(list));
  });
  list.addEventListener("scrollend", () => {
    settlingUntil = 0;
    show(nearestIndex(list));
  });
  list.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    goTo(index + (event.key === "ArrowRight" ? 1 : -1));
  });
  controls.querySelector('[data-carousel="previous"]')?.addEventListener("click", () => goTo(index - 1));
  controls.querySelector('[data-carousel="next"]')?.addEventListener("click", () => goTo(index + 1));
  playButton?.addEventListener("click", () => {
    playing = !playing;
    update();
  });
  root.addEventListener("mouseenter", () => {
    hovered = true;
    update();
  });
  root.addEventListener("mouseleave", () => {
    hovered = false;
    update();
  });
  root.addEventListener("focusin", () => {
    focused = true;
    update();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    update();
  });

  controls.classList.remove("invisible");
  root.dataset.enhanced = "true";
  update();
  root.dataset.islandReady = "";
}
