// The production server's entry (`npm start`, the Dockerfile): reads `.env`, switches to production
// mode, loads the React Router build, builds the Express app around it (server/app.js), takes the
// port, runs the app's start-up work, then answers requests, and shuts down gracefully.
// Decision 061 (docs/decisions/061-production-start.md).
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { positiveIntEnv } from "./server/env.js";
import { describeListenError, listen, loadDotEnv, useProductionMode } from "./server/production-start.js";
import { shutDownGracefully } from "./server/shutdown.js";

// First of all: `.env` (the environment wins), then production mode, whatever NODE_ENV said. Express,
// React and the app's configuration read NODE_ENV as they load: they are imported below, after this.
const dotEnv = loadDotEnv();
if (dotEnv) console.log(`Configuração lida de ${dotEnv} (variáveis já definidas no ambiente têm prioridade).`);
const ignoredMode = useProductionMode();
if (ignoredMode !== undefined) {
  console.warn(
    `Aviso: NODE_ENV=${ignoredMode} ignorado: npm start (server.js) roda sempre em modo de produção. ` +
      "Para desenvolvimento use npm run dev.",
  );
}

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const port = positiveIntEnv("PORT", 3000);
const host = process.env.HOST ?? "0.0.0.0";

const { createApp } = await import("./server/app.js");
const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const app = createApp({ build, buildDir, port });

// The port is taken before the start-up work, so a second `npm start` on a port in use stops here,
// before it purges anything or sends a webhook. A request that arrives meanwhile waits for that work.
/** @type {[http.IncomingMessage, http.ServerResponse][] | null} */
let waiting = [];
const server = http.createServer((req, res) => {
  if (waiting) waiting.push([req, res]);
  else app(req, res);
});
server.keepAliveTimeout = 65_000;
try {
  await listen(server, port, host);
} catch (error) {
  console.error(describeListenError(/** @type {NodeJS.ErrnoException} */ (error), port, host));
  build.entry.module.closeDatabase?.();
  process.exit(1);
}

// Start-up work of the app (the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, the retention purge, the
// webhook worker) before the first request is answered.
await build.entry.module.startup?.();
// Before the first answer and before "Servidor pronto": whoever waits for those may send SIGTERM next.
// The webhook worker stops taking deliveries at the signal; the database closes once those out have
// finished or been released (decision 074).
const stopBackgroundWork = () => build.entry.module.stopBackgroundWork?.();
process.once("SIGTERM", stopBackgroundWork);
process.once("SIGINT", stopBackgroundWork);
shutDownGracefully(server, async () => {
  await stopBackgroundWork();
  build.entry.module.closeDatabase?.();
});
const held = waiting;
waiting = null;
for (const [req, res] of held) app(req, res);
console.log(`Servidor pronto em http://localhost:${port} (modo de produção)`);
