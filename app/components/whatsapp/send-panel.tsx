import { Loader2, Send, Trash2 } from "lucide-react";
import type { DroppedLine } from "whatsapp-helper/contacts";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { isSendingPhase, jobPhaseOf, jobStateSentence, sendButtonText } from "~/lib/whatsapp/job-state";
import type { BulkProgress, ChatQuota, HelperLimits, SendWindow } from "~/lib/whatsapp/mirror";
import { expectedFinish, formatFinish, MESSAGE_MAX, progressPercent } from "~/lib/whatsapp/tool";

import { Card } from "./mirror-parts";

export type SendDelay = { minMs: number; maxMs: number };

/** The send options of a job: the opt-out footer (on by default), and sending again within 7 days (off). */
export type SendOptions = { optOutFooter: boolean; allowRepeat: boolean };

/** The footer the helper appends when its own text is not known yet (an older helper). */
const DEFAULT_FOOTER = "Responda SAIR para não receber mais mensagens";

/** 'Envio de mensagens': the contacts and the message, the estimate, 'Limpar'/'Iniciar Envio' and the job's progress. */
export function SendPanel({
  contactsText,
  onContactsTextChange,
  contactCount,
  dropped,
  message,
  onMessageChange,
  sending,
  canSend,
  limits,
  window,
  options,
  onOptionsChange,
  footerText,
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
  /** Lines of the text that gave no contact, with the reason. */
  dropped: DroppedLine[];
  message: string;
  onMessageChange: (value: string) => void;
  sending: boolean;
  /** An operator name was typed. */
  canSend: boolean;
  limits: HelperLimits | null;
  window: SendWindow | null;
  options: SendOptions;
  onOptionsChange: (options: SendOptions) => void;
  footerText: string | null;
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
          aria-describedby={dropped.length > 0 ? "contatos-dica contatos-ignorados" : "contatos-dica"}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-500"
        />
        <p id="contatos-dica" className="mt-1 text-xs text-slate-500">
          Um contato por linha, no formato <code>Nome, Número</code>. {contactCount}{" "}
          {contactCount === 1 ? "contato válido" : "contatos válidos"}.
        </p>
        {dropped.length > 0 ? <DroppedLines dropped={dropped} /> : null}
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
      <fieldset className="mt-4 space-y-2 text-sm text-slate-800">
        <legend className="sr-only">Opções do envio</legend>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={options.optOutFooter}
            onChange={(e) => onOptionsChange({ ...options, optOutFooter: e.target.checked })}
            disabled={sending}
            className="mt-0.5 size-4 accent-emerald-700"
          />
          <span>Incluir ‘{footerText?.trim() || DEFAULT_FOOTER}’</span>
        </label>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={options.allowRepeat}
            onChange={(e) => onOptionsChange({ ...options, allowRepeat: e.target.checked })}
            disabled={sending}
            className="mt-0.5 size-4 accent-emerald-700"
          />
          <span>Enviar também para quem já recebeu esta mensagem nos últimos 7 dias</span>
        </label>
      </fieldset>
      <SendingRules
        limits={limits}
        window={window}
        now={now}
        // a live job's progress carries the count after its latest send; otherwise the helper's state
        quota={
          (progress && progress.state !== "completed" && progress.state !== "cancelled" ? progress.chatQuota : null) ??
          limits?.chatQuota ??
          null
        }
      />
      {!sending && contactCount > 0 ? (
        <p className="mt-3 text-xs text-slate-500" data-testid="send-estimate">
          Para proteger o seu número, o ajudante envia uma mensagem a cada {Math.round(delay.minMs / 1000)} a{" "}
          {Math.round(delay.maxMs / 1000)} segundos
          {limits ? ` e no máximo ${limits.effectiveCap ?? limits.dailyCap} por dia` : ""}. Estimativa para {contactCount}{" "}
          {contactCount === 1 ? "contato" : "contatos"}:{" "}
          {formatFinish(expectedFinish(contactCount, delay, now)!, now).relative.replace(/^em /, "")}.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="button" onClick={onClear} variant="neutral" size="md">
          <Trash2 aria-hidden="true" className="size-4" /> Limpar
        </Button>
        <Button type="button" onClick={onSend} disabled={sending || !canSend} variant="success" size="md">
          {sending && (!progress || isSendingPhase(jobPhaseOf(progress))) ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {sendButtonText(sending, progress)}
        </Button>
      </div>
      {progress ? <JobProgress progress={progress} now={now} delay={delay} onResume={onResume} /> : null}
    </Card>
  );
}

/** The lines of the text box that will not be sent, each with its reason. */
function DroppedLines({ dropped }: { dropped: DroppedLine[] }) {
  const shown = dropped.slice(0, 50);
  return (
    <div id="contatos-ignorados" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950">
      <p className="font-semibold">
        {dropped.length === 1 ? "1 linha será ignorada:" : `${dropped.length} linhas serão ignoradas:`}
      </p>
      <ul className="mt-1 space-y-0.5" data-testid="dropped-lines">
        {shown.map((line) => (
          <li key={line.line}>
            Linha {line.line}: <code className="break-all">{line.text}</code> ({line.reason})
          </li>
        ))}
      </ul>
      {dropped.length > shown.length ? <p className="mt-1">e mais {dropped.length - shown.length}.</p> : null}
    </div>
  );
}

const dayTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  weekday: "long",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Sao_Paulo",
});
const clockFormat = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" });
const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Sao_Paulo",
});

/** A helper's ISO instant in São Paulo time ("terça-feira, 25/11, 08:00"), or null. */
function formatInstant(iso: string | null | undefined, format = dayTimeFormat): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}

/**
 * What the helper allows today: the cap in force (the lowest of ours, WhatsApp's and a new
 * number's warm-up), how many went today, and the sending window, in São Paulo time.
 */
function SendingRules({
  limits,
  window,
  now,
  quota,
}: {
  limits: HelperLimits | null;
  window: SendWindow | null;
  now: number;
  quota: ChatQuota | null;
}) {
  if (!limits) return null;
  const cap = limits.effectiveCap ?? limits.dailyCap;
  const parts: string[] = [`nosso limite: ${limits.dailyCap}`];
  if (limits.whatsappCap != null) parts.push(`limite do WhatsApp: ${limits.whatsappCap}`);
  if (limits.warmupCap != null)
    parts.push(`aquecimento do número${limits.warmupDay != null ? ` (dia ${limits.warmupDay})` : ""}: ${limits.warmupCap}`);
  const nextOpen = window && !window.always && !window.open ? formatInstant(window.nextOpenAt) : null;
  return (
    <div className="mt-3 rounded-md bg-slate-50 p-3 text-xs text-slate-700" data-testid="sending-rules">
      <p data-testid="effective-cap">
        Limite de hoje: <strong>{cap} mensagens</strong> ({parts.join("; ")}). Enviadas hoje: {limits.sentToday}.
      </p>
      {quota ? (
        <p className="mt-1" data-testid="chat-quota">
          {quota.text}
        </p>
      ) : null}
      {window ? (
        <p className="mt-1" data-testid="send-window">
          Horário de envio: {window.always ? "qualquer horário" : window.label} (horário de São Paulo; agora são{" "}
          {clockFormat.format(now)}).
          {window.always || window.open ? "" : ` Fora do horário agora${nextOpen ? `: o envio começa ${nextOpen}` : ""}.`}
        </p>
      ) : null}
    </div>
  );
}

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
  const phase = jobPhaseOf(progress);
  // the job's one sentence (decision 072): the helper's numbers, and its words for a pause
  const sentence = jobStateSentence(progress);
  const finishAt = progress.expectedFinishAt ? new Date(progress.expectedFinishAt) : expectedFinish(progress.pending, delay, now);
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
          Término previsto às <strong>{finish.clock}</strong> ({finish.relative}).
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
