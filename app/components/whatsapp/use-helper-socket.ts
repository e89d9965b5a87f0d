import { useEffect, useRef } from "react";
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
 * Connects to the local helper with socket.io-client, loaded only here (a dynamic import, so other
 * pages never ship it): WebSocket first with polling fallback, 20 s timeout, 5 reconnection
 * attempts 2 s apart, and the short-lived token in the handshake (read at every attempt, so a
 * refreshed token is used on the next one). Events go to `onEvent`; the socket is in the ref.
 */
export function useHelperSocket(url: string, token: string, onEvent: HelperEventHandler) {
  const socketRef = useRef<Socket | null>(null);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const handlerRef = useRef(onEvent);
  handlerRef.current = onEvent;

  useEffect(() => {
    let cancelled = false;
    let socket: Socket | null = null;
    // The payload's shape is the helper's word: it is trusted as the event's type says.
    const emit = (name: HelperEventName, payload: unknown) => handlerRef.current({ name, payload } as HelperEvent);

    import("socket.io-client")
      .then(({ io }) => {
        if (cancelled) return;
        socket = io(url, {
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
      })
      .catch((error: unknown) => {
        if (!cancelled) emit("error", { message: (error as Error)?.message ?? String(error), fatal: true });
      });

    return () => {
      cancelled = true;
      if (socket) {
        socket.removeAllListeners();
        socket.io.removeAllListeners();
        socket.disconnect();
      }
      socketRef.current = null;
    };
  }, [url]);

  return socketRef;
}
