import { HelpCircle } from "lucide-react";
import { Link } from "react-router";

import { type Letter, LETTER_THEMES, LETTERS, type Tally, TOTAL_QUESTIONS } from "~/features/vocational/scoring";
import { textLink } from "~/ui/text-link";

/**
 * 'Por que este perfil?': how the answers led to the profile (LGPD art. 20 gives people the right
 * to understand an automated decision about them).
 */
export function WhyThisProfile({
  tally,
  letter,
  resultTitle,
  shownIsResult,
  resultUrl,
}: {
  tally: Tally;
  letter: Letter;
  resultTitle: string;
  /** False when the visitor opened a profile page other than their own result. */
  shownIsResult: boolean;
  resultUrl: string;
}) {
  return (
    <section aria-labelledby="por-que" className="mx-auto max-w-6xl px-4 py-12">
      <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
        <h2 id="por-que" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <HelpCircle aria-hidden="true" className="size-6 text-brand-600" /> Por que este perfil?
        </h2>
        <p className="mt-3 text-slate-700">
          Cada alternativa do teste corresponde a uma área. Contamos quantas vezes você escolheu cada uma nas {TOTAL_QUESTIONS}{" "}
          perguntas: a área mais escolhida define o perfil (em caso de empate, vale a ordem A, B, C, D). Você escolheu mais vezes
          as alternativas de <strong>{LETTER_THEMES[letter]}</strong>, por isso seu resultado é <strong>{resultTitle}</strong>.
        </p>
        {!shownIsResult ? (
          <p className="mt-3 text-slate-700">
            Esta página mostra outro perfil para você conhecer.{" "}
            <Link to={resultUrl} className={textLink()}>
              Ver o meu resultado
            </Link>
          </p>
        ) : null}
        <ul className="mt-6 space-y-3" aria-label="Suas respostas por área">
          {LETTERS.map((l) => {
            const percent = Math.round((tally[l] / TOTAL_QUESTIONS) * 100);
            return (
              <li key={l} data-letter={l}>
                <div className="flex justify-between text-sm">
                  <span className={l === letter ? "font-bold text-slate-900" : "text-slate-700"}>
                    {l}: {LETTER_THEMES[l]}
                  </span>
                  <span className="font-semibold tabular-nums">
                    {tally[l]} de {TOTAL_QUESTIONS}
                  </span>
                </div>
                <div className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <div
                    className={`h-full rounded-full ${l === letter ? "bg-brand-600" : "bg-slate-400"}`}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          O resultado é uma sugestão automática e não decide nada por você. Quer outra leitura? Refaça o teste ou converse com um
          consultor. Saiba como tratamos seus dados na{" "}
          <Link to="/privacidade" className={textLink()}>
            Política de Privacidade
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
