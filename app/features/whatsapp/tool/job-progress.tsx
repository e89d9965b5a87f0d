import { dateTimeFormat, formatInstant } from "~/features/whatsapp/sao-paulo-time";
import { jobPhaseOf, jobStateSentence } from "~/features/whatsapp/tool/job-state";
import type { BulkProgress } from "~/features/whatsapp/tool/mirror-types";
import { expectedFinish, formatFinish, progressPercent } from "~/features/whatsapp/tool/tool";
import { Alert } from "~/ui/alert";

/** The delay between two sends the helper keeps (its limits, or the default before it says). */
export type SendDelay = { minMs: number; maxMs: number };

/**
 * What the operator may do about a pause: 'Retomar agora' after WhatsApp's rate limit, 'Retomar'
 * for a job restored after a restart; after a restriction nothing until its waiting period ends
 * (the time is shown); outside the sending window the job resumes by itself at the opening.
 */
function PauseAction({ progress, now, onResume }: { progress: BulkProgress; now: number; onResume: () => void }) {
  const resumeAt = progress.resumeAt ? new Date(progress.resumeAt).getTime() : null;
  const button = (label: string) => (
    <button
      type="button"
      onClick={onResume}
      className="mt-2 rounded-md border border-amber-400 px-3 py-1 font-semibold hover:bg-amber-100"
    >
      {label}
    </button>
  );
  switch (progress.pauseReason) {
    case "rate-limit":
      return button("Retomar agora");
    case "restored":
    case "chat-cap-warning":
      return button("Retomar");
    case "restricted": {
      const waited = progress.canResume === true || (resumeAt !== null && now >= resumeAt);
      if (waited) return button("Retomar");
      const until = formatInstant(progress.resumeAt, dateTimeFormat);
      return (
        <p className="mt-2" data-testid="resume-not-before">
          {until ? `Será possível retomar a partir de ${until} (horário de São Paulo).` : "Ainda não é possível retomar."}
        </p>
      );
    }
    case "outside-window": {
      const at = formatInstant(progress.resumeAt);
      return at ? <p className="mt-2">O envio continua sozinho {at} (horário de São Paulo).</p> : null;
    }
    default:
      return null;
  }
}

/** A job's progress bar, expected finish, its one sentence and what a pause allows. */
export function JobProgress({
  progress,
  now,
  delay,
  onResume,
}: {
  progress: BulkProgress;
  now: number;
  delay: SendDelay;
  onResume: () => void;
}) {
  const percent = progressPercent(progress.done, progress.total);
  const live = progress.state === "running" || progress.state === "paused";
  const phase = jobPhaseOf(progress);
  // the job's one sentence (decision 072): the helper's numbers, and its words for a pause
  const sentence = jobStateSentence(progress);
  // a paused job finishes when the helper says (its resume time), never by the pace alone
  const finishAt = progress.expectedFinishAt
    ? new Date(progress.expectedFinishAt)
    : progress.paused
      ? null
      : expectedFinish(progress.pending, delay, now);
  const finish = live && finishAt ? formatFinish(finishAt, now) : null;
  return (
    <div
      className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="job-progress"
      data-state={progress.state}
      data-phase={phase}
    >
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">
          Progresso: {progress.done} de {progress.total}
        </span>
        <span className="text-slate-600">{percent}%</span>
      </div>
      <progress
        className="mt-2 h-2 w-full accent-emerald-600"
        value={progress.done}
        max={Math.max(1, progress.total)}
        aria-label="Progresso do envio"
      >
        {percent}%
      </progress>
      {finish ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="job-eta">
          Término previsto {finish.sameDay ? "às" : "em"} <strong>{finish.clock}</strong> ({finish.relative}).
        </p>
      ) : null}
      {progress.paused ? (
        <Alert role="status" tone="warning" className="mt-3">
          <p data-testid="job-sentence">{sentence}</p>
          <PauseAction progress={progress} now={now} onResume={onResume} />
        </Alert>
      ) : (
        <p
          role="status"
          data-testid="job-sentence"
          className={`mt-2 text-sm ${phase === "finished" ? "text-emerald-800" : "text-slate-700"}`}
        >
          {sentence}
        </p>
      )}
    </div>
  );
}
