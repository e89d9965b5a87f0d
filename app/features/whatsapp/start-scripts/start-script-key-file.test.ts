import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { unixStartScript, windowsStartScript } from "~/features/whatsapp/start-scripts/start-scripts.server";

/**
 * The start script's key leaves the downloaded file at its first run (a browser saves it readable
 * by every account): run for real with sh and bash under umask 022, with a stand-in `node` first on
 * PATH that answers `node -p` with a version, records the HELPER_KEY each other call was given and
 * fails it, so each run stops at the download step. The .bat cannot run here: its key move is its
 * Node one-liner, run for real on a copy of the file; the rest is checked in its text.
 */

const KEY = "kEy1d_0123456789.s3cr3t-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const settings = { siteUrl: "http://127.0.0.1:9", key: KEY, helperPort: "9", productName: "Universidade" };
const PASSED = "Verificando se há uma versão nova do ajudante";

let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "key-file-"));
  mkdirSync(path.join(work, "bin"));
  const node = path.join(work, "bin", "node");
  writeFileSync(
    node,
    [
      "#!/bin/sh",
      'if [ "$1" = "-p" ]; then echo 22.11.0; exit 0; fi',
      'printf "%s\\n" "$HELPER_KEY" >> "$KEYS_SEEN"',
      "exit 1",
      "",
    ].join("\n"),
  );
  chmodSync(node, 0o755);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function runUnder022(shell: string, script: string, home: string) {
  const result = spawnSync("sh", ["-c", 'umask 022; exec "$0" "$1"', shell, script], {
    encoding: "utf8",
    env: {
      PATH: `${path.join(work, "bin")}${path.delimiter}/usr/bin:/bin`,
      HOME: home,
      KEYS_SEEN: path.join(home, "keys-seen.txt"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function keysSeen(home: string): string[] {
  return readFileSync(path.join(home, "keys-seen.txt"), "utf8").trim().split("\n");
}

describe.each(["sh", "bash"])("the start script's key under %s, umask 022", (shell) => {
  it("moves into a 0600 file in the 0700 helper folder and out of the script; the next run uses it", () => {
    const home = path.join(work, `home-${shell}`);
    mkdirSync(home);
    const downloads = path.join(home, "Downloads");
    mkdirSync(downloads, { mode: 0o755 });
    const script = path.join(downloads, "iniciar-whatsapp-helper.sh");
    // what Chromium leaves: 0644, the key inside
    writeFileSync(script, unixStartScript(settings), { mode: 0o644 });
    chmodSync(script, 0o644);
    expect(readFileSync(script, "utf8")).toContain(KEY);

    const first = runUnder022(shell, script, home);
    expect(first.output).toContain(PASSED);
    expect(first.output).toContain("A chave de acesso deste arquivo foi guardada em");
    const after = readFileSync(script, "utf8");
    expect(after).not.toContain(KEY);
    expect(after).not.toContain(KEY.split(".")[1]);
    expect(after).toMatch(/^HELPER_KEY=''$/m);
    // nothing else in the script changed, and no copy with the key is left beside it
    expect(after).toBe(unixStartScript(settings).replace(`HELPER_KEY='${KEY}'`, "HELPER_KEY=''"));
    expect(statSync(script).mode & 0o077).toBe(0);
    expect(spawnSync("grep", ["-rlF", KEY.split(".")[1], downloads], { encoding: "utf8" }).stdout).toBe("");

    const helperDir = path.join(home, ".whatsapp-helper");
    const keyFile = path.join(helperDir, "helper.key");
    expect(statSync(helperDir).mode & 0o777).toBe(0o700);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, "utf8")).toBe(KEY);
    expect(keysSeen(home).every((seen) => seen === KEY)).toBe(true);

    const second = runUnder022(shell, script, home);
    expect(second.output).toContain(PASSED);
    expect(second.output).not.toContain("A chave de acesso deste arquivo foi guardada");
    expect(readFileSync(script, "utf8")).toBe(after);
    // every Node call of the second run (the probe first) got the stored key
    const seen = keysSeen(home);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((value) => value === KEY)).toBe(true);
  });

  it("without a key in the file nor in the helper folder: says so in pt-BR and stops", () => {
    const home = path.join(work, `home-nokey-${shell}`);
    mkdirSync(home);
    const script = path.join(home, "iniciar-whatsapp-helper.sh");
    writeFileSync(script, unixStartScript(settings).replace(`HELPER_KEY='${KEY}'`, "HELPER_KEY=''"));
    const run = runUnder022(shell, script, home);
    expect(run.status).toBe(1);
    expect(run.output).toContain("A chave de acesso do ajudante não foi encontrada em");
    expect(run.output).toContain("Baixe o script de início de novo na página http://127.0.0.1:9/whatsapp");
    expect(run.output).not.toContain(PASSED);
  });

  it("a newer download's key replaces the stored one", () => {
    const home = path.join(work, `home-newer-${shell}`);
    mkdirSync(home);
    const older = path.join(home, "antigo.sh");
    const newer = path.join(home, "novo.sh");
    writeFileSync(older, unixStartScript(settings));
    const newKey = "-n3wK3y_012345678.another-secret-abcdefghijklmnopqrstuvwxyz01234"; // a key id may begin with "-"
    writeFileSync(newer, unixStartScript({ ...settings, key: newKey }));
    runUnder022(shell, older, home);
    expect(runUnder022(shell, newer, home).output).toContain("A chave de acesso deste arquivo foi guardada em");
    expect(readFileSync(path.join(home, ".whatsapp-helper", "helper.key"), "utf8")).toBe(newKey);
    expect(readFileSync(newer, "utf8")).not.toContain(newKey);
  });
});

describe("the Windows start script's key", () => {
  const bat = windowsStartScript(settings);
  const lines = bat.split("\r\n");
  const move = lines.findIndex((line) => line.startsWith("node -e ") && line.includes("HELPER_KEY="));

  it("moves into the helper folder and out of the file, which keeps its length for cmd.exe", () => {
    const dir = mkdtempSync(path.join(work, "bat-"));
    const file = path.join(dir, "iniciar-whatsapp-helper.bat");
    writeFileSync(file, bat);
    const keyFile = path.join(dir, "helper.key");
    // the line's own Node one-liner, with the arguments the .bat gives it ("%~f0" and the key file)
    const code = /^node -e "([^"]+)" "%~f0" "%HELPER_KEY_FILE%"$/.exec(lines[move])![1];
    const result = spawnSync(process.execPath, ["-e", code, file, keyFile], {
      encoding: "utf8",
      env: { HELPER_KEY: KEY },
    });
    expect(result.status, result.stderr).toBe(0);
    const after = readFileSync(file, "latin1");
    expect(after).not.toContain(KEY);
    expect(after.length).toBe(bat.length);
    // every line keeps its offset: cmd.exe goes on at the line after the move
    expect(after.split("\r\n").map((line) => line.length)).toEqual(lines.map((line) => line.length));
    expect(after.split("\r\n")).toContain(`set "HELPER_KEY="${" ".repeat(KEY.length)}`);
    expect(readFileSync(keyFile, "utf8")).toBe(KEY);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // the rewritten file sets no key: its next run skips the move (goto readkey) and reads the file
    expect(after).not.toMatch(/set "HELPER_KEY=[^"]/);
  });

  it("reads the stored key when the file has none, stops in pt-BR without one, all before the probe", () => {
    const probe = lines.findIndex((line) => line.includes("prova?desafio="));
    const nodeCheck = lines.findIndex((line) => line.startsWith("if %NODE_MAJOR% LSS"));
    expect(move).toBeGreaterThan(nodeCheck);
    expect(probe).toBeGreaterThan(move);
    expect(lines).toContain('set "HELPER_KEY_FILE=%HELPER_DIR%\\helper.key"');
    expect(lines[move - 1]).toBe("if not defined HELPER_KEY goto readkey");
    const readKey = lines.indexOf(":readkey");
    expect(lines[readKey + 1]).toBe('if exist "%HELPER_KEY_FILE%" set /p HELPER_KEY=<"%HELPER_KEY_FILE%"');
    const between = lines.slice(readKey, probe).join("\n");
    expect(between).toContain("if defined HELPER_KEY goto haskey");
    expect(between).toContain("A chave de acesso do ajudante nao foi encontrada em %HELPER_KEY_FILE%.");
    expect(between).toContain("exit /b 1");
    expect(lines.indexOf(":haskey")).toBeLessThan(probe);
  });
});
