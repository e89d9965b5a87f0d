// @ts-check
// `npm start` builds the site first when there is no build yet (a fresh clone).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { loadDotEnv } from "../server/production-start.js";

// BUILD_DIR may come from .env, which server.js reads too (decision 061).
loadDotEnv();
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(buildDir, "server", "index.js"))) {
  console.log("Nenhum build encontrado: compilando o site (npm run build)...");
  execSync("npm run build", { stdio: "inherit" });
}
