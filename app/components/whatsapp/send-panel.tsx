import { Loader2, Send, Trash2 } from "lucide-react";

import { expectedFinish, formatFinish, MESSAGE_MAX, progressPercent } from "~/lib/whatsapp";
import type { BulkProgress, HelperLimits } from "~/lib/whatsapp-mirror";

import { Card } from "./mirror-parts";

export type SendDelay = { minMs: number; maxMs: number };

/** 'Envio de mensagens': the contacts and the message, the estimate, 'Limpar'/'Iniciar Envio' and the job's progress. */
export function SendPanel({
  contactsText,
  onContactsTextChange,
  contactCount,
  message,
  onMessageChange,
  sending,
  canSend,
  limits,
  delay,
  progress,
  now,
  onClear,
  onSend,
  onResume,
}: {
  contactsText: string;
  onContactsTextChange: (value: string) => void;
  /** Valid contacts in the text. */
  contactCount: number;
  message: string;
  onMessageChange: (value: string) => void;
  sending: boolean;
  /** An operator name was typed. */
  canSend: boolean;
  limits: HelperLimits | null;
  delay: SendDelay;
  progress: BulkProgress | null;
  now: number;
  onClear: () => void;
  onSend: () => void;
  onResume: () => void;
}) {
  return (
    <Card title="Envio de mensagens" icon={<Send aria-hidden="true" className="size-5 text-slate-500" />} testId="send-card">
      <div>
        <label htmlFor="contatos" className="block text-sm font-medium text-slate-800">
          Contatos
        </label>
        <textarea
          id="contatos"
          value={contactsText}
          onChange={(e) => onContactsTextChange(e.target.value)}
          rows={6}
          placeholder={"Maria Silva, 31999998888\nJoão Souza, 11988887777"}
          aria-describedby="contatos-dica"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-500"
        />
        <p id="contatos-dica" className="mt-1 text-xs text-slate-500">
          Um contato por linha, no formato <code>Nome, Número</code>. {contactCount}{" "}
          {contactCount === 1 ? "contato válido" : "contatos válidos"}.
        </p>
      </div>
      <div className="mt-4">
        <label htmlFor="mensagem" className="block text-sm font-medium text-slate-800">
          Mensagem
        </label>
        <textarea
          id="mensagem"
          value={message}
          onChange={(e) => onMessageChange(e.target.value)}
          rows={5}
          maxLength={MESSAGE_MAX}
          placeholder="Olá {nome}, tudo bem?"
          aria-describedby="mensagem-dica"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500"
        />
        <p id="mensagem-dica" className="mt-1 text-xs text-slate-500">
          Use <code>{"{nome}"}</code> para inserir o nome de cada contato.
        </p>
      </div>
      {!sending && contactCount > 0 ? (
        <p className="mt-3 text-xs text-slate-500" data-testid="send-estimate">
          Para proteger o seu número, o ajudante envia uma mensagem a cada {Math.round(delay.minMs / 1000)} a{" "}
          {Math.round(delay.maxMs / 1000)} segundos
          {limits ? ` e no máximo ${limits.dailyCap} por dia` : ""}. Estimativa para {contactCount}{" "}
          {contactCount === 1 ? "contato" : "contatos"}:{" "}
          {formatFinish(expectedFinish(contactCount, delay, now)!, now).relative.replace(/^em /, "")}.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onClear}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
        >
          <Trash2 aria-hidden="true" className="size-4" /> Limpar
        </button>
        <button
          type="button"
          onClick={onSend}
          disabled={sending || !canSend}
          className="inline-flex items-center gap-2 rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {sending ? "Enviando..." : "Iniciar Envio"}
        </button>
      </div>
      {progress ? <JobProgress progress={progress} now={now} delay={delay} onResume={onResume} /> : null}
    </Card>
  );
}

const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "America/Sao_Paulo",
});

function JobProgress({
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
  const finishAt = progress.expectedFinishAt ? new Date(progress.expectedFinishAt) : expectedFinish(progress.pending, delay, now);
  const finish = live && finishAt ? formatFinish(finishAt, now) : null;
  return (
    <div
      className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="job-progress"
      data-state={progress.state}
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
          Término previsto às <strong>{finish.clock}</strong> ({finish.relative}).
          {progress.nextAt && !progress.paused ? ` Próximo envio às ${timeFormat.format(new Date(progress.nextAt))}.` : ""}
        </p>
      ) : null}
      {progress.state === "completed" ? <p className="mt-2 text-sm text-emerald-800">Envio concluído.</p> : null}
      {progress.state === "cancelled" ? <p className="mt-2 text-sm text-slate-700">Envio cancelado.</p> : null}
      {progress.paused ? (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Envio pausado</p>
          <p>{progress.pauseMessage ?? "O envio continuará quando for seguro."}</p>
          {progress.pauseReason === "rate-limit" ? (
            <button
              type="button"
              onClick={onResume}
              className="mt-2 rounded-md border border-amber-400 px-3 py-1 font-semibold hover:bg-amber-100"
            >
              Retomar agora
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
