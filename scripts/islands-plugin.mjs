// @ts-check
// Islands (docs/decisions/150-how-marketing-pages-run.md): small browser modules without a framework
// for the pages that load no React. Two kinds: a behaviour that a component also uses once hydrated
// lives beside that component as `<name>.island.ts` (anywhere under app/) and exports
// `mount(root: HTMLElement): () => void`, which binds the behaviour to `root`, marks it
// `data-island-ready` once bound and returns what undoes it; its bundle mounts it on every
// `[data-island="<name>"]`. A page-only script is `app/islands/<name>.ts` and binds itself.
// Each is bundled with esbuild (it reads tsconfig's `~/` paths, so an island shares the app's texts
// and rules), named by the hash of its content, written to build/client/assets/islands/ by the
// browser build, and offered to the server build as `virtual:islands` ({ name: { src, integrity } }).
// In development the same bundles are served from memory.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

import { build } from "esbuild";

const APP_DIR = path.resolve("app");
const ISLANDS_DIR = path.join(APP_DIR, "islands");
const MOUNT_SUFFIX = ".island.ts";
const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

/**
 * Every island's source: { name, file, mounts }, `mounts` true for a `<name>.island.ts` module that
 * exports `mount`. Two islands with one name are an error.
 * @returns {{ name: string, file: string, mounts: boolean }[]}
 */
export function islandSources() {
  /** @type {{ name: string, file: string, mounts: boolean }[]} */
  const found = readdirSync(ISLANDS_DIR)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts"))
    .map((name) => ({ name: name.slice(0, -3), file: path.join(ISLANDS_DIR, name), mounts: false }));
  for (const entry of readdirSync(APP_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(MOUNT_SUFFIX)) continue;
    const name = entry.name.slice(0, -MOUNT_SUFFIX.length);
    found.push({ name, file: path.join(entry.parentPath, entry.name), mounts: true });
  }
  const names = found.map((source) => source.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`Two islands are named "${twice}" (scripts/islands-plugin.mjs).`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every island's name. */
export function islandNames() {
  return islandSources().map((source) => source.name);
}

/**
 * The entry of a `mount` island's bundle: mounts every element that names it.
 * @param {{ name: string, file: string }} source
 */
function mountEntry({ name, file }) {
  return (
    `import { mount } from ${JSON.stringify(file)};` +
    `for (const root of document.querySelectorAll(${JSON.stringify(`[data-island="${name}"]`)})) mount(root);`
  );
}

/**
 * Bundles every island: { name: { code, fileName, integrity } }, fileName `assets/islands/<name>-<hash>.js`,
 * integrity its SRI hash (the page's script tag carries it).
 * @returns {Promise<Record<string, { code: string, fileName: string, integrity: string }>>}
 */
export async function bundleIslands() {
  /** @type {Record<string, { code: string, fileName: string, integrity: string }>} */
  const out = {};
  for (const source of islandSources()) {
    const result = await build({
      ...(source.mounts
        ? { stdin: { contents: mountEntry(source), resolveDir: APP_DIR, sourcefile: `${source.name}.entry.ts`, loader: "ts" } }
        : { entryPoints: [source.file] }),
      bundle: true,
      write: false,
      minify: true,
      format: "esm",
      target: "es2020",
      platform: "browser",
      tsconfig: "tsconfig.json",
      legalComments: "none",
    });
    const code = result.outputFiles[0].text;
    const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
    const integrity = `sha384-${createHash("sha384").update(code).digest("base64")}`;
    out[source.name] = { code, fileName: `assets/islands/${source.name}-${hash}.js`, integrity };
  }
  return out;
}

/** @returns {import("vite").Plugin} */
export function islandsPlugin() {
  /** @type {Promise<Record<string, { code: string, fileName: string, integrity: string }>> | undefined} */
  let bundles;
  let dev = false;
  const current = () => (dev || !bundles ? (bundles = bundleIslands()) : bundles);
  return {
    name: "islands",
    configResolved(config) {
      dev = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const all = await current();
      const islands = Object.fromEntries(
        Object.entries(all).map(([name, b]) => [name, { src: `/${b.fileName}`, integrity: b.integrity }]),
      );
      return `export default ${JSON.stringify(islands)};`;
    },
    async generateBundle() {
      if (this.environment?.config?.consumer !== "client") return;
      for (const bundle of Object.values(await current())) {
        this.emitFile({ type: "asset", fileName: bundle.fileName, source: bundle.code });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith("/assets/islands/")) return next();
        const bundle = Object.values(await current()).find((b) => `/${b.fileName}` === req.url);
        if (!bundle) return next();
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(bundle.code);
      });
    },
  };
}
