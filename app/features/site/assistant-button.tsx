import { Bot } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useMatches } from "react-router";

import AssistantSheetMarkup from "~/features/assistant/assistant-sheet";
import { loadsFramework } from "~/shared/page-scripts";

/** The sheet's code (course finder, assistant frame) loads on the first click, not with the page. */
const AssistantSheet = lazy(() => import("~/features/assistant/assistant-sheet"));

/**
 * The floating assistant button (bottom right). Without JavaScript it is a link to /assistente.
 * With JavaScript it opens a side sheet (a modal <dialog>: focus stays inside, Esc closes) with
 * the configured assistant in a lazy iframe, or, when no assistant URL is configured, the course
 * finder. The sheet is loaded and mounted on first open and kept, so reopening does not reload the chat.
 * On a page without React the sheet's markup waits in a <template> and the assistant island opens it
 * (islands/assistant.ts, decision 099).
 */
export function AssistantButton() {
  const { pathname } = useLocation();
  const island = !loadsFramework(useMatches());
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  // The sheet arrives after its code loads: keeping its element in state re-runs the effect then.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    document.documentElement.style.overflow = open ? "hidden" : "";
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open, dialog]);

  // A navigation (e.g. submitting the course finder) closes the sheet.
  useEffect(() => setOpen(false), [pathname]);

  // The full-page assistant needs no button to itself.
  if (pathname === "/assistente") return null;

  return (
    <aside aria-label="Assistente virtual" data-island={island ? "assistant" : undefined}>
      <Link
        ref={buttonRef}
        to="/assistente"
        data-assistant-button
        data-floating
        aria-label="Abrir assistente virtual"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setMounted(true);
          setOpen(true);
        }}
        className="fixed bottom-4 max-sm:absolute right-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-slate-900/30 hover:bg-brand-700"
      >
        <Bot aria-hidden="true" className="size-7" />
      </Link>
      {/* Rendered at once on the server (a lazy component would stream after the page); the browser build
          drops this branch and the static import with it, so hydrated pages still load the sheet on demand. */}
      {island && import.meta.env.SSR ? (
        <template data-assistant-sheet>
          <AssistantSheetMarkup island />
        </template>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <AssistantSheet
            ref={setDialog}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
            onDismiss={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </aside>
  );
}
