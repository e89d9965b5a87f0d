import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import { io, type Socket } from "socket.io-client";

import { E2E_ENV } from "../support/env";
import { downloadHelperKey } from "../support/helper-key";
import { freePort, type RunningServer, startServer } from "../support/server-process";
import { openSessions, postForm, type Sessions } from "../support/sessions";

/**
 * Per-helper keys end to end (decision 070): the real site, the real helper process started with the
 * key of a start script an operator downloaded, and the page's verification done the way the page
 * does it. An admin's 'Revogar' on the password page cuts that helper off within one request: the
 * site's API refuses the key at once, the running helper refuses the next command and every new
 * connection, and an old script's key can mint nothing.
 */

let server: RunningServer;
let sessions: Sessions;
let helperPort: number;
let dataDir: string;
let helper: ChildProcess | null = null;
const sockets: Socket[] = [];

test.setTimeout(120_000);

test.beforeAll(async () => {
  helperPort = await freePort();
  server = await startServer({ ...E2E_ENV, HELPER_URL: `http://127.0.0.1:${helperPort}` }, { quiet: true });
  sessions = await openSessions(server.url);
  dataDir = mkdtempSync(path.join(tmpdir(), "helper-keys-"));
});

test.afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  if (helper && helper.exitCode === null) {
    const exited = new Promise((resolve) => helper!.once("exit", resolve));
    helper.kill("SIGTERM");
    await exited;
  }
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real helper process, as the start script runs it (fake WhatsApp). */
async function startRealHelper(key: string) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("HELPER_")) delete env[name];
  const child = spawn(process.execPath, [path.resolve("helper/bin/whatsapp-helper.js")], {
    env: {
      ...env,
      HELPER_KEY: key,
      HELPER_PORT: String(helperPort),
      HELPER_ALLOWED_ORIGINS: new URL(server.url).origin,
      HELPER_SITE_URL: server.url,
      HELPER_DATA_DIR: dataDir,
      HELPER_DRIVER: "fake",
      HELPER_KEEP_AWAKE: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 30_000 }).toContain("em execução em http://127.0.0.1:");
  return { child, output: () => output };
}

/** What the page does before it connects: a challenge from the site, the port's proof, the site's verdict. */
async function verifyAsThePage(): Promise<{ status: number; body: Record<string, unknown> }> {
  const challenge = (await (
    await fetch(`${server.url}/whatsapp/ajudante`, { headers: { Cookie: sessions.operator } })
  ).json()) as {
    challenge: string;
  };
  const proof = (await (await fetch(`http://127.0.0.1:${helperPort}/prova?desafio=${challenge.challenge}`)).json()) as Record<
    string,
    unknown
  >;
  const verdict = await fetch(`${server.url}/whatsapp/ajudante`, {
    method: "POST",
    headers: { Cookie: sessions.operator, Origin: server.url, "Content-Type": "application/json" },
    body: JSON.stringify({ challenge: challenge.challenge, keyId: proof.keyId, proof: proof.proof }),
  });
  return { status: verdict.status, body: (await verdict.json()) as Record<string, unknown> };
}

function connectPage(token: unknown): Promise<{ socket: Socket; error: (Error & { data?: { code?: string } }) | null }> {
  const socket = io(`http://127.0.0.1:${helperPort}`, {
    auth: { token },
    extraHeaders: { Origin: new URL(server.url).origin },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once("connect", () => resolve({ socket, error: null }));
    socket.once("connect_error", (error) => resolve({ socket, error }));
  });
}

const keyCheck = (key: string) =>
  fetch(`${server.url}/api/whatsapp-helper/chave`, { headers: { Authorization: `Bearer ${key}` } });

test("'Revogar' cuts a running helper off within one request; its old script mints nothing", async () => {
  const key = await downloadHelperKey(server.url, sessions.operator);
  const keyId = key.split(".")[0];
  const started = await startRealHelper(key);
  helper = started.child;

  // The page verifies the port and gets a token for this helper's key; the helper takes it.
  const verified = await verifyAsThePage();
  expect(verified).toMatchObject({ status: 200, body: { ok: true, keyId } });
  const { socket, error } = await connectPage(verified.body.token);
  expect(error).toBeNull();
  expect(await socket.emitWithAck("get-state")).toMatchObject({ ok: true });
  expect((await keyCheck(key)).status).toBe(200);

  // The admin revokes it on the password page (the real form).
  const page = await (
    await fetch(`${server.url}/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`, { headers: { Cookie: sessions.admin } })
  ).text();
  expect(page).toContain("Ajudantes instalados");
  const revoked = await postForm(
    server.url,
    `/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`,
    { intent: `revogar:${keyId}` },
    sessions.admin,
    {
      Origin: server.url,
    },
  );
  expect(revoked.status).toBe(303);

  // The site's API: at once.
  const refused = await keyCheck(key);
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ ok: false, error: "Chave do ajudante inválida ou revogada" });
  const optOuts = await fetch(`${server.url}/api/whatsapp-helper/descadastros`, { headers: { Authorization: `Bearer ${key}` } });
  expect(optOuts.status).toBe(401);

  // The helper: the next command is refused and the page is let go.
  const answer = await socket
    .timeout(10_000)
    .emitWithAck("get-state")
    .catch((e: Error) => ({ ok: false, code: "revoked-key", message: `desconectado (${e.message})` }));
  expect(answer).toMatchObject({ ok: false, code: "revoked-key" });
  await expect.poll(() => socket.connected).toBe(false);
  await expect.poll(() => started.output()).toContain("A chave deste ajudante foi revogada");

  // Then it unlinks WhatsApp, deletes its session, tells the site and exits (decision 115).
  const code = await new Promise((resolve) =>
    started.child.exitCode !== null ? resolve(started.child.exitCode) : started.child.once("exit", resolve),
  );
  expect(code).toBe(3);
  expect(started.output()).toMatch(/os arquivos da sessão do WhatsApp foram apagados/i);
  expect(started.output()).toContain("O ajudante vai fechar");
  const listed = await (
    await fetch(`${server.url}/whatsapp/${E2E_ENV.WHATSAPP_ADMIN_SLUG}`, { headers: { Cookie: sessions.admin } })
  ).text();
  expect(listed).toContain("Ajudantes revogados");
  expect(listed).toContain("o ajudante confirmou em");
  expect(listed).toContain("Aparelhos conectados");

  // Its old script's key mints nothing: the site refuses a revoked key's proof with "revoked".
  const challenge = (await (
    await fetch(`${server.url}/whatsapp/ajudante`, { headers: { Cookie: sessions.operator } })
  ).json()) as { challenge: string };
  const { signProof, parseKey } = await import("whatsapp-helper/token");
  const parsed = parseKey(key)!;
  const verdict = await fetch(`${server.url}/whatsapp/ajudante`, {
    method: "POST",
    headers: { Cookie: sessions.operator, Origin: server.url, "Content-Type": "application/json" },
    body: JSON.stringify({ challenge: challenge.challenge, keyId: parsed.id, proof: signProof(parsed, challenge.challenge) }),
  });
  expect(verdict.status).toBe(409);
  expect(await verdict.json()).toMatchObject({ ok: false, code: "revoked-key" });
});
