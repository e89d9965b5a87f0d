import {
  CheckCircle2,
  Download,
  Laptop,
  Loader2,
  LogOut,
  QrCode,
  RefreshCw,
  Send,
  ServerCrash,
  ShieldAlert,
  Smartphone,
  Trash2,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from "react";
import { Form, useRevalidator } from "react-router";
import { parseContacts } from "../../../helper/src/contacts.js";
import type { ConnectionLost } from "~/lib/offline-submit";
import { toast } from "~/lib/toast";
import {
  CONNECT_CHECK_DELAY_MS,
  connectionReasonText,
  CONTACTS_MAX,
  expectedFinish,
  formatFinish,
  formatTimestamp,
  HELPER_REFUSED_TEXT,
  isValidOperatorName,
  LOGOUT_INTENT,
  MESSAGE_MAX,
  operatorNameError,
  OPERATOR_NAME_MAX,
  progressPercent,
  WHATSAPP_PATH,
  type TrackedContact,
} from "~/lib/whatsapp";
import {
  bulkStatusToast,
  initialMirrorState,
  mirrorCounts,
  mirrorReducer,
  type BulkProgress,
  type BulkStatusEvent,
  type MessageStatusEvent,
  type MirrorState,
} from "~/lib/whatsapp-mirror";
import { SendLogTable, type SendLogPage } from "./send-log-table";
import { useHelperSocket, type HelperEventHandler } from "./use-helper-socket";
import { useSendLog } from "./use-send-log";

type Props = {
  productName: string;
  helper: { url: string; token: string; expiresAt: string };
  downloads: { windows: string; unix: string; package: string };
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
  const [state, dispatch] = useReducer(mirrorReducer, initialMirrorState);
  const stateRef = useRef<MirrorState>(state);
  stateRef.current = state;
  const [operatorName, setOperatorName] = useState("");
  const operatorRef = useRef(operatorName);
  operatorRef.current = operatorName;
  const [contactsText, setContactsText] = useState("");
  const [message, setMessage] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const revalidator = useRevalidator();
  const tokenRetried = useRef(false);
  const waitingForToken = useRef(false);

  const record = useSendLog({
    onUnauthorized: () =>
      toast({
        title: "Sessão expirada",
        description: "Entre novamente com a senha de acesso para continuar registrando os envios.",
        variant: "destructive",
      }),
  });

  const onEvent: HelperEventHandler = useCallback(
    (name, payload) => {
      switch (name) {
        case "connect":
          tokenRetried.current = false;
          dispatch({ type: "connect" });
          toast({ title: "Servidor conectado", description: "O ajudante do WhatsApp está em execução neste computador." });
          return;
        case "connect_error": {
          const error = payload as Error & { data?: { code?: string } };
          const code = error?.data?.code;
          const first = stateRef.current.attempts === 0;
          dispatch({ type: "connect-error", message: error?.message ?? "erro desconhecido", code });
          if (code === "invalid-token") {
            // The token expired or the helper has another secret: fetch a fresh token once and retry.
            if (!tokenRetried.current) {
              tokenRetried.current = true;
              waitingForToken.current = true;
              revalidator.revalidate();
              return;
            }
            toast({ title: "Falha na autenticação", description: error.message, variant: "destructive" });
            return;
          }
          if (!first) return;
          if (/websocket error|xhr poll error|connect_error|timeout/i.test(error?.message ?? "")) {
            toast({ title: "Servidor não encontrado", description: "Erro de conexão com o servidor", variant: "destructive" });
          } else {
            toast({ title: "Erro de conexão", description: `Erro ao conectar ao servidor: ${connectionReasonText(error?.message)}`, variant: "destructive" });
          }
          return;
        }
        case "reconnect_failed":
          dispatch({ type: "reconnect-failed" });
          return;
        case "disconnect":
          dispatch({ type: "disconnect", reason: String(payload) });
          if (payload !== "io client disconnect") toast({ title: "Desconectado", description: connectionReasonText(payload), variant: "destructive" });
          return;
        case "helper-state":
          dispatch({ type: "helper-state", state: payload });
          return;
        case "whatsapp-qr":
          dispatch({ type: "qr", qrDataURL: payload?.qrDataURL });
          return;
        case "whatsapp-ready":
          if (!stateRef.current.isAuthenticated) toast({ title: "WhatsApp espelhado", description: "Seu WhatsApp está conectado." });
          dispatch({ type: "ready", account: payload?.account ?? null });
          return;
        case "whatsapp-auth-failure":
          dispatch({ type: "auth-failure", message: payload?.message ?? "Falha na autenticação" });
          toast({ title: "Falha na autenticação", description: payload?.message, variant: "destructive" });
          return;
        case "whatsapp-disconnected":
          dispatch({ type: "whatsapp-disconnected", reason: payload?.reason ?? "" });
          toast({ title: "WhatsApp desconectado", description: `Motivo: ${payload?.reason ?? "-"}`, variant: "destructive" });
          return;
        case "whatsapp-logged-out":
          dispatch({ type: "logged-out" });
          toast({ title: "Sessão encerrada", description: "O WhatsApp foi desconectado deste computador." });
          return;
        case "bulk-started":
          dispatch({ type: "bulk-started", event: payload });
          return;
        case "bulk-progress":
          dispatch({ type: "bulk-progress", progress: payload as BulkProgress });
          return;
        case "message-status": {
          const event = payload as MessageStatusEvent;
          dispatch({ type: "message-status", event });
          record({
            jobId: event.jobId,
            operator: (event.operatorName || operatorRef.current || "Sistema").slice(0, OPERATOR_NAME_MAX),
            name: (event.name || "Desconhecido").slice(0, 200),
            number: event.number,
            message: (event.text ?? event.message ?? "").slice(0, MESSAGE_MAX),
            status: event.status,
            detail: event.status === "error" ? (event.error ?? event.message ?? undefined)?.slice(0, 500) : undefined,
            sentAt: event.at,
          });
          if (event.status === "error" && !event.replay) {
            toast({
              title: "Erro ao enviar mensagem",
              description: `${event.number}: ${event.error ?? event.message}`,
              variant: "destructive",
            });
          }
          return;
        }
        case "bulk-status": {
          const event = payload as BulkStatusEvent;
          dispatch({ type: "bulk-status", event });
          if (!event.replay) toast(bulkStatusToast(event));
          return;
        }
        case "opt-out":
          toast({
            title: "Contato descadastrado",
            description: `${payload?.number} respondeu SAIR/PARAR e não receberá mais mensagens.`,
          });
          return;
        case "error":
          if (payload?.fatal) {
            dispatch({ type: "init-failed", message: payload.message });
            toast({ title: "Erro de inicialização", description: payload.message, variant: "destructive" });
          } else {
            dispatch({ type: "init-failed", message: payload?.message ?? "Erro" });
            toast({ title: "Erro de socket", description: payload?.message, variant: "destructive" });
          }
          return;
      }
    },
    [record, revalidator],
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
  }, []);

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
    tokenRetried.current = false;
    dispatch({ type: "socket-connecting" });
    socket.connect();
  };

  const startMirroring = () => {
    if (operatorName.trim() === "" || !nameValid) {
      toast({ title: "Nome do operador necessário", description: "Por favor, informe o nome do operador", variant: "destructive" });
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
      else dispatch({ type: "init-failed", message: "Não foi possível reconectar ao servidor. Verifique se o servidor está rodando." });
    }, CONNECT_CHECK_DELAY_MS);
  };

  const startSending = () => {
    if (!state.isAuthenticated) {
      // The same words as the helper's refusal (bulkStatusToast): one situation, one message.
      toast({ title: "WhatsApp não autenticado", description: "Você precisa escanear o QR code primeiro", variant: "destructive" });
      return;
    }
    if (!nameValid) {
      toast({ title: "Nome do operador necessário", description: "Por favor, informe o nome do operador", variant: "destructive" });
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
      toast({ title: "Lista muito grande", description: `No máximo ${CONTACTS_MAX} contatos por envio.`, variant: "destructive" });
      return;
    }
    const socket = socketRef.current;
    if (!socket || !socket.connected) {
      toast({ title: "Erro de conexão", description: "Socket não inicializado", variant: "destructive" });
      return;
    }
    dispatch({ type: "start-bulk", contacts });
    socket.emit("send-bulk-messages", { contacts, messageTemplate: message, operatorName: operatorName.trim() });
    toast({ title: "Iniciando envio em massa", description: `Enviando para ${contacts.length} ${contacts.length === 1 ? "contato" : "contatos"}` });
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
            <StatusPill ok={state.socket === "connected"} okText="Servidor conectado" badText="Servidor desconectado" testId="server-status" />
            <StatusPill ok={state.isAuthenticated} okText="WhatsApp conectado" badText="WhatsApp não conectado" testId="whatsapp-status" />
          </p>
        </div>
      </header>

      <noscript>
        <div className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="no-js-notice">
          <p className="font-semibold">O espelhamento precisa do JavaScript ativado.</p>
          <p className="mt-1 text-sm">
            Ative o JavaScript no navegador para conectar o WhatsApp e enviar mensagens. Você ainda pode baixar o
            ajudante: <a className="underline" href={downloads.windows}>script para Windows (.bat)</a> ou{" "}
            <a className="underline" href={downloads.unix}>script para Mac/Linux (.sh)</a>.
          </p>
        </div>
      </noscript>

      {state.pollBanner ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Não foi possível conectar ao servidor. Verifique se o servidor foi iniciado corretamente.
        </p>
      ) : null}

      {state.panel ? (
        <ServerPanel kind={state.panel} attempts={state.attempts} downloads={downloads} onRetry={retry} retrying={state.socket === "connecting"} />
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {state.isAuthenticated ? (
          <div className="space-y-6">
            <Card title="WhatsApp Conectado" icon={<CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />} testId="connected-card">
              <p className="text-slate-700">
                Seu WhatsApp está espelhado{state.account ? ` (número ${state.account})` : ""}. Você já pode enviar mensagens.
              </p>
            </Card>
            <Card title="Operador" icon={<Laptop aria-hidden="true" className="size-5 text-slate-500" />}>
              <OperatorNameField value={operatorName} onChange={changeOperatorName} id="operador-conectado" />
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
        ) : (
          <Card title="Espelhe seu WhatsApp" icon={<QrCode aria-hidden="true" className="size-5 text-slate-500" />} testId="connect-card">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                startMirroring();
              }}
            >
              <OperatorNameField value={operatorName} onChange={changeOperatorName} id="operador" />
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
                O Chrome pode perguntar se este site pode acessar dispositivos da sua rede local: clique em{" "}
                <strong>Permitir</strong>. É assim que a página conversa com o ajudante no seu computador.
              </li>
            </ul>
          </Card>
        )}

        <Card title="Envio de mensagens" icon={<Send aria-hidden="true" className="size-5 text-slate-500" />} testId="send-card">
          <div>
            <label htmlFor="contatos" className="block text-sm font-medium text-slate-800">
              Contatos
            </label>
            <textarea
              id="contatos"
              value={contactsText}
              onChange={(e) => setContactsText(e.target.value)}
              rows={6}
              placeholder={"Maria Silva, 31999998888\nJoão Souza, 11988887777"}
              aria-describedby="contatos-dica"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-500"
            />
            <p id="contatos-dica" className="mt-1 text-xs text-slate-500">
              Um contato por linha, no formato <code>Nome, Número</code>. {contacts.length}{" "}
              {contacts.length === 1 ? "contato válido" : "contatos válidos"}.
            </p>
          </div>
          <div className="mt-4">
            <label htmlFor="mensagem" className="block text-sm font-medium text-slate-800">
              Mensagem
            </label>
            <textarea
              id="mensagem"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={5}
              maxLength={MESSAGE_MAX}
              placeholder="Olá {nome}, tudo bem?"
              aria-describedby="mensagem-dica"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500"
            />
            <p id="mensagem-dica" className="mt-1 text-xs text-slate-500">
              Use <code>{"{nome}"}</code> para inserir o nome de cada contato.
            </p>
          </div>
          {!state.sending && contacts.length > 0 ? (
            <p className="mt-3 text-xs text-slate-500" data-testid="send-estimate">
              Para proteger o seu número, o ajudante envia uma mensagem a cada {Math.round(delay.minMs / 1000)} a{" "}
              {Math.round(delay.maxMs / 1000)} segundos
              {state.limits ? ` e no máximo ${state.limits.dailyCap} por dia` : ""}. Estimativa para {contacts.length}{" "}
              {contacts.length === 1 ? "contato" : "contatos"}: {formatFinish(expectedFinish(contacts.length, delay, now)!, now).relative.replace(/^em /, "")}.
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={clearAll}
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Limpar
            </button>
            <button
              type="button"
              onClick={startSending}
              disabled={state.sending || operatorName.trim() === ""}
              className="inline-flex items-center gap-2 rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {state.sending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4" />}
              {state.sending ? "Enviando..." : "Iniciar Envio"}
            </button>
          </div>
          {state.progress ? <JobProgress progress={state.progress} now={now} delay={delay} onResume={resumeNow} /> : null}
        </Card>
      </div>

      <StatusTable contacts={state.contacts} counts={counts} />
      <SendLogTable log={log} />
    </section>
  );
}

function StatusPill({ ok, okText, badText, testId }: { ok: boolean; okText: string; badText: string; testId: string }) {
  return (
    <span
      data-testid={testId}
      data-ok={ok}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-medium ${
        ok ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${ok ? "bg-emerald-500" : "bg-slate-400"}`} />
      {ok ? okText : badText}
    </span>
  );
}

function Card({ title, icon, children, testId }: { title: string; icon?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

function OperatorNameField({ value, onChange, id }: { value: string; onChange: (value: string) => void; id: string }) {
  const error = operatorNameError(value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Nome do Operador *
      </label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="name"
        maxLength={OPERATOR_NAME_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        className={`mt-1 block w-full rounded-md border px-3 py-2 ${error ? "border-red-500" : "border-slate-300"}`}
      />
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
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

function ServerPanel({
  kind,
  attempts,
  downloads,
  onRetry,
  retrying,
}: {
  kind: "not-found" | "refused";
  attempts: number;
  downloads: Props["downloads"];
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" data-testid="server-panel" data-kind={kind} className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-950">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {kind === "refused" ? <ShieldAlert aria-hidden="true" className="size-5" /> : <ServerCrash aria-hidden="true" className="size-5" />}
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
          <strong>Windows:</strong> dê dois cliques no arquivo <code>.bat</code>. <strong>Mac/Linux:</strong> no Terminal,
          rode <code>sh iniciar-whatsapp-helper.sh</code> na pasta onde o arquivo foi salvo.
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

const timeFormat = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "America/Sao_Paulo" });

function JobProgress({
  progress,
  now,
  delay,
  onResume,
}: {
  progress: BulkProgress;
  now: number;
  delay: { minMs: number; maxMs: number };
  onResume: () => void;
}) {
  const percent = progressPercent(progress.done, progress.total);
  const live = progress.state === "running" || progress.state === "paused";
  const finishAt = progress.expectedFinishAt ? new Date(progress.expectedFinishAt) : expectedFinish(progress.pending, delay, now);
  const finish = live && finishAt ? formatFinish(finishAt, now) : null;
  return (
    <div className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="job-progress" data-state={progress.state}>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">
          Progresso: {progress.done} de {progress.total}
        </span>
        <span className="text-slate-600">{percent}%</span>
      </div>
      <progress className="mt-2 h-2 w-full accent-emerald-600" value={progress.done} max={Math.max(1, progress.total)} aria-label="Progresso do envio">
        {percent}%
      </progress>
      {finish ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="job-eta">
          Término previsto às <strong>{finish.clock}</strong> ({finish.relative}).
          {progress.nextAt && !progress.paused ? ` Próximo envio às ${timeFormat.format(new Date(progress.nextAt))}.` : ""}
        </p>
      ) : null}
      {progress.state === "completed" ? <p className="mt-2 text-sm text-emerald-800">Envio concluído.</p> : null}
      {progress.state === "cancelled" ? <p className="mt-2 text-sm text-slate-700">Envio cancelado.</p> : null}
      {progress.paused ? (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Envio pausado</p>
          <p>{progress.pauseMessage ?? "O envio continuará quando for seguro."}</p>
          {progress.pauseReason === "rate-limit" ? (
            <button type="button" onClick={onResume} className="mt-2 rounded-md border border-amber-400 px-3 py-1 font-semibold hover:bg-amber-100">
              Retomar agora
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const STATUS_LABEL: Record<TrackedContact["status"], string> = { pending: "Pendente", sent: "Enviado", error: "Erro" };
const STATUS_STYLE: Record<TrackedContact["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  error: "bg-red-100 text-red-900",
};

function StatusTable({ contacts, counts }: { contacts: TrackedContact[]; counts: ReturnType<typeof mirrorCounts> }) {
  return (
    <div className="mt-10" data-testid="status-table">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Status dos Envios</h2>
        <p className="flex flex-wrap gap-2 text-sm">
          <Badge label="Total" value={counts.total} className="bg-slate-100 text-slate-800" />
          <Badge label="Enviados" value={counts.sent} className="bg-emerald-100 text-emerald-900" />
          <Badge label="Pendentes" value={counts.pending} className="bg-amber-100 text-amber-900" />
          <Badge label="Erros" value={counts.errors} className="bg-red-100 text-red-900" />
        </p>
      </div>
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Nome</th>
              <th scope="col" className="px-3 py-2 font-semibold">Número</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
              <th scope="col" className="px-3 py-2 font-semibold">Horário</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {contacts.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-4 text-center text-slate-500">
                  Nenhum envio em andamento.
                </td>
              </tr>
            ) : (
              contacts.map((contact, index) => (
                <tr key={`${contact.number}-${index}`} data-status={contact.status}>
                  <td className="px-3 py-2">{contact.name}</td>
                  <td className="px-3 py-2 font-mono">{contact.number}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[contact.status]}`}>
                      {STATUS_LABEL[contact.status]}
                    </span>
                    {contact.detail ? <span className="ml-2 text-xs text-red-700">{contact.detail}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-slate-600">{formatTimestamp(contact.timestamp)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Badge({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <span className={`rounded-full px-3 py-1 font-medium ${className}`} data-testid={`badge-${label.toLowerCase()}`}>
      {label}: <strong>{value}</strong>
    </span>
  );
}
