import { X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

import {
  dismissToast,
  subscribeToasts,
  toast,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
  type ToastMessage,
} from "~/shared/toast";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * The toast region, rendered at the top of the page's content and always in the page's flow, with
 * and without JavaScript: a toast pushes the content down instead of floating over it, so it never
 * covers a form control (a floating one lay over buttons on phones, e.g. "Adicionar Nova Senha").
 * A toast flashed by the server is in the HTML, so it shows without JavaScript and closes there with
 * its own button, a <details> that CSS hides once closed. Once JavaScript runs toasts also close
 * after 5 s or by a 50 px swipe, and F8 moves focus to the region.
 */
export function Toaster({ serverToast }: { serverToast: ToastMessage | null }) {
  const [items, setItems] = useState<ToastItem[]>(serverToast ? [{ ...serverToast, id: 0 }] : []);
  const regionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const hydrated = useHydrated();
  const reserved = useReservedHeight(listRef);

  useEffect(() => subscribeToasts(setItems), []);

  // A new server toast (after a form post) goes through the same store as client toasts.
  useEffect(() => {
    if (serverToast) toast(serverToast);
  }, [serverToast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      ref={regionRef}
      data-island={items.length ? "toasts" : undefined}
      tabIndex={-1}
      aria-label={`Notificações (${TOAST_HOTKEY})`}
      // Clipped sideways: a card being swiped to the right must not widen the page.
      className="mx-auto w-full max-w-3xl overflow-x-clip px-4 outline-none"
    >
      <div role="status" aria-live="polite">
        <ol
          ref={listRef}
          data-testid="toaster"
          style={reserved.height ? { minHeight: reserved.height } : undefined}
          className="flex flex-col gap-2"
        >
          {items.map((item) =>
            hydrated ? (
              <ToastCard key={item.id} item={item} onExpire={reserved.expire} />
            ) : (
              <StaticToast key={item.id} item={item} />
            ),
          )}
        </ol>
      </div>
    </section>
  );
}

/**
 * A toast that closes by itself would pull the whole page up under the visitor's finger: its room
 * is kept (the list's height when it expired) until the next navigation. Closing one by hand
 * (button, swipe) frees the room at once, as the visitor expects.
 */
function useReservedHeight(listRef: React.RefObject<HTMLOListElement | null>) {
  const [height, setHeight] = useState(0);
  const { key } = useLocation();
  useEffect(() => setHeight(0), [key]);
  const expire = useCallback(
    (id: number) => {
      setHeight((current) => Math.max(current, listRef.current?.offsetHeight ?? 0));
      dismissToast(id);
    },
    [listRef],
  );
  return { height, expire };
}

const cardClass = (item: ToastItem) =>
  `relative mt-4 rounded-lg border p-4 pr-10 shadow-lg ${
    item.variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
  }`;

/**
 * A server toast before JavaScript runs (or without it): in the page's flow, below the header, with a
 * close button that needs no script. The <summary> of an open <details> is that button; once it
 * closes the details, CSS hides the whole card (the page keeps everything else as it was).
 */
function StaticToast({ item }: { item: ToastItem }) {
  return (
    <li data-testid="toast" data-variant={item.variant ?? "default"} className="has-[details:not([open])]:hidden">
      <details open className={cardClass(item)}>
        <summary
          aria-label="Fechar notificação"
          className="absolute right-2 top-2 flex cursor-pointer list-none rounded p-1 opacity-70 hover:opacity-100 [&::-webkit-details-marker]:hidden"
        >
          <X aria-hidden="true" className="size-4" />
        </summary>
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      </details>
    </li>
  );
}

function ToastCard({ item, onExpire }: { item: ToastItem; onExpire: (id: number) => void }) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  // A swipe: the card follows the pointer to the right and closes when let go 50 px or more away.
  // The pointer is captured so a swipe that ends outside the card still ends; a cancelled one
  // (the browser took the gesture over) springs back instead of leaving the card glued to the pointer.
  const endSwipe = () => {
    startX.current = null;
    setOffset(0);
  };
  const onPointerDown = (event: React.PointerEvent<HTMLLIElement>) => {
    if (event.button !== 0 || (event.target as Element).closest("button")) return; // the close button just clicks
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLLIElement>) => {
    if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerUp = (event: React.PointerEvent<HTMLLIElement>) => {
    const moved = startX.current === null ? 0 : event.clientX - startX.current;
    endSwipe();
    if (moved >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
  };

  useEffect(() => {
    const timer = setTimeout(() => onExpire(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, onExpire]);

  return (
    <li
      data-testid="toast"
      data-variant={item.variant ?? "default"}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={endSwipe}
      className={`touch-pan-y select-none ${cardClass(item)}`}
    >
      <p className="text-sm font-semibold">{item.title}</p>
      {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label="Fechar notificação"
        className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
