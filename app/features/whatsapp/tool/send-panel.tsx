import { Loader2, Send, Trash2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { DroppedLine } from "whatsapp-helper/contacts";

import { isSendingPhase, jobPhaseOf, sendButtonText } from "~/features/whatsapp/tool/job-state";
import type { BulkProgress, HelperLimits, SendWindow } from "~/features/whatsapp/tool/mirror-types";
import { listEstimateText, MESSAGE_MAX } from "~/features/whatsapp/tool/tool";
import { Button } from "~/ui/button";

import { JobProgress, type SendDelay } from "./job-progress";
import { Card } from "./mirror-parts";
import { SendingRules } from "./sending-rules";

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
      <BoxField
        id="contatos"
        label="Contatos"
        value={contactsText}
        onValueChange={onContactsTextChange}
        rows={6}
        placeholder={"Maria Silva, 31999998888\nJoão Souza, 11988887777"}
        describedBy={dropped.length > 0 ? "contatos-dica contatos-ignorados" : "contatos-dica"}
        mono
      >
        <p id="contatos-dica" className="mt-1 text-xs text-slate-500">
          Um contato por linha, no formato <code>Nome, Número</code>, ou linhas coladas de uma planilha (nome e número em
          colunas). {contactCount} {contactCount === 1 ? "contato válido" : "contatos válidos"}.
        </p>
        {dropped.length > 0 ? <DroppedLines dropped={dropped} /> : null}
      </BoxField>
      <BoxField
        id="mensagem"
        label="Mensagem"
        value={message}
        onValueChange={onMessageChange}
        rows={5}
        maxLength={MESSAGE_MAX}
        placeholder="Olá {nome}, tudo bem?"
        describedBy="mensagem-dica"
        className="mt-4"
      >
        <p id="mensagem-dica" className="mt-1 text-xs text-slate-500">
          Use <code>{"{nome}"}</code> para inserir o nome de cada contato.
        </p>
      </BoxField>
      <fieldset className="mt-4 space-y-2 text-sm text-slate-800">
        <legend className="sr-only">Opções do envio</legend>
        <OptionBox
          checked={options.optOutFooter}
          onCheckedChange={(optOutFooter) => onOptionsChange({ ...options, optOutFooter })}
          disabled={sending}
        >
          Incluir ‘{footerText?.trim() || DEFAULT_FOOTER}’
        </OptionBox>
        <OptionBox
          checked={options.allowRepeat}
          onCheckedChange={(allowRepeat) => onOptionsChange({ ...options, allowRepeat })}
          disabled={sending}
        >
          Enviar também para quem já recebeu esta mensagem nos últimos 7 dias
        </OptionBox>
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
          {contactCount === 1 ? "contato" : "contatos"}: {listEstimateText(contactCount, delay, limits, now)}.
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

/**
 * One of the panel's text boxes (the page's state holds its text, so it is not a conform field): its
 * label, the box, and what is said under it (children, the ids in `describedBy`).
 */
function BoxField({
  id,
  label,
  onValueChange,
  describedBy,
  mono = false,
  className,
  children,
  ...box
}: {
  id: string;
  label: string;
  onValueChange: (value: string) => void;
  describedBy: string;
  mono?: boolean;
  className?: string;
  children: ReactNode;
} & Pick<ComponentProps<"textarea">, "value" | "rows" | "maxLength" | "placeholder">) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        onChange={(e) => onValueChange(e.target.value)}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 ${mono ? "font-mono " : ""}text-sm focus:border-brand-500`}
        {...box}
      />
      {children}
    </div>
  );
}

/** A send option's checkbox, locked while a job runs. */
function OptionBox({
  checked,
  onCheckedChange,
  disabled,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        disabled={disabled}
        className="mt-0.5 size-4 accent-emerald-700"
      />
      <span>{children}</span>
    </label>
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
