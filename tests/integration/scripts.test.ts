import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";

import { verifyPassword } from "~/features/staff/password.server";

import { npmRun as runNpm, type Run } from "../support/npm-run";
import { insertLead } from "../support/seed";

/**
 * The maintenance commands as an operator runs them: `npm run admin -- …`, `npm run purge-leads`,
 * `npm run backup` and `npm run restore`, each a child process on its own temporary database
 * (DATABASE_PATH), checked by reading that database afterwards. (app/platform/maintenance.integration.test.ts,
 * leads-panel.test.ts and backup.test.ts test the functions behind them; tests/process/image-runtime.spec.ts
 * runs them in the Docker image's tree.)
 */

/**
 * Each test starts `npm run …` several times (npm, tsx and a migration each time): a few seconds
 * alone, much longer on a busy 2-core machine. Only a hung command waits this long.
 */
const SCRIPT_TEST_TIMEOUT_MS = 300_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDatabasePath(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-scripts-"));
  dirs.push(dir);
  return path.join(dir, "site.db");
}

/** A migrated, empty database file, as the site leaves it after its first start. */
function migratedDatabase(): string {
  const file = tempDatabasePath();
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
  sqlite.close();
  return file;
}

/** `npm run <script> -- <args>` in the project, with this database and the given standard input. */
function npmRun(
  script: string,
  argv: string[],
  databasePath: string,
  options: { input?: string; env?: Record<string, string>; unset?: string[] } = {},
): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: databasePath, ...options.env };
  delete env.ADMIN_PASSWORD;
  for (const name of options.unset ?? []) delete env[name];
  return runNpm([script, "--", ...argv], { cwd: process.cwd(), env, input: options.input });
}

function openReadOnly(file: string) {
  return new Database(file, { readonly: true, fileMustExist: true });
}

describe("npm run admin", () => {
  const dbPath = tempDatabasePath();
  const adminRows = () => {
    const db = openReadOnly(dbPath);
    try {
      return db.prepare("SELECT email, password_hash AS hash FROM admin_users ORDER BY id").all() as {
        email: string;
        hash: string;
      }[];
    } finally {
      db.close();
    }
  };

  it(
    "list on a new database: creates and migrates it, says there is no admin",
    async () => {
      const run = await npmRun("admin", ["list"], dbPath);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Nenhum administrador cadastrado");
      expect(adminRows()).toEqual([]);
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "create <email>: reads the password from standard input, stores only its scrypt hash",
    async () => {
      const run = await npmRun("admin", ["create", " Gestora@Example.com "], dbPath, { input: "senha-do-terminal-1\n" });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Administrador gestora@example.com criado.");
      expect(run.stdout + run.stderr).not.toContain("senha-do-terminal-1");
      const rows = adminRows();
      expect(rows.map((r) => r.email)).toEqual(["gestora@example.com"]);
      expect(rows[0].hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword("senha-do-terminal-1", rows[0].hash)).toBe(true);
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "create refuses a duplicate e-mail and a short password (exit 1, nothing stored)",
    async () => {
      const duplicate = await npmRun("admin", ["create", "gestora@example.com"], dbPath, { input: "outra-senha-123\n" });
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain("Já existe um administrador com o e-mail gestora@example.com");
      const short = await npmRun("admin", ["create", "outra@example.com"], dbPath, { input: "curta\n" });
      expect(short.code).toBe(1);
      expect(short.stderr).toContain("pelo menos 8 caracteres");
      expect(adminRows().map((r) => r.email)).toEqual(["gestora@example.com"]);
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "set-password <email>: replaces the hash; the old password stops working",
    async () => {
      const before = adminRows()[0].hash;
      const run = await npmRun("admin", ["set-password", "gestora@example.com"], dbPath, { input: "nova-senha-456\n" });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Senha de gestora@example.com alterada");
      const after = adminRows()[0].hash;
      expect(after).not.toBe(before);
      expect(await verifyPassword("nova-senha-456", after)).toBe(true);
      expect(await verifyPassword("senha-do-terminal-1", after)).toBe(false);

      const unknown = await npmRun("admin", ["set-password", "ninguem@example.com"], dbPath, { input: "nova-senha-456\n" });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("Nenhum administrador com o e-mail ninguem@example.com");
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "list shows the admins; no command or no e-mail prints the usage with exit 2",
    async () => {
      const list = await npmRun("admin", ["list"], dbPath);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^1\tgestora@example\.com\tadmin \(Administrador\)\tcriado em \d{4}-\d{2}-\d{2}T/m);
      expect(list.stdout).not.toMatch(/scrypt/);
      for (const argv of [[], ["create"], ["apagar", "x@example.com"]]) {
        const usage = await npmRun("admin", argv, dbPath);
        expect(usage.code, argv.join(" ")).toBe(2);
        expect(usage.stderr).toContain("npm run admin -- create <email>");
      }
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );
});

describe("npm run admin: roles", () => {
  const dbPath = tempDatabasePath();
  const roles = () => {
    const db = openReadOnly(dbPath);
    try {
      return db.prepare("SELECT email, role FROM admin_users ORDER BY id").all() as { email: string; role: string }[];
    } finally {
      db.close();
    }
  };

  it(
    "create without --papel makes an admin; with --papel comercial or marketing, that role",
    async () => {
      const admin = await npmRun("admin", ["create", "chefe@example.com"], dbPath, { input: "senha-da-chefe-1\n" });
      expect(admin.code, admin.stderr).toBe(0);
      expect(admin.stdout).toContain("Administrador chefe@example.com criado.");
      const sales = await npmRun("admin", ["create", "vendas@example.com", "--papel", "comercial"], dbPath, {
        input: "senha-de-vendas-1\n",
      });
      expect(sales.code, sales.stderr).toBe(0);
      expect(sales.stdout).toContain("Usuário vendas@example.com criado com o papel comercial (Comercial).");
      const marketing = await npmRun("admin", ["create", "mkt@example.com", "--papel", "marketing"], dbPath, {
        input: "senha-do-mkt-123\n",
      });
      expect(marketing.code, marketing.stderr).toBe(0);
      expect(roles()).toEqual([
        { email: "chefe@example.com", role: "admin" },
        { email: "vendas@example.com", role: "comercial" },
        { email: "mkt@example.com", role: "marketing" },
      ]);
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "an unknown --papel or a missing one prints the usage (exit 2) before reading any password; nothing stored",
    async () => {
      for (const argv of [
        ["create", "x@example.com", "--papel", "chefe"],
        ["create", "x@example.com", "--papel"],
        ["create", "--papel", "comercial"],
        ["set-role", "vendas@example.com"],
        ["set-role", "vendas@example.com", "diretor"],
      ]) {
        const run = await npmRun("admin", argv, dbPath, { input: "senha-qualquer-1\n" });
        expect(run.code, argv.join(" ")).toBe(2);
        expect(run.stderr).toContain("npm run admin -- set-role <email> <papel>");
        expect(run.stderr).toContain("--papel admin|comercial|marketing");
      }
      expect(roles().map((r) => r.email)).not.toContain("x@example.com");
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "set-role <email> <papel> changes the role; the last admin keeps theirs (exit 1); list shows each role",
    async () => {
      const run = await npmRun("admin", ["set-role", "Vendas@Example.com", "marketing"], dbPath);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("vendas@example.com agora tem o papel marketing (Marketing).");
      const last = await npmRun("admin", ["set-role", "chefe@example.com", "comercial"], dbPath);
      expect(last.code).toBe(1);
      expect(last.stderr).toContain("É preciso manter pelo menos um administrador.");
      const unknown = await npmRun("admin", ["set-role", "ninguem@example.com", "comercial"], dbPath);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("Nenhum usuário com o e-mail ninguem@example.com");
      expect(roles()).toEqual([
        { email: "chefe@example.com", role: "admin" },
        { email: "vendas@example.com", role: "marketing" },
        { email: "mkt@example.com", role: "marketing" },
      ]);
      const list = await npmRun("admin", ["list"], dbPath);
      expect(list.stdout).toMatch(/^1\tchefe@example\.com\tadmin \(Administrador\)\t/m);
      expect(list.stdout).toMatch(/^2\tvendas@example\.com\tmarketing \(Marketing\)\t/m);
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );
});

describe("npm run purge-leads", () => {
  it(
    "deletes leads and send-log rows older than LEAD_RETENTION_DAYS, keeps the rest",
    async () => {
      const dbPath = migratedDatabase();
      const day = 24 * 3600_000;
      const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
      const db = new Database(dbPath);
      const lead = (nome: string, email: string, criado_em: string, atualizado_em: string) =>
        insertLead(db, {
          origem: "inscricao",
          nome,
          telefone: "(31)99999-0000",
          email,
          data_criacao: "2020-01-01",
          criado_em,
          atualizado_em,
        });
      lead("Antiga", "antiga@example.com", ago(500), ago(400));
      lead("Voltou", "voltou@example.com", ago(500), ago(10)); // old, but submitted again recently
      lead("Recente", "recente@example.com", ago(5), ago(5));
      const log = db.prepare(
        "INSERT INTO whatsapp_send_log (job_id, operator, name, number, message, status, sent_at) VALUES ('j', 'Op', ?, ?, 'Olá', 'Enviado', ?)",
      );
      log.run("Antiga", "31999990001", ago(400));
      log.run("Recente", "31999990002", ago(5));
      db.close();

      const run = await npmRun("purge-leads", [], dbPath, { env: { LEAD_RETENTION_DAYS: "365" } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("1 lead(s) com mais de 365 dias apagado(s).");
      expect(run.stdout).toContain("1 registro(s) de envio de WhatsApp com mais de 365 dias apagado(s).");

      const after = openReadOnly(dbPath);
      try {
        expect(after.prepare("SELECT nome FROM leads ORDER BY nome").all()).toEqual([{ nome: "Recente" }, { nome: "Voltou" }]);
        expect(after.prepare("SELECT name FROM whatsapp_send_log").all()).toEqual([{ name: "Recente" }]);
      } finally {
        after.close();
      }
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );
});

describe("npm run backup and npm run restore", () => {
  /** The archive's database, unpacked with GNU tar (the archive is a standard .tar.gz). */
  function archivedDatabase(archive: string): string {
    const out = mkdtempSync(path.join(tmpdir(), "site-scripts-unpacked-"));
    dirs.push(out);
    execFileSync("tar", ["-xzf", archive, "-C", out]);
    return path.join(out, "site.db");
  }

  function checkCopy(file: string, leads: number) {
    const copy = openReadOnly(file);
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("SELECT count(*) AS n FROM leads").get()).toEqual({ n: leads });
      expect((copy.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
  }

  const mode = (file: string) => statSync(file).mode & 0o777;
  // The secrets are the files the site generates beside the database (not the environment's).
  const secretsFromFiles = { unset: ["SESSION_SECRET"] };

  it(
    "writes an archive (0600) whose database opens, passes integrity_check and holds the leads still in the WAL",
    async () => {
      const dbPath = migratedDatabase();
      // The site's connection stays open with its latest writes in the -wal file, not yet in the main file.
      const site = new Database(dbPath);
      site.pragma("journal_mode = WAL");
      site.pragma("wal_autocheckpoint = 0");
      for (let i = 0; i < 40; i++) {
        insertLead(site, {
          nome: `Pessoa ${i}`,
          telefone: "(31)98888-0000",
          email: `p${i}@example.com`,
          data_criacao: "2025-05-05",
        });
      }
      try {
        expect(existsSync(`${dbPath}-wal`)).toBe(true);
        const target = path.join(path.dirname(dbPath), "copias", "manual.tar.gz");
        const run = await npmRun("backup", [target], dbPath, secretsFromFiles);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(`Backup gravado em ${target}`);
        expect(run.stdout).toContain("Contém o banco de dados, 0 foto(s) e .session-secret.");
        expect(mode(target)).toBe(0o600);
        checkCopy(archivedDatabase(target), 40);

        // Without a destination: <database folder>/backups/site-<timestamp>.tar.gz, the folder 0700.
        const defaultRun = await npmRun("backup", [], dbPath, secretsFromFiles);
        expect(defaultRun.code, defaultRun.stderr).toBe(0);
        const folder = path.join(path.dirname(dbPath), "backups");
        const backups = readdirSync(folder);
        expect(backups).toEqual([expect.stringMatching(/^site-\d{8}-\d{6}\.tar\.gz$/)]);
        expect(defaultRun.stdout).toContain(backups[0]);
        expect(mode(folder)).toBe(0o700);
        expect(mode(path.join(folder, backups[0]))).toBe(0o600);
        checkCopy(archivedDatabase(path.join(folder, backups[0])), 40);
      } finally {
        site.close();
      }
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );

  it(
    "restore puts database and generated secrets in an empty folder; refuses one with a site (exit 1) and a missing file name (exit 2)",
    async () => {
      const dbPath = migratedDatabase();
      const archive = path.join(path.dirname(dbPath), "copia.tar.gz");
      const backup = await npmRun("backup", [archive], dbPath, secretsFromFiles);
      expect(backup.code, backup.stderr).toBe(0);
      const secret = readFileSync(path.join(path.dirname(dbPath), ".session-secret"), "utf8");

      const target = path.join(tempDatabasePath().replace(/site\.db$/, ""), "novo", "site.db");
      const restore = await npmRun("restore", [archive], target, secretsFromFiles);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain(`restaurado em ${target}.`);
      expect(restore.stdout).toContain("segredos: .session-secret.");
      expect(readFileSync(path.join(path.dirname(target), ".session-secret"), "utf8")).toBe(secret);
      checkCopy(target, 0);

      const again = await npmRun("restore", [archive], target, secretsFromFiles);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("já tem dados de um site");
      const usage = await npmRun("restore", [], target, secretsFromFiles);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("npm run restore -- <arquivo .tar.gz do npm run backup>");
    },
    SCRIPT_TEST_TIMEOUT_MS,
  );
});
