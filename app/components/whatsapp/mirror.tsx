import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { Socket } from "socket.io-client";
import { parseContactLines } from "whatsapp-helper/contacts";

import { useActionAnswer } from "~/components/forms";
import { Alert } from "~/components/ui/alert";
import { dismissToast, toast, type ToastMessage } from "~/lib/toast";
import { browserBlock, readLocalNetworkPermission } from "~/lib/whatsapp/connection";
import { helperLinkSentence } from "~/lib/whatsapp/job-state";
import { MIRROR_TOASTS, mirrorCounts, reduceHelperEvent } from "~/lib/whatsapp/mirror";
import { CONTACTS_MAX, isValidOperatorName } from "~/lib/whatsapp/tool";

import { ConnectCard, ConnectedCards, type HelperDownloads } from "./connection-panels";
import { HandoffNote, type HandoffOnPage } from "./handoff-note";
import { StatusPill } from "./mirror-parts";
import { SafetyRules } from "./safety-rules";
import { type SendLogPage, SendLogTable } from "./send-log-table";
import { SendPanel } from "./send-panel";
import { ServerPanel } from "./server-panels";
import { StatusTable } from "./status-table";
import { type HelperEventHandler, useHelperSocket } from "./use-helper-socket";
import { useMirrorState } from "./use-mirror-state";

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

const OPERATOR_STORAGE_KEY = "whatsapp-operador";
/** This tab's operator already asked to connect: after a reload the page reconnects by itself if Chrome allows it silently. */
const CONNECT_ASKED_KEY = "whatsapp-conectar";
const DEFAULT_DELAY = { minMs: 30_000, maxMs: 60_000 };

/**
 * The mirroring page of the WhatsApp tool: connect to the local helper, scan the QR, paste
 * contacts and a message, send in bulk and follow each result. Needs JavaScript; without it the
 * page says so and still offers the start scripts and the stored 'Registro de Envios'.
 */
export function MirrorPage({ productName, helper, downloads, log, handoff = null, actionData, unreadReplies = 0 }: Props) {
  const { state, stateRef, set, dispatch } = useMirrorState();
  const [operatorName, setOperatorName] = useState("");
  const operatorRef = useRef(operatorName);
  operatorRef.current = operatorName;
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
  const revalidator = useRevalidator();
  /** 'Iniciar Espelhamento' was clicked: ask the helper for WhatsApp once the socket connects. */
  const initWanted = useRef(false);
  /** 'Desconectar e escanear de novo': ask for a fresh QR code once the helper has logged out. */
  const relinkWanted = useRef(false);
  const socketRef = useRef<Socket | null>(null);
  /** The connection toasts shown, by title: an event that makes one untrue takes it away. */
  const shownToasts = useRef(new Map<string, number>());
  const showToast = useCallback((message: ToastMessage) => {
    shownToasts.current.set(message.title, toast(message));
  }, []);
  const retractToasts = useCallback((titles: readonly string[]) => {
    for (const title of titles) {
      const id = shownToasts.current.get(title);
      if (id === undefined) continue;
      shownToasts.current.delete(title);
      // Gone already (expired, closed, replaced) or still shown: either way it no longer shows.
      dismissToast(id);
    }
  }, []);

  /**
   * 'Registro de Envios' is written by the helper itself (decision 068): the page only shows it, and
   * reloads it shortly after results arrive (the helper posts each one as it happens).
   */
  const logRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const refreshLogSoon = useCallback(() => {
    if (logRefresh.current) clearTimeout(logRefresh.current);
    logRefresh.current = setTimeout(() => void revalidateRef.current(), 1_000);
  }, []);
  useEffect(
    () => () => {
      if (logRefresh.current) clearTimeout(logRefresh.current);
    },
    [],
  );

  const sendInit = useCallback(
    (socket: Socket) => {
      initWanted.current = false;
      socket.emit("init-whatsapp", { operatorName: operatorRef.current.trim() });
      showToast(MIRROR_TOASTS.starting);
    },
    [showToast],
  );

  /**
   * A failed attempt may be the browser's doing, not the helper's: Chrome's local network
   * permission denied, or a plain-http page on another computer's address. Then retrying cannot
   * help: the attempts stop and the page says what the operator can change.
   */
  const explainFailure = useCallback(async () => {
    const blocked = browserBlock(await readLocalNetworkPermission(), window.location, true);
    if (!blocked || stateRef.current.socket === "connected") return;
    socketRef.current?.disconnect();
    dispatch({ type: blocked });
  }, [dispatch, stateRef]);

  // What each event means is decided in lib/whatsapp-mirror; here it is only carried out.
  const onEvent: HelperEventHandler = useCallback(
    (event) => {
      const outcome = reduceHelperEvent(stateRef.current, event, operatorRef.current);
      set(outcome.state);
      if (outcome.logRows.length > 0) refreshLogSoon();
      retractToasts(outcome.retractToasts);
      for (const shown of outcome.toasts) showToast(shown);
      const socket = socketRef.current;
      if (event.name === "connect" && initWanted.current && socket) sendInit(socket);
      if (event.name === "connect_error" && outcome.state.cause !== "token-refused") void explainFailure();
      if (event.name === "whatsapp-logged-out" && relinkWanted.current && socket?.connected) {
        relinkWanted.current = false;
        dispatch({ type: "init" });
        sendInit(socket);
      }
    },
    [stateRef, set, refreshLogSoon, sendInit, explainFailure, dispatch, showToast, retractToasts],
  );

  const openSocket = useHelperSocket(helper.url, helper.verifyPath, onEvent, socketRef);

  /**
   * Connects to the helper, only ever after the operator's click (or, after a reload, when this
   * tab's operator had clicked and Chrome grants the access without asking). A denied permission
   * is said at once: the attempt could not succeed.
   */
  const connectToHelper = useCallback(async () => {
    const blocked = browserBlock(await readLocalNetworkPermission(), window.location, false);
    if (blocked) {
      dispatch({ type: blocked });
      return;
    }
    try {
      window.sessionStorage.setItem(CONNECT_ASKED_KEY, "1");
    } catch {
      // storage blocked: the page just does not reconnect by itself after a reload
    }
    dispatch({ type: "socket-connecting" });
    await openSocket();
  }, [dispatch, openSocket]);

  useEffect(() => {
    let asked = false;
    try {
      asked = window.sessionStorage.getItem(CONNECT_ASKED_KEY) === "1";
    } catch {
      // storage blocked: wait for the click
    }
    if (!asked) return;
    void readLocalNetworkPermission().then((permission) => {
      if (permission === "granted" || permission === "unsupported") void connectToHelper();
    });
  }, [connectToHelper]);

  // One toast per failed send (each failed send is a new answer object).
  const { lost } = useActionAnswer(actionData);
  useEffect(() => {
    if (lost) toast(lost);
  }, [lost]);

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

  // The expected finish time ("em cerca de 20 min"), São Paulo's clock and a restriction's end
  // move with time: refresh them, often while a job runs.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), state.sending ? 15_000 : 60_000);
    return () => clearInterval(timer);
  }, [state.sending]);

  const { contacts, dropped } = useMemo(() => parseContactLines(contactsText), [contactsText]);
  const nameValid = isValidOperatorName(operatorName);

  const retry = () => void connectToHelper();

  const startMirroring = () => {
    if (operatorName.trim() === "" || !nameValid) {
      toast({
        title: "Nome do operador necessário",
        description: "Por favor, informe o nome do operador",
        variant: "destructive",
      });
      return;
    }
    dispatch({ type: "init" });
    const socket = socketRef.current;
    if (socket?.connected) return sendInit(socket);
    // The helper is asked once the socket connects (onEvent); a failure shows in the QR area.
    initWanted.current = true;
    void connectToHelper();
  };

  const startSending = () => {
    const lost = helperLinkSentence(state.lostHelper);
    if (lost && state.socket !== "connected") {
      // The page lost the helper, not WhatsApp: "não autenticado" is said only when the helper says so.
      toast({ title: "Sem conexão com o ajudante", description: lost, variant: "destructive" });
      return;
    }
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
    const socket = socketRef.current;
    if (state.sending && socket?.connected) socket.emit("cancel-bulk", state.jobId ? { jobId: state.jobId } : {});
    setContactsText("");
    setMessage("");
    dispatch({ type: "clear" });
  };

  const resumeNow = () => socketRef.current?.emit("resume-bulk", state.jobId ? { jobId: state.jobId } : {});

  /**
   * 'Desconectar': unlinks WhatsApp from this computer (the helper logs out and forgets the
   * session), cancelling a running job; the operator stays on the page to scan again. 'Sair' in
   * the header only ends the operator's session here: WhatsApp stays linked and a job goes on.
   */
  const disconnectWhatsApp = ({ relink = false } = {}) => {
    const socket = socketRef.current;
    if (!socket?.connected) {
      toast({
        title: "Servidor não conectado",
        description: "Abra o ajudante e clique em Iniciar Espelhamento para desconectar o WhatsApp.",
        variant: "destructive",
      });
      return;
    }
    relinkWanted.current = relink;
    dispatch({ type: "logout-requested" });
    if (stateRef.current.sending) socket.emit("cancel-bulk", stateRef.current.jobId ? { jobId: stateRef.current.jobId } : {});
    socket.emit("logout-whatsapp");
  };

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
              // without the helper the page cannot know WhatsApp's state: it does not claim one
              badText={state.lostHelper ? "WhatsApp: sem notícias do ajudante" : "WhatsApp não conectado"}
              testId="whatsapp-status"
            />
          </p>
          {helperLinkSentence(state.lostHelper) ? (
            <p role="status" className="mt-2 text-sm text-amber-900" data-testid="helper-link">
              {helperLinkSentence(state.lostHelper)}
            </p>
          ) : null}
        </div>
        <a href="/whatsapp/respostas" className="text-sm font-semibold text-brand-700 underline" data-testid="replies-link">
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
            onStart={startMirroring}
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
          onResume={resumeNow}
        />
      </div>

      <SafetyRules />
      <StatusTable contacts={state.contacts} counts={counts} />
      <SendLogTable log={log} />
    </section>
  );
}
