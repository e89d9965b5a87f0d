import path from "node:path";

/**
 * What the site keeps in its data folder (the folder of DATABASE_PATH; the Docker image's /data
 * volume), named in one place for the code that makes these files (config.server.ts, the content
 * photos) and the code that backs them up and restores them (backup.server.ts, restore.server.ts).
 * No side effect: the restore reads this without creating a secret or opening a database.
 */

/** The database file: DATABASE_PATH (blank means the default), resolved from the working directory. */
export function databasePathFromEnvironment(): string {
  const given = process.env.DATABASE_PATH?.trim();
  return path.resolve(given ? given : "./data/site.db");
}

/**
 * The generated secrets, one file each beside the database, used when their variable is not set.
 * `.erasure-key` (the erasure list's hashes) is made at the first erasure.
 */
export const SECRET_FILES = { SESSION_SECRET: ".session-secret", ERASURE_KEY: ".erasure-key" } as const;
/**
 * Secret files older installs made and nothing reads any more: `.helper-secret` (each helper has its
 * own key since decision 070). A restore still accepts them in an older archive.
 */
export const LEGACY_SECRET_FILES = [".helper-secret"] as const;
export type SecretName = keyof typeof SECRET_FILES;

/** The erasure list (app/features/leads/erasures.server.ts): keyed hashes only, kept across restores. */
export const ERASURES_FILE = "erasures.jsonl";

/** The content studio's photos (every stored size and format), a folder beside the database. */
export const IMAGES_FOLDER = "content-images";

/** SQLite's companions of a database file in WAL mode. */
export const DATABASE_COMPANIONS = ["-wal", "-shm"] as const;

/** The backup archive (`npm run backup`, `npm run restore`): its database entry and its table of contents. */
export const BACKUP_DATABASE = "site.db";
export const BACKUP_MANIFEST = "backup.json";
export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: number;
  createdAt: string;
  database: string;
  secrets: string[];
  /** Secrets set in the environment when the backup was made: the new machine needs the same values. */
  environmentSecrets: SecretName[];
  images: number;
};

/**
 * Written beside the database by `npm run restore` (decision 139): the next start sees that this
 * database is a copy and holds outgoing webhooks and e-mails until an admin confirms.
 */
export const RESTORED_MARKER = "restaurado.json";
