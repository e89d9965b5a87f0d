import { Brain } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, redirect, useNavigate } from "react-router";

import type { NoscriptRefresh } from "~/features/site/noscript-refresh";
import {
  ANALYSIS_NO_JS_REFRESH_SECONDS,
  ANALYSIS_REDIRECT_DELAY_MS,
  ANALYSIS_TICK_MS,
  analysisMessage,
  nextProgress,
} from "~/features/vocational/analysis";
import { isComplete } from "~/features/vocational/answers";
import { resultUrl as resultPath, VOCATIONAL_PATHS } from "~/features/vocational/paths";
import { scoreProfile } from "~/features/vocational/scoring";
import { requireTestLead } from "~/features/vocational/vocational.server";
import { visitorPageHeaders } from "~/shared/cache-headers";
import { privatePageMeta } from "~/shared/seo";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/analysis-page";

/** Built from the visitor's own answers: never marked for a shared cache. */
export const headers = visitorPageHeaders;

export const meta: Route.MetaFunction = privatePageMeta(
  "Analisando suas respostas - Teste Vocacional",
  "Analisando suas respostas.",
);

/** Without JavaScript the page moves on to the result by itself (a refresh the root layout puts in <head>). */
export const handle = {
  noscriptRefresh: (data: { resultUrl: string }): NoscriptRefresh => ({
    seconds: ANALYSIS_NO_JS_REFRESH_SECONDS,
    url: data.resultUrl,
  }),
};

export async function loader({ request }: Route.LoaderArgs) {
  const { state } = await requireTestLead(request);
  // Without answers there is nothing to analyse: the visitor goes to the questions page.
  if (!isComplete(state.answers)) throw redirect(VOCATIONAL_PATHS.questions);
  const perfil = state.perfil ?? scoreProfile(state.answers);
  return { resultUrl: resultPath(perfil!) };
}

export default function AnalysisPage({ loaderData }: Route.ComponentProps) {
  const { resultUrl } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [progress, setProgress] = useState(0);

  // Every 200 ms a random step of 0 to 10 until 100, then the result 1 s later.
  useEffect(() => {
    const id = window.setInterval(() => {
      setProgress((p) => {
        const next = nextProgress(p);
        if (next >= 100) window.clearInterval(id);
        return next;
      });
    }, ANALYSIS_TICK_MS);
    return () => window.clearInterval(id);
  }, []);

  useEffect(() => {
    if (progress < 100) return;
    const timer = window.setTimeout(() => navigate(resultUrl, { replace: true }), ANALYSIS_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [progress, navigate, resultUrl]);

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
        <div className="flex size-20 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg">
          <Brain aria-hidden="true" className="size-10 motion-safe:animate-pulse" />
        </div>
        <Title size="area" className="mt-6">
          Analisando seu perfil
        </Title>
        <p className="mt-3 text-lg text-slate-700" aria-live="polite" data-testid="mensagem-analise">
          {analysisMessage(progress)}
        </p>
        <div
          role="progressbar"
          aria-label="Progresso da análise"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={hydrated ? progress : undefined}
          className="mt-6 h-4 w-full overflow-hidden rounded-full bg-slate-200"
        >
          {hydrated ? (
            <div className="h-full rounded-full bg-brand-600 transition-all duration-200" style={{ width: `${progress}%` }} />
          ) : (
            <div className="analysis-fill h-full rounded-full bg-brand-600" />
          )}
        </div>
        <p className="mt-2 text-sm font-semibold text-slate-600">{hydrated ? `${progress}%` : "Aguarde alguns segundos..."}</p>
        <Link to={resultUrl} replace className={textLink("mt-8 text-sm")}>
          Ver meu resultado agora
        </Link>
      </div>
      {/* The bar fills by CSS while JavaScript is off or still loading. With href and precedence
          React puts this <style> in <head>, the only place HTML allows it. */}
      <style
        href="analysis-fill"
        precedence="default"
      >{`.analysis-fill{width:100%;transform-origin:left;animation:analysis-fill ${ANALYSIS_NO_JS_REFRESH_SECONDS}s linear both}@keyframes analysis-fill{from{transform:scaleX(0)}to{transform:scaleX(1)}}`}</style>
    </section>
  );
}
