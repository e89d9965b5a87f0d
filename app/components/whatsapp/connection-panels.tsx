import {
  CheckCircle2,
  Download,
  Laptop,
  Loader2,
  LogOut,
  QrCode,
  RefreshCw,
  ServerCrash,
  ShieldAlert,
  Smartphone,
} from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { HELPER_REFUSED_TEXT, LOGOUT_INTENT, WHATSAPP_PATH } from "~/lib/whatsapp";
import type { MirrorState, PanelKind } from "~/lib/whatsapp-mirror";

import { Card, OperatorNameField } from "./mirror-parts";

export type HelperDownloads = { windows: string; unix: string; package: string };

type OperatorProps = { operatorName: string; onOperatorNameChange: (value: string) => void };

/** Before WhatsApp is linked: the operator's name, the QR code and 'Iniciar Espelhamento'. */
export function ConnectCard({
  state,
  operatorName,
  onOperatorNameChange,
  nameValid,
  onStart,
}: OperatorProps & { state: MirrorState; nameValid: boolean; onStart: () => void }) {
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
        <QrArea state={state} />
        <button
          type="submit"
          disabled={!nameValid || state.isConnecting}
          className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Smartphone aria-hidden="true" className="size-4" /> Iniciar Espelhamento
        </button>
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

/** WhatsApp is linked: the account, the operator's name and 'Desconectar'. */
export function ConnectedCards({
  account,
  operatorName,
  onOperatorNameChange,
  onDisconnect,
}: OperatorProps & { account: string | null; onDisconnect: () => void }) {
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
        <Form method="post" action={WHATSAPP_PATH} className="mt-4">
          <input type="hidden" name="intent" value={LOGOUT_INTENT} />
          <button
            type="submit"
            onClick={onDisconnect}
            className="inline-flex items-center gap-2 rounded-md border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
          >
            <LogOut aria-hidden="true" className="size-4" /> Desconectar
          </button>
        </Form>
      </Card>
    </div>
  );
}

/** The four states of the QR area. */
function QrArea({ state }: { state: MirrorState }) {
  let content: ReactNode;
  let qrState: string;
  if (state.qrCode) {
    qrState = "qr";
    content = (
      <>
        <img src={state.qrCode} alt="QR code para conectar o WhatsApp" width={224} height={224} className="size-56" />
        <p className="mt-2 text-sm text-slate-600">Escaneie com o WhatsApp do celular.</p>
      </>
    );
  } else if (state.isConnecting) {
    qrState = "connecting";
    content = (
      <p className="flex items-center gap-2 text-slate-700">
        <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Conectando...
      </p>
    );
  } else if (state.error) {
    qrState = "error";
    content = (
      <div className="text-center">
        <p className="font-semibold text-red-700">Erro de conexão</p>
        <p className="mt-1 text-sm text-red-700">{state.error}</p>
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
      aria-live="polite"
      className="mt-4 flex min-h-64 flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 p-4"
    >
      {content}
    </div>
  );
}

/** The helper does not answer, or refused this page: how to (re)start it, the scripts and 'Tentar novamente'. */
export function ServerPanel({
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
    <div
      role="alert"
      data-testid="server-panel"
      data-kind={kind}
      className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-950"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {kind === "refused" ? (
          <ShieldAlert aria-hidden="true" className="size-5" />
        ) : (
          <ServerCrash aria-hidden="true" className="size-5" />
        )}
        {kind === "refused" ? "Falha na autenticação" : "Servidor não encontrado"}
      </h2>
      <p className="mt-1">
        {kind === "refused" ? HELPER_REFUSED_TEXT : "Erro de conexão com o servidor"}
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
          <strong>Windows:</strong> dê dois cliques no arquivo <code>.bat</code>. <strong>Mac/Linux:</strong> no Terminal, rode{" "}
          <code>sh iniciar-whatsapp-helper.sh</code> na pasta onde o arquivo foi salvo.
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
          href={downloads.unix}
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="size-4" /> Baixar para Mac/Linux (.sh)
        </a>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? "animate-spin" : ""}`} /> Tentar novamente
        </button>
      </div>
    </div>
  );
}
