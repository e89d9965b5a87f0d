import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { macStartZip, unixStartScript } from "~/features/whatsapp/start-scripts/start-scripts.server";

/**
 * The macOS download (a zip made with fflate) read back by Info-ZIP's unzip: one entry, made on Unix
 * with mode rwxr-xr-x, stored, holding the Mac/Linux script byte for byte, unpacked executable.
 * tests/process/helper-install.spec.ts downloads it from a running site and runs what it unpacks.
 */

const KEY = "kEy1d_0123456789.s3cr3t-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const settings = { siteUrl: "https://exemplo.edu.br", key: KEY, helperPort: "9", productName: "Universidade" };
const COMMAND = "iniciar-whatsapp-helper.command";

const work = mkdtempSync(path.join(tmpdir(), "mac-zip-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("macStartZip", () => {
  const zip = Buffer.from(macStartZip(settings));
  const file = path.join(work, "mac.zip");
  writeFileSync(file, zip);

  it("lists one executable entry made on Unix, stored, with the script's size", () => {
    const verbose = execFileSync("unzip", ["-Z", "-v", file], { encoding: "utf8" });
    expect(verbose).toMatch(/file system or operating system of origin:\s+Unix/);
    expect(verbose).toMatch(/compression method:\s+none \(stored\)/);
    expect(verbose).toMatch(/Unix file attributes \(100755 octal\):\s+-rwxr-xr-x/);
    expect(verbose).toMatch(new RegExp(`uncompressed size:\\s+${Buffer.byteLength(unixStartScript(settings))} bytes`));
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
    expect(names).toEqual([COMMAND]);
    // Stored, not compressed: the key can be found in the download's bytes.
    expect(zip.includes(Buffer.from(`HELPER_KEY='${KEY}'`))).toBe(true);
  });

  it("unpacks (CRC checked by unzip -t) to the Mac/Linux script byte for byte, executable", () => {
    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
    const out = path.join(work, "out");
    execFileSync("unzip", ["-q", file, "-d", out]);
    const command = path.join(out, COMMAND);
    expect(readFileSync(command, "utf8")).toBe(unixStartScript(settings));
    expect(statSync(command).mode & 0o777).toBe(0o755);
  });

  it("is the same bytes for the same script (a fixed date)", () => {
    expect(Buffer.from(macStartZip(settings)).equals(zip)).toBe(true);
  });
});
