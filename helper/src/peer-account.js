// The account on this computer that owns the other end of a connection to the helper. On Linux the
// kernel lists every TCP socket with its owner's uid in /proc/net/tcp and /proc/net/tcp6; the
// client's end of a connection to the helper is the ESTABLISHED row whose local port is the
// connection's remote port and whose remote port is the helper's. A connection whose other end
// belongs to another account (a relay, or any program of another user) is not the operator's
// browser: the helper closes it before reading a byte (decision 126). Where the owner cannot be
// read (macOS, Windows, no /proc), nothing is decided here.
import { readFileSync } from "node:fs";

const TABLES = ["/proc/net/tcp", "/proc/net/tcp6"];
const ESTABLISHED = "01";

/**
 * The uids owning the client end `clientPort` → `serverPort` in the kernel's tables; empty when
 * the tables cannot be read or list no such row.
 * @param {number} clientPort
 * @param {number} serverPort
 * @param {string[]} [tables]
 * @returns {number[]}
 */
export function clientEndOwners(clientPort, serverPort, tables = TABLES) {
  /** @type {number[]} */
  const owners = [];
  for (const table of tables) {
    let text;
    try {
      text = readFileSync(table, "latin1");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 8 || fields[3] !== ESTABLISHED) continue;
      const local = Number.parseInt(fields[1].split(":")[1] ?? "", 16);
      const remote = Number.parseInt(fields[2].split(":")[1] ?? "", 16);
      if (local === clientPort && remote === serverPort) owners.push(Number(fields[7]));
    }
  }
  return owners;
}

/**
 * Does this connection come from another account of this computer? True only when the kernel
 * names its other end's owner and that owner is not the account the helper runs as.
 * @param {import("node:net").Socket} socket
 * @returns {{ foreign: boolean, uid?: number }}
 */
export function connectionFromOtherAccount(socket) {
  if (process.platform !== "linux" || typeof process.getuid !== "function") return { foreign: false };
  const { remotePort, localPort } = socket;
  if (!remotePort || !localPort) return { foreign: false };
  const own = process.getuid();
  const other = clientEndOwners(remotePort, localPort).find((uid) => uid !== own);
  return other === undefined ? { foreign: false } : { foreign: true, uid: other };
}
