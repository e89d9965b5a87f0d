import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

import Database from "better-sqlite3";
import { extract as tarExtract } from "tar-stream";

import { IMAGE_FILE_PATTERN } from "~/shared/image-files";

import {
  BACKUP_DATABASE,
  BACKUP_FORMAT,
  BACKUP_MANIFEST,
  type BackupManifest,
  DATABASE_COMPANIONS,
  databasePathFromEnvironment,
  ERASURES_FILE,
  IMAGES_FOLDER,
  LEGACY_SECRET_FILES,
  RESTORED_MARKER,
  SECRET_FILES,
} from "./data-dir.server";

/**
 * `npm run restore -- <archive>`: puts an archive of `npm run backup` in the data folder of
 * DATABASE_PATH, for a site that is stopped (decision 062). On purpose this module reads no
 * configuration and opens no database of the site: importing config.server.ts would create new
 * secrets in the very folder being restored, and db.server.ts would create and migrate a database.
 *
 * The archive is unpacked into a private folder beside the target first and checked there (only the
 * names a backup holds, a database that passes integrity_check), so a bad archive changes nothing.
 * Then the files are moved into place. A folder that already has a site is refused, unless
 * `replace`: its files are then moved aside into `antes-da-restauracao-<date>/`, never deleted.
 */

export class RestoreRefusal extends Error {}

export type TarEntry = { name: string; type: "file" | "directory"; size: number; mode: number };

/**
 * Reads a .tar.gz with tar-stream: for each entry, `place` says where its bytes go (a path, written
 * with mode 0600 and flushed) or null to skip them; it may throw to refuse the archive. Folders are
 * only reported; any other kind of entry (a link, a device) refuses the archive.
 */
export async function extractTarGz(archive: string, place: (entry: TarEntry) => string | null): Promise<void> {
  const entries = tarExtract();
  const unpacking = pipeline(createReadStream(archive), createGunzip(), entries);
  // A failure here also ends the loop below with the same error.
  unpacking.catch(() => {});
  try {
    for await (const entry of entries) {
      const { name, size = 0, mode = 0 } = entry.header;
      const type = entry.header.type === "file" || entry.header.type === "directory" ? entry.header.type : null;
      if (type === null) throw new Error(`tipo de entrada não aceito no arquivo tar: '${entry.header.type}' (${name})`);
      const target = place({ name, type, size: type === "file" ? size : 0, mode });
      if (type !== "file" || target === null) {
        entry.resume();
        continue;
      }
      const fd = openSync(target, "wx", 0o600);
      try {
        await pipeline(entry, createWriteStream("", { fd, autoClose: false }));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  } catch (error) {
    entries.destroy();
    throw error;
  }
  await unpacking;
}

export type RestoreResult = {
  databasePath: string;
  manifest: BackupManifest;
  images: number;
  /** Where the files that were in the folder went (with `replace`), or null. */
  setAside: string | null;
  /** Erasures in the folder's list after the restore (the folder's own and the archive's). */
  erasures: number;
};

const SECRET_NAMES = new Set<string>([...Object.values(SECRET_FILES), ...LEGACY_SECRET_FILES]);
/**
 * The erasure list and its key stay in the folder across a restore (they are not a site's data to
 * set aside): the archive's entries are added to the folder's own, so a person erased after the
 * backup was made is still on the list, and the restore command applies it to the restored database.
 */
const ERASURE_KEY_FILE = SECRET_FILES.ERASURE_KEY;

function readIfPresent(file: string): string | null {
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

const listLines = (text: string | null) => (text ?? "").split("\n").filter((line) => line.trim() !== "");

/** Writes the merged erasure list and its key into the folder (0600, each replaced in one rename). */
function keepErasureList(dataDir: string, staging: string, current: { key: string | null; list: string | null }): number {
  const archived = {
    key: readIfPresent(path.join(staging, ERASURE_KEY_FILE)),
    list: readIfPresent(path.join(staging, ERASURES_FILE)),
  };
  const key = current.key ?? archived.key;
  // The archive's entries count only when they were hashed with the same key.
  const sameKey = archived.key === null || current.key === null || archived.key.trim() === current.key.trim();
  const lines = [...new Set([...listLines(current.list), ...(sameKey ? listLines(archived.list) : [])])];
  const write = (name: string, text: string) => {
    const partial = path.join(staging, `${name}.novo`);
    writeFileSync(partial, text, { mode: 0o600 });
    renameSync(partial, path.join(dataDir, name));
  };
  if (key !== null) write(ERASURE_KEY_FILE, key);
  if (lines.length > 0) write(ERASURES_FILE, lines.join("\n") + "\n");
  return lines.length;
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** The site's files already in the target folder. */
function existingSiteFiles(databasePath: string): string[] {
  const dataDir = path.dirname(databasePath);
  return [
    databasePath,
    ...DATABASE_COMPANIONS.map((suffix) => databasePath + suffix),
    ...[...SECRET_NAMES].filter((name) => name !== ERASURE_KEY_FILE).map((name) => path.join(dataDir, name)),
    path.join(dataDir, IMAGES_FOLDER),
  ].filter((file) => existsSync(file));
}

function checkDatabase(file: string) {
  let copy: Database.Database;
  try {
    copy = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new RestoreRefusal("O banco de dados do backup não abre.");
  }
  try {
    if (copy.pragma("integrity_check", { simple: true }) !== "ok") {
      throw new RestoreRefusal("O banco de dados do backup está corrompido (integrity_check).");
    }
    const migrations = copy
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get();
    if (!migrations) throw new RestoreRefusal("O banco de dados do backup não é deste site.");
  } catch (error) {
    if (error instanceof RestoreRefusal) throw error;
    throw new RestoreRefusal(`O banco de dados do backup não pôde ser lido: ${(error as Error).message}`);
  } finally {
    copy.close();
  }
}

export async function restoreSite(
  archive: string,
  options: { databasePath?: string; replace?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const source = path.resolve(archive);
  if (!existsSync(source)) throw new RestoreRefusal(`Backup não encontrado: ${source}`);
  const databasePath = options.databasePath ?? databasePathFromEnvironment();
  const dataDir = path.dirname(databasePath);

  const present = existingSiteFiles(databasePath);
  if (present.length > 0 && !options.replace) {
    throw new RestoreRefusal(
      `A pasta ${dataDir} já tem dados de um site (${present.map((file) => path.basename(file)).join(", ")}). ` +
        "Restaure numa pasta vazia, ou pare o site e rode de novo com --substituir " +
        "(os arquivos atuais vão para uma pasta antes-da-restauracao-<data> ao lado, nada é apagado).",
    );
  }

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(dataDir, ".restauracao-"));
  try {
    const stagedImages = path.join(staging, IMAGES_FOLDER);
    let images = 0;
    try {
      await extractTarGz(source, (entry) => {
        const name = entry.name.replace(/^(\.\/)+/, "");
        if (entry.type === "directory") {
          if (name === "" || name === ".") return null;
          if (name.replace(/\/$/, "") !== IMAGES_FOLDER) throw new RestoreRefusal(`pasta inesperada "${entry.name}"`);
          mkdirSync(stagedImages, { recursive: true, mode: 0o700 });
          return null;
        }
        if (name === BACKUP_MANIFEST || name === BACKUP_DATABASE || name === ERASURES_FILE || SECRET_NAMES.has(name)) {
          return path.join(staging, name);
        }
        const [folder, file, ...rest] = name.split("/");
        if (folder === IMAGES_FOLDER && file && rest.length === 0 && IMAGE_FILE_PATTERN.test(file)) {
          mkdirSync(stagedImages, { recursive: true, mode: 0o700 });
          images++;
          return path.join(stagedImages, file);
        }
        throw new RestoreRefusal(`arquivo inesperado "${entry.name}"`);
      });
    } catch (error) {
      const reason = error instanceof RestoreRefusal ? error.message : (error as Error).message;
      throw new RestoreRefusal(`${source} não é um backup deste site que se possa ler: ${reason}.`);
    }

    const manifestFile = path.join(staging, BACKUP_MANIFEST);
    if (!existsSync(manifestFile)) throw new RestoreRefusal(`${source} não é um backup deste site: falta ${BACKUP_MANIFEST}.`);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
    } catch {
      throw new RestoreRefusal(`${source} não é um backup deste site: ${BACKUP_MANIFEST} ilegível.`);
    }
    if (manifest?.format !== BACKUP_FORMAT) {
      throw new RestoreRefusal(`Formato de backup desconhecido (${String(manifest?.format)}): use a versão do site que o criou.`);
    }
    if (!existsSync(path.join(staging, BACKUP_DATABASE)))
      throw new RestoreRefusal(`O backup não tem o banco de dados (${BACKUP_DATABASE}).`);
    checkDatabase(path.join(staging, BACKUP_DATABASE));

    const currentErasures = {
      key: readIfPresent(path.join(dataDir, ERASURE_KEY_FILE)),
      list: readIfPresent(path.join(dataDir, ERASURES_FILE)),
    };
    // Checked again: the folder may have changed while the archive was unpacked.
    let setAside: string | null = null;
    const now = existingSiteFiles(databasePath);
    if (now.length > 0) {
      if (!options.replace) throw new RestoreRefusal(`A pasta ${dataDir} ganhou dados durante a restauração: nada foi mudado.`);
      setAside = path.join(dataDir, `antes-da-restauracao-${stamp(options.now ?? new Date())}`);
      mkdirSync(setAside, { mode: 0o700 });
      for (const file of now) renameSync(file, path.join(setAside, path.basename(file)));
    }

    renameSync(path.join(staging, BACKUP_DATABASE), databasePath);
    const erasures = keepErasureList(dataDir, staging, currentErasures);
    for (const name of SECRET_NAMES) {
      if (name === ERASURE_KEY_FILE) continue;
      const secret = path.join(staging, name);
      if (existsSync(secret)) renameSync(secret, path.join(dataDir, name));
    }
    if (existsSync(stagedImages)) renameSync(stagedImages, path.join(dataDir, IMAGES_FOLDER));
    // A copy must not talk to production: the next start holds webhooks and e-mails (decision 139).
    const restoredAt = (options.now ?? new Date()).toISOString();
    writeFileSync(path.join(dataDir, RESTORED_MARKER), JSON.stringify({ restoredAt, archive: path.basename(source) }), {
      mode: 0o600,
    });
    return { databasePath, manifest, images, setAside, erasures };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
