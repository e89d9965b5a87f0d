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
