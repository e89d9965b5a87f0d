// Graceful shutdown of the production server on SIGTERM (Docker, systemd) and SIGINT (Ctrl+C).
import net from "node:net";

/** How long a keep-alive connection stays open after its last answer, once stopping, for a request already on its way. */
export const IDLE_GRACE_MS = 2_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections; answer every request in flight, and every one
 * that arrives on an open connection afterwards, with `Connection: close` (so the client sends no
 * other request on it); close a connection once it is done: nothing in flight, nothing read since
 * its last answer, and that answer at least `IDLE_GRACE_MS` old. A connection is never closed with
 * a request in its receive buffer (which the kernel would answer with a reset): each check runs
 * after the event loop has read what was waiting, and a request already sent when the signal came
 * arrives within the grace. Then run `onClosed` (stopping the workers, closing the database;
 * awaited when it returns a promise) and exit 0; exit 1 if that has not happened within 10 s.
 * @param {import("node:http").Server} server
 * @param {() => void | Promise<void>} onClosed
 */
export function shutDownGracefully(server, onClosed) {
  let closing = false;
  /**
   * Each open connection: answers in progress, bytes read when its last answer ended, and when.
   * @type {Map<import("node:net").Socket, { inFlight: number; readAtRest: number; restingSince: number }>}
   */
  const connections = new Map();
  /** Answers not yet sent, to be marked `Connection: close` when the signal comes. */
  const unanswered = new Set();
  /** @param {import("node:http").ServerResponse} res */
  function closeAfterAnswer(res) {
    if (res.headersSent) return;
    res.shouldKeepAlive = false;
    res.setHeader("Connection", "close");
  }
  server.on("connection", (socket) => {
    connections.set(socket, { inFlight: 0, readAtRest: 0, restingSince: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  // First among the request listeners: a page answered from the cache is sent before the next one runs.
  server.prependListener("request", (req, res) => {
    const state = connections.get(req.socket);
    if (state) state.inFlight += 1;
    let ended = false;
    const done = () => {
      if (ended) return;
      ended = true;
      unanswered.delete(res);
      if (!state) return;
      state.inFlight -= 1;
      state.readAtRest = req.socket.bytesRead;
      state.restingSince = Date.now();
    };
    res.once("finish", done);
    res.once("close", done);
    if (closing) return closeAfterAnswer(res);
    unanswered.add(res);
  });

  /** Closes the connections that are done (see above); runs after the poll phase, so waiting bytes are counted. */
  function closeRestingConnections() {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.inFlight > 0 || socket.bytesRead !== state.readAtRest) continue;
      if (now - state.restingSince < IDLE_GRACE_MS) continue;
      socket.end();
      socket.destroySoon();
    }
  }

  /** @param {string} signal */
  function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`${signal} recebido: encerrando...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    for (const res of unanswered) closeAfterAnswer(res);
    unanswered.clear();
    // Stop listening without http.Server#close, which would also drop every idle keep-alive connection
    // at once, including one whose next request is already in its receive buffer.
    net.Server.prototype.close.call(server, async () => {
      await onClosed();
      process.exit(0);
    });
    const sweep = () => setImmediate(closeRestingConnections);
    sweep();
    setInterval(sweep, 100).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
