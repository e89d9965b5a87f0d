import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

import { bundleCommandsPlugin } from "./scripts/bundle-commands.mjs";
import { helperPackagePlugin } from "./scripts/helper-package.mjs";
import { islandsPlugin } from "./scripts/islands-plugin.mjs";
import { precompressPlugin } from "./scripts/precompress.mjs";

/**
 * The icons the public frame draws (header, footer, floating buttons, toasts, the search field):
 * they travel in the frame's file. An icon a frame module draws must be listed: in a file of its
 * own it would import lucide's runtime back from the frame, a circle failOnCircularChunk refuses.
 */
const FRAME_ICONS = new Set(["bot", "chevron-down", "mail", "map-pin", "menu", "phone", "search", "x", "zap"]);

/**
 * Files by role (decision 112): React, React DOM and React Router in one file every hydrated page
 * loads; the public frame (the layout's header, footer, floating buttons, toaster, form modal and the
 * UI primitives with lucide's runtime) in another, with what it imports; each other icon a file of
 * its own, or lucide's index would bring every icon the site draws into the frame. Everything else
 * is split by Rollup, without merging small chunks: a merge put other pages' code into these pages.
 */
function chunkFor(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "framework";
  const icon = /\/node_modules\/lucide-react\/dist\/esm\/icons\/([\w-]+)\.mjs$/.exec(id)?.[1];
  // lucide's index names every icon; one no page draws is shaken out and needs no file (an empty chunk).
  if (icon) return FRAME_ICONS.has(icon) ? "frame" : getModuleInfo(id)?.isIncluded ? `icon-${icon}` : undefined;
  // The assistant's sheet is in the server's document of every page; in the browser it loads on the first click.
  if (/\/app\/features\/assistant\/(assistant-frame|assistant-sheet|quick-course-finder)\.tsx$/.test(id)) return "assistant";
  const frame =
    /\/app\/(features\/site\/(?!area-|floating-buttons|site-header-links)|ui\/(?!carousel|countdown|forms\/|use-hydrated))|\/node_modules\/lucide-react\//;
  if (frame.test(id)) return "frame";
}

/**
 * The browser build's `onwarn`: Rollup's CIRCULAR_CHUNK warning (chunks that import each other in a
 * circle) stops the build (decision 112). With manual chunks a circle is easy to make (a frame
 * component draws an icon whose file imports lucide's runtime from the frame), and in the browser it
 * throws "Cannot access '…' before initialization": the page never hydrates. Every other warning
 * goes to the default handler.
 */
export function failOnCircularChunk(warning: Rollup.RollupLog, defaultHandler: Rollup.LoggingFunction): void {
  if (warning.code === "CIRCULAR_CHUNK") {
    throw new Error(`The browser's chunks import each other in a circle (see vite.config.ts, chunkFor): ${warning.message}`);
  }
  defaultHandler(warning);
}

export default defineConfig(({ isSsrBuild }) => ({
  // helperPackagePlugin: packs helper/ into build/client/downloads/whatsapp-helper.tgz (WhatsApp start scripts).
  // precompressPlugin: brotli/gzip copies of build/client/assets, served by server.js.
  // islandsPlugin: the marketing pages' small scripts (*.island.ts and app/islands, decision 150) into build/client/assets/islands.
  // bundleCommandsPlugin: the operator commands (npm run admin, backup, restore, purge-leads) into build/scripts.
  plugins: [tailwindcss(), reactRouter(), islandsPlugin(), helperPackagePlugin(), precompressPlugin(), bundleCommandsPlugin()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The browser's files only: the server's build stays one module with its lazy parts.
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn: isSsrBuild ? undefined : failOnCircularChunk,
      output: { manualChunks: isSsrBuild ? undefined : chunkFor },
    },
  },
}));
