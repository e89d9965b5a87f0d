// What server.js refuses before routing (server/request-guards.js), over real HTTP and raw TCP against a
// server of its own: state-changing requests from another origin, on resource routes too, and
// malformed requests (a 4xx and one log line, never a 500 with a stack trace).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { exampleUrl, routeTable } from "../support/route-table";
import { type RunningServer, startServer } from "../support/server-process";
import { adminSession, openSessions, type Sessions } from "../support/sessions";

let server: RunningServer;
let logDir: string;
let logFile: string;

test.beforeAll(async () => {
  logDir = mkdtempSync(path.join(tmpdir(), "site-guards-log-"));
  logFile = path.join(logDir, "server.log");
  server = await startServer({ ...E2E_ENV, LOG_REQUESTS: "true" }, { logFile });
});

test.afterAll(async () => {
  await server?.stop();
  server?.cleanup();
  rmSync(logDir, { recursive: true, force: true });
});

/** Sends raw bytes on a new connection; resolves with everything answered once the server closes it. */
function raw(bytes: string, { closeAfterWrite = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(bytes);
      // A client that gives up mid-body: the connection closes with the body incomplete.
      if (closeAfterWrite) socket.end();
    });
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("close", () => resolve(data));
    socket.on("error", reject);
  });
}

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);

/** 'Sair' posted with the admin's cookie and the given Origin. */
function logout(cookie: string, origin?: string) {
  return fetch(`${server.url}/contato/sair`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...(origin ? { Origin: origin } : {}) },
    body: "",
  });
}

async function isLoggedIn(cookie: string): Promise<boolean> {
  const panel = await fetch(`${server.url}/contato`, { redirect: "manual", headers: { Cookie: cookie } });
  await panel.arrayBuffer();
  return panel.status === 200;
}

test.describe("Origin of state-changing requests", () => {
  const FOREIGN = ["https://evil.example", "http://127.0.0.1:1", "null", "not a url"];

  test("'Sair' from another origin (even of the same site) is refused and the admin stays logged in", async () => {
    const admin = await adminSession(server.url);
    for (const origin of FOREIGN) {
      const answer = await logout(admin, origin);
      expect(answer.status, origin).toBe(403);
      expect(await answer.text(), origin).toBe("Origem não permitida.");
      expect(answer.headers.get("cache-control"), origin).toBe("private, no-store");
      expect(await isLoggedIn(admin), origin).toBe(true);
    }
    // From the site itself (or a client that sends no Origin) it still signs out.
    const own = await logout(admin, server.url);
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe("/login-admin");
    expect(await isLoggedIn(admin)).toBe(false);
    const other = await adminSession(server.url);
    expect((await logout(other)).status).toBe(303);
    expect(await isLoggedIn(other)).toBe(false);
  });

  test("the routes with an action include the resource routes", () => {
    const actions = routeTable().filter((route) => route.hasAction);
    expect(actions.filter((route) => !route.hasComponent).map((route) => route.path)).toEqual(
      expect.arrayContaining(["contato/sair", "whatsapp/registro"]),
    );
  });

  /** Every way a browser says a post comes from elsewhere: its Origin, or without one its Referer, or Sec-Fetch-Site. */
  const FOREIGN_HEADERS: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Referer: "https://evil.example/pagina" },
    { "Sec-Fetch-Site": "cross-site" },
  ];

  test("'Sair' with no Origin but a foreign Referer, or Sec-Fetch-Site cross-site, is refused; our own Referer signs out", async () => {
    const admin = await adminSession(server.url);
    for (const foreign of FOREIGN_HEADERS.slice(1)) {
      const answer = await fetch(`${server.url}/contato/sair`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin, ...foreign },
        body: "",
      });
      expect(answer.status, JSON.stringify(foreign)).toBe(403);
      expect(await answer.text()).toBe("Origem não permitida.");
      expect(await isLoggedIn(admin), JSON.stringify(foreign)).toBe(true);
    }
    const own = await fetch(`${server.url}/contato/sair`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: admin,
        Referer: `${server.url}/contato`,
        "Sec-Fetch-Site": "same-origin",
      },
      body: "",
    });
    expect(own.status).toBe(303);
    expect(await isLoggedIn(admin)).toBe(false);
  });

  // One test per route with an action (a failure names its route; a slow machine fails none for the others' time).
  let opened: Promise<Sessions> | undefined;
  for (const route of routeTable().filter((r) => r.hasAction)) {
    test(`POST /${route.path} [${route.id}] refuses a foreign Origin with the right session`, async () => {
      opened ??= openSessions(server.url);
      const sessions = await opened;
      const cookie = `${sessions.visitorWithLead}; ${sessions.operator}; ${sessions.admin}`;
      const url = exampleUrl(route);
      for (const body of [
        { type: "application/x-www-form-urlencoded", text: "intent=excluir" },
        { type: "application/json", text: "[]" },
      ]) {
        for (const foreign of FOREIGN_HEADERS) {
          const answer = await fetch(server.url + url, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": body.type, Cookie: cookie, ...foreign },
            body: body.text,
          });
          const name = `${url} ${body.type} ${JSON.stringify(foreign)}`;
          expect(answer.status, name).toBe(403);
          expect(await answer.text(), name).toBe("Origem não permitida.");
        }
      }
      expect(await isLoggedIn(sessions.admin)).toBe(true);
    });
  }

  test("'Sair' with a body cut off mid-way changes nothing: the admin stays logged in", async () => {
    const admin = await adminSession(server.url);
    const answer = await raw(
      `POST /contato/sair HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\nCookie: ${admin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nintent=sa`,
      { closeAfterWrite: true },
    );
    // Nothing was decided on the part that arrived (an old server answered 303 at once, signed out).
    expect(answer).not.toContain("303");
    expect(await isLoggedIn(admin)).toBe(true);
  });
});

test.describe("methods a resource route does not serve", () => {
  const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

  test("DELETE /healthz is a 405 with an Allow header and a pt-BR text", async () => {
    const answer = await fetch(`${server.url}/healthz`, { method: "DELETE" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await answer.text()).toBe("Método não permitido.");
  });

  // One test per resource route: every method is answered below 500, never "Unexpected Server Error",
  // and a 405 says in Allow what the route serves (its loader's GET and HEAD, its action's writes).
  for (const route of routeTable().filter((r) => !r.hasComponent)) {
    test(`/${route.path} [${route.id}] answers every method, a 405 with Allow`, async () => {
      const url = exampleUrl(route);
      const served = [
        ...(route.hasLoader ? ["GET", "HEAD"] : []),
        ...(route.hasAction ? ["POST", "PUT", "PATCH", "DELETE"] : []),
      ];
      for (const method of METHODS) {
        const answer = await fetch(server.url + url, { method, redirect: "manual" });
        const text = await answer.text();
        const name = `${method} ${url}`;
        expect(answer.status, name).toBeLessThan(500);
        expect(text, name).not.toContain("Unexpected Server Error");
        if (served.includes(method)) {
          // A method the route serves reaches its own code (which may still refuse it after its own checks).
          if (answer.status === 405) expect(answer.headers.get("allow"), name).toBeTruthy();
        } else {
          expect(answer.status, name).toBe(405);
          expect(answer.headers.get("allow"), name).toBe(served.join(", "));
        }
      }
    });
  }
});

test.describe("malformed requests", () => {
  const host = () => `127.0.0.1:${server.port}`;
  const cases: [string, () => string, number][] = [
    ["TRACE", () => `TRACE / HTTP/1.1\r\nHost: ${host()}\r\n`, 405],
    ["an absolute-form target", () => `GET http://evil.example/contato HTTP/1.1\r\nHost: ${host()}\r\n`, 400],
    ["OPTIONS *", () => `OPTIONS * HTTP/1.1\r\nHost: ${host()}\r\n`, 400],
    ...["a b", "[::1", "x:99999", "%", "127.0.0.1:4301@evil.example"].map((bad): [string, () => string, number] => [
      `Host "${bad}"`,
      () => `GET /bolsas HTTP/1.1\r\nHost: ${bad}\r\n`,
      400,
    ]),
  ];

  test("get a 4xx, and exactly one log line each, no stack trace", async () => {
    const logLines = () => readFileSync(logFile, "utf8").split("\n").filter(Boolean);
    let seen = logLines().length;
    for (const [index, [name, request, status]] of cases.entries()) {
      const answer = await raw(`${request()}Connection: close\r\n\r\n`);
      expect(statusOf(answer), name).toBe(status);
      expect(answer, name).toContain("private, no-store");
      // A request of our own marks the end of what the bad request logged.
      const marker = `/healthz?depois=${index}`;
      await (await fetch(server.url + marker)).arrayBuffer();
      await expect.poll(() => logLines().some((line, i) => i >= seen && line.includes(`${marker} `)), name).toBe(true);
      const lines = logLines();
      const logged = lines.slice(seen).filter((line) => !line.includes("/healthz?depois="));
      expect(logged, name).toHaveLength(1);
      expect(logged[0], name).toContain(` ${status} `);
      seen = lines.length;
    }
    const log = readFileSync(logFile, "utf8");
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/Error/);
  });
});
