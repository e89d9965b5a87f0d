import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Server did not become healthy at ${url}`);
}

/**
 * Starts the production server (the build in BUILD_DIR or ./build) on a free port with a fresh
 * temporary database, and hands its URL and database path to the tests through the environment.
 */
export default async function globalSetup() {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server", "index.js"))) {
    throw new Error(`No build at ${buildDir}: run \`npm run build\` first (npm test does).`);
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "site-e2e-"));
  const databasePath = path.join(dir, "e2e.db");
  const env = {
    ...process.env,
    ...E2E_ENV,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: databasePath,
    BUILD_DIR: buildDir,
    LOG_REQUESTS: "false",
  };
  const server = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(`${baseUrl}/healthz`, 30_000);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_PATH = databasePath;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  };
}
