import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

import Database from "better-sqlite3";
import { type Pack, pack as tarPack } from "tar-stream";

import { IMAGE_FILE_PATTERN } from "~/shared/image-files";

import { config } from "./config.server";
import {
  BACKUP_DATABASE,
  BACKUP_FORMAT,
  BACKUP_MANIFEST,
  type BackupManifest,
  ERASURES_FILE,
  IMAGES_FOLDER,
  SECRET_FILES,
  type SecretName,
} from "./data-dir.server";
import { sqlite } from "./db/client.server";

/**
 * `npm run backup`: everything a new machine needs to bring the site back (decision 062), in one
 * .tar.gz created with mode 0600:
 *
 * - `site.db`: the database, copied with SQLite's online backup API (the site keeps serving);
 * - `.session-secret`, `.helper-secret`: the generated secrets (sessions, the operators' helpers and
 *   the lookup tags stay valid), when they are files; a secret given in the environment is not
 *   written anywhere by the site, so the backup only notes its name;
 * - `erasures.jsonl` (with `.erasure-key` among the secrets): the erasure list, keyed hashes only,
 *   which a restore adds to the folder's own and applies again;
 * - `content-images/`: the studio photos the copied database names;
 * - `backup.json`: what the archive holds, read by `npm run restore`.
 */

export type TarSource = { name: string; mode: number } & ({ file: string } | { data: Buffer } | { directory: true });

class ChangedWhileCopied extends Error {}

async function addEntries(archive: Pack, sources: TarSource[], mtime: Date): Promise<void> {
  for (const source of sources) {
    const header = { name: source.name, mode: source.mode, mtime };
    if ("directory" in source) {
      await new Promise((resolve, reject) =>
        archive.entry({ ...header, name: source.name.replace(/\/?$/, "/"), type: "directory" }, (error) =>
          error ? reject(error) : resolve(null),
        ),
      );
    } else if ("data" in source) {
      await new Promise((resolve, reject) =>
        archive.entry(header, source.data, (error) => (error ? reject(error) : resolve(null))),
      );
    } else {
      const size = statSync(source.file).size;
      try {
        // The entry's size is in its header: tar-stream fails on any other number of bytes.
        await pipeline(createReadStream(source.file), archive.entry({ ...header, size }));
      } catch (error) {
        if ((error as Error).message !== "Size mismatch") throw error;
        throw new ChangedWhileCopied(`o arquivo mudou enquanto era copiado: ${source.file}`);
      }
    }
  }
}

/**
 * Writes `sources` as a .tar.gz (POSIX ustar, made by tar-stream, streaming: photos never sit whole
 * in memory) at `target`, a new file created with mode 0600 (an existing file is never overwritten),
 * flushed to disk before the promise resolves. `tar -tzvf` lists it and `tar -xzf` unpacks it.
 */
export async function writeTarGz(target: string, sources: TarSource[], mtime = Date.now()): Promise<void> {
  // The stream owns the descriptor: it fsyncs (flush) and closes it, after an error too.
  const file = createWriteStream("", { fd: openSync(target, "wx", 0o600), flush: true });
  const archive = tarPack();
  const adding = addEntries(archive, sources, new Date(mtime)).then(
    () => archive.finalize(),
    (error: Error) => {
      archive.destroy(error);
      throw error;
    },
  );
  const [written, added] = await Promise.allSettled([pipeline(archive, createGzip(), file), adding]);
  // A file that changed fails its entry and so the whole stream: the entry's error says which.
  if (added.status === "rejected" && added.reason instanceof ChangedWhileCopied) throw added.reason;
  if (written.status === "rejected") throw written.reason;
  if (added.status === "rejected") throw added.reason;
}

export type BackupResult = { file: string; manifest: BackupManifest; missingImages: string[] };

/** Default archive: <database folder>/backups/site-YYYYMMDD-HHMMSS.tar.gz */
export function defaultBackupPath(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join(config.dataDir, "backups", `site-${stamp}.tar.gz`);
}

/** The ids of the images a database file has rows for. */
function imageIds(databaseFile: string): Set<string> {
  const copy = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return new Set((copy.prepare("SELECT id FROM content_images").all() as { id: string }[]).map((row) => row.id));
  } finally {
    copy.close();
  }
}

/**
 * Writes the archive at `destination` (default: defaultBackupPath()), never over an existing file.
 * The database is copied first; the photos are those of the copy's rows (a photo's files are written
 * before its row and never change). A photo removed from the disk between the two steps, which only
 * happens to a photo nothing uses, is reported in `missingImages`.
 */
export async function backupSite(destination?: string, now: Date = new Date()): Promise<BackupResult> {
  const target = path.resolve(destination ?? defaultBackupPath(now));
  const folder = path.dirname(target);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  // The default folder is the site's own: only its owner may list it.
  if (destination === undefined) chmodSync(folder, 0o700);
  if (existsSync(target)) throw new Error(`Já existe um arquivo em ${target}: escolha outro nome.`);

  // The database copy waits in a private folder beside the archive (mkdtemp makes it 0700).
  const staging = mkdtempSync(path.join(folder, ".backup-"));
  const partial = path.join(staging, "archive.tar.gz");
  try {
    const database = await backupDatabase(path.join(staging, BACKUP_DATABASE));
    const ids = imageIds(database);

    const secrets: TarSource[] = [];
    const environmentSecrets: SecretName[] = [];
    for (const [name, file] of Object.entries(SECRET_FILES) as [SecretName, string][]) {
      if (process.env[name]?.trim()) environmentSecrets.push(name);
      const source = path.join(config.dataDir, file);
      if (existsSync(source)) secrets.push({ name: file, file: source, mode: 0o600 });
    }

    const erasureList = path.join(config.dataDir, ERASURES_FILE);
    const erasures: TarSource[] = existsSync(erasureList) ? [{ name: ERASURES_FILE, file: erasureList, mode: 0o600 }] : [];

    const imagesDir = path.join(config.dataDir, IMAGES_FOLDER);
    const present = existsSync(imagesDir) ? readdirSync(imagesDir) : [];
    const images: TarSource[] = [];
    const found = new Set<string>();
    for (const name of present.sort()) {
      const match = IMAGE_FILE_PATTERN.exec(name);
      if (!match || !ids.has(match[1])) continue;
      images.push({ name: `${IMAGES_FOLDER}/${name}`, file: path.join(imagesDir, name), mode: 0o600 });
      found.add(match[1]);
    }
    const missingImages = [...ids].filter((id) => !found.has(id)).sort();

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: BACKUP_DATABASE,
      secrets: secrets.map((secret) => secret.name),
      environmentSecrets,
      images: found.size,
    };
    await writeTarGz(partial, [
      { name: BACKUP_MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), mode: 0o600 },
      { name: BACKUP_DATABASE, file: database, mode: 0o600 },
      ...secrets,
      ...erasures,
      { name: IMAGES_FOLDER, directory: true, mode: 0o700 },
      ...images,
    ]);
    // Only a complete archive gets the final name (a link fails rather than replace a file made meanwhile).
    linkSync(partial, target);
    return { file: target, manifest, missingImages };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A consistent copy of the live database with SQLite's online backup API: the site keeps serving
 * (readers and writers are not blocked for the whole copy) and the copy is a valid database, readable
 * by its owner only. `npm run backup` puts it in an archive with the rest of the site's data
 * (backup.server.ts).
 */
export async function backupDatabase(destination: string): Promise<string> {
  const target = path.resolve(destination);
  mkdirSync(path.dirname(target), { recursive: true });
  await sqlite.backup(target);
  chmodSync(target, 0o600);
  return target;
}
