import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { bundleCommandsPlugin } from "./scripts/bundle-commands.mjs";
import { helperPackagePlugin } from "./scripts/helper-package.mjs";
import { islandsPlugin } from "./scripts/islands-plugin.mjs";
import { precompressPlugin } from "./scripts/precompress.mjs";

export default defineConfig({
  // helperPackagePlugin: packs helper/ into build/client/downloads/whatsapp-helper.tgz (WhatsApp start scripts).
  // precompressPlugin: brotli/gzip copies of build/client/assets, served by server.js.
  // islandsPlugin: the marketing pages' small scripts (app/islands, decision 092) into build/client/assets/islands.
  // bundleCommandsPlugin: the operator commands (npm run admin, backup, restore, purge-leads) into build/scripts.
  plugins: [tailwindcss(), reactRouter(), islandsPlugin(), helperPackagePlugin(), precompressPlugin(), bundleCommandsPlugin()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // experimentalMinChunkSize: Rollup merges side-effect-free chunks under 2 KB into a chunk loaded
  // in the same places (docs/decisions/053-first-view-javascript.md: fewer, larger chunks compress better).
  build: { assetsInlineLimit: 0, rollupOptions: { output: { experimentalMinChunkSize: 2000 } } },
});
