import { helperLinkSentence } from "~/features/whatsapp/tool/job-state";
import type { MirrorState } from "~/features/whatsapp/tool/mirror-types";
import { Alert } from "~/ui/alert";
import { textLink } from "~/ui/text-link";
import { Title } from "~/ui/title";

import type { HelperDownloads } from "./connection-panels";
import { StatusPill } from "./mirror-parts";

/**
 * The top of the mirroring page: its title, the server's and WhatsApp's state, what the page knows
 * of the helper, the link to 'Respostas', and, without JavaScript, why the page cannot work and
 * where the start scripts are.
 */
export function MirrorHeader({
  productName,
  state,
  unreadReplies,
  downloads,
}: {
  productName: string;
  state: Pick<MirrorState, "socket" | "isAuthenticated" | "lostHelper">;
  unreadReplies: number;
  downloads: HelperDownloads;
}) {
  const helperLink = helperLinkSentence(state.lostHelper);
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Title size="area">Espelhamento WhatsApp {productName}</Title>
          <p className="mt-1 flex flex-wrap gap-2 text-sm" aria-live="polite">
            <StatusPill
              ok={state.socket === "connected"}
              okText="Servidor conectado"
              badText="Servidor desconectado"
              testId="server-status"
            />
            <StatusPill
              ok={state.isAuthenticated}
              okText="WhatsApp conectado"
              // without the helper the page cannot know WhatsApp's state: it does not claim one
              badText={state.lostHelper ? "WhatsApp: sem notícias do ajudante" : "WhatsApp não conectado"}
              testId="whatsapp-status"
            />
          </p>
          {helperLink ? (
            <p role="status" className="mt-2 text-sm text-amber-900" data-testid="helper-link">
              {helperLink}
            </p>
          ) : null}
        </div>
        <a href="/whatsapp/respostas" className={textLink("text-sm")} data-testid="replies-link">
          Respostas ({unreadReplies} {unreadReplies === 1 ? "não lida" : "não lidas"})
        </a>
      </header>

      <noscript>
        <Alert tone="warning" size="md" className="mt-6" data-testid="no-js-notice">
          <p className="font-semibold">O espelhamento precisa do JavaScript ativado.</p>
          <p className="mt-1 text-sm">
            Ative o JavaScript no navegador para conectar o WhatsApp e enviar mensagens. Você ainda pode baixar o ajudante:{" "}
            <a className="underline" href={downloads.windows}>
              script para Windows (.bat)
            </a>
            ,{" "}
            <a className="underline" href={downloads.mac}>
              script para Mac (.zip)
            </a>{" "}
            ou{" "}
            <a className="underline" href={downloads.unix}>
              script para Linux (.sh)
            </a>
            .
          </p>
        </Alert>
      </noscript>
    </>
  );
}
