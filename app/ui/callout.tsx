import type { ReactNode } from "react";

/** A callout's frame and colours (the critical CSS holds these classes as they are). */
const CALLOUT_TONES = {
  warning: "mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4",
  danger: "mt-6 rounded-lg border border-red-300 bg-red-50 p-4",
} as const;

/**
 * A framed section titled by its h2: a question asked before a change ("Excluir o curso…?",
 * "Restaurar a versão…?") or a list that needs attention. `id` is the anchor a link jumps to.
 */
export function Callout({
  id,
  titleId,
  title,
  tone,
  testId,
  children,
}: {
  id?: string;
  titleId: string;
  title: ReactNode;
  tone: keyof typeof CALLOUT_TONES;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} className={CALLOUT_TONES[tone]} data-testid={testId}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
