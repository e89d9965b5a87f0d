import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { E2E_ENV } from "./env";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server did not become healthy at ${url}`);
}

export type RunningServer = {
  url: string;
  port: number;
  databasePath: string;
  process: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Removes the temporary folder (after stop). */
  cleanup(): void;
};

export function buildDir(): string {
  const dir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(dir, "server", "index.js"))) {
    throw new Error(`No build at ${dir}: run \`npm run build\` first (npm test does).`);
  }
  return dir;
}

/**
 * Starts the production server (server.js over the build) on a free port with its own temporary
 * database folder (or the given database path), and waits until /healthz answers.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { databasePath?: string; quiet?: boolean; logFile?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dir = options.databasePath ? path.dirname(options.databasePath) : mkdtempSync(path.join(tmpdir(), "site-e2e-"));
  const databasePath = options.databasePath ?? path.join(dir, "e2e.db");
  // logFile: standard output and error both go to that one file, in the order the server wrote them.
  const log = options.logFile ? openSync(options.logFile, "a") : undefined;
  // E2E_SERVER_SCRIPT: another server.js (e.g. an older one, to see a new test fail on it).
  const child = spawn(process.execPath, [process.env.E2E_SERVER_SCRIPT ?? "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: databasePath,
      BUILD_DIR: buildDir(),
      LOG_REQUESTS: "false",
      ...env,
    },
    stdio: log !== undefined ? ["ignore", log, log] : ["ignore", options.quiet ? "ignore" : "inherit", "inherit"],
  });
  if (log !== undefined) closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForHealth(`${url}/healthz`),
    exited.then((code) => {
      throw new Error(`server.js exited early with code ${code}`);
    }),
  ]);
  return {
    url,
    port,
    databasePath,
    process: child,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The production server with the e2e settings but these small rate limits, trusting X-Forwarded-For
 * (as clients behind a proxy): each test speaks from an address of its own, so its limits start from zero.
 */
export function startRateLimitedServer(limits: { publicForms: number; login: number }): Promise<RunningServer> {
  return startServer(
    {
      ...E2E_ENV,
      RATE_LIMIT_PUBLIC_FORMS: String(limits.publicForms),
      RATE_LIMIT_LOGIN: String(limits.login),
      TRUST_PROXY: "true",
    },
    { quiet: true },
  );
}
