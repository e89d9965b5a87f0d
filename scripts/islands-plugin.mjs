// @ts-check
// Islands (docs/decisions/092-marketing-pages-without-framework-javascript.md): small browser modules
// without a framework, in app/islands/*.ts, for the pages that load no React. Each is bundled with
// esbuild (it reads tsconfig's `~/` paths, so an island shares app/lib's texts and rules), named by
// the hash of its content, written to build/client/assets/islands/ by the browser build, and offered
// to the server build as `virtual:islands` ({ name: { src, integrity } }). In development the same bundles are served
// from memory.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

import { build } from "esbuild";

const ISLANDS_DIR = path.resolve("app/islands");
const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

/** Every island's name (its file name without `.ts`). */
export function islandNames() {
  return readdirSync(ISLANDS_DIR)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts"))
    .map((name) => name.slice(0, -3))
    .sort();
}

/**
 * Bundles every island: { name: { code, fileName, integrity } }, fileName `assets/islands/<name>-<hash>.js`,
 * integrity its SRI hash (the page's script tag carries it).
 * @returns {Promise<Record<string, { code: string, fileName: string, integrity: string }>>}
 */
export async function bundleIslands() {
  /** @type {Record<string, { code: string, fileName: string, integrity: string }>} */
  const out = {};
  for (const name of islandNames()) {
    const result = await build({
      entryPoints: [path.join(ISLANDS_DIR, `${name}.ts`)],
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
    out[name] = { code, fileName: `assets/islands/${name}-${hash}.js`, integrity };
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
