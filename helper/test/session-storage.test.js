// Decision 065: the WhatsApp session on disk survives a torn write (the previous copy is used, or
// the operator is told and no new identity is made in silence), every file and folder the helper
// creates is private to the operator's account, and closing the terminal (SIGHUP) stops the helper
// through its graceful stop. Real folders, the real Baileys module (only its socket replaced) and a
// real helper process.
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import * as realBaileys from "baileys";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { UNREADABLE_SESSION_MESSAGE, useAtomicAuthState } from "../src/auth-store.js";
import { BaileysDriver } from "../src/drivers/baileys.js";
import { bulkJob, cleanup, connectReady, once, startTestHelper } from "./helpers.js";
import { BaileysTestSocket } from "./support/baileys-socket.js";
import { killHelperProcesses, startHelperProcess } from "./support/helper-process.js";

const posix = process.platform !== "win32";

/** @type {string} */
let dir;
const savedUmask = process.umask();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "helper-session-"));
  // the modes must come from the helper, not from a strict umask of the machine running the tests
  process.umask(0o022);
});
afterEach(async () => {
  process.umask(savedUmask);
  await cleanup();
  await killHelperProcesses();
  rmSync(dir, { recursive: true, force: true });
});

/** A Baileys driver on `<dir>/auth` whose sockets are Baileys-shaped test sockets. */
function makeDriver() {
  const driver = new BaileysDriver({ authDir: join(dir, "auth") });
  /** @type {any[]} */
  const configs = [];
  driver.baileys = {
    ...realBaileys,
    default: (/** @type {any} */ config) => {
      configs.push(config);
      return new BaileysTestSocket(config);
    },
    fetchLatestWaWebVersion: async () => ({ version: [2, 3000, 1], isLatest: true }),
  };
  /** @type {{ event: string, payload: any }[]} */
  const events = [];
  for (const event of ["auth-failure", "warning", "logged-out"]) driver.on(event, (payload) => events.push({ event, payload }));
  return { driver, configs, events };
}

/** A linked session saved twice (so creds.json has a previous copy), as Baileys does on creds.update. */
async function linkedSession() {
  const auth = await useAtomicAuthState(join(dir, "auth"), realBaileys);
  auth.state.creds.me = { id: "5531999998888:7@s.whatsapp.net", name: "Secretaria" };
  await auth.saveCreds();
  auth.state.creds.lastAccountSyncTimestamp = 1700000000;
  await auth.saveCreds();
  await auth.state.keys.set({ "pre-key": { 1: { public: Buffer.from([1, 2]), private: Buffer.from([3, 4]) } } });
  return auth.state.creds;
}

/** Cuts a file in half, as a crash in the middle of a plain truncate + write leaves it. @param {string} file */
function tear(file) {
  truncateSync(file, Math.floor(statSync(file).size / 2));
}

/** Every folder and file under `root` (included) with its permission bits. @param {string} root */
function modes(root) {
  /** @type {{ path: string, dir: boolean, mode: number }[]} */
  const found = [{ path: root, dir: true, mode: statSync(root).mode & 0o777 }];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    found.push({ path, dir: entry.isDirectory(), mode: statSync(path).mode & 0o777 });
  }
  return found;
}

describe("the WhatsApp session after a torn write", () => {
  it("comes back as the same identity from the previous copy of creds.json", async () => {
    const saved = await linkedSession();
    tear(join(dir, "auth", "creds.json"));

    const { driver, configs, events } = makeDriver();
    await driver.start();
    const creds = configs[0].auth.creds;
    expect(creds.me?.id).toBe("5531999998888:7@s.whatsapp.net");
    expect(Buffer.from(creds.noiseKey.private).equals(Buffer.from(saved.noiseKey.private))).toBe(true);
    expect(Buffer.from(creds.signedIdentityKey.public).equals(Buffer.from(saved.signedIdentityKey.public))).toBe(true);
    expect(events.filter((e) => e.event === "warning").map((e) => e.payload.message)).toEqual([
      "Os dados da sessão do WhatsApp estavam danificados; a cópia anterior foi recuperada.",
    ]);
    // creds.json is whole again
    const repaired = JSON.parse(readFileSync(join(dir, "auth", "creds.json"), "utf8"), realBaileys.BufferJSON.reviver);
    expect(repaired.me.id).toBe("5531999998888:7@s.whatsapp.net");
    await driver.stop();
  });

  it("with no readable copy, starts no new identity: the operator is told in pt-BR and links again by choice", async () => {
    await linkedSession();
    const creds = join(dir, "auth", "creds.json");
    tear(creds);
    rmSync(`${creds}.bak`);
    const torn = readFileSync(creds);

    const { driver, configs, events } = makeDriver();
    await driver.start();
    expect(configs).toHaveLength(0); // no socket, so no new identity and no QR
    expect(events).toEqual([{ event: "auth-failure", payload: { message: UNREADABLE_SESSION_MESSAGE, code: "bad-session" } }]);
    expect(UNREADABLE_SESSION_MESSAGE).toContain("Desconectar");
    expect(readFileSync(creds).equals(torn)).toBe(true); // nothing was overwritten
    await driver.start(); // asking again does not make one either
    expect(configs).toHaveLength(0);

    // 'Desconectar' removes the damaged session; then a new link starts (a QR for a new identity)
    await driver.logout();
    expect(existsSync(creds)).toBe(false);
    await driver.start();
    expect(configs).toHaveLength(1);
    expect(configs[0].auth.creds.me).toBeUndefined();
    await driver.stop();
  });

  it("a crash between the two renames of a save (creds.json gone, its copy left) keeps the identity", async () => {
    const saved = await linkedSession();
    rmSync(join(dir, "auth", "creds.json"));
    const auth = await useAtomicAuthState(join(dir, "auth"), realBaileys);
    expect(auth.recovered).toBe(false);
    expect(auth.state.creds.me.id).toBe(saved.me.id);
    expect(Buffer.from(auth.state.creds.noiseKey.private).equals(Buffer.from(saved.noiseKey.private))).toBe(true);
  });
});

describe("a helper killed while it saves the session", () => {
  it("leaves no copy of creds.json behind once the session opens again, and keeps the identity", async () => {
    const saved = await linkedSession();
    const folder = join(dir, "auth");
    // a process that saves the session without pause, killed (SIGKILL) in the middle of it
    const store = new URL("../src/auth-store.js", import.meta.url).href;
    const script =
      `const b = await import("baileys"); const { useAtomicAuthState } = await import(${JSON.stringify(store)});` +
      `const auth = await useAtomicAuthState(${JSON.stringify(folder)}, b); console.log("saving");` +
      `for (let i = 0; ; i++) { auth.state.creds.lastAccountSyncTimestamp = i; await auth.saveCreds(); }`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise((resolve) => child.stdout.once("data", resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    // and the temp file an earlier version named after its process, as a kill left it
    writeFileSync(join(folder, "creds.json.4242.k3j2h1.tmp"), readFileSync(join(folder, "creds.json.bak")));

    const auth = await useAtomicAuthState(folder, realBaileys);
    expect(readdirSync(folder).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(auth.state.creds.me.id).toBe(saved.me.id);
    await auth.saveCreds();
    expect(readdirSync(folder).sort()).toEqual(["creds.json", "creds.json.bak", "pre-key-1.json"]);
  });
});

describe.runIf(posix)("file and folder modes", () => {
  it("the session store creates its folder 0700 and every file 0600, whatever the umask", async () => {
    await linkedSession();
    const found = modes(join(dir, "auth"));
    expect(found.map((f) => f.path.split(/[\\/]/).pop()).sort()).toEqual([
      "auth",
      "creds.json",
      "creds.json.bak",
      "pre-key-1.json",
    ]);
    for (const f of found)
      expect({ path: f.path, mode: f.mode.toString(8) }).toEqual({ path: f.path, mode: f.dir ? "700" : "600" });
  });

  it("the helper's data folder (even one an older helper made 0755) and its files are private", async () => {
    const dataDir = join(dir, "data");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const helper = await startTestHelper({ dataDir });
    const { socket: page } = await connectReady(helper.url);
    const done = once(page, "bulk-status");
    await page.emitWithAck("send-bulk-messages", bulkJob([{ name: "Ana", number: "31999991111" }]));
    expect(await done).toMatchObject({ status: "completed", sent: 1 });
    const found = modes(dataDir);
    expect(found.some((f) => f.path.endsWith("jobs.jsonl"))).toBe(true);
    expect(found.some((f) => f.path.endsWith("daily-count.json"))).toBe(true);
    for (const f of found)
      expect({ path: f.path, mode: f.mode.toString(8) }).toEqual({ path: f.path, mode: f.dir ? "700" : "600" });
  });
});

describe.runIf(posix)("closing the terminal window", () => {
  it("SIGHUP stops the helper through its graceful stop, and its files are private", async () => {
    const dataDir = join(dir, "home", ".whatsapp-helper");
    const { child, url, output, exited } = await startHelperProcess(dataDir, 600_000);
    // a job in the middle: one message sent, the next one 10 minutes away
    const { socket: page } = await connectReady(url);
    const sent = once(page, "message-status");
    await page.emitWithAck("send-bulk-messages", bulkJob());
    await sent;

    child.kill("SIGHUP");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output()).toContain("Encerrando o ajudante...");
    expect(output()).toContain("Ajudante encerrado.");

    // the process's own umask: everything it made is the operator's alone
    const found = modes(join(dir, "home"));
    expect(found.some((f) => f.path.endsWith("jobs.jsonl"))).toBe(true);
    for (const f of found.filter((f) => f.path !== join(dir, "home"))) {
      expect({ path: f.path, mode: f.mode.toString(8) }).toEqual({ path: f.path, mode: f.dir ? "700" : "600" });
    }
  });
});
