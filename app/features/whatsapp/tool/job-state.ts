import { SITE_TIME_ZONE } from "~/shared/dates";

import type { BulkProgress, HelperLink, JobPhase } from "./mirror-types";

/**
 * The one pt-BR sentence for each state of a bulk job, and for a page that lost its helper
 * (decision 072). The numbers are the helper's (`bulk-progress`); where the helper already says
 * why a job waits (its `pauseMessage`: the restriction, the window, a cap) its words are kept.
 */

/** What the job is doing: the helper's `phase`, or worked out from an older helper's state and pause reason. */
export function jobPhaseOf(progress: BulkProgress): JobPhase {
  if (progress.phase) return progress.phase;
  if (progress.state === "completed") return "finished";
  if (progress.state === "cancelled") return "cancelled";
  if (progress.state === "paused" || progress.paused) {
    if (progress.pauseReason === "outside-window") return "waiting-window";
    if (progress.pauseReason === "restricted") return "restricted";
    return "paused";
  }
  return progress.nextAt ? "waiting-delay" : "running";
}

/** Whether the job is sending: running or in the gap between two messages (not paused, waiting or ended). */
export function isSendingPhase(phase: JobPhase): boolean {
  return phase === "running" || phase === "waiting-delay";
}

const clock = new Intl.DateTimeFormat("pt-BR", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: SITE_TIME_ZONE,
});

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "23 enviadas, 2 com erro, 2 ignoradas" and, when some asked not to get messages, ", 1 descadastrada" */
function results(progress: BulkProgress): string {
  return [
    count(progress.sent, "enviada", "enviadas"),
    `${progress.errors} com erro`,
    count(progress.skipped ?? 0, "ignorada", "ignoradas"),
    ...(progress.optedOut
      ? [count(progress.optedOut, "descadastrada (pediu para sair)", "descadastradas (pediram para sair)")]
      : []),
  ].join(", ");
}

/** The helper's own reason, as a sentence of its own (ends with a period). */
function helperWords(text: string | null | undefined): string {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return "";
  return ` ${/[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`}`;
}

/**
 * The job's state in one pt-BR sentence, from the helper's numbers:
 * - running: "Enviando: 12 de 27." (and, in the gap, "Próxima mensagem às 14:03:20.");
 * - paused: "Pausado em 12 de 27." + the helper's reason ("O WhatsApp limitou o envio; nova tentativa às 14:30.");
 * - outside the sending window: "Aguardando o horário de envio: 12 de 27." + the helper's "Fora do horário de envio (…). O envio continua amanhã às 08:00.";
 * - restricted: "Parado pelo WhatsApp em 12 de 27." + the helper's "WhatsApp restringiu esta conta. O envio só pode continuar depois de dd/mm às HH:MM.";
 * - finished: "Concluído: 23 enviadas, 2 com erro, 2 ignoradas.";
 * - cancelled: "Cancelado: 5 enviadas, 1 com erro, 0 ignoradas; 21 não serão enviadas."
 * "Enviando" is said only while the job sends: never while it is paused or waiting.
 */
export function jobStateSentence(progress: BulkProgress): string {
  const phase = jobPhaseOf(progress);
  const position = `${progress.done} de ${progress.total}`;
  switch (phase) {
    case "running":
      return `Enviando: ${position}.`;
    case "waiting-delay": {
      const next = progress.nextAt ? new Date(progress.nextAt) : null;
      return next && !Number.isNaN(next.getTime())
        ? `Enviando: ${position}. Próxima mensagem às ${clock.format(next)}.`
        : `Enviando: ${position}.`;
    }
    case "paused":
      return `Pausado em ${position}.${helperWords(progress.pauseMessage)}`;
    case "waiting-window":
      return `Aguardando o horário de envio: ${position}.${helperWords(progress.pauseMessage)}`;
    case "restricted":
      return `Parado pelo WhatsApp em ${position}.${helperWords(progress.pauseMessage)}${
        progress.canResume ? " O período de espera terminou: clique em Retomar." : ""
      }`;
    case "finished":
      return `Concluído: ${results(progress)}.`;
    case "cancelled": {
      const unsent = progress.pending;
      return `Cancelado: ${results(progress)}; ${count(unsent, "não será enviada", "não serão enviadas")}.`;
    }
  }
}

/** 'Iniciar Envio' while a job is live: "Enviando..." only while it sends. */
export function sendButtonText(sending: boolean, progress: BulkProgress | null): string {
  if (!sending) return "Iniciar Envio";
  if (!progress) return "Enviando...";
  const phase = jobPhaseOf(progress);
  if (isSendingPhase(phase)) return "Enviando...";
  if (phase === "waiting-window") return "Aguardando o horário";
  return "Envio pausado";
}

/** The page lost the helper (not WhatsApp): what is happening, in one sentence. */
export const HELPER_LOST_TEXT = "Esta página perdeu a conexão com o ajudante; tentando reconectar…";
export const HELPER_LOST_STOPPED_TEXT =
  "Esta página perdeu a conexão com o ajudante. Verifique se ele está aberto neste computador e clique em Tentar novamente.";

/** The sentence for a lost connection to the helper, or null while there is none to report. */
export function helperLinkSentence(lost: HelperLink): string | null {
  if (lost === "reconnecting") return HELPER_LOST_TEXT;
  if (lost === "stopped") return HELPER_LOST_STOPPED_TEXT;
  return null;
}
