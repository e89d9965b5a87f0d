// How `npm start` (server.js) starts, decision 061: production whatever NODE_ENV says, `.env` read as
// `npm run dev` reads it, and a port it cannot take is an error that says what to do. Each test starts
// server.js as a real process on a free port and waits for its own words ("Servidor pronto") or its
// exit, never for a fixed time.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { buildDir, freePort } from "../support/server-process";

type Started = {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
};

/**
 * Starts server.js (E2E_SERVER_SCRIPT: another one, to see these tests fail on it) in `cwd` with the
 * inherited environment minus NODE_ENV, PORT and SITE_URL, plus `env`. Nothing is waited for.
 */
function spawnServer(env: Record<string, string>, cwd = process.cwd()): Started {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["NODE_ENV", "PORT", "SITE_URL", "HOST", "BRAND_NAME"]) delete inherited[name];
  const child = spawn(process.execPath, [path.resolve(process.env.E2E_SERVER_SCRIPT ?? "server.js")], {
    cwd,
    env: {
      ...inherited,
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir(),
      // The migrations are found from the working folder; a test in another folder names them.
      MIGRATIONS_DIR: path.resolve("drizzle"),
      LOG_REQUESTS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Resolves once the server says it is ready; fails (with its output) if it exits first. */
async function ready(server: Started): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (server.output().includes("Servidor pronto")) resolve();
    };
    server.child.stdout!.on("data", check);
    server.child.stderr!.on("data", check);
    check();
    void server.exited.then((code) =>
      reject(new Error(`server.js exited with ${code} before it was ready:\n${server.output()}`)),
    );
  });
}

/**
 * Spawns server.js with `env(dir)` (and in `dir` when `inDir`), `dir` being a fresh temporary folder,
 * runs `check`, then stops the server and removes the folder, whatever `check` did.
 */
async function withServer(
  prefix: string,
  env: (dir: string) => Promise<Record<string, string>>,
  check: (server: Started, dir: string) => Promise<void>,
  { inDir = false } = {},
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    const server = spawnServer(await env(dir), inDir ? dir : undefined);
    try {
      await check(server, dir);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A site behind https on a free port, its database in `dir`. */
const httpsSite = async (dir: string) => ({
  PORT: String(await freePort()),
  SITE_URL: "https://universidade.example",
  DATABASE_PATH: path.join(dir, "site.db"),
});

test.describe("npm start (server.js)", () => {
  test("is production without NODE_ENV: CSP on documents and a Secure session cookie with an https SITE_URL", async () => {
    await withServer("site-start-prod-", httpsSite, async (server) => {
      await ready(server);
      const response = await fetch(`${server.url}/?utm_source=teste`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(response.headers.get("content-security-policy")).toMatch(/script-src [^;]*'nonce-/);
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(server.output()).not.toContain("ignorado");
      expect(await server.stop()).toBe(0);
    });
  });

  test("NODE_ENV=development is ignored with a warning: still production (CSP, Secure cookie)", async () => {
    const env = async (dir: string) => ({ NODE_ENV: "development", ...(await httpsSite(dir)) });
    await withServer("site-start-dev-env-", env, async (server) => {
      await ready(server);
      const response = await fetch(`${server.url}/?utm_source=teste`);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(response.headers.get("set-cookie") ?? "").toMatch(/Secure/);
      expect(server.output()).toContain("NODE_ENV=development ignorado");
      expect(server.output()).toContain("npm run dev");
    });
  });

  test("a port already in use: exit non-zero, a pt-BR message naming the port and PORT=…, no 'Servidor pronto', no start-up work", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve, reject) => {
      blocker.once("error", reject);
      blocker.listen(0, "127.0.0.1", () => resolve());
    });
    const port = (blocker.address() as { port: number }).port;
    const env = async (dir: string) => ({
      PORT: String(port),
      DATABASE_PATH: path.join(dir, "site.db"),
      ADMIN_EMAIL: "porta@example.com",
      ADMIN_PASSWORD: "senha-da-porta-123",
    });
    try {
      await withServer("site-start-port-", env, async (server, dir) => {
        const code = await server.exited;
        const output = server.output();
        expect(code, output).not.toBe(0);
        expect(code, output).not.toBeNull();
        expect(output).toContain(`a porta ${port} já está em uso`);
        expect(output).toContain("EADDRINUSE");
        expect(output).toContain(`PORT=${port + 1} npm start`);
        expect(output).not.toContain("Servidor pronto");
        // The start-up work (first admin, purge, webhook worker) never ran: the port comes first.
        const db = new Database(path.join(dir, "site.db"), { readonly: true });
        try {
          expect(db.prepare("SELECT count(*) AS n FROM admin_users").get()).toEqual({ n: 0 });
        } finally {
          db.close();
        }
      });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test(".env in the working folder is read, and a variable already in the environment wins", async () => {
    const port = await freePort();
    const otherPort = await freePort();
    const env = async (dir: string) => {
      writeFileSync(
        path.join(dir, ".env"),
        [
          "# Copied from .env.example",
          "SITE_URL=https://dotenv.example",
          `PORT=${otherPort}`,
          "DATABASE_PATH=./dados/site.db",
          "",
        ].join("\n"),
      );
      return { PORT: String(port) };
    };
    await withServer(
      "site-start-dotenv-",
      env,
      async (server, dir) => {
        await ready(server);
        // PORT came from the environment (the server answers there), SITE_URL from .env.
        const robots = await fetch(`${server.url}/robots.txt`);
        expect(robots.status).toBe(200);
        expect(await robots.text()).toContain("Sitemap: https://dotenv.example/sitemap.xml");
        expect(server.output()).toContain(`Configuração lida de ${path.join(dir, ".env")}`);
        // DATABASE_PATH from .env, relative to the working folder.
        const db = new Database(path.join(dir, "dados", "site.db"), { readonly: true });
        try {
          expect(db.prepare("SELECT count(*) AS n FROM leads").get()).toEqual({ n: 0 });
        } finally {
          db.close();
        }
      },
      { inDir: true },
    );
  });
});
