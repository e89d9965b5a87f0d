// @ts-check
// Bundles the operator commands (the package.json scripts run through scripts/run-command.mjs: admin,
// backup, purge-leads, restore) into <build>/scripts/<name>.js, so they run where the sources and
// the WhatsApp helper's workspace are not, as in the Docker image (decision 062). Used by
// vite.config.ts as a plugin: every `react-router build` (any BUILD_DIR) writes them after the
// server build. Like the server build, the bundles keep the production dependencies (node_modules)
// as imports and take in the app's own modules and the helper's (whatsapp-helper/phone, /token),
// which the image's production install does not have.
import { readFileSync } from "node:fs";
import path from "node:path";

const RUNNER = /^node scripts\/run-command\.mjs ([a-z][a-z-]*)$/;

/** The commands package.json runs through scripts/run-command.mjs. */
export function operatorCommands(root = process.cwd()) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return Object.values(scripts)
    .map((command) => RUNNER.exec(command)?.[1])
    .filter(Boolean);
}

/** Builds scripts/<name>.ts of each command into `outDir`/<name>.js (and shared chunks). */
export async function bundleCommands(/** @type {string} */ outDir, root = process.cwd()) {
  const { build } = await import("vite");
  const input = Object.fromEntries(operatorCommands(root).map((name) => [name, path.join(root, "scripts", `${name}.ts`)]));
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    mode: "production",
    resolve: { alias: { "~": path.join(root, "app") } },
    ssr: { noExternal: ["whatsapp-helper"] },
    build: {
      ssr: true,
      target: "node20",
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: {
        input,
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
      },
    },
  });
}

/** @returns {import("vite").Plugin} */
export function bundleCommandsPlugin() {
  let ssrBuild = false;
  return {
    name: "operator-commands",
    apply: "build",
    configResolved(config) {
      ssrBuild = !!config.build.ssr;
    },
    async writeBundle(options) {
      // After the server build: build/server → build/scripts.
      const consumer = this.environment?.config?.consumer;
      if (consumer ? consumer !== "server" : !ssrBuild) return;
      if (!options.dir) return;
      await bundleCommands(path.join(path.dirname(options.dir), "scripts"));
    },
  };
}
