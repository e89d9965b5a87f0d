import { useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

import type { SendLogEntryInput } from "~/lib/whatsapp";

const LOG_URL = "/whatsapp/registro";
const BATCH_MAX = 100;
const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * Records per-message results in 'Registro de Envios' on the server. Entries are queued, sent in
 * batches, retried with back-off while the site is unreachable, and the page's log (loaded from the
 * database) is refreshed shortly after each successful batch. The server ignores repeats of the same
 * (jobId, number), so replays and a second tab are harmless.
 */
export function useSendLog({ onUnauthorized }: { onUnauthorized?: () => void } = {}) {
  const queue = useRef<SendLogEntryInput[]>([]);
  const flushing = useRef(false);
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const unauthorizedRef = useRef(onUnauthorized);
  unauthorizedRef.current = onUnauthorized;

  const flush = useCallback(async () => {
    if (flushing.current || queue.current.length === 0) return;
    flushing.current = true;
    const batch = queue.current.slice(0, BATCH_MAX);
    try {
      const response = await fetch(LOG_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(batch),
      });
      if (response.status === 401) {
        unauthorizedRef.current?.();
        throw new Error("unauthorized");
      }
      // A 400 means an entry the server will never accept: drop it rather than retry forever.
      if (!response.ok && response.status !== 400) throw new Error(`HTTP ${response.status}`);
      queue.current = queue.current.slice(batch.length);
      failures.current = 0;
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => revalidateRef.current(), 400);
    } catch {
      const delay = RETRY_MS[Math.min(failures.current, RETRY_MS.length - 1)];
      failures.current++;
      if (retryTimer.current) clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => void flush(), delay);
    } finally {
      flushing.current = false;
    }
    if (queue.current.length > 0 && failures.current === 0) void flush();
  }, []);

  useEffect(
    () => () => {
      if (retryTimer.current) clearTimeout(retryTimer.current);
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  return useCallback(
    (entry: SendLogEntryInput) => {
      queue.current.push(entry);
      // Results arriving together (a replay) go in one request.
      queueMicrotask(() => void flush());
    },
    [flush],
  );
}
