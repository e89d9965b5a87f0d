// The pieces of decision 061 (docs/decisions/061-production-start.md) below server.js and the
// development server: production mode, `.env`, the port error's words (server/production-start.js),
// run on real sockets. tests/process/production-start.spec.ts starts the real server.js;
// tests/process/dev-server.spec.ts starts `npm run dev` (server/dev.js, decision 080).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

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
