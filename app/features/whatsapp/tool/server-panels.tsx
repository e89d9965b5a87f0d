import { Download, Lock, RefreshCw, ServerCrash, ShieldAlert } from "lucide-react";

import type { PanelKind } from "~/features/whatsapp/tool/mirror-types";
import {
  HELPER_IMPOSTOR_TEXT,
  HELPER_KEY_REVOKED_TEXT,
  HELPER_NOT_YOURS_TEXT,
  HELPER_REFUSED_TEXT,
  HTTPS_REQUIRED_TEXT,
  PERMISSION_DENIED_TEXT,
} from "~/features/whatsapp/tool/tool";
import { Alert } from "~/ui/alert";
import { Button, buttonClass } from "~/ui/button";

import type { HelperDownloads } from "./connection-panels";

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
  "not-yours": { title: "Ajudante de outra pessoa", text: HELPER_NOT_YOURS_TEXT },
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
          Baixe o script de início do ajudante para o seu computador (os três exigem o Node.js, disponível em{" "}
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
        {[
          { href: downloads.windows, label: "Baixar para Windows (.bat)" },
          { href: downloads.mac, label: "Baixar para Mac (.zip)" },
          { href: downloads.unix, label: "Baixar para Linux (.sh)" },
        ].map((link) => (
          <a
            key={link.href}
            href={link.href}
            download
            className={buttonClass({ variant: "neutral", size: "md", className: "shadow-sm" })}
          >
            <Download aria-hidden="true" className="size-4" /> {link.label}
          </a>
        ))}
        <Button type="button" onClick={onRetry} disabled={retrying} variant="danger" size="md">
          <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? "animate-spin" : ""}`} /> Tentar novamente
        </Button>
      </div>
    </Alert>
  );
}
