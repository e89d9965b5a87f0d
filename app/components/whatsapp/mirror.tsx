import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { parseContacts } from "whatsapp-helper/contacts";

import type { ConnectionLost } from "~/lib/offline-submit";
import { toast } from "~/lib/toast";
import { CONNECT_CHECK_DELAY_MS, CONTACTS_MAX, isValidOperatorName } from "~/lib/whatsapp";
import { mirrorCounts, reduceHelperEvent } from "~/lib/whatsapp-mirror";

import { ConnectCard, ConnectedCards, type HelperDownloads, ServerPanel } from "./connection-panels";
import { StatusPill } from "./mirror-parts";
import { type SendLogPage, SendLogTable } from "./send-log-table";
import { SendPanel } from "./send-panel";
import { StatusTable } from "./status-table";
import { type HelperEventHandler, useHelperSocket } from "./use-helper-socket";
import { useMirrorState } from "./use-mirror-state";
import { useSendLog } from "./use-send-log";

type Props = {
  productName: string;
  helper: { url: string; token: string; expiresAt: string };
  downloads: HelperDownloads;
  log: SendLogPage;
  /** 'Sair'/'Desconectar' was sent while the connection dropped (lib/offline-submit): the page stays, with this toast. */
  connectionLost?: ConnectionLost | null;
};

const OPERATOR_STORAGE_KEY = "whatsapp-operador";
const DEFAULT_DELAY = { minMs: 30_000, maxMs: 60_000 };

/**
 * The mirroring page of the WhatsApp tool: connect to the local helper, scan the QR, paste
 * contacts and a message, send in bulk and follow each result. Needs JavaScript; without it the
 * page says so and still offers the start scripts and the stored 'Registro de Envios'.
 */
export function MirrorPage({ productName, helper, downloads, log, connectionLost }: Props) {
  const { state, stateRef, set, dispatch } = useMirrorState();
  const [operatorName, setOperatorName] = useState("");
  const operatorRef = useRef(operatorName);
  operatorRef.current = operatorName;
  const [contactsText, setContactsText] = useState("");
  const [message, setMessage] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const revalidator = useRevalidator();
  const waitingForToken = useRef(false);

  const record = useSendLog({
    onUnauthorized: () =>
      toast({
        title: "Sessão expirada",
        description: "Entre novamente com a senha de acesso para continuar registrando os envios.",
        variant: "destructive",
      }),
  });

  // What each event means is decided in lib/whatsapp-mirror; here it is only carried out.
  const onEvent: HelperEventHandler = useCallback(
    (event) => {
      const outcome = reduceHelperEvent(stateRef.current, event, operatorRef.current);
      set(outcome.state);
      for (const row of outcome.logRows) record(row);
      for (const shown of outcome.toasts) toast(shown);
      if (outcome.refreshToken) {
        waitingForToken.current = true;
        revalidator.revalidate();
      }
    },
    [stateRef, set, record, revalidator],
  );

  const socketRef = useHelperSocket(helper.url, helper.token, onEvent);

  // One toast per failed send (each failed send is a new answer object).
  useEffect(() => {
    if (connectionLost) toast(connectionLost.connectionLost);
  }, [connectionLost]);

  // Still not connected 2 s after the page opened: tell the operator to check that the helper runs.
  useEffect(() => {
    dispatch({ type: "socket-connecting" });
    const timer = setTimeout(() => dispatch({ type: "connect-timeout" }), CONNECT_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dispatch]);

  // A fresh token arrived after an 'invalid-token' refusal: try again with it.
  useEffect(() => {
    if (!waitingForToken.current) return;
    waitingForToken.current = false;
    socketRef.current?.connect();
  }, [helper.token, socketRef]);

  // The operator name is remembered on this computer.
  useEffect(() => {
    const saved = window.localStorage.getItem(OPERATOR_STORAGE_KEY);
    if (saved) setOperatorName(saved);
  }, []);
  const changeOperatorName = (value: string) => {
    setOperatorName(value);
    try {
      window.localStorage.setItem(OPERATOR_STORAGE_KEY, value);
    } catch {
      // storage full or blocked: the name just is not remembered
    }
  };

  // The expected finish time is relative ("em cerca de 20 min"): refresh it while a job runs.
  useEffect(() => {
    if (!state.sending) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [state.sending]);

  const contacts = useMemo(() => parseContacts(contactsText), [contactsText]);
  const nameValid = isValidOperatorName(operatorName);

  const retry = () => {
    const socket = socketRef.current;
    if (!socket) {
      toast({ title: "Erro de conexão", description: "Socket não inicializado", variant: "destructive" });
      return;
    }
    dispatch({ type: "socket-connecting" });
    socket.connect();
  };

  const startMirroring = () => {
    if (operatorName.trim() === "" || !nameValid) {
      toast({
        title: "Nome do operador necessário",
        description: "Por favor, informe o nome do operador",
        variant: "destructive",
      });
      return;
    }
    const socket = socketRef.current;
    if (!socket) {
      toast({ title: "Erro de conexão", description: "Socket não inicializado", variant: "destructive" });
      return;
    }
    const init = () => {
      dispatch({ type: "init" });
      socket.emit("init-whatsapp", { operatorName: operatorName.trim() });
      toast({ title: "Iniciando espelhamento", description: "Aguarde o QR code para escanear com o celular." });
    };
    if (socket.connected) return init();
    toast({ title: "Servidor não conectado", description: "Tentando reconectar ao servidor..." });
    socket.connect();
    setTimeout(() => {
      if (socket.connected) init();
      else
        dispatch({
          type: "init-failed",
          message: "Não foi possível reconectar ao servidor. Verifique se o servidor está rodando.",
        });
    }, CONNECT_CHECK_DELAY_MS);
  };

  const startSending = () => {
    if (!state.isAuthenticated) {
      // The same words as the helper's refusal (bulkStatusToast): one situation, one message.
      toast({
        title: "WhatsApp não autenticado",
        description: "Você precisa escanear o QR code primeiro",
        variant: "destructive",
      });
      return;
    }
    if (!nameValid) {
      toast({
        title: "Nome do operador necessário",
        description: "Por favor, informe o nome do operador",
        variant: "destructive",
      });
      return;
    }
    if (message.trim() === "") {
      toast({ title: "Mensagem necessária", description: "Por favor, informe a mensagem a ser enviada", variant: "destructive" });
      return;
    }
    if (contacts.length === 0) {
      toast({ title: "Nenhum contato válido", description: "Por favor, verifique a lista de contatos", variant: "destructive" });
      return;
    }
    if (contacts.length > CONTACTS_MAX) {
      toast({
        title: "Lista muito grande",
        description: `No máximo ${CONTACTS_MAX} contatos por envio.`,
        variant: "destructive",
      });
      return;
    }
    const socket = socketRef.current;
    if (!socket || !socket.connected) {
      toast({ title: "Erro de conexão", description: "Socket não inicializado", variant: "destructive" });
      return;
    }
    dispatch({ type: "start-bulk", contacts });
    socket.emit("send-bulk-messages", { contacts, messageTemplate: message, operatorName: operatorName.trim() });
    toast({
      title: "Iniciando envio em massa",
      description: `Enviando para ${contacts.length} ${contacts.length === 1 ? "contato" : "contatos"}`,
    });
  };

  const clearAll = () => {
    const socket = socketRef.current;
    if (state.sending && socket?.connected) socket.emit("cancel-bulk", state.jobId ? { jobId: state.jobId } : {});
    setContactsText("");
    setMessage("");
    dispatch({ type: "clear" });
  };

  const resumeNow = () => socketRef.current?.emit("resume-bulk", state.jobId ? { jobId: state.jobId } : {});

  const onDisconnect = () => {
    toast({ title: "Encerrando sessão" });
    const socket = socketRef.current;
    if (socket?.connected) {
      if (stateRef.current.sending) socket.emit("cancel-bulk", {});
      socket.emit("logout-whatsapp");
    }
    // The form then posts: the operator session ends and the gate shows again.
  };

  // 'Sair' is in the WhatsApp tool's header (components/layout/area-header.tsx): it logs WhatsApp out here too.
  const onDisconnectRef = useRef(onDisconnect);
  onDisconnectRef.current = onDisconnect;
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.hasAttribute("data-operator-logout")) onDisconnectRef.current();
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  const counts = mirrorCounts(state);
  const delay = state.limits ? { minMs: state.limits.minDelayMs, maxMs: state.limits.maxDelayMs } : DEFAULT_DELAY;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10" data-testid="whatsapp-mirror">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Espelhamento WhatsApp {productName}</h1>
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
              badText="WhatsApp não conectado"
              testId="whatsapp-status"
            />
          </p>
        </div>
      </header>

      <noscript>
        <div className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="no-js-notice">
          <p className="font-semibold">O espelhamento precisa do JavaScript ativado.</p>
          <p className="mt-1 text-sm">
            Ative o JavaScript no navegador para conectar o WhatsApp e enviar mensagens. Você ainda pode baixar o ajudante:{" "}
            <a className="underline" href={downloads.windows}>
              script para Windows (.bat)
            </a>{" "}
            ou{" "}
            <a className="underline" href={downloads.unix}>
              script para Mac/Linux (.sh)
            </a>
            .
          </p>
        </div>
      </noscript>

      {state.pollBanner ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Não foi possível conectar ao servidor. Verifique se o servidor foi iniciado corretamente.
        </p>
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

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {state.isAuthenticated ? (
          <ConnectedCards
            account={state.account}
            operatorName={operatorName}
            onOperatorNameChange={changeOperatorName}
            onDisconnect={onDisconnect}
          />
        ) : (
          <ConnectCard
            state={state}
            operatorName={operatorName}
            onOperatorNameChange={changeOperatorName}
            nameValid={nameValid}
            onStart={startMirroring}
          />
        )}
        <SendPanel
          contactsText={contactsText}
          onContactsTextChange={setContactsText}
          contactCount={contacts.length}
          message={message}
          onMessageChange={setMessage}
          sending={state.sending}
          canSend={operatorName.trim() !== ""}
          limits={state.limits}
          delay={delay}
          progress={state.progress}
          now={now}
          onClear={clearAll}
          onSend={startSending}
          onResume={resumeNow}
        />
      </div>

      <StatusTable contacts={state.contacts} counts={counts} />
      <SendLogTable log={log} />
    </section>
  );
}
