// Packs the WhatsApp helper (helper/) with `npm pack` so the site serves it itself: the start scripts
// that /whatsapp hands to an operator download it from <site>/downloads/whatsapp-helper.tgz.
// Used by vite.config.ts as a plugin: every `react-router build` emits the tarball into the client
// build (so the Docker image and every BUILD_DIR have it), and the dev server packs it on request.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const HELPER_PACKAGE_FILE = "downloads/whatsapp-helper.tgz";

/** Runs `npm pack` in the helper folder; returns the tarball bytes. */
export function packHelper(helperDir) {
  const out = mkdtempSync(path.join(tmpdir(), "helper-pack-"));
  try {
    const stdout = execFileSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", out],
      { cwd: helperDir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" },
    );
    const start = stdout.indexOf("[");
    const [info] = JSON.parse(stdout.slice(start));
    return readFileSync(path.join(out, info.filename));
  } finally {
    rmSync(out, { recursive: true, force: true });
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
          res.end(`Não foi possível empacotar o ajudante: ${error.message}`);
        }
      });
    },
  };
}
