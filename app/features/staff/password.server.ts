import { createHmac, randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with node:crypto scrypt (no native addon). A hash is stored as a
 * self-describing string, so the cost can be raised later without breaking old hashes:
 *
 *   scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>
 *
 * Used for admin passwords and for the WhatsApp tool's access passwords.
 */
const PREFIX = "scrypt";
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** N=2^15, r=8, p=1: about 32 MiB and some tens of milliseconds per hash (OWASP's scrypt baseline). */
export const DEFAULT_SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = DEFAULT_SCRYPT) {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return [PREFIX, params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Splits a stored hash; null when it is not one this module wrote. */
function parse(stored: string) {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], "base64url");
  const key = Buffer.from(parts[5], "base64url");
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    N <= 2 ** 20 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    salt.length > 0 &&
    key.length >= 16;
  return valid ? { params: { N, r, p }, salt, key } : null;
}

/**
 * True when the password matches the stored hash. The comparison is constant-time; a malformed
 * stored hash never matches (and never throws).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  try {
    const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  } catch {
    return false;
  }
}

/** True when the hash was made with weaker parameters than today's defaults (re-hash on next login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.params.N < DEFAULT_SCRYPT.N || parsed.params.r < DEFAULT_SCRYPT.r || parsed.params.p < DEFAULT_SCRYPT.p;
}

/**
 * A hash of a random password, to verify against when the e-mail is unknown, so an unknown
 * e-mail costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/**
 * A keyed lookup tag for a password, stored beside its scrypt hash so that the hash to verify
 * against can be found without trying each one (decision 060):
 *
 *   <key id>.<HMAC-SHA256(key, "tag" NUL password) base64url>
 *
 * The same password and key always give the same tag; without the key it cannot be computed, so a
 * copy of the database alone does not allow guessing at HMAC speed. The password is normalised as
 * for scrypt (NFC), so two spellings that verify alike also share a tag. The key id (see
 * `lookupTagPrefix`) tells which key made a stored tag: a tag made under another key is treated
 * as missing, never as a mismatch.
 */
export function passwordLookupTag(password: string, key: Buffer): string {
  const mac = createHmac("sha256", key).update("tag\0").update(password.normalize("NFC"), "utf8").digest("base64url");
  return lookupTagPrefix(key) + mac;
}

/** The WhatsApp access passwords' tag key, derived from SESSION_SECRET under its own label (decision 060). */
export function accessPasswordTagKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("whatsapp-access-password-lookup-tag").digest();
}

/** `<key id>.`: 8 base64url characters from HMAC(key, "id"), which reveal nothing about the key. */
export function lookupTagPrefix(key: Buffer): string {
  return createHmac("sha256", key).update("id").digest().subarray(0, 6).toString("base64url") + ".";
}
