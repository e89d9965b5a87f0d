// The pieces of decision 061 (docs/decisions/061-production-start.md) below server.js and the
// development server: production mode, `.env`, the port error's words (server/production-start.js),
// and the request guards `npm run dev` now applies (server/dev-guards.js), run on real sockets.
// tests/process/production-start.spec.ts starts the real server.js.
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { DEVELOPMENT_BANNER, developmentGuardsPlugin, developmentRequestGuards } from "../../server/dev-guards.js";
import { describeListenError, listen, loadDotEnv, useProductionMode } from "../../server/production-start.js";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening<T extends Server>(server: T): Promise<T> {
  servers.push(server);
  await listen(server, 0, "127.0.0.1");
  return server;
}

function portOf(server: Server): number {
  return (server.address() as { port: number }).port;
}

describe("useProductionMode", () => {
  it("sets NODE_ENV to production whatever it was, and names a value it replaced", () => {
    const unset: NodeJS.ProcessEnv = {};
    expect(useProductionMode(unset)).toBeUndefined();
    expect(unset.NODE_ENV).toBe("production");

    const development: NodeJS.ProcessEnv = { NODE_ENV: "development" };
    expect(useProductionMode(development)).toBe("development");
    expect(development.NODE_ENV).toBe("production");

    const production: NodeJS.ProcessEnv = { NODE_ENV: "production" };
    expect(useProductionMode(production)).toBeUndefined();
    expect(production.NODE_ENV).toBe("production");
  });
});

describe("loadDotEnv", () => {
  it("reads a .env that exists, the environment winning (even when empty); nothing when there is none", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-dotenv-"));
    const names = ["SITE_DOTENV_TEST_A", "SITE_DOTENV_TEST_B", "SITE_DOTENV_TEST_C"];
    try {
      expect(loadDotEnv(path.join(dir, ".env"))).toBeUndefined();
      writeFileSync(
        path.join(dir, ".env"),
        "# comentário\nSITE_DOTENV_TEST_A=do-arquivo\nSITE_DOTENV_TEST_B=do-arquivo\nSITE_DOTENV_TEST_C=do-arquivo\n",
      );
      process.env.SITE_DOTENV_TEST_B = "do-ambiente";
      process.env.SITE_DOTENV_TEST_C = "";
      expect(loadDotEnv(path.join(dir, ".env"))).toBe(path.join(dir, ".env"));
      expect(process.env.SITE_DOTENV_TEST_A).toBe("do-arquivo");
      expect(process.env.SITE_DOTENV_TEST_B).toBe("do-ambiente");
      expect(process.env.SITE_DOTENV_TEST_C).toBe("");
    } finally {
      for (const name of names) delete process.env[name];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("listen and describeListenError", () => {
  it("rejects with EADDRINUSE on a taken port (Express 5's app.listen would call back instead)", async () => {
    const taken = await listening(createServer());
    const port = portOf(taken);
    const second = createServer();
    const error = await listen(second, port, "127.0.0.1").then(
      () => null,
      (reason: NodeJS.ErrnoException) => reason,
    );
    expect(error?.code).toBe("EADDRINUSE");
    const message = describeListenError(error!, port, "127.0.0.1");
    expect(message).toContain(`a porta ${port} já está em uso`);
    expect(message).toContain("EADDRINUSE");
    expect(message).toContain(`PORT=${port + 1} npm start`);
  });

  it("says what to do for the default port, a privileged port, a foreign HOST and anything else", () => {
    const inUse = Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE" });
    expect(describeListenError(inUse, 3000, "0.0.0.0")).toContain("PORT=3001 npm start");
    expect(describeListenError(inUse, 65535, "0.0.0.0")).toContain("PORT=3000 npm start");
    const denied = Object.assign(new Error("listen EACCES"), { code: "EACCES" });
    expect(describeListenError(denied, 80, "0.0.0.0")).toMatch(/sem permissão para usar a porta 80[\s\S]*PORT=81 npm start/);
    const foreign = Object.assign(new Error("listen EADDRNOTAVAIL"), { code: "EADDRNOTAVAIL" });
    expect(describeListenError(foreign, 3000, "10.9.8.7")).toContain("HOST=10.9.8.7 não pertence a esta máquina");
    const other = Object.assign(new Error("algo estranho"), { code: "EOTHER" });
    expect(describeListenError(other, 3000, "0.0.0.0")).toMatch(/0\.0\.0\.0:3000 \(EOTHER: algo estranho\)[\s\S]*PORT=3001/);
  });
});

describe("npm run dev's request guards (developmentRequestGuards)", () => {
  /** A real HTTP server running the guards, then a stand-in for Vite answering what got through. */
  async function devServer() {
    const passed: { method: string; plainPrototypes: boolean }[] = [];
    const guards = developmentRequestGuards("https://www.site.example");
    const server = http.createServer((req, res) =>
      guards(req, res, (error) => {
        passed.push({
          method: req.method ?? "",
          plainPrototypes:
            Object.getPrototypeOf(req) === http.IncomingMessage.prototype &&
            Object.getPrototypeOf(res) === http.ServerResponse.prototype,
        });
        res.statusCode = error ? 500 : 200;
        res.end("passou");
      }),
    );
    await listening(server);
    return { url: `http://127.0.0.1:${portOf(server)}`, passed };
  }

  it("refuses TRACE (405) and a foreign-origin POST to 'Sair' (403), as server.js does", async () => {
    const { url, passed } = await devServer();
    const trace = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${url}/`, { method: "TRACE" }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.end();
    });
    expect(trace).toEqual({ status: 405, body: "Método não permitido." });

    const foreign = await fetch(`${url}/contato/sair`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toBe("Origem não permitida.");
    expect(passed).toEqual([]);
  });

  it("lets everything else through to Vite with the request and response as they came", async () => {
    const { url, passed } = await devServer();
    expect((await fetch(`${url}/`)).status).toBe(200);
    const own = await fetch(`${url}/contato/sair`, { method: "POST", headers: { Origin: url } });
    expect(own.status).toBe(200);
    const site = await fetch(`${url}/contato/sair`, { method: "POST", headers: { Origin: "https://www.site.example" } });
    expect(site.status).toBe(200);
    expect(passed).toEqual([
      { method: "GET", plainPrototypes: true },
      { method: "POST", plainPrototypes: true },
      { method: "POST", plainPrototypes: true },
    ]);
  });

  it("the Vite plugin, for the dev server only, adds the guards and prints the banner once listening", () => {
    const printed: string[] = [];
    const plugin = developmentGuardsPlugin({ log: (text) => printed.push(text) });
    expect(plugin.apply).toBe("serve");
    const middlewares: unknown[] = [];
    const httpServer = new EventEmitter();
    const fakeVite = {
      config: { server: { port: 5173 } },
      middlewares: { use: (fn: unknown) => middlewares.push(fn) },
      httpServer,
    };
    (plugin.configureServer as (server: unknown) => void)(fakeVite);
    expect(middlewares).toHaveLength(1);
    expect(printed).toEqual([]);
    httpServer.emit("listening");
    expect(printed).toEqual([DEVELOPMENT_BANNER]);
    expect(DEVELOPMENT_BANNER).toContain("MODO DE DESENVOLVIMENTO");
    expect(DEVELOPMENT_BANNER).toContain("npm start");
  });
});
