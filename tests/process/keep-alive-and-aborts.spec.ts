import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { buildDir, type RunningServer, startServer } from "../support/server-process";

/**
 * a graceful stop must not reset a keep-alive client's request, and a download the client
 * gives up on must not write a stack trace to the log. Real server processes (server.js over the build).
 */

/** A server of its own whose output (standard output and error) goes to a file the test can read. */
async function startServerWithLog(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "site-e2e-log-"));
  const logFile = path.join(dir, "server.log");
  const server = await startServer(env, { logFile });
  return {
    server,
    log: () => readFileSync(logFile, "utf8"),
    remove: () => {
      server.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A raw HTTP/1.1 connection: what it received, and whether it was closed cleanly or with an error. */
async function rawConnection(server: RunningServer) {
  const socket = connect(server.port, "127.0.0.1");
  const state = { data: "", error: null as NodeJS.ErrnoException | null, closed: false };
  socket.on("data", (chunk) => (state.data += chunk));
  socket.on("error", (error) => (state.error = error));
  const closed = new Promise<void>((resolve) =>
    socket.on("close", () => {
      state.closed = true;
      resolve();
    }),
  );
  await once(socket, "connect");
  return { socket, state, closed };
}

/** Whether `text` holds one whole answer: headers, then a Content-Length or a chunked body. */
function wholeAnswer(text: string): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
  if (length === undefined) return text.endsWith("\r\n0\r\n\r\n");
  return Buffer.byteLength(text.slice(end + 4)) >= Number(length);
}

test.describe("graceful stop with keep-alive connections", () => {
  test("SIGTERM: the request in flight on a keep-alive connection is answered with Connection: close, the idle connection is closed, nothing is reset", async () => {
    const { server, log, remove } = await startServerWithLog();
    try {
      // An idle keep-alive connection: one request answered, the connection left open.
      const idle = await rawConnection(server);
      idle.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      await expect.poll(() => wholeAnswer(idle.state.data)).toBe(true);
      expect(idle.state.data).not.toMatch(/\r\nconnection: *close/i);

      // A keep-alive connection with a post in flight: headers taken in (100 Continue), part of the body.
      const busy = await rawConnection(server);
      const body = "nome=Maria+Silva&telefone=31999998888";
      busy.socket.write(
        "POST /inscricao HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
          `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await expect.poll(() => busy.state.data.includes("100 Continue")).toBe(true);
      busy.socket.write(body.slice(0, 10));

      server.process.kill("SIGTERM");
      await expect.poll(() => log().includes("SIGTERM recebido")).toBe(true);
      // The idle connection is closed by the server, without any request lost on it.
      await idle.closed;
      expect(idle.state.error).toBeNull();

      busy.socket.write(body.slice(10));
      await busy.closed;
      expect(busy.state.error, "the client saw its connection reset").toBeNull();
      const answer = busy.state.data.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
      expect(answer).toMatch(/^HTTP\/1\.1 (200|303|400|429)/);
      // The answer tells the client not to send another request on this connection.
      const headers = answer.slice(0, answer.indexOf("\r\n\r\n"));
      expect(headers).toMatch(/\r\nconnection: *close/i);
      expect(await server.exited).toBe(0);
    } finally {
      remove();
    }
  });
});

/** Takes the whole answers at the start of `bytes`: their headers, and what is left (an unfinished one). */
function takeAnswers(bytes: Buffer): { heads: string[]; rest: Buffer } {
  const heads: string[] = [];
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) break;
    const head = rest.subarray(0, end).toString("latin1");
    const body = rest.subarray(end + 4);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    let used: number;
    if (length !== undefined) {
      if (body.length < Number(length)) break;
      used = Number(length);
    } else if (body.subarray(0, 5).toString() === "0\r\n\r\n") {
      used = 5;
    } else {
      const last = body.indexOf("\r\n0\r\n\r\n");
      if (last < 0) break;
      used = last + 7;
    }
    heads.push(head);
    rest = body.subarray(used);
  }
  return { heads, rest };
}

test.describe("graceful stop under a stream of posts", () => {
  test("SIGTERM while 20 keep-alive clients post one after another: every post sent is answered, none reset", async () => {
    test.setTimeout(240_000);
    const { server, log, remove } = await startServerWithLog({ RATE_LIMIT_PUBLIC_FORMS: "1000000" });
    try {
      const body = "nome=Maria&telefone=31999998888&email=maria%40exemplo.com";
      const post =
        "POST /inscricao HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${body.length}\r\n\r\n${body}`;
      type Client = { sent: number; heads: string[]; buffer: Buffer; error: NodeJS.ErrnoException | null; closed: Promise<void> };
      const clients: Client[] = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const { socket, closed } = await rawConnection(server);
          const client: Client = { sent: 0, heads: [], buffer: Buffer.alloc(0), error: null, closed };
          socket.removeAllListeners("data");
          socket.on("error", (error) => (client.error = error));
          socket.on("data", (chunk) => {
            const { heads, rest } = takeAnswers(Buffer.concat([client.buffer, chunk as Buffer]));
            client.buffer = rest;
            for (const head of heads) {
              client.heads.push(head);
              // The next post leaves the moment an answer arrives, unless the server said to close.
              if (/\r\nconnection: *close/i.test(head)) socket.end();
              else if (!socket.destroyed) {
                client.sent += 1;
                socket.write(post);
              }
            }
          });
          client.sent += 1;
          socket.write(post);
          return client;
        }),
      );
      await expect.poll(() => clients.every((client) => client.heads.length >= 2), { timeout: 150_000 }).toBe(true);
      // What each client had written when the signal left: all of it was sent before the stop began.
      const sentBeforeSignal = clients.map((client) => client.sent);
      server.process.kill("SIGTERM");
      await Promise.all(clients.map((client) => client.closed));
      const reset = clients.filter((client) => client.error !== null);
      expect(
        reset.map((client) => client.error?.code),
        "connections reset",
      ).toEqual([]);
      let lateUnanswered = 0;
      for (const [index, client] of clients.entries()) {
        expect(client.buffer.length, `client ${index}: no answer left unfinished`).toBe(0);
        expect(client.heads.length, `client ${index}: every post sent before the signal was answered`).toBeGreaterThanOrEqual(
          sentBeforeSignal[index],
        );
        for (const head of client.heads) expect(head, `client ${index}`).toMatch(/^HTTP\/1\.1 (200|303|400)/);
        if (client.heads.length === client.sent) {
          expect(client.heads.at(-1), `client ${index}: the last answer says Connection: close`).toMatch(
            /\r\nconnection: *close/i,
          );
        } else {
          // A post written after the signal, on a connection the server had left resting for its grace
          // (IDLE_GRACE_MS): HTTP/1.1 lets a server close such a connection; it was closed, never reset.
          expect(client.sent - client.heads.length, `client ${index}`).toBe(1);
          lateUnanswered += 1;
        }
      }
      test
        .info()
        .annotations.push({ type: "posts written after a resting connection's grace", description: String(lateUnanswered) });
      expect(await server.exited).toBe(0);
      expect(log()).toContain("SIGTERM recebido");
    } finally {
      remove();
    }
  });
});

test.describe("aborted downloads", () => {
  test("a download the client aborts (before or during the answer) writes no stack trace to the log", async () => {
    const { server, log, remove } = await startServerWithLog({ LOG_REQUESTS: "true" });
    try {
      const asset = readdirSync(path.join(buildDir(), "client", "assets"))
        .filter((name) => name.endsWith(".js") && !name.includes("server-build"))
        .map((name) => `/assets/${name}`)[0];
      let aborted = 0;
      // Every way the site serves an asset (the precompressed brotli and gzip copies, the file
      // itself), each aborted at once after asking and again mid-way (after the first bytes).
      for (const encoding of ["br", "gzip", "identity"]) {
        for (const when of ["at once", "mid-way"]) {
          const { socket, state } = await rawConnection(server);
          socket.write(`GET ${asset} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ${encoding}\r\n\r\n`);
          if (when === "mid-way") await expect.poll(() => state.data.length > 0).toBe(true);
          socket.resetAndDestroy();
          aborted += 1;
        }
      }
      // The request log (morgan) writes a line once the server is done with each request, aborted or not.
      const logged = () =>
        log()
          .split("\n")
          .filter((line) => line.includes(`"GET ${asset} `)).length;
      await expect.poll(logged).toBe(aborted);
      // A last ordinary request, then the stop: everything the server wrote is in the file.
      expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
      expect(await server.stop()).toBe(0);

      const text = log();
      expect(text).not.toMatch(/^\s+at /m);
      expect(text).not.toContain("Request aborted");
      expect(text).not.toContain("ECONNABORTED");
    } finally {
      remove();
    }
  });
});
