import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import type { ReactNode } from "react";

import { mount } from "~/ui/carousel.island";
import { CAROUSEL_PLAY_LABEL, carouselPosition } from "~/ui/carousel-state";
import { useIsland } from "~/ui/use-island";

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
 * pauses on hover or focus, can be paused by a button, and never starts with reduced motion: the
 * carousel island (carousel.island.ts), mounted here once hydrated or by the islands' bundle on a
 * page without React. The controls' space is reserved before JavaScript runs, so nothing shifts.
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
  const count = items.length;
  const ref = useIsland<HTMLElement>(mount, count);

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
      data-island="carousel"
      data-autoplay-ms={autoplayMs}
      ref={ref}
    >
      <ul
        tabIndex={0}
        aria-label={`${label}: use as setas para navegar`}
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
      <div data-carousel-controls className={`mt-4 flex items-center justify-center gap-3 ${controlsClass} invisible`}>
        <button
          type="button"
          className={button}
          aria-label={`${itemName[0].toUpperCase()}${itemName.slice(1)} anterior`}
          data-carousel="previous"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <p className="min-w-16 text-center text-sm font-medium text-slate-600" aria-live="polite" data-carousel-position>
          {carouselPosition(0, count)}
        </p>
        <button type="button" className={button} aria-label={`${next} ${itemName}`} data-carousel="next">
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        {autoplayMs ? (
          <button type="button" className={button} aria-label={CAROUSEL_PLAY_LABEL.play} data-carousel="play">
            {/* Both icons are in the page; the island shows the one that matches. */}
            <span data-icon="pause" hidden>
              <Pause aria-hidden="true" className="size-5" />
            </span>
            <span data-icon="play">
              <Play aria-hidden="true" className="size-5" />
            </span>
          </button>
        ) : null}
      </div>
    </section>
  );
}
