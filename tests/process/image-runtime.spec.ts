import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { npmRun as runNpm, type Run } from "../support/npm-run";
import { phoneJpeg } from "../support/photos";
import { buildDir, freePort, waitForHealth } from "../support/server-process";
import { enrolment, postForm, staffLogin } from "../support/sessions";

/**
 * The Docker image's /app, rebuilt here without Docker (decision 062): the build stage's install is
 * this checkout's node_modules (copied), pruned with the Dockerfile's own `npm prune` command, then
 * `node scripts/runtime-tree.mjs` copies what the final stage copies. In that tree, with the image's
 * NODE_ENV=production and nothing else of this checkout, every operator command the README and
 * docs/guides/operations.md document must work: the server (`node server.js`, the image's CMD, and `npm start`), `npm run admin`,
 * `npm run purge-leads`, `npm run backup` while the site serves, and `npm run restore` onto an empty
 * folder, after which the restored site has the lead, serves the photo and takes the session cookie
 * of the old one (same secret). Slow (a copy of node_modules): about half a minute.
 */

const REPO = process.cwd();
const ADMIN = { email: "chefe@example.com", password: "senha-da-chefe-123" };

let work: string;
let image: string;
const running: ChildProcess[] = [];

test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = mkdtempSync(path.join(tmpdir(), "image-runtime-"));
  // The build stage: the install (package files and node_modules), then the Dockerfile's prune.
  const stage = path.join(work, "build-stage");
  mkdirSync(path.join(stage, "helper"), { recursive: true });
  for (const file of ["package.json", "package-lock.json", "helper/package.json"])
    cpSync(path.join(REPO, file), path.join(stage, file));
  execFileSync("cp", ["-a", path.join(REPO, "node_modules"), path.join(stage, "node_modules")]);
  const prune = /npm prune [^&\n]+/
    .exec(readFileSync(path.join(REPO, "Dockerfile"), "utf8"))![0]
    .trim()
    .split(/\s+/);
  execFileSync(prune[0], prune.slice(1), { cwd: stage, stdio: "pipe" });
  // The sources the build stage has (COPY . .), read by runtime-tree.mjs; the build is this run's.
  for (const name of ["drizzle", "server", "server.js", "scripts"]) symlinkSync(path.join(REPO, name), path.join(stage, name));
  image = path.join(work, "app");
  execFileSync(process.execPath, ["scripts/runtime-tree.mjs", image], {
    cwd: stage,
    env: { ...process.env, BUILD_DIR: buildDir() },
    stdio: "pipe",
  });
  rmSync(stage, { recursive: true, force: true });
});

test.afterAll(async () => {
  for (const child of running) stopGroup(child);
  await Promise.all(running.map((child) => exited(child)));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The image's environment (Dockerfile ENV) and this run's ports and folders; nothing of this checkout. */
function imageEnv(databasePath: string | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: work,
    TMPDIR: tmpdir(),
    NODE_ENV: "production",
    ...(databasePath ? { DATABASE_PATH: databasePath } : {}),
    LOG_REQUESTS: "false",
    npm_config_update_notifier: "false",
    ...extra,
  };
}

/** `npm run <args>` in the image's folder, as `docker exec <container> npm run …` does. */
function npmRun(args: string[], databasePath: string | undefined, input = ""): Promise<Run> {
  return runNpm(args, { cwd: image, env: imageEnv(databasePath), input });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

function stopGroup(child: ChildProcess) {
  // Its own process group (detached): npm and the node it started stop together.
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** Starts the site from the image's folder with `command` and waits for /healthz. */
async function startSite(command: string[], databasePath: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(command[0], command.slice(1), {
    cwd: image,
    env: imageEnv(databasePath, { PORT: String(port), HOST: "127.0.0.1", SITE_URL: url }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.push(child);
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await Promise.race([
    waitForHealth(`${url}/healthz`),
    exited(child).then(() => {
      throw new Error(`${command.join(" ")} exited early:\n${output}`);
    }),
  ]);
  return {
    url,
    async stop() {
      stopGroup(child);
      await exited(child);
    },
  };
}

function treeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = prefix + entry.name;
    return entry.isDirectory() ? treeFiles(path.join(dir, entry.name), `${name}/`) : [name];
  });
}

function treeSize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return total + treeSize(file);
    return entry.isFile() ? total + statSync(file).size : total;
  }, 0);
}

test("the Dockerfile's final stage is this tree: one copy of runtime-tree.mjs's folder, with NODE_ENV=production", () => {
  const dockerfile = readFileSync(path.join(REPO, "Dockerfile"), "utf8");
  const final = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  expect(dockerfile).toMatch(
    /^RUN npm run build && npm prune --omit=dev --workspaces=false && node scripts\/runtime-tree\.mjs \/runtime$/m,
  );
  expect(final.match(/^COPY .*$/gm)).toEqual(["COPY --from=build --chown=node:node /runtime ./"]);
  expect(final).toMatch(/^ENV NODE_ENV=production\b/m);
  expect(final).toMatch(/^CMD \["node", "server\.js"\]$/m);
});

test("the tree holds only what runs: no TypeScript sources, tsx, WhatsApp helper or SQLite build files", () => {
  expect(readdirSync(image).sort()).toEqual([
    "build",
    "drizzle",
    "node_modules",
    "package.json",
    "scripts",
    "server",
    "server.js",
  ]);
  expect(readdirSync(path.join(image, "scripts")).sort()).toEqual(["build-if-needed.mjs", "run-command.mjs"]);
  const outside = treeFiles(image).filter((name) => !name.startsWith("node_modules/"));
  expect(outside.filter((name) => /\.tsx?$/.test(name))).toEqual([]);
  for (const name of ["tsx", "typescript", "whatsapp-helper", "baileys", "vite", ".bin"]) {
    expect(existsSync(path.join(image, "node_modules", name)), name).toBe(false);
  }
  expect(treeFiles(path.join(image, "node_modules", "better-sqlite3", "build"))).toEqual(["Release/better_sqlite3.node"]);
  expect(existsSync(path.join(image, "node_modules", "better-sqlite3", "deps"))).toBe(false);
  // The bundled commands, with the helper's modules inside them.
  expect(
    readdirSync(path.join(image, "build", "scripts"))
      .filter((name) => name.endsWith(".js"))
      .sort(),
  ).toEqual(["admin.js", "backup.js", "purge-leads.js", "restore.js"]);
  for (const name of treeFiles(path.join(image, "build", "scripts"))) {
    expect(readFileSync(path.join(image, "build", "scripts", name), "utf8"), name).not.toContain("whatsapp-helper");
  }
  const megabytes = treeSize(image) / 1024 / 1024;
  console.log(`image /app: ${megabytes.toFixed(1)} MB`);
  expect(megabytes).toBeLessThan(150);
});

test("every operator command of the README works in the image's tree: server, admin, purge-leads, backup, restore", async ({
  page,
}) => {
  // The commands of the README and of the operations guide: those for developers, and the rest,
  // which operators run on the server.
  const readme = ["README.md", "docs/guides/operations.md"].map((file) => readFileSync(path.join(REPO, file), "utf8")).join("\n");
  const documented = new Set([...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1]));
  const development = [
    "dev",
    "build",
    "typecheck",
    "lint",
    "format",
    "format:check",
    "test:unit",
    "test:e2e",
    "test:helper",
    "db:generate",
    "bench",
  ];
  expect([...documented].filter((name) => !development.includes(name)).sort()).toEqual([
    "admin",
    "backup",
    "purge-leads",
    "restore",
  ]);
  expect(readme).toContain("npm start");

  const siteA = path.join(work, "data-a", "site.db");
  const siteB = path.join(work, "data-b", "site.db");

  // The image's CMD, on an empty volume.
  const first = await startSite(["node", "server.js"], siteA);

  const created = await npmRun(["admin", "--", "create", ADMIN.email], siteA, `${ADMIN.password}\n`);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain(`Administrador ${ADMIN.email} criado.`);
  const cookie = await staffLogin(first.url, ADMIN);

  const leadEmail = `restaurada.${Date.now()}@example.com`;
  expect((await postForm(first.url, "/inscricao", enrolment(leadEmail))).status).toBe(303);

  // A photo, uploaded in the studio as an admin does: the home hero.
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await page.context().addCookies([{ name, value, url: first.url, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(`${first.url}/admin/conteudo/inicio`);
  const field = page.getByRole("group", { name: "Foto de destaque" });
  await field.getByLabel("Escolher a foto").setInputFiles({
    name: "polo.jpg",
    mimeType: "image/jpeg",
    buffer: await phoneJpeg({ width: 1200, height: 900 }),
  });
  await field.getByLabel("Texto alternativo").fill("Estudantes no polo restaurado");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("toaster")).toContainText("Alterações salvas", { timeout: 30_000 });
  const photo = /\/imagens\/[a-f0-9]{32}-480\.avif/.exec(await (await fetch(`${first.url}/`)).text())?.[0];
  expect(photo).toBeTruthy();
  const photoBytes = Buffer.from(await (await fetch(first.url + photo)).arrayBuffer());

  const purge = await npmRun(["purge-leads"], siteA);
  expect(purge.code, purge.stderr).toBe(0);
  expect(purge.stdout).toContain("0 lead(s) com mais de 730 dias apagado(s).");

  // The backup while the site serves, with its default name.
  const backup = await npmRun(["backup"], siteA);
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toContain("Contém o banco de dados, 1 foto(s) e .session-secret.");
  const archive = /Backup gravado em (\S+)/.exec(backup.stdout)![1];
  expect(path.dirname(archive)).toBe(path.join(path.dirname(siteA), "backups"));
  expect(statSync(archive).mode & 0o777).toBe(0o600);
  expect(statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);
  await first.stop();

  // The new machine: an empty folder, the archive, `npm run restore`, `npm start`.
  const restore = await npmRun(["restore", "--", archive], siteB);
  expect(restore.code, restore.stderr).toBe(0);
  expect(restore.stdout).toContain(`restaurado em ${siteB}.`);
  expect(readFileSync(path.join(path.dirname(siteB), ".session-secret"), "utf8")).toBe(
    readFileSync(path.join(path.dirname(siteA), ".session-secret"), "utf8"),
  );
  const second = await startSite(["npm", "start"], siteB);

  // The old session cookie is still a session: the leads panel opens and lists the lead.
  const panel = await fetch(`${second.url}/contato`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(panel.status).toBe(200);
  expect(await panel.text()).toContain(leadEmail);
  // The home page names the same photo, and the restored site serves its bytes.
  expect(await (await fetch(`${second.url}/`)).text()).toContain(photo!);
  const served = await fetch(second.url + photo);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/avif");
  expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true);

  await second.stop();

  // The commands read `.env` as npm start does (DATABASE_PATH only there here).
  writeFileSync(path.join(image, ".env"), `DATABASE_PATH=${siteB}\n`);
  try {
    const list = await npmRun(["admin", "--", "list"], undefined);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^1\\t${ADMIN.email.replace(".", "\\.")}\\tadmin`, "m"));
  } finally {
    rmSync(path.join(image, ".env"));
  }

  const restored = new Database(siteB, { readonly: true, fileMustExist: true });
  try {
    expect(restored.prepare("SELECT count(*) AS n FROM leads WHERE email = ?").get(leadEmail)).toEqual({ n: 1 });
  } finally {
    restored.close();
  }
});
