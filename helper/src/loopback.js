// Both loopback addresses of this computer are the helper's: it holds `[::1]` on its port too.
import { createServer as createNetServer } from "node:net";

/** The helper could not hold `[::1]` on its port: another program has it. */
export class LoopbackTaken extends Error {
  /** @param {number} port */
  constructor(port) {
    super(
      `Outro programa já está usando o endereço [::1] na porta ${port} deste computador. Por segurança o ajudante não inicia enquanto ele estiver lá: feche esse programa (ou peça ao responsável pelo computador) e abra o ajudante de novo.`,
    );
    this.name = "LoopbackTaken";
    this.code = "ELOOPBACKTAKEN";
  }
}

/**
 * Listens on `[::1]:<port>` and hands every connection to `httpServer` (socket.io included), so that
 * both loopback addresses of this computer are this helper's. Resolves with that listener, or with
 * null where the computer has no IPv6 loopback; rejects with LoopbackTaken when someone else holds it.
 * @param {import("node:http").Server} httpServer @param {number} port
 * @returns {Promise<import("node:net").Server | null>}
 */
export function holdIpv6Loopback(httpServer, port) {
  const listener = createNetServer((socket) => httpServer.emit("connection", socket));
  return new Promise((resolve, reject) => {
    listener.once("error", (/** @type {NodeJS.ErrnoException} */ error) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") reject(new LoopbackTaken(port));
      else resolve(null); // EADDRNOTAVAIL, EAFNOSUPPORT: no IPv6 here, nobody can listen there either
    });
    listener.listen({ port, host: "::1", ipv6Only: true }, () => resolve(listener));
  });
}
