import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { E2E_ENV } from "../support/env";
import { freePort, type RunningServer, startServer } from "../support/server-process";
import { openSessions } from "../support/sessions";

/**
 * The start script an operator downloads, run for real (decision 049): the first start installs
 * the helper into the per-user folder and starts it; the next start finds the same version on the
 * site and starts the installed copy without reinstalling; another version on the site updates it
 * once, and a failed update keeps the installed copy; with the site stopped it still starts the
 * installed copy and says why; a start while the helper runs says it is already running and exits
 * 0 without a second server. The macOS download is a zip whose .command keeps its execute bit.
 *
 * The script's `npm ci` is the one step replaced: a stand-in `npm` first on PATH records each call
 * and links the repository's node_modules into the package the script unpacked (no registry is
 * needed; what is installed is the real helper the site serves). One test runs the real npm: the
 * installed tree is exactly the one package-lock.json holds for the helper (decision 066).
 */

const REPO = process.cwd();
const COMMAND_NAME = "iniciar-whatsapp-helper.command";

let server: RunningServer;
let work: string;
let home: string;
let helperPort: number;
let operator: string;
const running: ChildProcess[] = [];

test.setTimeout(180_000);

test.beforeAll(async () => {
  helperPort = await freePort();
  server = await startServer({ ...E2E_ENV, HELPER_URL: `http://127.0.0.1:${helperPort}` }, { quiet: true });
  operator = (await openSessions(server.url)).operator;
  work = mkdtempSync(path.join(tmpdir(), "helper-install-"));
  home = path.join(work, "home");
  mkdirSync(home);
  const bin = path.join(work, "bin");
  mkdirSync(bin);
  const npm = path.join(bin, "npm");
  writeFileSync(
    npm,
    [
      "#!/bin/sh",
      "# Stands in for `npm ci --prefix DIR ...` (DIR holds the unpacked package): records the call and",
      "# links the repository's node_modules into DIR; with NPM_REAL set it runs the real npm instead.",
      'echo "$*" >> "$NPM_CALLS"',
      '[ -n "$NPM_FAIL" ] && { echo "npm ERR! network" >&2; exit 1; }',
      '[ -n "$NPM_REAL" ] && exec "$NPM_REAL" "$@"',
      'prefix=""',
      'while [ $# -gt 0 ]; do case "$1" in --prefix) prefix="$2"; shift ;; esac; shift; done',
      '[ -f "$prefix/package.json" ] || { echo "npm ERR! no package.json in $prefix" >&2; exit 1; }',
      'ln -s "$REPO_NODE_MODULES" "$prefix/node_modules"',
      "",
    ].join("\n"),
  );
  chmodSync(npm, 0o755);
});

test.afterAll(async () => {
  for (const child of running) await stopHelper(child);
  await server?.stop();
  server?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

function scriptEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("HELPER_") || name.startsWith("WHATSAPP_HELPER")) delete env[name];
  return {
    ...env,
    HOME: home,
    PATH: `${path.join(work, "bin")}${path.delimiter}${process.env.PATH}`,
    NPM_CALLS: path.join(work, "npm-calls.txt"),
    REPO_NODE_MODULES: path.join(REPO, "node_modules"),
    HELPER_DRIVER: "fake",
    HELPER_KEEP_AWAKE: "off",
  };
}

function npmCalls(): string[] {
  try {
    return readFileSync(path.join(work, "npm-calls.txt"), "utf8").trim().split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Runs a script file (with sh, or directly when `direct`; under umask 022, a desktop's usual one,
 * when `umask022`), collecting what it prints.
 */
function run(file: string, direct = false, env: Record<string, string> = {}, umask022 = false): Run {
  const [command, args] = umask022
    ? ["sh", ["-c", 'umask 022; exec sh "$0"', file]]
    : [direct ? file : "sh", direct ? [] : [file]];
  const child = spawn(command as string, args as string[], {
    env: { ...scriptEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the started helper prints its banner (its last line included), or the script ends. */
async function helperStarted(started: Run): Promise<string> {
  running.push(started.child);
  await expect
    .poll(() => (started.child.exitCode !== null ? "exited" : started.output()), { timeout: 30_000 })
    .toMatch(/Deixe esta janela aberta|exited/);
  const output = started.output();
  expect(output, output).toContain(`em execução em http://127.0.0.1:${helperPort}`);
  return output;
}

async function stopHelper(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function helperAnswer(): Promise<string> {
  return (await fetch(`http://127.0.0.1:${helperPort}/`)).text();
}

function writeTemp(name: string, body: Buffer): string {
  const file = path.join(work, name);
  writeFileSync(file, body);
  return file;
}

async function download(urlPath: string) {
  const response = await fetch(server.url + urlPath, { headers: { Cookie: operator }, redirect: "manual" });
  expect(response.status).toBe(200);
  return response;
}

test("the macOS download: operator only, an attachment named for the Mac, private and uncached", async () => {
  const anonymous = await fetch(`${server.url}/whatsapp/iniciar-whatsapp-helper-mac.zip`, { redirect: "manual" });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("location")).toBe("/whatsapp");
  expect(await anonymous.text()).not.toContain("HELPER_KEY");

  const response = await download("/whatsapp/iniciar-whatsapp-helper-mac.zip");
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="iniciar-whatsapp-helper-mac.zip"');
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const zip = Buffer.from(await response.arrayBuffer());
  expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  // zipinfo's line for the file: its mode first ("made on Unix" keeps it), then the name last.
  const listing = execFileSync("unzip", ["-Z", writeTemp("listing.zip", zip)], { encoding: "utf8" });
  const line = listing.split("\n").find((l) => l.endsWith(` ${COMMAND_NAME}`));
  expect(line, listing).toMatch(/^-rwxr-xr-x /);
  expect(zip.toString("utf8")).toMatch(/^HELPER_KEY='[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}'$/m);
  expect(zip.toString("utf8")).not.toContain("HELPER_SECRET");
});

test("with the real npm, the start script installs exactly the locked tree, install scripts off", async () => {
  // The real npm (the registry or npm's cache), into a home of its own.
  const realNpm = execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim();
  const realHome = path.join(work, "home-real-npm");
  mkdirSync(realHome);
  const calls = path.join(work, "real-npm-calls.txt");
  const shFile = path.join(work, "iniciar-real-npm.sh");
  writeFileSync(shFile, await (await download("/whatsapp/iniciar-whatsapp-helper.sh")).text());

  const started = run(shFile, false, { HOME: realHome, NPM_REAL: realNpm, NPM_CALLS: calls });
  const output = await helperStarted(started);
  expect(output).toContain("Instalando o ajudante (só na primeira vez");
  expect(await helperAnswer()).toContain("Ajudante WhatsApp");
  await stopHelper(started.child);

  // What npm installed is what package-lock.json resolves for the helper: ws (which an unlocked
  // install resolves to a newer release) and every other package the helper's tree holds.
  const app = path.join(realHome, ".whatsapp-helper", "app");
  const rootLock = JSON.parse(readFileSync(path.join(REPO, "package-lock.json"), "utf8"));
  const locked = (name: string) =>
    (rootLock.packages[`helper/node_modules/${name}`] ?? rootLock.packages[`node_modules/${name}`]).version;
  const installedVersion = (at: string) => JSON.parse(readFileSync(path.join(app, at, "package.json"), "utf8")).version;
  expect(installedVersion("node_modules/ws")).toBe(locked("ws"));
  const [call, ...more] = readFileSync(calls, "utf8").trim().split("\n");
  expect(more).toEqual([]);
  expect(call).toMatch(/^ci /);
  expect(call.split(" ")).toContain("--ignore-scripts");
  const shrinkwrap = JSON.parse(readFileSync(path.join(app, "npm-shrinkwrap.json"), "utf8"));
  const required = Object.entries(shrinkwrap.packages as Record<string, { version: string; optional?: boolean }>).filter(
    ([at, entry]) => at !== "" && !entry.optional,
  );
  expect(required.length).toBeGreaterThan(50);
  for (const [at, entry] of required) {
    expect({ at, version: installedVersion(at) }).toEqual({ at, version: entry.version });
    const original = rootLock.packages[`helper/${at}`] ?? rootLock.packages[at];
    expect({ at, version: original?.version }).toEqual({ at, version: entry.version });
  }

  // Without install scripts the Baileys side loads: baileys, protobufjs, sharp and the helper's driver.
  const loaded = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      "const b = await import('baileys'); await import('protobufjs'); await import('sharp'); " +
        "const d = await import('./src/drivers/baileys.js'); " +
        "console.log(typeof b.makeWASocket, typeof b.default, typeof d.BaileysDriver);",
    ],
    { cwd: app, encoding: "utf8" },
  );
  expect(loaded.trim()).toBe("function function function");
});

/** Does the helper on the port prove it holds `key` (whatsapp-helper/token's recipe)? */
async function helperProves(key: string): Promise<boolean> {
  const [id, secret] = key.split(".");
  const challenge = randomBytes(18).toString("base64url");
  const body = (await (await fetch(`http://127.0.0.1:${helperPort}/prova?desafio=${challenge}`)).json()) as {
    keyId?: string;
    proof?: string;
  };
  const hashed = createHash("sha256").update(secret).digest();
  return body.keyId === id && body.proof === createHmac("sha256", hashed).update(`prova\n${id}.${challenge}`).digest("base64url");
}

test("under umask 022 the first start moves the key into a 0600 file and out of the script; the next uses it", async () => {
  const keyHome = path.join(work, "home-key-file");
  const downloads = path.join(keyHome, "Downloads");
  mkdirSync(downloads, { recursive: true, mode: 0o755 });
  const shFile = path.join(downloads, "iniciar-whatsapp-helper.sh");
  const sh = await (await download("/whatsapp/iniciar-whatsapp-helper.sh")).text();
  const key = /^HELPER_KEY='([^']+)'$/m.exec(sh)![1];
  // what a browser leaves: readable by every account
  writeFileSync(shFile, sh, { mode: 0o644 });
  chmodSync(shFile, 0o644);
  const helperDir = path.join(keyHome, ".whatsapp-helper");
  const keyFile = path.join(helperDir, "helper.key");

  await test.step("first start: the key is in the helper's folder only, and the helper runs with it", async () => {
    const first = run(shFile, false, { HOME: keyHome, NPM_CALLS: path.join(work, "key-file-npm-calls.txt") }, true);
    const output = await helperStarted(first);
    expect(output).toContain("Instalando o ajudante (só na primeira vez");
    expect(output).toContain(`A chave de acesso deste arquivo foi guardada em ${keyFile}`);
    const after = readFileSync(shFile, "utf8");
    expect(after).not.toContain(key);
    expect(after).not.toContain(key.split(".")[1]);
    expect(after).toMatch(/^HELPER_KEY=''$/m);
    expect(statSync(shFile).mode & 0o077).toBe(0);
    expect(execFileSync("ls", ["-A", downloads], { encoding: "utf8" }).trim()).toBe("iniciar-whatsapp-helper.sh");
    expect(statSync(helperDir).mode & 0o777).toBe(0o700);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, "utf8")).toBe(key);
    expect(await helperProves(key)).toBe(true);
    await stopHelper(first.child);
  });

  await test.step("second start of the same file: starts with the stored key", async () => {
    const second = run(shFile, false, { HOME: keyHome, NPM_CALLS: path.join(work, "key-file-npm-calls.txt") }, true);
    const output = await helperStarted(second);
    expect(output).toContain("O ajudante já está instalado e atualizado.");
    expect(output).not.toContain("A chave de acesso deste arquivo foi guardada");
    expect(output).not.toContain("não foi encontrada");
    expect(await helperProves(key)).toBe(true);
    expect(readFileSync(shFile, "utf8")).not.toContain(key);
    await stopHelper(second.child);
  });
});

test("the downloaded start script installs once, starts offline, and notices a helper already running", async () => {
  const shFile = path.join(work, "iniciar-whatsapp-helper.sh");
  const sh = await (await download("/whatsapp/iniciar-whatsapp-helper.sh")).text();
  expect(sh).toContain(`HELPER_SITE_URL='${server.url}'`);
  writeFileSync(shFile, sh);
  const zipFile = path.join(work, "mac.zip");
  writeFileSync(zipFile, Buffer.from(await (await download("/whatsapp/iniciar-whatsapp-helper-mac.zip")).arrayBuffer()));
  const helperDir = path.join(home, ".whatsapp-helper");

  await test.step("first start: installs into ~/.whatsapp-helper and starts the installed copy", async () => {
    const first = run(shFile);
    const output = await helperStarted(first);
    expect(output).toContain("Instalando o ajudante (só na primeira vez");
    expect(npmCalls()).toHaveLength(1);
    expect(npmCalls()[0]).toContain(`--prefix ${path.join(helperDir, "app.new")}`);
    expect(statSync(path.join(helperDir, "app", "bin", "whatsapp-helper.js")).isFile()).toBe(true);
    expect(await helperAnswer()).toContain("Ajudante WhatsApp");
    // umask 077: what the helper keeps (its session, contact lists, the install) is the operator's alone
    expect(statSync(helperDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(helperDir, "installed.sha256")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(helperDir, "app", "bin", "whatsapp-helper.js")).mode & 0o077).toBe(0);
    await stopHelper(first.child);
  });

  await test.step("second start, same version on the site: no reinstall", async () => {
    const second = run(shFile);
    const output = await helperStarted(second);
    expect(output).toContain("O ajudante já está instalado e atualizado.");
    expect(output).not.toContain("Instalando");
    expect(npmCalls()).toHaveLength(1);
    await stopHelper(second.child);
  });

  await test.step("the site serves another version: the script updates once", async () => {
    writeFileSync(path.join(helperDir, "installed.sha256"), "versao-anterior\n");
    const third = run(shFile);
    const output = await helperStarted(third);
    expect(output).toContain("O site tem uma versão nova do ajudante. Atualizando");
    expect(npmCalls()).toHaveLength(2);
    await stopHelper(third.child);
  });

  await test.step("an update that fails keeps the installed copy and starts it", async () => {
    writeFileSync(path.join(helperDir, "installed.sha256"), "versao-anterior\n");
    const failing = run(shFile, false, { NPM_FAIL: "1" });
    const output = await helperStarted(failing);
    expect(output).toContain("A atualização falhou. Iniciando a versão do ajudante já instalada.");
    expect(npmCalls()).toHaveLength(3);
    expect(statSync(path.join(helperDir, "app", "bin", "whatsapp-helper.js")).isFile()).toBe(true);
    await stopHelper(failing.child);
  });

  await server.stop();

  await test.step("site stopped: says so in Portuguese and starts the installed copy", async () => {
    const offline = run(shFile);
    const output = await helperStarted(offline);
    expect(output).toContain(`Não foi possível acessar o site (${server.url}).`);
    expect(output).toContain("Iniciando a versão do ajudante já instalada neste computador.");
    expect(npmCalls()).toHaveLength(3);
    expect(await helperAnswer()).toContain("Ajudante WhatsApp");
  });

  await test.step("a second start while the helper runs: 'já está em execução', exit 0, no second server", async () => {
    // The same script again: the helper on the port proves it holds this script's key.
    const again = run(shFile);
    expect(await again.exited).toBe(0);
    const output = again.output();
    expect(output).toContain("O ajudante do WhatsApp já está em execução neste computador");
    expect(output).not.toContain("HELPER_PORT");
    expect(output).not.toContain("em execução em http");
    expect(output).not.toContain("Verificando");
    expect(npmCalls()).toHaveLength(3);
    // The first helper still serves.
    expect(await helperAnswer()).toContain("Ajudante WhatsApp");
  });

  await test.step("another download (another key) while it runs: told apart, exit 1, nothing started", async () => {
    // The macOS file, run the way Finder runs it (directly: it must be executable).
    execFileSync("unzip", ["-q", zipFile, "-d", path.join(work, "mac")]);
    const command = path.join(work, "mac", COMMAND_NAME);
    expect(statSync(command).mode & 0o777).toBe(0o755);
    const withoutKey = (text: string) => text.replace(/^HELPER_KEY='[^']*'$/m, "HELPER_KEY=…");
    expect(withoutKey(readFileSync(command, "utf8"))).toBe(withoutKey(sh));
    expect(readFileSync(command, "utf8")).not.toBe(sh);
    const other = run(command, true);
    expect(await other.exited).toBe(1);
    const output = other.output();
    expect(output).toContain("Outro programa está usando a porta");
    expect(output).toContain("um script baixado antes, que tem outra chave");
    expect(output).not.toContain("já está em execução");
    expect(npmCalls()).toHaveLength(3);
  });
});
