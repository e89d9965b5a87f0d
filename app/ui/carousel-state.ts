/** The carousel's words, shared by the React carousel (components/ui/carousel.tsx) and its island. */
export const CAROUSEL_PLAY_LABEL = { pause: "Pausar carrossel", play: "Reproduzir carrossel" } as const;

/** '2 de 3': the position label under the carousel. */
export function carouselPosition(index: number, count: number): string {
  return `${index + 1} de ${count}`;
}

/** How long scroll events are ignored after a button or arrow key starts a smooth scroll. */
export const CAROUSEL_SETTLE_MS = 1000;

/** The list's scrollLeft that brings `item` to its start (whatever the items' offsetParent is). */
export function scrollLeftOf(list: HTMLElement, item: HTMLElement): number {
  return item.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
}

/** The index of the item whose start is closest to the list's current scroll position. */
export function nearestIndex(list: HTMLElement): number {
  let closest = 0;
  let distance = Infinity;
  Array.from(list.children).forEach((child, i) => {
    const d = Math.abs(scrollLeftOf(list, child as HTMLElement) - list.scrollLeft);
    if (d < distance) {
      distance = d;
      closest = i;
    }
  });
  return closest;
}

/** How many items fit in the list's width right now (1 below 768 px). */
export function visibleCount(list: HTMLElement | null): number {
  const first = list?.children[0] as HTMLElement | undefined;
  if (!list || !first || first.offsetWidth === 0) return 1;
  return Math.max(1, Math.round(list.clientWidth / first.offsetWidth));
}

/** The index `target` wraps to: past the last full view back to the first, before the first to the last. */
export function wrapIndex(target: number, count: number, visible: number): number {
  const last = Math.max(0, count - visible);
  return target > last ? 0 : target < 0 ? last : target;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
