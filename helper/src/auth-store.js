// The WhatsApp session on disk (decision 065): the same interface and file layout as Baileys'
// useMultiFileAuthState (`{ state: { creds, keys }, saveCreds }`, one JSON file per key, BufferJSON
// encoding), but
// - every write is atomic: a private temp file, fsync, rename (a crash leaves the old file or the
//   new one, never half of one), and the temp file a kill leaves is removed at the next start;
// - `creds.json` keeps its previous copy as `creds.json.bak`;
// - unreadable creds are recovered from that copy, and when there is none the store refuses to
//   start: Baileys would otherwise make a new identity silently (a new QR, the institution's linked
//   device lost) without anyone being told why;
// - folders are 0700 and files 0600 whatever the umask (another account on the computer must not
//   copy the session).
import { chmod, mkdir, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import { join } from "node:path";

import { DIR_MODE, FILE_MODE } from "./files.js";

const CREDS = "creds.json";
/** Ends the name of a file being written; none is left once a write ends (a kill leaves one). */
const TEMP_SUFFIX = ".tmp";

/**
 * Removes the temp files a killed helper left in the session folder (a creds.json copy among
 * them): they are never read, and they hold the session's keys.
 * @param {string} folder
 * @returns {Promise<string[]>} the names removed
 */
export async function removeLeftoverTemps(folder) {
  const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith(TEMP_SUFFIX));
  await Promise.all(names.map((name) => unlink(join(folder, name)).catch(() => {})));
  return names;
}

export const UNREADABLE_SESSION_MESSAGE =
  "Os dados da sessão do WhatsApp neste computador estão danificados e não há cópia anterior que possa ser lida. " +
  "Para não criar outra conexão sem você saber, o ajudante não conectou. " +
  "Clique em Desconectar e depois em Iniciar Espelhamento para conectar de novo com um QR code novo.";

/** The stored creds exist but neither they nor their previous copy can be read. */
export class UnreadableSessionError extends Error {
  /** @param {string} detail */
  constructor(detail) {
    super(UNREADABLE_SESSION_MESSAGE);
    this.name = "UnreadableSessionError";
    this.code = "session-unreadable";
    this.detail = detail;
  }
}

/** @param {string} file */
const fixFileName = (file) => file.replace(/\//g, "__").replace(/:/g, "-");

/**
 * Writes `text` to `file` atomically and privately: temp file (0600) → fsync → rename → fsync the
 * folder. With `backup`, the current file first becomes `<file>.bak` (a crash between the two
 * renames leaves only the .bak, which the reader uses).
 * @param {string} file @param {string} text @param {{ backup?: boolean }} [options]
 */
export async function writeFileAtomic(file, text, options = {}) {
  // one temp name per file: writes to a file are queued (locked below), and what a kill leaves is
  // found and removed at the next start (removeLeftoverTemps)
  const tmp = `${file}${TEMP_SUFFIX}`;
  const handle = await open(tmp, "w", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE); // open's mode only applies to a new file, and goes through the umask
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (options.backup)
      await rename(file, `${file}.bak`).catch((error) => {
        if (error?.code !== "ENOENT") throw error;
      });
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
  await syncDir(join(file, ".."));
}

/** fsync a folder so a rename survives a power cut (not possible on Windows: skipped). @param {string} dir */
async function syncDir(dir) {
  if (process.platform === "win32") return;
  const handle = await open(dir, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // some file systems refuse fsync on a folder
  } finally {
    await handle.close();
  }
}

/** Creates `dir` (and parents) 0700, and makes an existing one 0700. @param {string} dir */
export async function ensurePrivateDir(dir) {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  if (process.platform !== "win32") await chmod(dir, DIR_MODE);
}

/**
 * @param {string} folder the session folder (`<dataDir>/auth`)
 * @param {{ BufferJSON: any, initAuthCreds: () => any, proto: any }} baileys Baileys' module (or the same three exports)
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {Promise<{ state: { creds: any, keys: { get: (type: string, ids: string[]) => Promise<Record<string, any>>, set: (data: Record<string, Record<string, any>>) => Promise<void> } }, saveCreds: () => Promise<void>, recovered: boolean }>}
 * @throws {UnreadableSessionError} when creds.json exists but neither it nor creds.json.bak can be read
 */
export async function useAtomicAuthState(folder, baileys, options = {}) {
  const { BufferJSON, initAuthCreds, proto } = baileys;
  const log = options.log ?? (() => {});
  const info = await stat(folder).catch(() => null);
  if (info && !info.isDirectory()) {
    throw new Error(`found something that is not a directory at ${folder}, either delete it or specify a different location`);
  }
  await ensurePrivateDir(folder);
  await removeLeftoverTemps(folder);

  /** One write/read at a time per file (Baileys writes the same key from concurrent tasks). @type {Map<string, Promise<unknown>>} */
  const queues = new Map();
  /**
   * @template T
   * @param {string} path @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  const locked = (path, task) => {
    const previous = queues.get(path) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => {});
    queues.set(path, settled);
    void settled.then(() => {
      if (queues.get(path) === settled) queues.delete(path);
    });
    return run;
  };

  /** @param {string} path @returns {Promise<{ found: boolean, value: any }>} */
  const readJson = (path) =>
    locked(path, async () => {
      let text;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error)?.code === "ENOENT") return { found: false, value: null };
        return { found: true, value: null };
      }
      try {
        const value = JSON.parse(text, BufferJSON.reviver);
        return { found: true, value: value && typeof value === "object" ? value : null };
      } catch {
        return { found: true, value: null };
      }
    });

  /** @param {string} file @param {unknown} value @param {boolean} [backup] */
  const writeData = (file, value, backup = false) => {
    const path = join(folder, fixFileName(file));
    return locked(path, () => writeFileAtomic(path, JSON.stringify(value, BufferJSON.replacer), { backup }));
  };
  /** @param {string} file */
  const removeData = (file) => {
    const path = join(folder, fixFileName(file));
    return locked(path, () => unlink(path).catch(() => {}));
  };

  const credsPath = join(folder, CREDS);
  const current = await readJson(credsPath);
  let creds = current.value;
  let recovered = false;
  if (!creds) {
    const previous = await readJson(`${credsPath}.bak`);
    if (previous.value) {
      creds = previous.value;
      recovered = current.found; // creds.json missing (a crash between the renames) is no damage
      if (recovered) log("Os dados da sessão do WhatsApp estavam danificados; a cópia anterior foi recuperada.");
      // put the good copy back as creds.json, keeping the .bak as it is
      await locked(credsPath, () => writeFileAtomic(credsPath, JSON.stringify(creds, BufferJSON.replacer)));
    } else if (current.found || previous.found) {
      throw new UnreadableSessionError(`${CREDS} e ${CREDS}.bak ilegíveis`);
    } else {
      creds = initAuthCreds(); // nothing stored: a first link
    }
  }

  return {
    state: {
      creds,
      keys: {
        get: async (type, ids) => {
          /** @type {Record<string, any>} */
          const data = {};
          await Promise.all(
            ids.map(async (id) => {
              let { value } = await readJson(join(folder, fixFileName(`${type}-${id}.json`)));
              if (type === "app-state-sync-key" && value) value = proto.Message.AppStateSyncKeyData.fromObject(value);
              data[id] = value;
            }),
          );
          return data;
        },
        set: async (data) => {
          /** @type {Promise<unknown>[]} */
          const tasks = [];
          for (const category in data) {
            for (const id in data[category]) {
              const value = data[category][id];
              const file = `${category}-${id}.json`;
              tasks.push(value ? writeData(file, value) : removeData(file));
            }
          }
          await Promise.all(tasks);
        },
      },
    },
    saveCreds: async () => {
      await writeData(CREDS, creds, true);
    },
    recovered,
  };
}
