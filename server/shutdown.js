// Graceful shutdown of the production server on SIGTERM (Docker, systemd) and SIGINT (Ctrl+C).

/**
 * On SIGTERM or SIGINT: stop accepting, let in-flight requests finish, run `onClosed` (closing the
 * database; awaited when it returns a promise), exit 0; exit 1 if that has not happened within 10 s.
 * @param {import("node:http").Server} server
 * @param {() => void | Promise<void>} onClosed
 */
export function shutDownGracefully(server, onClosed) {
  let closing = false;
  /** @param {string} signal */
  function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`${signal} recebido: encerrando...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await onClosed();
      process.exit(0);
    });
    // Keep-alive connections: the idle ones close now; one still finishing its answer becomes idle
    // a moment later and would otherwise stay open until keepAliveTimeout (past the 10 s above).
    server.closeIdleConnections?.();
    setInterval(() => server.closeIdleConnections?.(), 100).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
