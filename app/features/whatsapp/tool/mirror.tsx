import { useEffect, useMemo, useRef, useState } from "react";
import { parseContactLines } from "whatsapp-helper/contacts";

import { mirrorCounts } from "~/features/whatsapp/tool/helper-events";
import { bulkSendRefusal, OPERATOR_NAME_NEEDED } from "~/features/whatsapp/tool/send-checks";
import { isValidOperatorName } from "~/features/whatsapp/tool/tool";
import { toast } from "~/shared/toast";
import { Alert } from "~/ui/alert";
import { useActionAnswer } from "~/ui/forms";

import { HandoffNote, type HandoffOnPage } from "../handoff/handoff-note";
import { ConnectCard, ConnectedCards, type HelperDownloads } from "./connection-panels";
import { MirrorHeader } from "./mirror-header";
import { SafetyRules } from "./safety-rules";
import { type SendLogPage, SendLogTable } from "./send-log-table";
import { SendPanel } from "./send-panel";
import { ServerPanel } from "./server-panels";
import { StatusTable } from "./status-table";
import { useHelperConnection } from "./use-helper-connection";
import { useOperatorName } from "./use-operator-name";

type Props = {
  productName: string;
  /** The helper's address, and where the page verifies what answers there (decision 070). */
  helper: { url: string; verifyPath: string };
  downloads: HelperDownloads;
  log: SendLogPage;
  /** A contact list handed off from the leads panel (?lista=), or why it did not open; null without one. */
  handoff?: HandoffOnPage | null;
  /** The page's last post: when 'Sair'/'Desconectar' lost its connection (lib/offline-submit), the page stays, with a toast. */
  actionData?: unknown;
  /** Replies nobody read yet (the header links to /whatsapp/respostas, decision 071). */
  unreadReplies?: number;
};

const DEFAULT_DELAY = { minMs: 30_000, maxMs: 60_000 };

/**
 * The mirroring page of the WhatsApp tool: connect to the local helper, scan the QR, paste
 * contacts and a message, send in bulk and follow each result. Needs JavaScript; without it the
 * page says so and still offers the start scripts and the stored 'Registro de Envios'.
 */
export function MirrorPage({ productName, helper, downloads, log, handoff = null, actionData, unreadReplies = 0 }: Props) {
  const { operatorName, operatorRef, changeOperatorName } = useOperatorName();
  const { state, dispatch, socketRef, retry, startMirroring, disconnectWhatsApp, cancelJob, resumeJob } = useHelperConnection(
    helper,
    operatorRef,
  );
  // A hand-off list arrives already pasted, in the server's HTML too.
  const [contactsText, setContactsText] = useState(handoff?.ok ? handoff.text : "");
  const listId = handoff?.ok ? handoff.id : null;
  const listIdRef = useRef(listId);
  const listText = handoff?.ok ? handoff.text : null;
  useEffect(() => {
    // Another list opened on this page (a client navigation): its lines replace the box's. The last
    // list stays the page's while it is open elsewhere (log paging), so its sends keep their leads.
    if (listId === null || listIdRef.current === listId) return;
    listIdRef.current = listId;
    if (listText !== null) setContactsText(listText);
  }, [listId, listText]);
  const [message, setMessage] = useState("");
  const [optOutFooter, setOptOutFooter] = useState(true);
  const [allowRepeat, setAllowRepeat] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // One toast per failed send (each failed send is a new answer object).
  const { lost } = useActionAnswer(actionData);
  useEffect(() => {
    if (lost) toast(lost);
  }, [lost]);

  // The expected finish time ("em cerca de 20 min"), São Paulo's clock and a restriction's end
  // move with time: refresh them, often while a job runs.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), state.sending ? 15_000 : 60_000);
    return () => clearInterval(timer);
  }, [state.sending]);

  const { contacts, dropped } = useMemo(() => parseContactLines(contactsText), [contactsText]);
  const nameValid = isValidOperatorName(operatorName);

  const startWithName = () => {
    if (operatorName.trim() === "" || !nameValid) return void toast(OPERATOR_NAME_NEEDED);
    startMirroring();
  };

  const startSending = () => {
    const socket = socketRef.current;
    const refusal = bulkSendRefusal({
      state,
      nameValid,
      message,
      contactCount: contacts.length,
      socketOpen: socket?.connected === true,
    });
    if (refusal) return void toast(refusal);
    if (!socket) return;
    dispatch({ type: "start-bulk", contacts });
    socket.emit("send-bulk-messages", {
      contacts,
      messageTemplate: message,
      operatorName: operatorName.trim(),
      optOutFooter,
      allowRepeat,
      // A hand-off list (?lista=): the helper sends its id with each row, the site links the send to the lead.
      ...(listIdRef.current ? { lista: listIdRef.current } : {}),
    });
    toast({
      title: "Iniciando envio em massa",
      description: `Enviando para ${contacts.length} ${contacts.length === 1 ? "contato" : "contatos"}`,
    });
  };

  const clearAll = () => {
    cancelJob();
    setContactsText("");
    setMessage("");
    dispatch({ type: "clear" });
  };

  const counts = mirrorCounts(state);
  const delay = state.limits ? { minMs: state.limits.minDelayMs, maxMs: state.limits.maxDelayMs } : DEFAULT_DELAY;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10" data-testid="whatsapp-mirror">
      <MirrorHeader productName={productName} state={state} unreadReplies={unreadReplies} downloads={downloads} />

      {state.pollBanner ? (
        <Alert role="alert" as="p" className="mt-6">
          Não foi possível conectar ao servidor. Verifique se o servidor foi iniciado corretamente.
        </Alert>
      ) : null}

      {state.panel ? (
        <ServerPanel
          kind={state.panel}
          attempts={state.attempts}
          downloads={downloads}
          onRetry={retry}
          retrying={state.socket === "connecting"}
        />
      ) : null}

      {handoff ? <HandoffNote handoff={handoff} /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {state.isAuthenticated ? (
          <ConnectedCards
            account={state.account}
            operatorName={operatorName}
            onOperatorNameChange={changeOperatorName}
            onDisconnect={() => disconnectWhatsApp()}
            disconnecting={state.disconnecting}
            jobRunning={state.sending}
          />
        ) : (
          <ConnectCard
            state={state}
            operatorName={operatorName}
            onOperatorNameChange={changeOperatorName}
            nameValid={nameValid}
            onStart={startWithName}
            onRelink={() => disconnectWhatsApp({ relink: true })}
          />
        )}
        <SendPanel
          contactsText={contactsText}
          onContactsTextChange={setContactsText}
          contactCount={contacts.length}
          dropped={dropped}
          message={message}
          onMessageChange={setMessage}
          sending={state.sending}
          canSend={operatorName.trim() !== ""}
          limits={state.limits}
          window={state.window}
          options={{ optOutFooter, allowRepeat }}
          onOptionsChange={(options) => {
            setOptOutFooter(options.optOutFooter);
            setAllowRepeat(options.allowRepeat);
          }}
          footerText={state.optOutFooter}
          delay={delay}
          progress={state.progress}
          now={now}
          onClear={clearAll}
          onSend={startSending}
          onResume={resumeJob}
        />
      </div>

      <SafetyRules />
      <StatusTable contacts={state.contacts} counts={counts} />
      <SendLogTable log={log} />
    </section>
  );
}
