import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  dismissToast,
  subscribeToasts,
  toast,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
  type ToastMessage,
} from "~/lib/toast";

/**
 * The toast region. A toast flashed by the server is rendered in the HTML (so it shows without
 * JavaScript); once JavaScript runs, toasts close after 5 s, by button, or by a 50 px swipe, and F8
 * moves focus to the region.
 */
export function Toaster({ serverToast }: { serverToast: ToastMessage | null }) {
  const [items, setItems] = useState<ToastItem[]>(serverToast ? [{ ...serverToast, id: 0 }] : []);
  const regionRef = useRef<HTMLElement>(null);

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
      tabIndex={-1}
      aria-label={`Notificações (${TOAST_HOTKEY})`}
      className="fixed inset-x-0 bottom-20 z-[60] mx-auto w-full max-w-sm px-4 outline-none sm:bottom-6 sm:right-6 sm:left-auto sm:mx-0"
    >
      <div role="status" aria-live="polite">
        <ol data-testid="toaster" className="flex flex-col gap-2">
          {items.map((item) => (
            <ToastCard key={item.id} item={item} />
          ))}
        </ol>
      </div>
    </section>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);

  const destructive = item.variant === "destructive";
  return (
    <li
      data-testid="toast"
      data-variant={item.variant ?? "default"}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={(e) => (startX.current = e.clientX)}
      onPointerMove={(e) => startX.current !== null && setOffset(Math.max(0, e.clientX - startX.current))}
      onPointerUp={() => {
        if (offset >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
        startX.current = null;
        setOffset(0);
      }}
      className={`relative touch-pan-y rounded-lg border p-4 pr-10 shadow-lg ${
        destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
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
