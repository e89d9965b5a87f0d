// The owner of a connection's other end, read from the kernel's own tables (Linux).
import { connect, createServer } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { clientEndOwners, connectionFromOtherAccount } from "../src/peer-account.js";

/** @type {Array<() => void>} */
const cleanups = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
});

describe.runIf(process.platform === "linux")("the owner of a connection's other end", () => {
  it.each([
    ["127.0.0.1", false],
    ["::1", true],
  ])("over %s, the kernel names this account as the client end's owner: not another account", async (host, ipv6Only) => {
    const accepted = /** @type {Promise<import("node:net").Socket>} */ (
      new Promise((resolve, reject) => {
        const server = createServer(resolve);
        cleanups.push(() => server.close());
        server.once("error", reject);
        server.listen({ port: 0, host, ipv6Only }, () => {
          const address = /** @type {import("node:net").AddressInfo} */ (server.address());
          const client = connect(address.port, host);
          cleanups.push(() => client.destroy());
        });
      })
    );
    const socket = await accepted;
    cleanups.push(() => socket.destroy());
    expect(clientEndOwners(/** @type {number} */ (socket.remotePort), /** @type {number} */ (socket.localPort))).toEqual([
      process.getuid?.(),
    ]);
    expect(connectionFromOtherAccount(socket)).toEqual({ foreign: false });
  });
});
