import { type MutableRefObject, useCallback, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";

import type { HelperEvent, HelperEventName } from "~/features/whatsapp/tool/helper-events";
import { SOCKET_OPTIONS } from "~/features/whatsapp/tool/tool";

/** The helper's own events (helper/README.md); socket.io's connection events are listened to apart. */
const HELPER_EVENTS: HelperEventName[] = [
  "helper-state",
  "whatsapp-qr",
  "whatsapp-ready",
  "whatsapp-auth-failure",
  "whatsapp-disconnected",
  "whatsapp-logged-out",
  "message-status",
  "bulk-started",
  "bulk-progress",
  "bulk-status",
  "opt-out",
  "send-log-recorded",
  "error",
];

export type HelperEventHandler = (event: HelperEvent) => void;

/** What one verification of the helper's port gave: its token, or the connect_error the page shows. */
type Verified = { token: string } | { error: { message: string; data?: { code?: string } } };

/**
 * Makes sure the program on the helper's port is this site's helper before anything is handed to it
 * (decision 070): a fresh challenge from the site, the port's proof of it, and the site's verdict,
 * which is the token for that helper's key or, in pt-BR, why not. Nothing answering on the port
 * reads like socket.io's own "xhr poll error" (the helper is not running).
 */
async function verifyHelper(helperUrl: string, verifyPath: string): Promise<Verified> {
  const site = async (init?: RequestInit) => {
    const response = await fetch(verifyPath, { ...init, headers: { Accept: "application/json", ...init?.headers } });
    return (await response.json()) as Record<string, unknown>;
  };
  let challenge: string;
  try {
    challenge = String((await site()).challenge ?? "");
  } catch {
    return { error: { message: "Não foi possível falar com o site. Verifique a sua conexão." } };
  }
  let answer: Record<string, unknown> = {};
  try {
    const response = await fetch(`${helperUrl.replace(/\/+$/, "")}/prova?desafio=${encodeURIComponent(challenge)}`, {
      signal: AbortSignal.timeout(SOCKET_OPTIONS.timeout),
    });
    answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  } catch {
    return { error: { message: "xhr poll error" } };
  }
  try {
    const verdict = await site({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ challenge, keyId: answer.keyId, proof: answer.proof }),
    });
    if (verdict.ok === true && typeof verdict.token === "string") return { token: verdict.token };
    return {
      error: { message: String(verdict.message ?? "Falha na verificação"), data: { code: String(verdict.code ?? "impostor") } },
    };
  } catch {
    return { error: { message: "Não foi possível falar com o site. Verifique a sua conexão." } };
  }
}

/**
 * The connection to the local helper with socket.io-client, loaded only here (a dynamic import, so
 * other pages never ship it): WebSocket first with polling fallback, 20 s timeout, 5 attempts 2 s
 * apart. Every attempt, the first and each reconnection, verifies the port first (verifyHelper) and
 * hands the helper the token the site made for it; an impostor on the port gets no connection and no
 * token. socket.io's own reconnection is off for that reason: this hook runs the attempts. Events go
 * to `onEvent`; the socket is in `socketRef`.
 *
 * Nothing is opened until `open()` is called: Chrome asks the operator whether a public site may
 * reach this computer (Local Network Access) when the page first tries, and that question must
 * follow the operator's own click, not appear on load. `open()` creates the socket the first time
 * and reconnects it afterwards; it resolves with the socket (null if the page went away or the port
 * did not prove itself).
 */
export function useHelperSocket(
  url: string,
  verifyPath: string,
  onEvent: HelperEventHandler,
  socketRef: MutableRefObject<Socket | null>,
) {
  const tokenRef = useRef("");
  const handlerRef = useRef(onEvent);
  handlerRef.current = onEvent;
  const opening = useRef<Promise<Socket | null> | null>(null);
  const alive = useRef(true);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; attempts: number }>({ timer: null, attempts: 0 });
  /** The code of the last refusal (a port without proof, a dead key): those are not retried. */
  const lastCode = useRef<string | undefined>(undefined);

  // The payload's shape is the helper's word: it is trusted as the event's type says.
  const emit = useCallback((name: HelperEventName, payload: unknown) => handlerRef.current({ name, payload } as HelperEvent), []);

  /** One attempt: verify the port, then connect with the fresh token. Whether the socket was started. */
  const attempt = useCallback(
    async (socket: Socket | null): Promise<boolean> => {
      const verified = await verifyHelper(url, verifyPath);
      if (!alive.current) return false;
      if ("error" in verified) {
        lastCode.current = verified.error.data?.code;
        emit("connect_error", verified.error);
        return false;
      }
      tokenRef.current = verified.token;
      socket?.connect();
      return true;
    },
    [url, verifyPath, emit],
  );

  /** After a failed attempt or a lost connection: try again, 2 s apart, 5 times, then give up. */
  const scheduleRetry = useCallback(
    (code?: string) => {
      const state = retry.current;
      if (state.timer || !alive.current) return;
      // a port that answered without proof, a dead key, someone else's helper: trying again cannot help until the operator acts
      if (code === "impostor" || code === "revoked-key" || code === "not-yours") return;
      if (state.attempts >= SOCKET_OPTIONS.reconnectionAttempts) {
        state.attempts = 0;
        emit("reconnect_failed", undefined);
        return;
      }
      state.attempts += 1;
      state.timer = setTimeout(() => {
        state.timer = null;
        const socket = socketRef.current;
        if (!socket || socket.connected) return;
        void attempt(socket).then((started) => {
          if (!started) scheduleRetry(lastCode.current);
        });
      }, SOCKET_OPTIONS.reconnectionDelay);
    },
    [attempt, emit, socketRef],
  );
  const open = useCallback((): Promise<Socket | null> => {
    retry.current.attempts = 0;
    const existing = socketRef.current;
    if (existing) {
      if (existing.connected) return Promise.resolve(existing);
      return attempt(existing).then(() => existing);
    }
    opening.current ??= import("socket.io-client")
      .then(async ({ io }) => {
        if (!alive.current) return null;
        const socket = io(url, {
          autoConnect: false,
          reconnection: false,
          transports: [...SOCKET_OPTIONS.transports],
          timeout: SOCKET_OPTIONS.timeout,
          auth: (callback) => callback({ token: tokenRef.current }),
        });
        socketRef.current = socket;
        socket.on("connect", () => {
          retry.current.attempts = 0;
          emit("connect", undefined);
        });
        socket.on("connect_error", (error: Error & { data?: { code?: string } }) => {
          emit("connect_error", error);
          lastCode.current = error.data?.code;
          scheduleRetry(error.data?.code);
        });
        socket.on("disconnect", (reason: string) => {
          emit("disconnect", reason);
          // the page's own 'disconnect()' is not a loss; everything else is tried again
          if (reason !== "io client disconnect") scheduleRetry();
        });
        for (const name of HELPER_EVENTS) socket.on(name, (payload: unknown) => emit(name, payload));
        if (!(await attempt(socket))) scheduleRetry(lastCode.current);
        return socket;
      })
      .catch((error: unknown) => {
        if (alive.current) emit("error", { message: (error as Error)?.message ?? String(error), fatal: true });
        return null;
      })
      .finally(() => {
        opening.current = null;
      });
    return opening.current;
  }, [url, emit, socketRef, attempt, scheduleRetry]);

  useEffect(() => {
    alive.current = true;
    const state = retry.current;
    return () => {
      alive.current = false;
      if (state.timer) clearTimeout(state.timer);
      const socket = socketRef.current;
      if (socket) {
        socket.removeAllListeners();
        socket.disconnect();
      }
      socketRef.current = null;
    };
  }, [url, socketRef]);

  return open;
}
