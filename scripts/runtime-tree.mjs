// @ts-check
// node scripts/runtime-tree.mjs <destination>: copies what the production site runs into <destination>,
// the folder the Docker image's final stage copies as its /app (decision 062). Run in the build
// stage after `npm run build` and `npm prune --omit=dev --workspaces=false`, from the project root;
// tests/process/image-runtime.spec.ts runs it the same way on a pruned copy and runs every
// operator command of the README and docs/guides/operations.md there.
//
// What runs: server.js and server/ (the Express app), the build (<BUILD_DIR or build>: the site, and
// build/scripts, the bundled operator commands), drizzle/ (migrations, applied at start-up), the
// production node_modules, package.json (`npm start` and `npm run <command>`) and the two scripts
// those run (run-command.mjs, build-if-needed.mjs). Not copied: the TypeScript sources, the tests,
// the helper's workspace, better-sqlite3's compilation leftovers (the SQLite C sources and object
// files; only its compiled better_sqlite3.node is loaded), and the packages the lockfile marks
// devOptional: development packages of ours that a production package only names as an optional
// peer (typescript, some @types), which `npm prune --omit=dev` keeps and nothing loads.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const destination = process.argv[2];
if (!destination) {
  console.error("Uso: node scripts/runtime-tree.mjs <pasta de destino>");
  process.exit(2);
}

const root = process.cwd();
const target = path.resolve(destination);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(buildDir, "server", "index.js")) || !existsSync(path.join(buildDir, "scripts"))) {
  console.error(`Nenhum build completo em ${buildDir}: rode npm run build antes.`);
  process.exit(1);
}

const { packages } = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
const devOptional = new Set(
  Object.entries(packages)
    .filter(([, info]) => info.devOptional)
    .map(([name]) => path.join(root, name)),
);

const SQLITE = path.join(root, "node_modules", "better-sqlite3");
/** better-sqlite3 needs its JavaScript (lib/), package.json and build/Release/better_sqlite3.node. */
function keepFromSqlite(/** @type {string} */ file) {
  const relative = path.relative(SQLITE, file);
  if (relative.startsWith("..")) return true;
  const [top, ...rest] = relative.split(path.sep);
  if (top === "deps" || top === "src") return false;
  if (top !== "build") return true;
  if (rest.length === 0) return true;
  if (rest[0] !== "Release") return false;
  return rest.length === 1 || (rest.length === 2 && rest[1] === "better_sqlite3.node");
}

const copy = (/** @type {string} */ from, to = from) =>
  cpSync(path.join(root, from), path.join(target, to), { recursive: true, dereference: true, errorOnExist: true });

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
copy("package.json");
copy("server.js");
copy("server");
copy("drizzle");
copy("scripts/run-command.mjs");
copy("scripts/build-if-needed.mjs");
cpSync(buildDir, path.join(target, "build"), { recursive: true, dereference: true, errorOnExist: true });
cpSync(path.join(root, "node_modules"), path.join(target, "node_modules"), {
  recursive: true,
  errorOnExist: true,
  // node_modules/.bin: the packages' command-line tools, which nothing at run time calls.
  filter: (file) => file !== path.join(root, "node_modules", ".bin") && !devOptional.has(file) && keepFromSqlite(file),
});

function size(/** @type {string} */ dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += size(file);
    else if (entry.isFile()) total += statSync(file).size;
  }
  return total;
}
console.log(`Árvore de execução em ${target}: ${(size(target) / 1024 / 1024).toFixed(1)} MB.`);
