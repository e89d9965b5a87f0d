import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { saveLead } from "~/features/leads/save.server";
import { imagesDir, storePhoto } from "~/features/studio/images.server";
import { photoFileName } from "~/features/studio/photos";
import { backupSite, defaultBackupPath, writeTarGz } from "~/platform/backup.server";
import { config } from "~/platform/config.server";
import { extractTarGz, RestoreRefusal, restoreSite } from "~/platform/restore.server";

/**
 * The backup archive (decision 062): what `npm run backup` puts in it (the database, the generated
 * secrets, the studio photos the database names), with which modes, and how `npm run restore` puts it
 * back or refuses it. The archive is a standard .tar.gz, written and read with tar-stream: GNU tar
 * lists and unpacks ours, ours reads what GNU tar makes, and an archive written before tar-stream
 * (tests/support/archives/backup-format-1.tar.gz) still restores. (tests/integration/scripts.test.ts runs the commands themselves;
 * tests/process/image-runtime.spec.ts restores a running site onto another folder and serves it.)
 */

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;
const tarList = (archive: string) => execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n");

describe("the archive format (writeTarGz in backup.server.ts, extractTarGz in restore.server.ts)", () => {
  it("GNU tar lists and unpacks what writeTarGz writes, byte for byte; the file is 0600 and never overwritten", async () => {
    const dir = tempDir("tar-");
    const big = Buffer.alloc(70_000 + 123);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    writeFileSync(path.join(dir, "big.bin"), big);
    const archive = path.join(dir, "out.tar.gz");
    await writeTarGz(archive, [
      { name: "a.txt", data: Buffer.from("olá\n"), mode: 0o600 },
      { name: "pasta", directory: true, mode: 0o700 },
      { name: "pasta/big.bin", file: path.join(dir, "big.bin"), mode: 0o600 },
      { name: "vazio", data: Buffer.alloc(0), mode: 0o600 },
    ]);
    expect(mode(archive)).toBe(0o600);
    expect(tarList(archive)).toEqual(["a.txt", "pasta/", "pasta/big.bin", "vazio"]);
    // Each entry's mode and owner as the header has them (GNU tar's long listing).
    const listing = execFileSync("tar", ["-tvzf", archive, "--numeric-owner"], { encoding: "utf8" }).trim().split("\n");
    expect(listing.map((line) => line.split(/\s+/).slice(0, 3).join(" "))).toEqual([
      "-rw------- 0/0 5",
      "drwx------ 0/0 0",
      "-rw------- 0/0 70123",
      "-rw------- 0/0 0",
    ]);
    const out = tempDir("tar-out-");
    execFileSync("tar", ["-xzf", archive, "-C", out]);
    expect(readFileSync(path.join(out, "a.txt"), "utf8")).toBe("olá\n");
    expect(readFileSync(path.join(out, "pasta", "big.bin")).equals(big)).toBe(true);
    expect(readFileSync(path.join(out, "vazio")).length).toBe(0);

    await expect(writeTarGz(archive, [{ name: "x", data: Buffer.from("x"), mode: 0o600 }])).rejects.toThrow(/EEXIST/);
  });

  it("extractTarGz reads what GNU tar makes (./ names, folders), and refuses links and truncated archives", async () => {
    const dir = tempDir("tar-gnu-");
    mkdirSync(path.join(dir, "src", "sub"), { recursive: true });
    writeFileSync(path.join(dir, "src", "sub", "f.txt"), "conteúdo");
    const archive = path.join(dir, "gnu.tar.gz");
    execFileSync("tar", ["-czf", archive, "-C", path.join(dir, "src"), "."]);
    const seen: string[] = [];
    const out = path.join(dir, "f.txt");
    await extractTarGz(archive, (entry) => {
      seen.push(`${entry.type}:${entry.name}`);
      return entry.type === "file" ? out : null;
    });
    expect(seen).toEqual(["directory:./", "directory:./sub/", "file:./sub/f.txt"]);
    expect(readFileSync(out, "utf8")).toBe("conteúdo");
    expect(mode(out)).toBe(0o600);

    symlinkSync("/etc/passwd", path.join(dir, "src", "link"));
    const withLink = path.join(dir, "link.tar.gz");
    execFileSync("tar", ["-czf", withLink, "-C", path.join(dir, "src"), "link"]);
    await expect(extractTarGz(withLink, () => null)).rejects.toThrow(/tipo de entrada não aceito/);

    const whole = readFileSync(archive);
    const cut = path.join(dir, "cut.tar.gz");
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(extractTarGz(cut, () => null)).rejects.toThrow();
  });

  it("refuses a file that changes size while it is copied", async () => {
    const dir = tempDir("tar-grow-");
    const file = path.join(dir, "cresce.bin");
    writeFileSync(file, Buffer.alloc(100_000, 1));
    const archive = path.join(dir, "out.tar.gz");
    const writing = writeTarGz(archive, [{ name: "cresce.bin", file, mode: 0o600 }]);
    // Stat has read the size already (writeTarGz runs synchronously up to its first await).
    writeFileSync(file, Buffer.alloc(200_000, 2));
    await expect(writing).rejects.toThrow(/o arquivo mudou enquanto era copiado/);
  });
});

describe("an archive written before tar-stream", () => {
  // tests/support/archives/backup-format-1.tar.gz was written by the site's own ustar writer, which
  // tar-stream replaced: backup.json, a small site.db, .session-secret, content-images/ and one photo.
  const fixture = path.resolve("tests/support/archives/backup-format-1.tar.gz");

  it("restores: the database, the secret and the photo, each byte as written, private", async () => {
    const target = path.join(tempDir("restore-old-"), "site.db");
    const result = await restoreSite(fixture, { databasePath: target });
    expect(result.manifest).toMatchObject({ format: 1, secrets: [".session-secret"], images: 1 });
    expect(result.images).toBe(1);
    const folder = path.dirname(target);
    expect(readdirSync(folder).sort()).toEqual([".session-secret", "content-images", "restaurado.json", "site.db"]);
    expect(readFileSync(path.join(folder, ".session-secret"), "utf8")).toBe("segredo-do-arquivo-antigo\n");
    const photo = readFileSync(path.join(folder, "content-images", `${"a".repeat(32)}-480.webp`));
    expect(photo.length).toBe(1500);
    expect(photo.every((byte, i) => byte === (i * 31) % 256)).toBe(true);
    expect(mode(target)).toBe(0o600);
    expect(mode(path.join(folder, "content-images"))).toBe(0o700);
    const restored = new Database(target, { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(restored.prepare("SELECT nome FROM leads").all()).toEqual([{ nome: "Pessoa do Arquivo Antigo" }]);
    } finally {
      restored.close();
    }
  });
});

describe("backupSite and restoreSite", () => {
  let photoId: string;
  let archive: string;
  const orphan = `${"f".repeat(32)}-480.webp`;

  beforeAll(async () => {
    saveLead({ origem: "inscricao", nome: "Pessoa do Backup", telefone: "(31)99999-0000", email: "backup@example.com" });
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f5f9f" } })
      .jpeg()
      .toBuffer();
    photoId = (await storePhoto(bytes, "teste")).image.id;
    // Files of an image with no row (an interrupted upload): not the site's, left out.
    writeFileSync(path.join(imagesDir(), orphan), "x");
    // A generated secret, as the site writes it when the variable is not set.
    writeFileSync(path.join(config.dataDir, ".session-secret"), "segredo-da-sessao\n", { mode: 0o600 });
  });

  it("writes one archive (0600, in a 0700 folder): manifest, database, secrets, the named photos only", async () => {
    const now = new Date("2026-11-24T10:20:30Z");
    const result = await backupSite(undefined, now);
    archive = result.file;
    expect(archive).toBe(defaultBackupPath(now));
    expect(path.basename(archive)).toBe("site-20261124-102030.tar.gz");
    expect(mode(archive)).toBe(0o600);
    expect(mode(path.dirname(archive))).toBe(0o700);
    // Nothing else left beside it (the private staging folder is gone).
    expect(readdirSync(path.dirname(archive))).toEqual([path.basename(archive)]);

    const photoFiles = readdirSync(imagesDir())
      .filter((name) => name.startsWith(photoId))
      .sort();
    expect(photoFiles).toContain(photoFileName(photoId, 480, "avif"));
    expect(tarList(archive)).toEqual([
      "backup.json",
      "site.db",
      ".session-secret",
      "content-images/",
      ...photoFiles.map((name) => `content-images/${name}`),
    ]);
    expect(result.manifest).toMatchObject({ format: 1, database: "site.db", secrets: [".session-secret"], images: 1 });
    // tests/setup.ts sets the secret in the environment: the archive says so.
    expect(result.manifest.environmentSecrets).toEqual(["SESSION_SECRET"]);
    expect(result.missingImages).toEqual([]);

    await expect(backupSite(archive)).rejects.toThrow(/Já existe um arquivo/);
  });

  it("restores onto an empty folder: the database with the lead, the secret and the photo files, private", async () => {
    const target = path.join(tempDir("restore-"), "novo", "dados.db");
    const result = await restoreSite(archive, { databasePath: target });
    const folder = path.dirname(target);
    expect(result).toMatchObject({ databasePath: target, setAside: null, images: readdirSync(imagesDir()).length - 1 });
    // The marker tells the next start that this database is a copy (decision 139).
    expect(readdirSync(folder).sort()).toEqual([".session-secret", "content-images", "dados.db", "restaurado.json"]);
    expect(JSON.parse(readFileSync(path.join(folder, "restaurado.json"), "utf8"))).toMatchObject({
      archive: path.basename(archive),
    });
    expect(readFileSync(path.join(folder, ".session-secret"), "utf8")).toBe("segredo-da-sessao\n");
    for (const name of readdirSync(path.join(folder, "content-images"))) {
      expect(readFileSync(path.join(folder, "content-images", name)).equals(readFileSync(path.join(imagesDir(), name)))).toBe(
        true,
      );
      expect(mode(path.join(folder, "content-images", name))).toBe(0o600);
    }
    expect(existsSync(path.join(folder, "content-images", orphan))).toBe(false);
    expect(mode(path.join(folder, "content-images"))).toBe(0o700);
    expect(mode(target)).toBe(0o600);
    expect(mode(path.join(folder, ".session-secret"))).toBe(0o600);

    const restored = new Database(target, { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(restored.prepare("SELECT nome FROM leads WHERE email = 'backup@example.com'").get()).toEqual({
        nome: "Pessoa do Backup",
      });
      expect(restored.prepare("SELECT id FROM content_images").all()).toEqual([{ id: photoId }]);
    } finally {
      restored.close();
    }
  });

  it("refuses a folder that has a site; --substituir moves its files aside, never deletes them", async () => {
    const folder = tempDir("restore-over-");
    const target = path.join(folder, "site.db");
    writeFileSync(target, "o banco atual");
    writeFileSync(`${target}-wal`, "o wal atual");
    writeFileSync(path.join(folder, ".helper-secret"), "o segredo atual");

    await expect(restoreSite(archive, { databasePath: target })).rejects.toThrow(RestoreRefusal);
    await expect(restoreSite(archive, { databasePath: target })).rejects.toThrow(
      /já tem dados de um site \(site\.db, site\.db-wal, \.helper-secret\)/,
    );
    expect(readdirSync(folder).sort()).toEqual([".helper-secret", "site.db", "site.db-wal"]);

    const result = await restoreSite(archive, { databasePath: target, replace: true, now: new Date("2026-11-25T08:00:00Z") });
    expect(result.setAside).toBe(path.join(folder, "antes-da-restauracao-20261125-080000"));
    expect(readdirSync(result.setAside!).sort()).toEqual([".helper-secret", "site.db", "site.db-wal"]);
    expect(readFileSync(path.join(result.setAside!, "site.db-wal"), "utf8")).toBe("o wal atual");
    // The stale -wal is not beside the restored database, and the old helper secret is not kept in use.
    expect(readdirSync(folder).sort()).toEqual([
      ".session-secret",
      "antes-da-restauracao-20261125-080000",
      "content-images",
      "restaurado.json",
      "site.db",
    ]);
    const restored = new Database(target, { readonly: true });
    expect(restored.prepare("SELECT count(*) AS n FROM leads WHERE email = 'backup@example.com'").get()).toEqual({ n: 1 });
    restored.close();
  });

  it("refuses archives that are not a backup of this site, and leaves the folder as it was", async () => {
    const dir = tempDir("restore-bad-");
    const database = path.join(dir, "db-from-backup");
    execFileSync("tar", ["-xzf", archive, "-C", dir, "site.db"]);
    renameSync(path.join(dir, "site.db"), database);
    const good = JSON.stringify({
      format: 1,
      createdAt: "x",
      database: "site.db",
      secrets: [],
      environmentSecrets: [],
      images: 0,
    });
    const cases: [string, Parameters<typeof writeTarGz>[1], RegExp][] = [
      ["traversal", [{ name: "../fora.txt", data: Buffer.from("x"), mode: 0o600 }], /arquivo inesperado "\.\.\/fora\.txt"/],
      [
        "photo traversal",
        [{ name: "content-images/../../x.jpg", data: Buffer.from("x"), mode: 0o600 }],
        /arquivo inesperado "content-images\/\.\.\/\.\.\/x\.jpg"/,
      ],
      ["other file", [{ name: "package.json", data: Buffer.from("{}"), mode: 0o600 }], /arquivo inesperado "package\.json"/],
      ["no manifest", [{ name: "site.db", file: database, mode: 0o600 }], /falta backup\.json/],
      ["no database", [{ name: "backup.json", data: Buffer.from(good), mode: 0o600 }], /não tem o banco de dados/],
      [
        "unreadable manifest",
        [
          { name: "backup.json", data: Buffer.from("{ não é json"), mode: 0o600 },
          { name: "site.db", file: database, mode: 0o600 },
        ],
        /backup\.json ilegível/,
      ],
      [
        "other format",
        [{ name: "backup.json", data: Buffer.from(good.replace('"format":1', '"format":2')), mode: 0o600 }],
        /Formato de backup desconhecido \(2\)/,
      ],
      [
        "not a database",
        [
          { name: "backup.json", data: Buffer.from(good), mode: 0o600 },
          { name: "site.db", data: Buffer.from("não é sqlite"), mode: 0o600 },
        ],
        /banco de dados do backup/,
      ],
    ];
    for (const [label, entries, message] of cases) {
      const bad = path.join(dir, `${label.replace(/ /g, "-")}.tar.gz`);
      await writeTarGz(bad, entries);
      const folder = path.join(dir, `alvo-${label.replace(/ /g, "-")}`);
      await expect(restoreSite(bad, { databasePath: path.join(folder, "site.db") }), label).rejects.toThrow(message);
      expect(readdirSync(folder), label).toEqual([]);
    }
    await expect(
      restoreSite(path.join(dir, "nao-existe.tar.gz"), { databasePath: path.join(dir, "x", "site.db") }),
    ).rejects.toThrow(/Backup não encontrado/);
  });
});
