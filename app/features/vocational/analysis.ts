/**
 * The analysis screen of the vocational test: a progress bar that fills in steps, with a message
 * per progress band, before the result page.
 */

export const ANALYSIS_TICK_MS = 200;
export const ANALYSIS_MAX_STEP = 10;
/** Delay between reaching 100 and opening the result. */
export const ANALYSIS_REDIRECT_DELAY_MS = 1000;
/** Without JavaScript the page refreshes to the result after this many seconds. */
export const ANALYSIS_NO_JS_REFRESH_SECONDS = 4;

/** The message shown for a progress value (0 to 100). */
export function analysisMessage(progress: number): string {
  if (progress < 30) return "Analisando padrões de resposta...";
  if (progress < 60) return "Comparando com perfis de sucesso...";
  if (progress < 90) return "Identificando cursos ideais...";
  return "Finalizando sua análise vocacional...";
}

/** One tick: a random step of 0 to 10 (inclusive), never past 100. `random` is Math.random by default. */
export function nextProgress(progress: number, random: () => number = Math.random): number {
  const step = Math.floor(random() * (ANALYSIS_MAX_STEP + 1));
  return Math.min(100, progress + Math.min(ANALYSIS_MAX_STEP, step));
}
