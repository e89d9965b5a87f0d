// The development server (`npm run dev`, decision 080): the production Express app of server/app.js
// (request guards, security headers, body limits, CSP with a per-request nonce, private answers,
// the page cache) with Vite in middleware mode in place of the build: the app's modules compiled on
// request, hot reload over this same port. As React Router's node-custom-server template does,
// Vite's server is created here and the server build is loaded through it on every request.
// Not production: no start-up work (first admin, retention purge, webhook worker), no Secure cookie,
// the page cache off unless HTML_CACHE=on. `npm start` (server.js) is production.
import { realpathSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

import { describeListenError, listen } from "./production-start.js";

/** Printed once the development server listens. */
export const DEVELOPMENT_BANNER = [
  "",
  "  ┌──────────────────────────────────────────────────────────────────────────────┐",
  "  │ MODO DE DESENVOLVIMENTO (npm run dev): não use em produção.                  │",
  "  │ Development mode: not for production.                                        │",
  "  │ Roda o servidor de produção (proteções de requisição, CSP, limites) com o    │",
  "  │ Vite. Não há: cookie Secure, criação do primeiro admin na partida, limpeza   │",
  "  │ LGPD nem envio de webhooks; cache de páginas só com HTML_CACHE=on.           │",
  "  │ Produção é npm start: sempre em modo de produção, lê o mesmo .env.           │",
  "  └──────────────────────────────────────────────────────────────────────────────┘",
  "",
].join("\n");

const { values } = parseArgs({
  options: { port: { type: "string", default: "5173" }, host: { type: "string", default: "localhost" } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`Porta inválida: --port ${values.port}`);
  process.exit(1);
}
const host = /** @type {string} */ (values.host);

// Development mode whatever NODE_ENV said (Express, React and the app's configuration read it as
// they load, below).
if (process.env.NODE_ENV && process.env.NODE_ENV !== "development") {
  console.warn(`Aviso: NODE_ENV=${process.env.NODE_ENV} ignorado: npm run dev roda sempre em modo de desenvolvimento.`);
}
process.env.NODE_ENV = "development";

const server = http.createServer();
// Vite first: React Router's plugin reads `.env` (and `.env.local`…) into process.env as Vite starts,
// before the app reads its settings. Hot reload shares this server and port.
// Vite serves files of the project and of node_modules, wherever the latter really is (a git worktree
// may link it from another checkout).
const vite = await import("vite").then(({ createServer, searchForWorkspaceRoot }) =>
  createServer({
    server: {
      middlewareMode: true,
      hmr: { server },
      fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync(path.resolve("node_modules"))] },
    },
    appType: "custom",
  }),
);
const { createApp } = await import("./app.js");
const app = createApp({ vite, port });
server.on("request", app);

try {
  await listen(server, port, host);
} catch (error) {
  console.error(describeListenError(/** @type {NodeJS.ErrnoException} */ (error), port, host));
  console.error(`Em desenvolvimento, a porta é escolhida assim: npm run dev -- --port ${port < 65_535 ? port + 1 : 5173}`);
  await vite.close();
  process.exit(1);
}
console.log(DEVELOPMENT_BANNER);
console.log(`Servidor de desenvolvimento em http://${host}:${port}`);

/** Stops Vite's watcher and the server, then exits (Ctrl+C, or a test's SIGTERM). */
async function stop() {
  await vite.close();
  server.close();
  server.closeAllConnections();
  process.exit(0);
}
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
