import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";

import {
  CAROUSEL_PLAY_LABEL,
  CAROUSEL_SETTLE_MS,
  carouselPosition,
  nearestIndex,
  prefersReducedMotion,
  scrollLeftOf,
  visibleCount as fittingCount,
  wrapIndex,
} from "~/ui/carousel-state";

type CarouselProps<T> = {
  items: readonly T[];
  /** Accessible name of the carousel ('Depoimentos de alunos'). */
  label: string;
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Items side by side from 768 px (the spec's mobile breakpoint); 1 below it. */
  desktopCount?: 1 | 2 | 3;
  /** Advance by itself every this many ms (looping); paused on hover/focus and with reduced motion. */
  autoplayMs?: number;
  /** Name of one item for the buttons: 'depoimento' → 'Próximo depoimento'. */
  itemName?: string;
  /** Gender of itemName for 'Próximo'/'Próxima'. */
  feminine?: boolean;
  className?: string;
  testId?: string;
};

const DESKTOP_WIDTH: Record<1 | 2 | 3, string> = {
  1: "md:w-full",
  2: "md:w-[calc((100%-1rem)/2)]",
  3: "md:w-[calc((100%-2rem)/3)]",
};

/**
 * A carousel that is a plain horizontal scroll-snap list first: with no JavaScript every item is
 * there and reachable by scrolling (or the keyboard, the list is focusable). JavaScript adds
 * previous/next buttons that loop, arrow keys, a position label and, when asked, autoplay that
 * pauses on hover or focus, can be paused by a button, and never starts with reduced motion.
 * The controls' space is reserved before JavaScript runs, so nothing shifts on hydration.
 */
export function Carousel<T>({
  items,
  label,
  getKey,
  renderItem,
  desktopCount = 3,
  autoplayMs,
  itemName = "item",
  feminine = false,
  className = "",
  testId,
}: CarouselProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** Until this time (performance.now()), scroll events belong to goTo's animation, not to the user. */
  const settlingUntil = useRef(0);
  const count = items.length;

  useEffect(() => {
    setEnhanced(true);
    if (autoplayMs && !prefersReducedMotion()) setPlaying(true);
  }, [autoplayMs]);

  /** How many items fit in the list's width right now (1 below 768 px). */
  const visibleCount = useCallback(() => fittingCount(listRef.current), []);

  const goTo = useCallback(
    (target: number) => {
      const list = listRef.current;
      if (!list || count === 0) return;
      const next = wrapIndex(target, count, visibleCount());
      const item = list.children[next] as HTMLElement | undefined;
      if (!item) return;
      settlingUntil.current = performance.now() + CAROUSEL_SETTLE_MS;
      list.scrollTo({ left: scrollLeftOf(list, item), behavior: prefersReducedMotion() ? "auto" : "smooth" });
      setIndex(next);
    },
    [count, visibleCount],
  );

  // A swipe or a scrollbar drag moves the position label; the frames of goTo's own smooth scroll
  // do not (they would pull the index back mid-animation, and a quick second key press would then
  // start from the wrong item).
  const onScroll = () => {
    const list = listRef.current;
    if (!list || performance.now() < settlingUntil.current) return;
    setIndex(nearestIndex(list));
  };
  const onScrollEnd = () => {
    const list = listRef.current;
    if (!list) return;
    settlingUntil.current = 0;
    setIndex(nearestIndex(list));
  };

  const paused = !playing || hovered || focused;
  useEffect(() => {
    if (!autoplayMs || paused) return;
    const id = window.setInterval(() => goTo(index + 1), autoplayMs);
    return () => window.clearInterval(id);
  }, [autoplayMs, paused, goTo, index]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!enhanced) return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      goTo(index + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      goTo(index - 1);
    }
  };

  const next = feminine ? "Próxima" : "Próximo";
  // Controls are useless when everything fits: hide them from 768 px when the desktop shows all items.
  const controlsClass = count <= desktopCount ? "md:hidden" : "";
  const button =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-40";

  return (
    <section
      aria-roledescription="carrossel"
      aria-label={label}
      className={className}
      data-testid={testId}
      data-enhanced={enhanced ? "true" : undefined}
      // On a page without React the carousel island adds the same behaviour (app/islands/carousel.ts, decision 098).
      data-island="carousel"
      data-autoplay-ms={autoplayMs}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ul
        ref={listRef}
        tabIndex={0}
        aria-label={`${label}: use as setas para navegar`}
        onScroll={onScroll}
        onScrollEnd={onScrollEnd}
        onKeyDown={onKeyDown}
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain pb-3 [scrollbar-width:thin]"
      >
        {items.map((item, i) => (
          <li
            key={getKey(item)}
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}`}
            data-carousel-item={i}
            className={`w-full shrink-0 snap-start ${DESKTOP_WIDTH[desktopCount]}`}
          >
            {renderItem(item, i)}
          </li>
        ))}
      </ul>
      <div
        data-carousel-controls
        className={`mt-4 flex items-center justify-center gap-3 ${controlsClass} ${enhanced ? "" : "invisible"}`}
      >
        <button
          type="button"
          className={button}
          aria-label={`${itemName[0].toUpperCase()}${itemName.slice(1)} anterior`}
          data-carousel="previous"
          onClick={() => goTo(index - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <p
          className="min-w-16 text-center text-sm font-medium text-slate-600"
          aria-live={paused ? "polite" : "off"}
          data-carousel-position
        >
          {carouselPosition(index, count)}
        </p>
        <button
          type="button"
          className={button}
          aria-label={`${next} ${itemName}`}
          data-carousel="next"
          onClick={() => goTo(index + 1)}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        {autoplayMs ? (
          <button
            type="button"
            className={button}
            aria-label={playing ? CAROUSEL_PLAY_LABEL.pause : CAROUSEL_PLAY_LABEL.play}
            data-carousel="play"
            onClick={() => setPlaying((p) => !p)}
          >
            {/* Both icons are in the page, so the island can swap them without React. */}
            <span data-icon="pause" hidden={!playing}>
              <Pause aria-hidden="true" className="size-5" />
            </span>
            <span data-icon="play" hidden={playing}>
              <Play aria-hidden="true" className="size-5" />
            </span>
          </button>
        ) : null}
      </div>
    </section>
  );
}
