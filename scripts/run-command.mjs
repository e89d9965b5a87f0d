// @ts-check
// `npm run admin | backup | purge-leads | restore`: runs the operator command scripts/<name>.ts.
//
// In a clone (the sources and tsx are there) it runs the TypeScript source itself with tsx, so a
// command always runs the code as it is now. Where there are no sources, as in the Docker image
// (which copies only what runs, without tsx or the WhatsApp helper's workspace), it runs the
// command's bundle, <BUILD_DIR or build>/scripts/<name>.js, written by every build
// (scripts/bundle-commands.mjs). Decision 062.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z][a-z-]*$/.test(name)) {
  console.error("Uso: node scripts/run-command.mjs <comando> [argumentos]");
  process.exit(2);
}

// The settings `npm start` reads (decision 061): a `.env` in the project folder, the environment
// winning. Without it a DATABASE_PATH set only in `.env` would send a backup to the wrong database.
if (existsSync(".env")) process.loadEnvFile(".env");

const source = path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.ts`);
const bundle = path.resolve(process.env.BUILD_DIR ?? "build", "scripts", `${name}.js`);

/** tsx's loader, or null when tsx is not installed (`npm install --omit=dev`, the image). */
async function tsxLoader() {
  try {
    return await import("tsx/esm/api");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error)?.code === "ERR_MODULE_NOT_FOUND") return null;
    throw error;
  }
}

let entry = null;
if (existsSync(source)) {
  const tsx = await tsxLoader();
  if (tsx) {
    tsx.register();
    entry = source;
  }
}
if (!entry && existsSync(bundle)) entry = bundle;
if (!entry) {
  console.error(
    existsSync(source)
      ? `Sem o tsx para rodar ${path.relative(process.cwd(), source)} e sem build em ${bundle}: rode npm install e npm run build.`
      : `Comando desconhecido ou sem build: ${name} (procurado em ${bundle}; rode npm run build).`,
  );
  process.exit(1);
}

// The command reads its arguments from process.argv, as when it is run directly.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
