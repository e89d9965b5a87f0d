import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { unixStartScript, windowsStartScript } from "~/features/whatsapp/start-scripts/start-scripts.server";

import { packHelper, workspaceShrinkwrap } from "../../scripts/helper-package.mjs";

/**
 * The helper package the site serves is locked (decision 066): it carries an npm-shrinkwrap.json
 * cut from the repository's package-lock.json, so an operator's install gets exactly the versions
 * the helper's tests ran against, and the start scripts install it with `npm ci --ignore-scripts`.
 */

type LockEntry = { version?: string; integrity?: string; resolved?: string; link?: boolean; optional?: boolean };
type Lock = { lockfileVersion: number; packages: Record<string, LockEntry> };

const REPO = process.cwd();
const rootLock = JSON.parse(readFileSync(path.join(REPO, "package-lock.json"), "utf8")) as Lock;
let work: string;
let shrinkwrap: Lock;
let shipped: Record<string, unknown>;
let listing: string[];

/** Where the root lockfile puts a package the helper workspace requires (helper/node_modules first). */
function helperResolves(name: string): LockEntry | undefined {
  return rootLock.packages[`helper/node_modules/${name}`] ?? rootLock.packages[`node_modules/${name}`];
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "helper-package-test-"));
  const tgz = path.join(work, "whatsapp-helper.tgz");
  writeFileSync(tgz, packHelper(path.join(REPO, "helper")));
  listing = execFileSync("tar", ["-tzf", tgz], { encoding: "utf8" }).trim().split("\n");
  execFileSync("tar", ["-xzf", tgz, "-C", work]);
  const read = (file: string) => JSON.parse(readFileSync(path.join(work, "package", file), "utf8"));
  shrinkwrap = read("npm-shrinkwrap.json");
  shipped = read("package.json");
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed helper", () => {
  it("contains npm-shrinkwrap.json, and a package.json with the same production dependencies only", () => {
    expect(listing).toContain("package/npm-shrinkwrap.json");
    expect(listing).toContain("package/package.json");
    const helper = JSON.parse(readFileSync(path.join(REPO, "helper", "package.json"), "utf8"));
    expect(shipped.dependencies).toEqual(helper.dependencies);
    expect(shipped.devDependencies).toBeUndefined();
    expect(shipped).not.toHaveProperty("allowScripts");
    expect(shrinkwrap.lockfileVersion).toBe(3);
    expect(shrinkwrap.packages[""]).toMatchObject({ name: "whatsapp-helper", dependencies: helper.dependencies });
  });

  it("locks the versions the root package-lock.json resolves for the helper (ws among them)", () => {
    const ws = helperResolves("ws");
    expect(ws?.version).toBeTruthy();
    expect(shrinkwrap.packages["node_modules/ws"]?.version).toBe(ws!.version);
    expect(shrinkwrap.packages["node_modules/ws"]?.integrity).toBe(ws!.integrity);
    for (const name of ["baileys", "qrcode", "socket.io", "protobufjs", "sharp"]) {
      expect(shrinkwrap.packages[`node_modules/${name}`]?.version, name).toBe(helperResolves(name)?.version);
    }
    // Every locked package is the root lockfile's package at the same place (helper/ lifted to the root).
    const entries = Object.entries(shrinkwrap.packages).filter(([at]) => at !== "");
    expect(entries.length).toBeGreaterThan(50);
    for (const [at, entry] of entries) {
      const original = rootLock.packages[`helper/${at}`] ?? rootLock.packages[at];
      expect(original, at).toBeDefined();
      expect({ at, version: entry.version, integrity: entry.integrity }).toEqual({
        at,
        version: original!.version,
        integrity: original!.integrity,
      });
    }
    // Nothing the site alone uses (a dev tool, the site's own packages) rides along.
    expect(shrinkwrap.packages["node_modules/vitest"]).toBeUndefined();
    expect(shrinkwrap.packages["node_modules/react"]).toBeUndefined();
  });

  it("refuses to pack when package-lock.json is out of date for the helper's package.json", () => {
    const helper = JSON.parse(readFileSync(path.join(REPO, "helper", "package.json"), "utf8"));
    const stale = { ...helper, dependencies: { ...helper.dependencies, "left-pad": "1.3.0" } };
    expect(() => workspaceShrinkwrap(rootLock, "helper", stale)).toThrow(/out of date/);
  });
});

describe("the start scripts' install", () => {
  const settings = { siteUrl: "https://exemplo.edu.br", key: "k", helperPort: "3001", productName: "Teste" };

  it("runs npm ci with install scripts off and npm's update notice off (sh and bat), never a bare npm install", () => {
    for (const script of [unixStartScript(settings), windowsStartScript(settings)]) {
      // The command lines that run npm (comments and echoed texts aside).
      const installs = script.split(/\r?\n/).filter((line) => /^\s*(if |call )?npm (ci|install|i)\b/.test(line));
      expect(installs.length, script).toBe(1);
      expect(installs[0]).toMatch(/\bnpm ci\b/);
      expect(installs[0]).toContain("--ignore-scripts");
      expect(installs[0]).toContain("--omit=dev");
      expect(installs[0]).toContain("--no-update-notifier");
    }
  });

  it("the sh script's npm line prints no English npm notice, even when a newer npm is out", async () => {
    // A local registry that says npm 99 is out: npm's update notifier prints its banner at exit,
    // whatever --loglevel says, unless the command turns the notifier off.
    let registryAsked = 0;
    const registry = createServer((request, response) => {
      registryAsked += 1;
      if (!request.url?.startsWith("/npm")) return void response.writeHead(404).end("{}");
      const manifest = { name: "npm", version: "99.0.0", dist: { tarball: "http://127.0.0.1/npm-99.0.0.tgz" } };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ name: "npm", "dist-tags": { latest: "99.0.0" }, versions: { "99.0.0": manifest } }));
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    const { port } = registry.address() as AddressInfo;
    const home = mkdtempSync(path.join(tmpdir(), "helper-npm-notice-"));
    try {
      // A package without dependencies stands in for the unpacked helper: npm ci needs nothing from the registry.
      const app = path.join(home, "helper", "app.new");
      mkdirSync(app, { recursive: true });
      writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "stand-in", version: "1.0.0" }));
      writeFileSync(
        path.join(app, "package-lock.json"),
        JSON.stringify({
          name: "stand-in",
          version: "1.0.0",
          lockfileVersion: 3,
          requires: true,
          packages: { "": { name: "stand-in", version: "1.0.0" } },
        }),
      );
      const line = unixStartScript(settings)
        .split("\n")
        .find((l) => /^\s*npm ci\b/.test(l));
      expect(line).toBeDefined();
      const command = line!.trim().replace(/; then$/, "");
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: home,
        HELPER_DIR: path.join(home, "helper"),
        npm_config_registry: `http://127.0.0.1:${port}/`,
        npm_config_cache: path.join(home, "npm-cache"),
      };
      const output = await new Promise<string>((resolve, reject) =>
        execFile("sh", ["-c", command], { env, encoding: "utf8", timeout: 120_000 }, (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(`${stdout}${stderr}`),
        ),
      );
      expect(output).not.toMatch(/npm notice|New .* version of npm/i);
      // the registry was never asked for npm's latest version either
      expect(registryAsked).toBe(0);
    } finally {
      registry.close();
      rmSync(home, { recursive: true, force: true });
    }
  }, 150_000);
});
