import { type MutableRefObject, useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Socket } from "socket.io-client";

import { browserBlock, readLocalNetworkPermission } from "~/features/whatsapp/tool/connection";
import { MIRROR_TOASTS, reduceHelperEvent } from "~/features/whatsapp/tool/helper-events";
import { dismissToast, toast, type ToastMessage } from "~/shared/toast";

import { type HelperEventHandler, useHelperSocket } from "./use-helper-socket";
import { useMirrorState } from "./use-mirror-state";

/** This tab's operator already asked to connect: after a reload the page reconnects by itself if Chrome allows it silently. */
const CONNECT_ASKED_KEY = "whatsapp-conectar";

/**
 * The mirroring page's link to the local helper: the page's state as the helper's events change it,
 * the socket, and the connection toasts (an event that makes one untrue takes it away). It
 * connects only after the operator's click ('Iniciar Espelhamento'), or after a reload when this
 * tab's operator had clicked and Chrome grants the access without asking.
 */
export function useHelperConnection(helper: { url: string; verifyPath: string }, operatorRef: MutableRefObject<string>) {
  const { state, stateRef, set, dispatch } = useMirrorState();
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
   * 'Registro de Envios' is written by the helper itself (decision 068): the page only shows it. It
   * reloads it when the helper says the site acknowledged new rows ('send-log-recorded'), and, for a
   * helper started from an older script that does not say so, shortly after each result.
   */
  const logRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const refreshLogNow = useCallback(() => {
    if (logRefresh.current) clearTimeout(logRefresh.current);
    logRefresh.current = null;
    void revalidateRef.current();
  }, []);
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
    [showToast, operatorRef],
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

  // What each event means is decided in lib/whatsapp/mirror; here it is only carried out.
  const onEvent: HelperEventHandler = useCallback(
    (event) => {
      const outcome = reduceHelperEvent(stateRef.current, event, operatorRef.current);
      set(outcome.state);
      if (outcome.refreshLog) refreshLogNow();
      else if (outcome.logRows.length > 0) refreshLogSoon();
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
    [stateRef, set, refreshLogNow, refreshLogSoon, sendInit, explainFailure, dispatch, showToast, retractToasts, operatorRef],
  );

  const openSocket = useHelperSocket(helper.url, helper.verifyPath, onEvent, socketRef);

  /** Connects to the helper; a denied permission is said at once: the attempt could not succeed. */
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

  /** 'Iniciar Espelhamento' (the operator's name already checked): ask the helper for WhatsApp. */
  const startMirroring = () => {
    dispatch({ type: "init" });
    const socket = socketRef.current;
    if (socket?.connected) return sendInit(socket);
    // The helper is asked once the socket connects (onEvent); a failure shows in the QR area.
    initWanted.current = true;
    void connectToHelper();
  };

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

  /** Tells the helper to cancel the running job, if any. */
  const cancelJob = () => {
    const socket = socketRef.current;
    if (state.sending && socket?.connected) socket.emit("cancel-bulk", state.jobId ? { jobId: state.jobId } : {});
  };

  const resumeJob = () => socketRef.current?.emit("resume-bulk", state.jobId ? { jobId: state.jobId } : {});

  return {
    state,
    dispatch,
    socketRef,
    retry: () => void connectToHelper(),
    startMirroring,
    disconnectWhatsApp,
    cancelJob,
    resumeJob,
  };
}
