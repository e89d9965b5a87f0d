import { BadgeCheck, ChevronLeft, ChevronRight, GraduationCap, Zap } from "lucide-react";
import type { ReactNode } from "react";

import { QUESTION_PAGES } from "~/features/vocational/questions.seed";
import { TOTAL_QUESTIONS } from "~/features/vocational/scoring";
import type { ButtonLook } from "~/ui/button";
import { SubmitButton } from "~/ui/forms";

/** The pieces of the questions page (/teste-vocacional/perguntas) around its radio groups. */

/** What a pressed button shows while the page's answers are on their way. */
const SENDING = "Enviando...";

/** 'Etapa n de 4', the category, the count of answers and the bar. */
export function QuestionsProgress({
  page,
  categoryTitle,
  answered,
}: {
  page: number;
  categoryTitle: string | undefined;
  answered: number;
}) {
  const percent = Math.round((answered / TOTAL_QUESTIONS) * 100);
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
        <span>
          Etapa {page} de {QUESTION_PAGES}
          {categoryTitle ? ` · ${categoryTitle}` : ""}
        </span>
        <span data-testid="contador-respostas" aria-live="polite">
          {answered} de {TOTAL_QUESTIONS} perguntas respondidas
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Progresso do teste"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The buttons' intents, as the action reads them. */
export type QuestionsIntent = "resultado" | "proximo" | "anterior";

function NavButton({
  intent,
  pending,
  disabled,
  children,
  ...look
}: { intent: QuestionsIntent; pending: boolean; disabled: boolean; children: ReactNode } & ButtonLook) {
  return (
    <SubmitButton name="intent" value={intent} pending={pending} pendingText={SENDING} disabled={disabled} size="xl" {...look}>
      {children}
    </SubmitButton>
  );
}

/**
 * 'Anterior' and 'Próximo' (or 'Ver Resultado' on the last page). Any of them sends the page: all
 * wait while it goes (`sending`), the pressed one says so (`pending`).
 */
export function QuestionsNav({
  page,
  sending,
  pending,
}: {
  page: number;
  sending: boolean;
  pending: Record<QuestionsIntent, boolean>;
}) {
  return (
    // The forward button comes first in the markup, so Enter submits it; the row shows 'Anterior' on the left.
    <div className="flex flex-row-reverse items-center justify-between gap-3">
      {page === QUESTION_PAGES ? (
        <NavButton intent="resultado" pending={pending.resultado} disabled={sending} variant="whatsapp" className="shadow">
          Ver Resultado
        </NavButton>
      ) : (
        <NavButton
          intent="proximo"
          pending={pending.proximo}
          disabled={sending}
          variant="primary"
          weight="bold"
          className="shadow"
        >
          Próximo <ChevronRight aria-hidden="true" className="size-5" />
        </NavButton>
      )}
      <NavButton intent="anterior" pending={pending.anterior} disabled={page === 1 || sending} variant="neutral">
        <ChevronLeft aria-hidden="true" className="size-5" /> Anterior
      </NavButton>
    </div>
  );
}

const BADGES = [
  { icon: BadgeCheck, text: "100% Gratuito" },
  { icon: Zap, text: "Resultado Instantâneo" },
  { icon: GraduationCap, text: "Recomendação de Cursos" },
] as const;

/** The test's three promises under the form. */
export function TestBadges() {
  return (
    <ul className="mt-10 flex flex-wrap justify-center gap-3" aria-label="Vantagens do teste">
      {BADGES.map(({ icon: Icon, text }) => (
        <li
          key={text}
          className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200"
        >
          <Icon aria-hidden="true" className="size-4 text-brand-600" /> {text}
        </li>
      ))}
    </ul>
  );
}
