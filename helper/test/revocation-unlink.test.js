// Revoking a helper's key unlinks WhatsApp (decision 115): the helper logs out through its driver
// (Baileys' logout: the phone drops the linked device), deletes its session files, posts the results
// the site has not stored yet, tells the site it is unlinked, says so in pt-BR and exits. A script
// whose key was revoked while it was closed says so at start instead of starting silently.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { KEY_TEXT, ORIGIN } from "./helpers.js";
import { startSiteStub } from "./site-stub.js";
import { cleanupBaileysHelpers, linkedBaileysHelper, until } from "./support/baileys-helper.js";
import { BIN } from "./support/helper-process.js";

/** @type {Array<() => unknown>} */
const cleanups = [];
afterEach(async () => {
  await cleanupBaileysHelpers();
  while (cleanups.length) await cleanups.pop()?.();
});

describe("a revoked key", () => {
  it("logs WhatsApp out through the driver, deletes the session, posts its last results, confirms, exits", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    cleanups.push(site.close);
    /** @type {string[]} */
    const logs = [];
    let revokedCalls = 0;
    const { helper, socket, whatsapp, driver } = await linkedBaileysHelper({
      options: { siteUrl: site.url, logger: (m) => logs.push(m), onRevoked: () => (revokedCalls += 1) },
    });
    const authDir = /** @type {any} */ (driver).authDir;
    // the session files Baileys keeps (the test socket saves none of its own)
    mkdirSync(authDir, { recursive: true });
    writeFileSync(join(authDir, "creds.json"), "{}");

    // a result the site has not stored yet when the admin revokes (the site was down meanwhile)
    site.state.down = true;
    helper.sendLog.add(
      /** @type {any} */ ({ jobId: "job-1", number: "5531999991111", status: "sent", at: new Date().toISOString(), name: "Ana" }),
    );
    await site.until(() => site.requests.some((r) => r.path === "/api/whatsapp-helper/registro" && r.status === 503));
    site.state.down = false;
    site.state.revoked = true;
    site.state.keepLastResults = true;

    const refused = await socket.emitWithAck("get-state").catch(() => ({ ok: false, code: "revoked-key" }));
    expect(refused).toMatchObject({ ok: false, code: "revoked-key" });
    await until(() => revokedCalls === 1, 15_000);

    expect(whatsapp.loggedOut).toBe(true);
    expect(existsSync(authDir)).toBe(false);
    expect(site.unlinked).toEqual([{ whatsappLoggedOut: true }]);
    expect(site.sendLogRows.map((r) => r.jobId)).toContain("job-1");
    expect(logs.join("\n")).toMatch(/O WhatsApp foi desconectado deste computador .* e os arquivos da sessão foram apagados/);
    expect(logs.join("\n")).toMatch(/O ajudante vai fechar/);
  });

  it("at start: the script says the key was revoked, deletes the saved session and exits 3", async () => {
    const site = await startSiteStub({ key: KEY_TEXT });
    cleanups.push(site.close);
    site.state.revoked = true;
    const dataDir = mkdtempSync(join(tmpdir(), "helper-revoked-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    mkdirSync(join(dataDir, "auth"), { recursive: true });
    writeFileSync(join(dataDir, "auth", "creds.json"), "{}");

    const child = spawn(process.execPath, [BIN], {
      env: {
        ...process.env,
        HELPER_PORT: "0",
        HELPER_KEY: KEY_TEXT,
        HELPER_ALLOWED_ORIGINS: ORIGIN,
        HELPER_SITE_URL: site.url,
        HELPER_DRIVER: "fake",
        HELPER_DATA_DIR: dataDir,
        HELPER_KEEP_AWAKE: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanups.push(() => child.kill("SIGKILL"));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));

    expect(code).toBe(3);
    expect(output).toMatch(/A chave deste ajudante foi revogada/);
    expect(output).toMatch(/os arquivos da sessão do WhatsApp foram apagados/i);
    expect(output).toMatch(/Aparelhos conectados/);
    expect(existsSync(join(dataDir, "auth"))).toBe(false);
    expect(site.unlinked).toEqual([{ whatsappLoggedOut: false }]);
  });
});
