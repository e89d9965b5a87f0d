// @ts-check
// Packs the WhatsApp helper (helper/) with `npm pack` so the site serves it itself: the start scripts
// that /whatsapp hands to an operator download it from <site>/downloads/whatsapp-helper.tgz.
// Used by vite.config.ts as a plugin: every `react-router build` emits the tarball into the client
// build (so the Docker image and every BUILD_DIR have it), and the dev server packs it on request.
//
// The package carries an npm-shrinkwrap.json cut from the repository's package-lock.json (decision
// 066): npm installs exactly the versions the helper's tests ran against, not whatever the ranges
// resolve to on the day an operator installs.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const HELPER_PACKAGE_FILE = "downloads/whatsapp-helper.tgz";

/**
 * @typedef {{ version?: string, optional?: boolean, dependencies?: Record<string, string>,
 *   optionalDependencies?: Record<string, string>, peerDependencies?: Record<string, string>,
 *   peerDependenciesMeta?: Record<string, { optional?: boolean }>, [key: string]: unknown }} LockEntry
 * @typedef {Record<string, LockEntry>} LockPackages
 */

/**
 * Lock paths where a package `name` required from the package at lock path `from` may be, nearest first.
 * @param {string} from @param {string} name
 */
function candidates(from, name) {
  const out = [];
  let at = from;
  while (at !== "") {
    out.push(`${at}/node_modules/${name}`);
    const i = at.lastIndexOf("node_modules/");
    at = i <= 0 ? "" : at.slice(0, i - 1);
  }
  out.push(`node_modules/${name}`);
  return out;
}

/** @param {LockPackages} packages @param {string} from @param {string} name */
function resolveIn(packages, from, name) {
  return candidates(from, name).find((p) => packages[p]);
}

/**
 * The edges npm installs for a lock entry: [name, optional] (optional peers are not installed).
 * @param {LockEntry} entry @returns {[string, boolean][]}
 */
function edges(entry) {
  /** @type {[string, boolean][]} */
  const out = [];
  for (const name of Object.keys(entry.dependencies ?? {})) out.push([name, false]);
  for (const name of Object.keys(entry.optionalDependencies ?? {})) out.push([name, true]);
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    if (!entry.peerDependenciesMeta?.[name]?.optional) out.push([name, false]);
  }
  return out;
}

const ROLE_FLAGS = new Set(["dev", "devOptional", "optional", "peer", "extraneous"]);

/**
 * The npm-shrinkwrap.json of the workspace at `workspace` (e.g. "helper"): every package its
 * production tree reaches in the root lockfile, at the same versions, `resolved` and `integrity`,
 * laid out as if the workspace were the root. Throws when the lockfile does not match the
 * workspace's package.json or a package would resolve to another version in the new layout.
 */
export function workspaceShrinkwrap(
  /** @type {{ packages?: LockPackages }} */ rootLock,
  /** @type {string} */ workspace,
  /** @type {{ name: string, version: string, [field: string]: any }} */ manifest,
) {
  /** @type {LockPackages} */
  const packages = rootLock.packages ?? {};
  const root = packages[workspace];
  if (!root) throw new Error(`package-lock.json has no entry for ${workspace}; run npm install`);
  for (const field of ["dependencies", "optionalDependencies", "peerDependencies"]) {
    if (JSON.stringify(root[field] ?? {}) !== JSON.stringify(manifest[field] ?? {})) {
      throw new Error(`package-lock.json is out of date for ${workspace}/package.json (${field}); run npm install`);
    }
  }
  // Walk the tree: required first (through non-optional edges), then what only optional edges reach.
  const reached = new Map(); // lock path -> optional?
  /** @param {string} from @param {LockEntry} entry @param {boolean} viaOptional */
  const walk = (from, entry, viaOptional) => {
    for (const [name, optional] of edges(entry)) {
      const at = resolveIn(packages, from, name);
      if (!at) {
        if (optional || viaOptional) continue;
        throw new Error(`package-lock.json has no ${name} for ${from || "the root"}; run npm install`);
      }
      const isOptional = viaOptional || optional;
      if (reached.has(at) && (reached.get(at) === false || isOptional)) continue;
      if (packages[at].link) throw new Error(`${name} is a linked workspace (${at}); the helper cannot ship it`);
      reached.set(at, isOptional);
      walk(at, packages[at], isOptional);
    }
  };
  walk(workspace, root, false);

  const moved = (/** @type {string} */ p) => (p.startsWith(`${workspace}/`) ? p.slice(workspace.length + 1) : p);
  /** @type {LockPackages} */
  const out = {
    "": {
      name: manifest.name,
      version: manifest.version,
      ...(manifest.license ? { license: manifest.license } : {}),
      ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
      ...(manifest.optionalDependencies ? { optionalDependencies: manifest.optionalDependencies } : {}),
      ...(manifest.peerDependencies ? { peerDependencies: manifest.peerDependencies } : {}),
      ...(manifest.bin ? { bin: manifest.bin } : {}),
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    },
  };
  const origin = new Map(); // new path -> lock path
  for (const at of [...reached.keys()].sort()) {
    const to = moved(at);
    if (origin.has(to)) throw new Error(`${at} and ${origin.get(to)} would both be ${to} in the helper's shrinkwrap`);
    origin.set(to, at);
    const entry = Object.fromEntries(Object.entries(packages[at]).filter(([key]) => !ROLE_FLAGS.has(key)));
    if (reached.get(at)) entry.optional = true;
    out[to] = entry;
  }
  // Every edge must land on the same package in the new layout as in the root lockfile.
  for (const [to, at] of [["", workspace], ...origin]) {
    for (const [name] of edges(packages[at])) {
      const before = resolveIn(packages, at, name);
      if (!before || !reached.has(before)) continue;
      const after = resolveIn(out, to, name);
      if (after === undefined || origin.get(after) !== before) {
        throw new Error(`${name} required by ${to || workspace} would resolve to ${after} instead of ${before}`);
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
  return { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: sorted };
}

/**
 * Runs `npm pack` on a copy of the helper's package files with its npm-shrinkwrap.json added
 * (generated from `<rootDir>/package-lock.json`); returns the tarball bytes.
 */
export function packHelper(/** @type {string} */ helperDir, rootDir = path.dirname(helperDir)) {
  const manifest = JSON.parse(readFileSync(path.join(helperDir, "package.json"), "utf8"));
  const rootLock = JSON.parse(readFileSync(path.join(rootDir, "package-lock.json"), "utf8"));
  const workspace = path.relative(rootDir, helperDir).split(path.sep).join("/");
  const shrinkwrap = workspaceShrinkwrap(rootLock, workspace, manifest);
  const work = mkdtempSync(path.join(tmpdir(), "helper-pack-"));
  const stage = path.join(work, "package");
  const out = path.join(work, "out");
  mkdirSync(out);
  try {
    for (const entry of ["package.json", ...(manifest.files ?? [])]) {
      if (entry === "npm-shrinkwrap.json") continue; // written below, never taken from helper/
      cpSync(path.join(helperDir, entry), path.join(stage, entry), { recursive: true });
    }
    // The operator's install is `npm ci` with this package as its root (decision 066): its package.json
    // must match the shrinkwrap, which holds the production tree only.
    const shipped = { ...manifest };
    delete shipped.devDependencies;
    writeFileSync(path.join(stage, "package.json"), JSON.stringify(shipped, null, 2) + "\n");
    writeFileSync(path.join(stage, "npm-shrinkwrap.json"), JSON.stringify(shrinkwrap, null, 2) + "\n");
    const stdout = execFileSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", out],
      { cwd: stage, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" },
    );
    const start = stdout.indexOf("[");
    const [info] = JSON.parse(stdout.slice(start));
    return readFileSync(path.join(out, info.filename));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** @returns {import("vite").Plugin} */
export function helperPackagePlugin({ helperDir = path.resolve("helper") } = {}) {
  let ssrBuild = false;
  return {
    name: "whatsapp-helper-package",
    configResolved(config) {
      ssrBuild = !!config.build.ssr;
    },
    generateBundle() {
      // Only the browser build: build/client is what server.js serves statically.
      const consumer = this.environment?.config?.consumer;
      if (consumer ? consumer !== "client" : ssrBuild) return;
      this.emitFile({ type: "asset", fileName: HELPER_PACKAGE_FILE, source: packHelper(helperDir) });
    },
    configureServer(server) {
      server.middlewares.use(`/${HELPER_PACKAGE_FILE}`, (_req, res) => {
        try {
          const body = packHelper(helperDir);
          res.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": body.length });
          res.end(body);
        } catch (error) {
          res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
          res.end(`Não foi possível empacotar o ajudante: ${/** @type {Error} */ (error).message}`);
        }
      });
    },
  };
}
