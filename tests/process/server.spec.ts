import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { verifyPassword } from "../../app/features/staff/password.server";
import { E2E_ENV } from "../support/env";
import { rawStatusLine } from "../support/raw-http";
import { insertLead } from "../support/seed";
import { buildDir, freePort, type RunningServer, startServer } from "../support/server-process";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** A server of its own whose output (standard output and error) goes to a file the test can read. */
/**
 * A request in flight when SIGTERM comes: headers sent (the server answers `100 Continue` once it
 * has taken the request in), part of the body, SIGTERM, and the rest of the body once the server
 * has logged the signal. Each step waits for the server's own signal, never for a fixed time.
 * Resolves with the final answer once the connection is closed (by the server, for a keep-alive
 * connection).
 */
async function postAcrossSigterm(
  server: RunningServer,
  log: () => string,
  { keepAlive }: { keepAlive: boolean },
): Promise<string> {
  const body = "nome=Maria+Silva&telefone=31999998888";
  const socket = connect(server.port, "127.0.0.1");
  let data = "";
  socket.on("data", (chunk) => (data += chunk));
  const closed = new Promise<void>((resolve, reject) => {
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
  await once(socket, "connect");
  socket.write(
    `POST /inscricao HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n${keepAlive ? "" : "Connection: close\r\n"}\r\n`,
  );
  await expect.poll(() => data.includes("100 Continue")).toBe(true);
  socket.write(body.slice(0, 10));
  server.process.kill("SIGTERM");
  await expect.poll(() => log().includes("SIGTERM recebido")).toBe(true);
  socket.write(body.slice(10));
  await closed;
  return data.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
}

/**
 * A production server (its output in a log file) sent SIGTERM during a POST (postAcrossSigterm):
 * the request is answered and the process exits 0; then `after` checks what the server left.
 * Its folder and log are removed after.
 */
async function sigtermAcrossPost(
  options: { keepAlive: boolean },
  after: (server: RunningServer) => Promise<void> = async () => {},
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-e2e-log-"));
  const logFile = path.join(dir, "server.log");
  const server = await startServer({}, { logFile });
  try {
    const answer = await postAcrossSigterm(server, () => readFileSync(logFile, "utf8"), options);
    expect(answer).toMatch(/^HTTP\/1\.1 (200|303|400|429)/);
    expect(await server.exited).toBe(0);
    await after(server);
  } finally {
    server.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe("production server", () => {
  test("nothing from app/server, no secret and no database path reaches build/client", () => {
    const files = filesUnder(path.join(buildDir(), "client")).filter((f) => /\.(js|css|html|json|map|txt)$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    const forbidden = [
      "better-sqlite3",
      "drizzle-orm/better-sqlite3",
      "config.server",
      "session.server",
      "sessionSecret",
      "helperSecret",
      "adminPassword",
      "whatsappMasterPassword",
      "SESSION_SECRET=",
      "HELPER_SECRET=",
      "ADMIN_PASSWORD=",
      "MASTER_PASSWORD=",
      "process.env.DATABASE_PATH",
      "data/site.db",
      "scrypt$",
      "node:crypto",
      ...Object.entries(E2E_ENV)
        .filter(([key]) => /SECRET|PASSWORD/.test(key))
        .map(([, value]) => value),
    ];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const needle of forbidden) {
        expect(text.includes(needle), `${needle} found in ${path.relative(process.cwd(), file)}`).toBe(false);
      }
    }
  });

  test("no secret reaches a page's HTML or loader data", async ({ request }) => {
    const secrets = [E2E_ENV.SESSION_SECRET, E2E_ENV.HELPER_SECRET, E2E_ENV.ADMIN_PASSWORD, E2E_ENV.WHATSAPP_MASTER_PASSWORD];
    for (const page of ["/", "/login-admin", "/whatsapp", "/inscricao", "/teste-vocacional", "/campanha-relampago"]) {
      const html = await (await request.get(page)).text();
      for (const secret of secrets) expect(html.includes(secret), `${secret} in ${page}`).toBe(false);
      expect(html).not.toMatch(/scrypt\$/);
    }
  });

  test("security headers, HSTS behind HTTPS, Secure cookies in production", async () => {
    const server = await startServer({ TRUST_PROXY: "true", SITE_URL: "https://universidade.example" }, { quiet: true });
    try {
      const plain = await fetch(`${server.url}/?utm_source=teste`);
      expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
      expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      const cookie = plain.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Secure/);

      const viaHttps = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(viaHttps.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  test("hashed assets are cached immutably and compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("oversized and length-less bodies are refused before parsing", async ({ request }) => {
    const big = await request.post("/inscricao", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "nome=" + "a".repeat(200 * 1024),
    });
    expect(big.status()).toBe(413);

    const status = await rawStatusLine(
      process.env.E2E_BASE_URL!,
      "POST /inscricao HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nnome=\r\n0\r\n\r\n",
    );
    expect(status).toContain("411");
  });

  test("a path that is not valid percent-encoded UTF-8 gets a 400 with a way home; valid encoded paths still route", async () => {
    const base = process.env.E2E_BASE_URL!;
    for (const bad of ["/%FF", "/cursos/%E0%A4%A", "/teste-vocacional/resultado/%C3%28"]) {
      const response = await fetch(base + bad, { redirect: "manual" });
      expect(response.status, bad).toBe(400);
      const html = await response.text();
      expect(html).toContain("Endereço inválido");
      expect(html).toContain('href="/"');
    }
    // Well-formed percent-encoding is not refused: an unknown page is still the site's 404.
    const unknown = await fetch(base + "/p%C3%A1gina-que-n%C3%A3o-existe", { redirect: "manual" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("<title>");
  });

  test("SIGTERM: stops accepting, finishes the in-flight request, closes the database, exits 0", async () => {
    await sigtermAcrossPost({ keepAlive: false }, async (server) => {
      // No longer accepting connections.
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
      // The database was closed, not abandoned: closing the last connection checkpoints the WAL into
      // the database file and removes the -wal file (an exit without closing leaves it behind).
      const wal = `${server.databasePath}-wal`;
      expect(existsSync(wal) ? statSync(wal).size : 0, "bytes left in the -wal file").toBe(0);
      const db = new Database(server.databasePath, { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      } finally {
        db.close();
      }
    });
  });

  test("SIGTERM with a keep-alive request in flight: answers it, then closes that connection and exits 0 (not at the 10 s forced exit)", async () => {
    // HTTP/1.1 keeps the connection open after the answer unless one side closes it.
    await sigtermAcrossPost({ keepAlive: true });
  });

  test("the first admin is created at start-up from ADMIN_EMAIL/ADMIN_PASSWORD: before any request, once, password never logged", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-e2e-admin-"));
    const databasePath = path.join(dir, "site.db");
    const firstPassword = "senha-inicial-987";
    const secondPassword = "outra-senha-654";
    const output: string[] = [];

    /** Starts server.js and resolves once it says it is listening: no HTTP request is made. */
    async function boot(adminPassword: string) {
      const port = await freePort();
      const child = spawn(process.execPath, ["server.js"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_PATH: databasePath,
          BUILD_DIR: buildDir(),
          LOG_REQUESTS: "false",
          ADMIN_EMAIL: " Primeira.Admin@Example.com ",
          ADMIN_PASSWORD: adminPassword,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      let log = "";
      await new Promise<void>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          log += chunk;
          if (log.includes("Servidor pronto")) resolve();
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
        void exited.then((code) => reject(new Error(`server.js exited with ${code} before listening:\n${log}`)));
      });
      return {
        async stop() {
          child.kill("SIGTERM");
          expect(await exited).toBe(0);
          output.push(log);
        },
      };
    }

    function admins() {
      const db = new Database(databasePath, { readonly: true });
      try {
        return db.prepare("SELECT id, email, password_hash AS hash FROM admin_users").all() as {
          id: number;
          email: string;
          hash: string;
        }[];
      } finally {
        db.close();
      }
    }

    try {
      const first = await boot(firstPassword);
      const created = admins();
      expect(created.map((a) => a.email)).toEqual(["primeira.admin@example.com"]);
      expect(await verifyPassword(firstPassword, created[0].hash)).toBe(true);
      await first.stop();
      expect(output[0]).toContain("primeira.admin@example.com");

      // A restart (even with another configured password) leaves the existing admin alone.
      const second = await boot(secondPassword);
      expect(admins()).toEqual(created);
      await second.stop();

      for (const log of output) {
        expect(log).not.toContain(firstPassword);
        expect(log).not.toContain(secondPassword);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("at start-up the server deletes leads and send-log rows older than LEAD_RETENTION_DAYS, before any request", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-e2e-retention-"));
    const databasePath = path.join(dir, "site.db");
    const env = { LEAD_RETENTION_DAYS: "30" };
    try {
      // A first start creates and migrates the database.
      const first = await startServer(env, { databasePath, quiet: true });
      expect(await first.stop()).toBe(0);

      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
      const seed = new Database(databasePath);
      const lead = { origem: "inscricao", nome: "Pessoa", telefone: "(31)90000-0000", data_criacao: "2026-01-01" };
      insertLead(seed, { ...lead, email: "antigo@example.com", criado_em: daysAgo(31) });
      insertLead(seed, { ...lead, email: "recente@example.com", criado_em: daysAgo(29) });
      const insertLog = seed.prepare(
        "INSERT INTO whatsapp_send_log (job_id, operator, name, number, message, status, sent_at) VALUES ('j', 'Op', 'Contato', ?, 'Olá', 'Enviado', ?)",
      );
      insertLog.run("5531900000001", daysAgo(31));
      insertLog.run("5531900000002", daysAgo(1));
      seed.close();

      const second = await startServer(env, { databasePath, quiet: true });
      const read = new Database(databasePath, { readonly: true });
      try {
        expect(read.prepare("SELECT email FROM leads").all()).toEqual([{ email: "recente@example.com" }]);
        expect(read.prepare("SELECT number FROM whatsapp_send_log").all()).toEqual([{ number: "5531900000002" }]);
      } finally {
        read.close();
      }
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
