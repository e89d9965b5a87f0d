import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";

import { sqlite } from "../db/client.server";

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
