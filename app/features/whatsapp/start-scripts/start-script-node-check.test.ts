import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { unixStartScript, windowsStartScript } from "~/features/whatsapp/start-scripts/start-scripts.server";

/**
 * The start script's Node version check, run for real with sh (dash here) and bash: a stand-in
 * `node` first on PATH answers `node -p` with what a real one may print on a shared computer
 * (warnings on either stream, a "v", a Windows line end, nothing, garbage) and fails every other
 * call, so a check that passes goes on to the download step ("Verificando ...") and stops there.
 * Whatever it prints, the script says in pt-BR what is wrong and never shows a shell error.
 */

const settings = { siteUrl: "http://127.0.0.1:9", key: "abc.def", helperPort: "9", productName: "Universidade" };
const SHELL_ERROR = /Illegal number|integer expression expected|unexpected operator|\[: |not found|syntax error/i;
const TOO_OLD = "mas o ajudante precisa da versão 20 ou mais recente";
const UNKNOWN = "Não foi possível saber a versão do Node.js instalada neste computador";
const PASSED = "Verificando se há uma versão nova do ajudante";

let work: string;
let script: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "node-check-"));
  mkdirSync(path.join(work, "bin"));
  mkdirSync(path.join(work, "home"));
  const node = path.join(work, "bin", "node");
  writeFileSync(
    node,
    ["#!/bin/sh", '[ "$1" = "-p" ] || exit 1', 'printf "%b" "$FAKE_NODE_STDERR" >&2', 'printf "%b" "$FAKE_NODE_STDOUT"', ""].join(
      "\n",
    ),
  );
  chmodSync(node, 0o755);
  script = path.join(work, "iniciar-whatsapp-helper.sh");
  writeFileSync(script, unixStartScript(settings));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function runWith(shell: string, stdout: string, stderr = "") {
  const result = spawnSync(shell, [script], {
    encoding: "utf8",
    env: {
      PATH: `${path.join(work, "bin")}${path.delimiter}/usr/bin:/bin`,
      HOME: path.join(work, "home"),
      FAKE_NODE_STDOUT: stdout,
      FAKE_NODE_STDERR: stderr,
    },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const CASES: { name: string; stdout: string; stderr?: string; expected: "passes" | "too old" | "unknown" }[] = [
  { name: "a bare major", stdout: "22\\n", expected: "passes" },
  { name: "a full version with a v", stdout: "v22.11.0\\n", expected: "passes" },
  { name: "a Windows line end", stdout: "20\\r\\n", expected: "passes" },
  { name: "a warning on stdout first", stdout: "(node:4242) Warning: something is deprecated\\n24.1.0\\n", expected: "passes" },
  { name: "a warning on stderr", stdout: "22.3.0\\n", stderr: "(node:4242) ExperimentalWarning: x\\n", expected: "passes" },
  { name: "an old version", stdout: "18\\n", expected: "too old" },
  { name: "an old version with a v and a CR", stdout: "v18.20.4\\r\\n", expected: "too old" },
  { name: "an empty answer", stdout: "", expected: "unknown" },
  { name: "only a warning", stdout: "", stderr: "Warning: 20 is not a number\\n", expected: "unknown" },
  { name: "garbage", stdout: "[ -lt 20 ] ; $(x) `y` %s\\n", expected: "unknown" },
  { name: "a number too long to compare", stdout: "99999999999999999999999\\n", expected: "unknown" },
];

describe.each(["sh", "bash"])("the start script's Node check under %s", (shell) => {
  it.each(CASES)("node -p printing $name: $expected, in pt-BR, no shell error", ({ stdout, stderr, expected }) => {
    const { status, output } = runWith(shell, stdout, stderr);
    expect(output).not.toMatch(SHELL_ERROR);
    if (expected === "passes") {
      expect(output).toContain(PASSED);
      expect(output).not.toContain(TOO_OLD);
      expect(output).not.toContain(UNKNOWN);
    } else {
      expect(status).toBe(1);
      expect(output).not.toContain(PASSED);
      expect(output).toContain(expected === "too old" ? TOO_OLD : UNKNOWN);
      expect(output).toContain("https://nodejs.org");
      if (expected === "too old") expect(output).toContain("Seu Node.js é a versão 18");
    }
  });
});

describe("the Windows start script's Node check", () => {
  const bat = windowsStartScript(settings).split("\r\n");
  const check = bat.findIndex((line) => line.includes("NODE_MAJOR=%%v"));

  it("keeps only a line that is a version number, and stops with a message when there is none", () => {
    // cmd cannot run here: what is checked is that an empty or non-numeric answer never reaches
    // `if %NODE_MAJOR% LSS`, where an empty value is a syntax error ("LSS inesperado").
    expect(bat[check - 1]).toBe('set "NODE_MAJOR="');
    expect(bat[check]).toContain('node -p "process.versions.node" 2^>nul ^| findstr');
    expect(bat[check]).toContain('"tokens=1 delims=.vV "');
    expect(bat[check + 1]).toBe("if not defined NODE_MAJOR (");
    const compare = bat.findIndex((line) => line.startsWith("if %NODE_MAJOR% LSS 20 ("));
    expect(compare).toBeGreaterThan(check + 1);
    expect(bat.slice(check + 1, compare).join("\n")).toContain("Nao foi possivel saber a versao do Node.js");
    // echo inside a ( ) block: a parenthesis in its text would end the block early.
    expect(bat.slice(check + 2, compare - 1).some((line) => /^\s+echo .*[()]/.test(line))).toBe(false);
  });
});
