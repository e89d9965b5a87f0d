import { createHash, createHmac, randomBytes } from "node:crypto";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";

import { toE164 } from "whatsapp-helper/phone";

import { databasePathFromEnvironment, ERASURES_FILE, SECRET_FILES } from "~/platform/data-dir.server";

/**
 * The erasure list (decision 121): one line per erasure, in `erasures.jsonl` beside the database, with
 * the date and keyed hashes (HMAC-SHA256) of the erased people's normalised e-mails and E.164 phones,
 * never the data in clear. A backup restored from before an erasure brings the person back; the
 * restore, the daily retention run and `npm run admin -- reapply-erasures` apply the list again
 * (reapplyErasures in privacy.server.ts), and the helper asks it which numbers belong to erased
 * people (POST /api/whatsapp-helper/apagados). The key is `.erasure-key` beside the database (or
 * ERASURE_KEY), created at the first erasure: without it the hashes cannot be tested against a guess.
 */

export type ErasureEntry = { at: string; emails: string[]; phones: string[] };

/** The folder of the database, resolved when asked (no configuration is read: the restore uses this too). */
function dataDir(): string {
  return path.dirname(databasePathFromEnvironment());
}

let cachedKey: { file: string; key: Buffer } | undefined;

/** The key of the hashes: ERASURE_KEY, or the `.erasure-key` file (created once, 0600). */
function erasureKey(create: boolean): Buffer | null {
  const given = process.env.ERASURE_KEY?.trim();
  if (given) return Buffer.from(given);
  const file = path.join(dataDir(), SECRET_FILES.ERASURE_KEY);
  if (cachedKey?.file === file && existsSync(file)) return cachedKey.key;
  if (!existsSync(file)) {
    if (!create) return null;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url") + "\n", { mode: 0o600, flag: "wx" });
  }
  cachedKey = { file, key: Buffer.from(readFileSync(file, "utf8").trim()) };
  return cachedKey.key;
}

/** A short public name of a key (the restore compares two folders' keys with it). */
export function keyFingerprint(key: string): string {
  return createHash("sha256").update(key.trim()).digest("hex").slice(0, 16);
}

/** The e-mail as it is compared: trimmed, lower case. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone in E.164 (`+5531999998888`), however it was written: a lead's `(31)99999-8888`, a send
 * log's `5531999998888`, a Brazilian mobile without its ninth digit (`553199998888`, given the nine),
 * or a foreign number with its `+`. It reads numbers by the helper's rule (`toE164`, the one the
 * opt-outs use), so the site and the helper name a person alike. Null when it is not a phone number.
 */
export function e164Phone(input: string): string | null {
  const e164 = toE164(input.trim());
  if (!/^\+\d{8,15}$/.test(e164)) return null;
  const withoutNinth = /^\+55([1-9]{2})([6-9]\d{7})$/.exec(e164);
  return withoutNinth ? `+55${withoutNinth[1]}9${withoutNinth[2]}` : e164;
}

function keyedHash(key: Buffer, kind: "email" | "phone", value: string): string {
  return createHmac("sha256", key).update(`${kind}\n${value}`).digest("hex");
}

export function emailHash(key: Buffer, email: string): string {
  return keyedHash(key, "email", normalisedEmail(email));
}

/** The hash of a phone, or null when it is not one (e164Phone). */
export function phoneHash(key: Buffer, phone: string): string | null {
  const e164 = e164Phone(phone);
  return e164 ? keyedHash(key, "phone", e164) : null;
}

function listFile(): string {
  return path.join(dataDir(), ERASURES_FILE);
}

/** Every entry of the list (a line that does not read is skipped: the others still apply). */
export function readErasures(): ErasureEntry[] {
  const file = listFile();
  if (!existsSync(file)) return [];
  return parseErasureLines(readFileSync(file, "utf8"));
}

/** The entries of a list's text. */
export function parseErasureLines(text: string): ErasureEntry[] {
  const entries: ErasureEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as ErasureEntry;
      if (typeof entry.at === "string" && Array.isArray(entry.emails) && Array.isArray(entry.phones)) entries.push(entry);
    } catch {
      // A line cut by a crash while it was written: the entry before it and after it still count.
    }
  }
  return entries;
}

/**
 * Adds an erasure to the list and waits until it is on the disk (fsync), before the rows go: an
 * erasure that happened is always in the list. Stores hashes only.
 */
export function recordErasure(person: { emails: readonly string[]; phones: readonly string[] }, now: Date): ErasureEntry {
  const key = erasureKey(true)!;
  const entry: ErasureEntry = {
    at: now.toISOString(),
    emails: [...new Set(person.emails.map((email) => emailHash(key, email)))].sort(),
    phones: [
      ...new Set(person.phones.map((phone) => phoneHash(key, phone)).filter((hash): hash is string => hash !== null)),
    ].sort(),
  };
  const file = listFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, "a", 0o600);
  try {
    writeSync(fd, JSON.stringify(entry) + "\n");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return entry;
}

/** What the list says, ready to test records against: the key and the sets of hashes. */
export type ErasureMatcher = { isErasedEmail(email: string): boolean; isErasedPhone(phone: string): boolean; size: number };

/** A matcher over the whole list, or null when nobody was ever erased here. */
export function erasureMatcher(): ErasureMatcher | null {
  const entries = readErasures();
  const key = erasureKey(false);
  if (entries.length === 0 || !key) return null;
  const emails = new Set(entries.flatMap((entry) => entry.emails));
  const phones = new Set(entries.flatMap((entry) => entry.phones));
  return {
    size: entries.length,
    isErasedEmail: (email) => emails.has(emailHash(key, email)),
    isErasedPhone: (phone) => {
      const hash = phoneHash(key, phone);
      return hash !== null && phones.has(hash);
    },
  };
}

/** Those of the given phones that belong to erased people (the helper's question). */
export function erasedPhones(phones: readonly string[]): string[] {
  const matcher = erasureMatcher();
  return matcher ? phones.filter((phone) => matcher.isErasedPhone(phone)) : [];
}
