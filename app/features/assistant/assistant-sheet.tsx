import { Bot } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";

import { useSite } from "~/features/site/use-site";
import { CloseButton } from "~/ui/close-button";
import { textLink } from "~/ui/text-link";

import { ASSISTANT_TEXTS, AssistantFrame } from "./assistant-frame";
import { QuickCourseFinder } from "./quick-course-finder";

/**
 * The assistant's side sheet (components/layout/assistant-button.tsx opens it): a modal <dialog>
 * with the configured assistant in a lazy iframe or, without one, the course finder.
 * `onDismiss` closes it (close button, backdrop); `onClose` follows the dialog's own close (Esc).
 * On a page without React the same markup waits in a <template> for the assistant island, which
 * does what these handlers do (`island`; islands/assistant.ts, decision 099).
 */
export default function AssistantSheet({
  ref,
  onClose,
  onDismiss,
  island,
}: {
  ref?: Ref<HTMLDialogElement>;
  onClose?: () => void;
  onDismiss?: () => void;
  island?: boolean;
}) {
  const site = useSite();
  return (
    // The backdrop click below is a mouse shortcut; the keyboard closes a <dialog> with Escape.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <dialog
      ref={ref}
      aria-labelledby="assistente-titulo"
      data-testid="assistant-sheet"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onDismiss?.();
      }}
      className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-full max-w-md bg-white p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-brand-700 px-4 py-3 text-white">
          <h2 id="assistente-titulo" className="flex items-center gap-2 text-lg font-semibold">
            <Bot aria-hidden="true" className="size-6" />
            {ASSISTANT_TEXTS.title}
          </h2>
          <CloseButton label="Fechar assistente" tone="on-dark" onClick={onDismiss} data-assistant-close />
        </div>
        {site.assistantUrl ? (
          <AssistantFrame url={site.assistantUrl} className="flex-1" island={island} />
        ) : (
          <div className="flex-1 overflow-y-auto p-5">
            <p className="text-slate-700">Responda três perguntas rápidas e veja os cursos que combinam com você.</p>
            <div className="mt-5">
              <QuickCourseFinder idPrefix="sheet-finder" />
            </div>
            <p className="mt-6 text-sm text-slate-600">
              Prefere descobrir pelo seu perfil?{" "}
              <Link to="/teste-vocacional" className={textLink()}>
                Faça o teste vocacional gratuito
              </Link>
              .
            </p>
          </div>
        )}
      </div>
    </dialog>
  );
}
