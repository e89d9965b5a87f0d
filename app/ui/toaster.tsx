import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

import { dismissToast, subscribeToasts, toast, TOAST_HOTKEY, type ToastItem, type ToastMessage } from "~/shared/toast";
import { mount, TOAST_CLOSE_EVENT } from "~/ui/toaster.island";
import { useHydrated } from "~/ui/use-hydrated";
import { useIsland } from "~/ui/use-island";

/**
 * The toast region, rendered at the top of the page's content and always in the page's flow, with
 * and without JavaScript: a toast pushes the content down instead of floating over it, so it never
 * covers a form control (a floating one lay over buttons on phones, e.g. "Adicionar Nova Senha").
 * A toast flashed by the server is in the HTML, so it shows without JavaScript and closes there with
 * its own button, a <details> that CSS hides once closed. Once JavaScript runs toasts also close
 * after 5 s or by a 50 px swipe, and F8 moves focus to the region: the toaster island
 * (toaster.island.ts), mounted here once hydrated or by the islands' bundle on a page without React.
 * Here the toasts come from the store (`toast()`), and a card the island closes leaves the store.
 */
export function Toaster({ serverToast }: { serverToast: ToastMessage | null }) {
  const [items, setItems] = useState<ToastItem[]>(serverToast ? [{ ...serverToast, id: 0 }] : []);
  const hydrated = useHydrated();
  const regionRef = useIsland<HTMLElement>(mount);
  const listRef = useRef<HTMLOListElement>(null);
  const { key } = useLocation();

  useEffect(() => subscribeToasts(setItems), []);

  // A new server toast (after a form post) goes through the same store as client toasts.
  useEffect(() => {
    if (serverToast) toast(serverToast);
  }, [serverToast]);

  // The room a toast that closed by itself kept is freed by the next navigation.
  useEffect(() => {
    listRef.current?.style.removeProperty("min-height");
  }, [key]);

  useEffect(() => {
    const region = regionRef.current;
    const onClose = (event: Event) => {
      const id = Number((event.target as HTMLElement).dataset.toastId);
      event.preventDefault();
      dismissToast(id);
    };
    region?.addEventListener(TOAST_CLOSE_EVENT, onClose);
    return () => region?.removeEventListener(TOAST_CLOSE_EVENT, onClose);
  }, [regionRef]);

  return (
    <section
      ref={regionRef}
      data-island={items.length ? "toaster" : undefined}
      tabIndex={-1}
      aria-label={`Notificações (${TOAST_HOTKEY})`}
      // Clipped sideways: a card being swiped to the right must not widen the page.
      className="mx-auto w-full max-w-3xl overflow-x-clip px-4 outline-none"
    >
      <div role="status" aria-live="polite">
        <ol ref={listRef} data-testid="toaster" className="flex flex-col gap-2">
          {items.map((item) => (hydrated ? <ToastCard key={item.id} item={item} /> : <StaticToast key={item.id} item={item} />))}
        </ol>
      </div>
    </section>
  );
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
    <li
      data-testid="toast"
      data-toast-id={item.id}
      data-variant={item.variant ?? "default"}
      className="has-[details:not([open])]:hidden"
    >
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

/** A toast once hydrated: its button, swipe and timer are the island's. */
function ToastCard({ item }: { item: ToastItem }) {
  return (
    <li
      data-testid="toast"
      data-toast-id={item.id}
      data-variant={item.variant ?? "default"}
      className={`touch-pan-y select-none ${cardClass(item)}`}
    >
      <p className="text-sm font-semibold">{item.title}</p>
      {item.description ? <p className="mt-1 text-sm">{item.description}</p> : null}
      <button
        type="button"
        aria-label="Fechar notificação"
        className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
