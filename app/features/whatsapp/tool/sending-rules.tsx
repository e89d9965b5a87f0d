import { clockFormat, formatInstant } from "~/features/whatsapp/sao-paulo-time";
import type { ChatQuota, HelperLimits, SendWindow } from "~/features/whatsapp/tool/mirror-types";

/**
 * What the helper allows today: the cap in force (the lowest of ours, WhatsApp's and a new
 * number's warm-up), how many went today, and the sending window, in São Paulo time.
 */
export function SendingRules({
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
