// Graceful shutdown of the production server on SIGTERM (Docker, systemd) and SIGINT (Ctrl+C).

/**
 * On SIGTERM or SIGINT: stop accepting, close the idle keep-alive connections, answer the requests in
 * flight with `Connection: close` (so no client sends another request on a connection about to
 * close, which it would see reset), run `onClosed` (stopping the webhook worker, closing the
 * database; awaited when it returns a promise), exit 0; exit 1 if that has not happened within 10 s.
 * @param {import("node:http").Server} server
 * @param {() => void | Promise<void>} onClosed
 */
export function shutDownGracefully(server, onClosed) {
  let closing = false;
  /** Answers not yet sent, to be marked `Connection: close` when the signal comes. */
  const unanswered = new Set();
  /** @param {import("node:http").ServerResponse} res */
  function closeAfterAnswer(res) {
    if (res.headersSent) return;
    res.shouldKeepAlive = false;
    res.setHeader("Connection", "close");
  }
  // First among the request listeners: a page answered from the cache is sent before the next one runs.
  server.prependListener("request", (_req, res) => {
    if (closing) return closeAfterAnswer(res);
    unanswered.add(res);
    const done = () => unanswered.delete(res);
    res.once("finish", done);
    res.once("close", done);
  });
  /** @param {string} signal */
  function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`${signal} recebido: encerrando...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    for (const res of unanswered) closeAfterAnswer(res);
    unanswered.clear();
    // Idle keep-alive connections close first (server.close does it too, in Node ≥ 19).
    server.closeIdleConnections?.();
    server.close(async () => {
      await onClosed();
      process.exit(0);
    });
    // An answer whose headers had already left before the signal (a long download) could not say
    // `Connection: close`: its connection becomes idle once it ends and is closed then, rather than
    // staying open until keepAliveTimeout (past the 10 s above).
    setInterval(() => server.closeIdleConnections?.(), 100).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
