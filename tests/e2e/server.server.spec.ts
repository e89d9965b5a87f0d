import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { E2E_ENV } from "./env";
import { buildDir, startServer } from "./server-process";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
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

    const url = new URL(process.env.E2E_BASE_URL!);
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          "POST /inscricao HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nnome=\r\n0\r\n\r\n",
        );
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk));
      socket.on("end", () => resolve(data.split("\r\n")[0]));
      socket.on("error", reject);
    });
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

  test("SIGTERM: stops accepting, finishes the in-flight request, exits 0", async () => {
    const server = await startServer({}, { quiet: true });
    try {
      // An in-flight request: headers sent, body still arriving when SIGTERM comes.
      const body = "nome=Maria+Silva&telefone=31999998888";
      const response = new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, "127.0.0.1", () => {
          socket.write(
            `POST /inscricao HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
              `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
          );
          setTimeout(() => {
            server.process.kill("SIGTERM");
            setTimeout(() => socket.write(body.slice(10)), 300);
          }, 200);
        });
        let data = "";
        socket.on("data", (chunk) => (data += chunk));
        socket.on("end", () => resolve(data));
        socket.on("error", reject);
      });
      const answer = await response;
      expect(answer).toMatch(/^HTTP\/1\.1 (200|303|400|429)/);
      expect(await server.exited).toBe(0);
      // No longer accepting connections.
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      server.cleanup();
    }
  });
});
