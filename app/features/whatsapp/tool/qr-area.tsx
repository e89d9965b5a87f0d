import { CheckCircle2, Circle, Loader2, LogOut } from "lucide-react";
import type { ReactNode } from "react";

import { type ConnectionStep, connectionSteps } from "~/features/whatsapp/tool/helper-events";
import type { MirrorState, ProblemCause } from "~/features/whatsapp/tool/mirror-types";
import { WHATSAPP_DISCONNECTED_TITLE } from "~/features/whatsapp/tool/tool";
import { Button } from "~/ui/button";

/** The title of the QR area's message for each failure cause. */
const CAUSE_TITLE: Record<ProblemCause, string> = {
  "not-running": "Erro de conexão",
  "permission-denied": "Acesso à rede local bloqueado",
  "https-required": "O site precisa de https",
  "token-refused": "Erro de conexão",
  impostor: "Outro programa na porta do ajudante",
  "revoked-key": "Chave do ajudante revogada",
  "not-yours": "Ajudante de outra pessoa",
  disconnected: "Erro de conexão",
  "whatsapp-unreachable": WHATSAPP_DISCONNECTED_TITLE,
  "session-invalid": "Sessão do WhatsApp inválida",
  "auth-failure": "Falha na autenticação",
  failed: "Erro de conexão",
};

/** The four states of the QR area; a failure shows one message for its cause until something changes. */
export function QrArea({ state, onRelink }: { state: MirrorState; onRelink: () => void }) {
  let content: ReactNode;
  let qrState: string;
  if (state.qrCode || state.isConnecting) {
    // The QR code to scan, or the wait before it; under either, where linking stands.
    qrState = state.qrCode ? "qr" : "connecting";
    content = (
      <>
        {state.qrCode ? (
          <>
            <img src={state.qrCode} alt="QR code para conectar o WhatsApp" width={224} height={224} className="size-56" />
            <p className="mt-2 text-sm text-slate-600">Escaneie com o WhatsApp do celular.</p>
          </>
        ) : (
          <p className="flex items-center gap-2 text-slate-700">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Conectando...
          </p>
        )}
        <ConnectionSteps steps={connectionSteps(state)} />
      </>
    );
  } else if (state.error) {
    qrState = "error";
    content = (
      <div className="text-center">
        <p className="font-semibold text-red-700">{CAUSE_TITLE[state.cause ?? "failed"]}</p>
        <p className="mt-1 text-sm text-red-700">{state.error}</p>
        {state.cause === "session-invalid" && state.socket === "connected" ? (
          <Button
            type="button"
            onClick={onRelink}
            disabled={state.disconnecting}
            variant="danger-outline"
            size="sm"
            className="mt-3"
          >
            {state.disconnecting ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <LogOut aria-hidden="true" className="size-4" />
            )}
            {state.disconnecting ? "Desconectando..." : "Desconectar e escanear de novo"}
          </Button>
        ) : null}
      </div>
    );
  } else {
    qrState = "prompt";
    content = <p className="text-center text-slate-600">Clique no botão abaixo para iniciar</p>;
  }
  return (
    <div
      data-testid="qr-area"
      data-state={qrState}
      data-cause={qrState === "error" ? (state.cause ?? undefined) : undefined}
      aria-live="polite"
      className="mt-4 flex min-h-64 flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 p-4"
    >
      {content}
    </div>
  );
}

const STEP_STATE_TEXT: Record<ConnectionStep["state"], string> = {
  done: "concluído",
  current: "em andamento",
  todo: "a seguir",
};

/**
 * Where linking WhatsApp stands: 'Servidor conectado' stays ticked while the helper starts
 * WhatsApp and the QR code waits (its toast is replaced at once by 'Iniciando espelhamento').
 */
function ConnectionSteps({ steps }: { steps: ConnectionStep[] | null }) {
  if (!steps) return null;
  return (
    <ol aria-label="Etapas da conexão" data-testid="connection-steps" className="mt-3 space-y-1 text-sm">
      {steps.map((step) => (
        <li
          key={step.id}
          data-step={step.id}
          data-state={step.state}
          className={`flex items-center gap-2 ${step.state === "todo" ? "text-slate-500" : "text-slate-800"}`}
        >
          {step.state === "done" ? (
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
          ) : step.state === "current" ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin text-slate-600" />
          ) : (
            <Circle aria-hidden="true" className="size-4 text-slate-400" />
          )}
          {step.label}
          <span className="sr-only"> ({STEP_STATE_TEXT[step.state]})</span>
        </li>
      ))}
    </ol>
  );
}
