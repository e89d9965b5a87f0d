import { type MutableRefObject, useCallback, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";

import { SOCKET_OPTIONS } from "~/lib/whatsapp";
import type { HelperEvent, HelperEventName } from "~/lib/whatsapp-mirror";

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
  "error",
];

export type HelperEventHandler = (event: HelperEvent) => void;

/**
 * The connection to the local helper with socket.io-client, loaded only here (a dynamic import, so
 * other pages never ship it): WebSocket first with polling fallback, 20 s timeout, 5 reconnection
 * attempts 2 s apart, and the short-lived token in the handshake (read at every attempt, so a
 * refreshed token is used on the next one). Events go to `onEvent`; the socket is in `socketRef`.
 *
 * Nothing is opened until `open()` is called: Chrome asks the operator whether a public site may
 * reach this computer (Local Network Access) when the page first tries, and that question must
 * follow the operator's own click, not appear on load. `open()` creates the socket the first time
 * and reconnects it afterwards; it resolves with the socket (null if the page went away).
 */
export function useHelperSocket(
  url: string,
  token: string,
  onEvent: HelperEventHandler,
  socketRef: MutableRefObject<Socket | null>,
) {
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const handlerRef = useRef(onEvent);
  handlerRef.current = onEvent;
  const opening = useRef<Promise<Socket | null> | null>(null);
  const alive = useRef(true);

  // The payload's shape is the helper's word: it is trusted as the event's type says.
  const emit = useCallback((name: HelperEventName, payload: unknown) => handlerRef.current({ name, payload } as HelperEvent), []);

  const open = useCallback((): Promise<Socket | null> => {
    const existing = socketRef.current;
    if (existing) {
      if (!existing.connected) existing.connect();
      return Promise.resolve(existing);
    }
    opening.current ??= import("socket.io-client")
      .then(({ io }) => {
        if (!alive.current) return null;
        const socket = io(url, {
          transports: [...SOCKET_OPTIONS.transports],
          timeout: SOCKET_OPTIONS.timeout,
          reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
          reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
          auth: (callback) => callback({ token: tokenRef.current }),
        });
        socketRef.current = socket;
        socket.on("connect", () => emit("connect", undefined));
        socket.on("connect_error", (error: Error & { data?: unknown }) => emit("connect_error", error));
        socket.on("disconnect", (reason: string) => emit("disconnect", reason));
        socket.io.on("reconnect_failed", () => emit("reconnect_failed", undefined));
        for (const name of HELPER_EVENTS) socket.on(name, (payload: unknown) => emit(name, payload));
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
  }, [url, emit, socketRef]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const socket = socketRef.current;
      if (socket) {
        socket.removeAllListeners();
        socket.io.removeAllListeners();
        socket.disconnect();
      }
      socketRef.current = null;
    };
  }, [url, socketRef]);

  return open;
}
