// `npm run dev` runs the production Express app of server/app.js with Vite in middleware mode
// (server/dev.js, decision 080): the request guards refuse what they refuse under `npm start`, a
// document carries the Content-Security-Policy with the nonce of its scripts, the page cache is off
// unless HTML_CACHE=on, and a page renders and hydrates in Chromium under that policy.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { waitForHydration } from "../support/fixtures";
import { freePort, waitForHealth } from "../support/server-process";

let child: ChildProcess;
let exited: Promise<number | null>;
let dir: string;
let url: string;
let output = "";

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "site-dev-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // Its own process group, so stopping it stops npm and the node process npm started.
  child = spawn("npm", ["run", "dev", "--", "--port", String(port), "--host", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "",
      DATABASE_PATH: path.join(dir, "dev.db"),
      SESSION_SECRET: "dev-test-session-secret",
      LOG_REQUESTS: "false",
      HTML_CACHE: "",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  await Promise.race([
    waitForHealth(`${url}/healthz`),
    exited.then((code) => {
      throw new Error(`npm run dev exited early with code ${code}:\n${output}`);
    }),
  ]);
});

test.afterAll(async () => {
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGTERM");
  await exited;
  rmSync(dir, { recursive: true, force: true });
});

test("says at start that it is development mode, not production", () => {
  expect(output).toContain("MODO DE DESENVOLVIMENTO");
  expect(output).toContain(`Servidor de desenvolvimento em ${url}`);
});

test("the production request guards run: TRACE 405, a foreign-origin post 403, an oversized body 413", async () => {
  // fetch refuses to send TRACE itself: node:http does.
  const traced = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${url}/`, { method: "TRACE" }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
  expect(traced).toEqual({ status: 405, body: "Método não permitido." });

  const foreign = await fetch(`${url}/contato/sair`, { method: "POST", headers: { Origin: "https://evil.example" } });
  expect(foreign.status).toBe(403);
  expect(await foreign.text()).toBe("Origem não permitida.");

  const big = await fetch(`${url}/inscricao`, {
    method: "POST",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: "nome=" + "a".repeat(100 * 1024),
  });
  expect(big.status).toBe(413);
  expect(big.headers.get("x-content-type-options")).toBe("nosniff");
});

test("a document carries the CSP with the nonce of its scripts, and the page cache is off", async () => {
  const first = await fetch(`${url}/`);
  expect(first.status).toBe(200);
  const csp = first.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const html = await first.text();
  expect(html).toContain(`nonce="${nonce}"`);
  expect(first.headers.get("x-cache")).toBeNull();

  const second = await fetch(`${url}/`);
  expect(second.headers.get("x-cache")).toBeNull();
  // A fresh nonce per render: no cached copy was answered.
  expect(second.headers.get("content-security-policy")).not.toBe(csp);
});

test("a page renders and hydrates in Chromium under that policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${url}/`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1").first()).toBeVisible();
  await waitForHydration(page);
  expect(violations).toEqual([]);
});
