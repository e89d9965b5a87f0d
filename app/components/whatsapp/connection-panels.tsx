import {
  CheckCircle2,
  Circle,
  Download,
  Laptop,
  Loader2,
  Lock,
  LogOut,
  QrCode,
  RefreshCw,
  ServerCrash,
  ShieldAlert,
  Smartphone,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  HELPER_IMPOSTOR_TEXT,
  HELPER_KEY_REVOKED_TEXT,
  HELPER_REFUSED_TEXT,
  HTTPS_REQUIRED_TEXT,
  PERMISSION_DENIED_TEXT,
  WHATSAPP_DISCONNECTED_TITLE,
} from "~/lib/whatsapp";
import { type ConnectionStep, connectionSteps, type MirrorState, type PanelKind, type ProblemCause } from "~/lib/whatsapp-mirror";

import { Card, OperatorNameField } from "./mirror-parts";

export type HelperDownloads = { windows: string; mac: string; unix: string; package: string };

type OperatorProps = { operatorName: string; onOperatorNameChange: (value: string) => void };

/** Before WhatsApp is linked: the operator's name, the QR code and 'Iniciar Espelhamento'. */
export function ConnectCard({
  state,
  operatorName,
  onOperatorNameChange,
  nameValid,
  onStart,
  onRelink,
}: OperatorProps & { state: MirrorState; nameValid: boolean; onStart: () => void; onRelink: () => void }) {
  return (
    <Card
      title="Espelhe seu WhatsApp"
      icon={<QrCode aria-hidden="true" className="size-5 text-slate-500" />}
      testId="connect-card"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onStart();
        }}
      >
        <OperatorNameField value={operatorName} onChange={onOperatorNameChange} id="operador" />
        <QrArea state={state} onRelink={onRelink} />
        <Button type="submit" disabled={!nameValid || state.isConnecting} variant="success" size="lg" full className="mt-4">
          <Smartphone aria-hidden="true" className="size-4" /> Iniciar Espelhamento
        </Button>
      </form>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-600">
        <li>Mantenha o ajudante do WhatsApp aberto neste computador enquanto usar a ferramenta.</li>
        <li>No celular: WhatsApp → Aparelhos conectados → Conectar um aparelho, e aponte a câmera para o QR code.</li>
        <li>
          O Chrome pode perguntar se este site pode acessar dispositivos da sua rede local: clique em <strong>Permitir</strong>. É
          assim que a página conversa com o ajudante no seu computador.
        </li>
      </ul>
    </Card>
  );
}

/**
 * WhatsApp is linked: the account, the operator's name and 'Desconectar', which unlinks WhatsApp
 * from this computer. While a job runs it first asks, since unlinking cancels the job.
 */
export function ConnectedCards({
  account,
  operatorName,
  onOperatorNameChange,
  onDisconnect,
  disconnecting,
  jobRunning,
}: OperatorProps & { account: string | null; onDisconnect: () => void; disconnecting: boolean; jobRunning: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const keepSending = useRef<HTMLButtonElement>(null);
  // The question takes the focus, on its safe answer (keep sending).
  useEffect(() => {
    if (confirming) keepSending.current?.focus();
  }, [confirming]);
  return (
    <div className="space-y-6">
      <Card
        title="WhatsApp Conectado"
        icon={<CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />}
        testId="connected-card"
      >
        <p className="text-slate-700">
          Seu WhatsApp está espelhado{account ? ` (número ${account})` : ""}. Você já pode enviar mensagens.
        </p>
      </Card>
      <Card title="Operador" icon={<Laptop aria-hidden="true" className="size-5 text-slate-500" />}>
        <OperatorNameField value={operatorName} onChange={onOperatorNameChange} id="operador-conectado" />
        {confirming && jobRunning && !disconnecting ? (
          <Alert
            role="alertdialog"
            aria-labelledby="confirmar-desconexao-titulo"
            aria-describedby="confirmar-desconexao-texto"
            data-testid="disconnect-confirm"
            className="mt-4"
          >
            <p id="confirmar-desconexao-titulo" className="font-semibold">
              Há um envio em andamento.
            </p>
            <p id="confirmar-desconexao-texto" className="mt-1">
              Desconectar cancela o envio (as mensagens que faltam não serão enviadas) e desvincula o WhatsApp deste computador.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => {
                  setConfirming(false);
                  onDisconnect();
                }}
                className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
              >
                Cancelar o envio e desconectar
              </button>
              <button
                type="button"
                ref={keepSending}
                onClick={() => setConfirming(false)}
                className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
              >
                Continuar enviando
              </button>
            </div>
          </Alert>
        ) : null}
        <button
          type="button"
          onClick={() => (jobRunning ? setConfirming(true) : onDisconnect())}
          disabled={disconnecting}
          aria-disabled={disconnecting || undefined}
          className="mt-4 inline-flex items-center gap-2 rounded-md border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {disconnecting ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <LogOut aria-hidden="true" className="size-4" />
          )}
          {disconnecting ? "Desconectando..." : "Desconectar"}
        </button>
        <p className="mt-2 text-xs text-slate-500">
          Desconectar desvincula o WhatsApp deste computador. Para só sair da ferramenta e manter o WhatsApp conectado, use “Sair”
          no topo da página.
        </p>
      </Card>
    </div>
  );
}

/** The title of the QR area's message for each failure cause. */
const CAUSE_TITLE: Record<ProblemCause, string> = {
  "not-running": "Erro de conexão",
  "permission-denied": "Acesso à rede local bloqueado",
  "https-required": "O site precisa de https",
  "token-refused": "Erro de conexão",
  impostor: "Outro programa na porta do ajudante",
  "revoked-key": "Chave do ajudante revogada",
  disconnected: "Erro de conexão",
  "whatsapp-unreachable": WHATSAPP_DISCONNECTED_TITLE,
  "session-invalid": "Sessão do WhatsApp inválida",
  "auth-failure": "Falha na autenticação",
  failed: "Erro de conexão",
};

/** The four states of the QR area; a failure shows one message for its cause until something changes. */
function QrArea({ state, onRelink }: { state: MirrorState; onRelink: () => void }) {
  let content: ReactNode;
  let qrState: string;
  if (state.qrCode) {
    qrState = "qr";
    content = (
      <>
        <img src={state.qrCode} alt="QR code para conectar o WhatsApp" width={224} height={224} className="size-56" />
        <p className="mt-2 text-sm text-slate-600">Escaneie com o WhatsApp do celular.</p>
        <ConnectionSteps steps={connectionSteps(state)} />
      </>
    );
  } else if (state.isConnecting) {
    qrState = "connecting";
    content = (
      <>
        <p className="flex items-center gap-2 text-slate-700">
          <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Conectando...
        </p>
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

/**
 * The panel above the cards: Chrome blocks the page (permission denied, or a plain-http site), or
 * the helper does not answer, or refused this page (how to (re)start it, the scripts).
 */
export function ServerPanel(props: {
  kind: PanelKind;
  attempts: number;
  downloads: HelperDownloads;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (props.kind === "permission-denied") return <PermissionPanel />;
  if (props.kind === "https-required") return <HttpsPanel />;
  return <HelperPanel {...props} />;
}

/**
 * Chrome's 'Acesso à rede local' permission is denied for this site. Downloading the script again
 * cannot help: the permission is given back in the site's settings, then the page is reloaded.
 */
function PermissionPanel() {
  return (
    <Alert role="alert" data-testid="permission-panel" tone="warning" size="lg" className="mt-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Lock aria-hidden="true" className="size-5" /> Permita o acesso à rede local
      </h2>
      <p className="mt-1">{PERMISSION_DENIED_TEXT}</p>
      <p className="mt-1 text-sm">
        O ajudante pode estar funcionando normalmente: não é preciso baixar o script de novo. Libere o acesso assim:
      </p>
      <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm">
        <li>Clique no cadeado (ou no ícone de configurações) ao lado do endereço do site, na barra de endereços do Chrome.</li>
        <li>
          Clique em <strong>Configurações do site</strong>.
        </li>
        <li>
          Em <strong>Acesso à rede local</strong>, escolha <strong>Permitir</strong>.
        </li>
        <li>Volte a esta página e recarregue-a (tecla F5), depois clique em “Iniciar Espelhamento”.</li>
      </ol>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-4 inline-flex items-center gap-2 rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800"
      >
        <RefreshCw aria-hidden="true" className="size-4" /> Recarregar a página
      </button>
    </Alert>
  );
}

/** The site is served over plain http from another computer: only the site's administrator can fix it. */
function HttpsPanel() {
  return (
    <Alert role="alert" data-testid="https-panel" size="lg" className="mt-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldAlert aria-hidden="true" className="size-5" /> O site precisa de https
      </h2>
      <p className="mt-1">{HTTPS_REQUIRED_TEXT}</p>
      <p className="mt-2 text-sm">
        Abra a ferramenta pelo endereço com <strong>https://</strong>. Se o site não tiver https, peça ao responsável pelo site
        que o configure: baixar o script de novo não resolve.
      </p>
    </Alert>
  );
}

/** The helper panel's title and sentence per kind (the browser's own blocks have panels of their own). */
const HELPER_PANEL_TEXT: Partial<Record<PanelKind, { title: string; text: string }>> = {
  "not-found": { title: "Servidor não encontrado", text: "Erro de conexão com o servidor" },
  refused: { title: "Falha na autenticação", text: HELPER_REFUSED_TEXT },
  impostor: { title: "Outro programa na porta do ajudante", text: HELPER_IMPOSTOR_TEXT },
  revoked: { title: "Chave do ajudante revogada", text: HELPER_KEY_REVOKED_TEXT },
};

function HelperPanel({
  kind,
  attempts,
  downloads,
  onRetry,
  retrying,
}: {
  kind: PanelKind;
  attempts: number;
  downloads: HelperDownloads;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert role="alert" data-testid="server-panel" data-kind={kind} size="lg" className="mt-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {kind === "not-found" ? (
          <ServerCrash aria-hidden="true" className="size-5" />
        ) : (
          <ShieldAlert aria-hidden="true" className="size-5" />
        )}
        {HELPER_PANEL_TEXT[kind]?.title ?? "Servidor não encontrado"}
      </h2>
      <p className="mt-1">
        {HELPER_PANEL_TEXT[kind]?.text ?? "Erro de conexão com o servidor"}
        {attempts > 1 ? ` (${attempts} tentativas)` : ""}
      </p>
      <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm">
        <li>
          Baixe o script de início do ajudante para o seu computador (os dois exigem o Node.js, disponível em{" "}
          <a className="underline" href="https://nodejs.org" target="_blank" rel="noopener noreferrer">
            nodejs.org
          </a>
          ).
        </li>
        <li>
          <strong>Windows:</strong> dê dois cliques no arquivo <code>.bat</code>. <strong>Mac:</strong> abra o <code>.zip</code> e
          dê dois cliques em <code>iniciar-whatsapp-helper.command</code> (na primeira vez: botão direito → Abrir).{" "}
          <strong>Linux:</strong> no Terminal, rode <code>sh iniciar-whatsapp-helper.sh</code> na pasta onde o arquivo foi salvo.
        </li>
        <li>Deixe a janela do ajudante aberta. Se ele já estava aberto, feche-o e execute o script baixado agora.</li>
        <li>
          Se o Chrome perguntar se este site pode acessar dispositivos da rede local, clique em <strong>Permitir</strong>.
        </li>
        <li>Clique em “Tentar novamente”.</li>
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={downloads.windows}
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="size-4" /> Baixar para Windows (.bat)
        </a>
        <a
          href={downloads.mac}
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="size-4" /> Baixar para Mac (.zip)
        </a>
        <a
          href={downloads.unix}
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="size-4" /> Baixar para Linux (.sh)
        </a>
        <Button type="button" onClick={onRetry} disabled={retrying} variant="danger" size="md">
          <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? "animate-spin" : ""}`} /> Tentar novamente
        </Button>
      </div>
    </Alert>
  );
}
