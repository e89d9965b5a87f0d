import Database from "better-sqlite3";
import { generateKey } from "whatsapp-helper/token";

/**
 * The helper key a start script downloaded by `cookie`'s operator or staff user carries (decision 070):
 * the real path, through the site's own download route. The key is then used once, as the helper does
 * at start (GET /api/whatsapp-helper/chave): a never-used key would be dropped by later downloads of
 * the same owner (decision 116).
 */
export async function downloadHelperKey(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/whatsapp/iniciar-whatsapp-helper.sh`, { headers: { Cookie: cookie } });
  const key = /^HELPER_KEY='([^']+)'$/m.exec(await response.text())?.[1];
  if (!key) throw new Error(`no HELPER_KEY in the downloaded script (HTTP ${response.status})`);
  const used = await fetch(`${baseUrl}/api/whatsapp-helper/chave`, { headers: { Authorization: `Bearer ${key}` } });
  if (!used.ok) throw new Error(`the downloaded key was refused (HTTP ${used.status})`);
  return key;
}

/** The e2e server's database (set by the global setup). */
function openE2eDb() {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set (global setup did not run)");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * A live helper key in the e2e database (decision 070), as a start script downloaded by a new access
 * password named `label` would carry it: returns the key (`<id>.<secret>`) and that password's id.
 */
export function seedHelperKey(label = "Equipe e2e"): { key: string; passwordId: number } {
  const key = generateKey();
  const db = openE2eDb();
  try {
    const passwordId = Number(
      db.prepare("INSERT INTO whatsapp_passwords (password_hash, label) VALUES (?, ?)").run(`sem-login-${key.id}`, label)
        .lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO whatsapp_helper_keys (id, secret_hash, password_id, created_by, platform) VALUES (?, ?, ?, ?, ?)",
    ).run(key.id, key.hash, passwordId, `senha:${passwordId}:${label}`, "Linux");
    return { key: key.key, passwordId };
  } finally {
    db.close();
  }
}

/**
 * The keys seedHelperKey made now belong to the access password `passwordId`: the page hands a token
 * only for a key of the operator's own password (decision 115), and an e2e operator signs in with a
 * password of its own test.
 */
export function handSeededKeysTo(passwordId: number): void {
  const db = openE2eDb();
  try {
    db.prepare(
      // A seeded key is named by its own password row's hash ('sem-login-<key id>'), which stays after a
      // first hand-over, so the next test's password gets it too.
      "UPDATE whatsapp_helper_keys SET password_id = ? WHERE id IN (SELECT substr(password_hash, 11) FROM whatsapp_passwords WHERE password_hash LIKE 'sem-login-%')",
    ).run(passwordId);
  } finally {
    db.close();
  }
}

/** 'Revogar' in the e2e database: the key's row goes. */
export function revokeSeededKey(key: string): void {
  const db = openE2eDb();
  try {
    db.prepare("DELETE FROM whatsapp_helper_keys WHERE id = ?").run(key.split(".")[0]);
  } finally {
    db.close();
  }
}
