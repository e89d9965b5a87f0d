import { Bot, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";

import { ASSISTANT_TEXTS, AssistantFrame } from "~/components/assistant/assistant-frame";
import { QuickCourseFinder } from "~/components/assistant/quick-course-finder";

import { useSite } from "./use-site";

/**
 * The floating assistant button (bottom right). Without JavaScript it is a link to /assistente.
 * With JavaScript it opens a side sheet (a modal <dialog>: focus stays inside, Esc closes) with
 * the configured assistant in a lazy iframe, or, when no assistant URL is configured, the course
 * finder. The sheet is mounted on first open and kept, so reopening does not reload the chat.
 */
export function AssistantButton() {
  const site = useSite();
  const { pathname } = useLocation();
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    document.documentElement.style.overflow = open ? "hidden" : "";
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open, mounted]);

  // A navigation (e.g. submitting the course finder) closes the sheet.
  useEffect(() => setOpen(false), [pathname]);

  // The full-page assistant needs no button to itself.
  if (pathname === "/assistente") return null;

  return (
    <aside aria-label="Assistente virtual">
      <Link
        ref={buttonRef}
        to="/assistente"
        data-assistant-button
        aria-label="Abrir assistente virtual"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setMounted(true);
          setOpen(true);
        }}
        className="fixed bottom-4 right-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-slate-900/30 hover:bg-brand-700"
      >
        <Bot aria-hidden="true" className="size-7" />
      </Link>
      {mounted ? (
        // The backdrop click below is a mouse shortcut; the keyboard closes a <dialog> with Escape.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <dialog
          ref={dialogRef}
          aria-labelledby="assistente-titulo"
          data-testid="assistant-sheet"
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
          onClick={(event) => {
            // A click on the backdrop (the dialog element itself, outside its panel) closes it.
            if (event.target === event.currentTarget) setOpen(false);
          }}
          className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-full max-w-md bg-white p-0 shadow-2xl backdrop:bg-slate-900/50"
        >
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-brand-700 px-4 py-3 text-white">
              <h2 id="assistente-titulo" className="flex items-center gap-2 text-lg font-semibold">
                <Bot aria-hidden="true" className="size-6" />
                {ASSISTANT_TEXTS.title}
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label="Fechar assistente"
                className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/15"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            {site.assistantUrl ? (
              <AssistantFrame url={site.assistantUrl} className="flex-1" />
            ) : (
              <div className="flex-1 overflow-y-auto p-5">
                <p className="text-slate-700">Responda três perguntas rápidas e veja os cursos que combinam com você.</p>
                <div className="mt-5">
                  <QuickCourseFinder idPrefix="sheet-finder" />
                </div>
                <p className="mt-6 text-sm text-slate-600">
                  Prefere descobrir pelo seu perfil?{" "}
                  <Link to="/teste-vocacional" className="font-semibold text-brand-700 underline">
                    Faça o teste vocacional gratuito
                  </Link>
                  .
                </p>
              </div>
            )}
          </div>
        </dialog>
      ) : null}
    </aside>
  );
}
