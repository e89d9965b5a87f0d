import { CheckCircle2, Laptop, Loader2, LogOut, QrCode, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import type { MirrorState } from "~/features/whatsapp/tool/mirror-types";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";

import { Card, OperatorNameField } from "./mirror-parts";
import { QrArea } from "./qr-area";

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
              <Button
                onClick={() => {
                  setConfirming(false);
                  onDisconnect();
                }}
                variant="danger"
                size="sm"
              >
                Cancelar o envio e desconectar
              </Button>
              <Button ref={keepSending} onClick={() => setConfirming(false)} variant="neutral" size="sm">
                Continuar enviando
              </Button>
            </div>
          </Alert>
        ) : null}
        <Button
          onClick={() => (jobRunning ? setConfirming(true) : onDisconnect())}
          disabled={disconnecting}
          aria-disabled={disconnecting || undefined}
          variant="danger-outline"
          size="md"
          className="mt-4"
        >
          {disconnecting ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <LogOut aria-hidden="true" className="size-4" />
          )}
          {disconnecting ? "Desconectando..." : "Desconectar"}
        </Button>
        <p className="mt-2 text-xs text-slate-500">
          Desconectar desvincula o WhatsApp deste computador. Para só sair da ferramenta e manter o WhatsApp conectado, use “Sair”
          no topo da página.
        </p>
      </Card>
    </div>
  );
}
