// The production server's entry: loads the React Router build, builds the Express app around it
// (server/app.js), runs the app's start-up work, listens, and shuts down gracefully.
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createApp } from "./server/app.js";
import { positiveIntEnv } from "./server/env.js";
import { shutDownGracefully } from "./server/shutdown.js";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const port = positiveIntEnv("PORT", 3000);
const host = process.env.HOST ?? "0.0.0.0";

const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const app = createApp({ build, buildDir, port });

// Start-up work of the app (the first admin from ADMIN_EMAIL/ADMIN_PASSWORD) before the first request.
await build.entry.module.startup?.();

const server = app.listen(port, host, () => {
  console.log(`Servidor pronto em http://localhost:${port}`);
});
server.keepAliveTimeout = 65_000;

shutDownGracefully(server, () => build.entry.module.closeDatabase?.());
