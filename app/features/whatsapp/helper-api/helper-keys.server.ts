import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { generateKey, type KeyPublic, parseKey, signToken, tokenExpiry, verifyProof } from "whatsapp-helper/token";

import { can, isRole } from "~/features/staff/roles";
import { HELPER_IMPOSTOR_TEXT, HELPER_KEY_REVOKED_TEXT, HELPER_NOT_YOURS_TEXT } from "~/features/whatsapp/tool/tool";
import { now as clockNow } from "~/platform/clock.server";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";

import { describeSentBy, sentByOf, type WhatsappActor } from "../access/access.server";

/**
 * The installed helpers' keys (decision 070). Each downloaded start script carries a key of its own,
 * made here for the person or password that downloaded it; the table keeps only the key's hash. A key
 * lives while its row exists and its owner may still use the tool: removing the access password or
 * the staff user deletes it (cascade), a role without "whatsapp" makes it dead, and 'Revogar' deletes
 * it. The helper's calls to the site carry the key; the page gets a token for a helper only after
 * that helper proved it holds a live key (a challenge the site signed, answered with the key's MAC).
 */

/** The platform a start script is for (shown in the list of installed helpers). */
export type HelperPlatform = "Windows" | "Mac" | "Linux";

export type LiveKey = KeyPublic & { createdBy: string; passwordId: number | null; userId: number | null };

/** A key never used within this many days of its download dies (decision 116). */
export const UNUSED_KEY_DAYS = 7;
/** At most this many never-used keys live per owner: a new download ends the oldest unused one. */
export const MAX_UNUSED_KEYS_PER_OWNER = 3;

/** The cut-off of UNUSED_KEY_DAYS before `at`, as stored. */
function unusedCutoff(at: Date): string {
  return new Date(at.getTime() - UNUSED_KEY_DAYS * 86_400_000).toISOString();
}

/**
 * Deletes keys that were never used: those older than UNUSED_KEY_DAYS, and, for `actor`, the oldest
 * beyond `keep`. Never-used keys leave no revocation row (no helper ran with them, nothing to unlink).
 */
function dropUnusedKeys(at: Date, actor?: WhatsappActor, keep = MAX_UNUSED_KEYS_PER_OWNER): void {
  const keys = schema.whatsappHelperKeys;
  const stale = db
    .select({ id: keys.id })
    .from(keys)
    .where(and(isNull(keys.lastUsedAt), lt(keys.createdAt, unusedCutoff(at))))
    .all()
    .map((row) => row.id);
  if (actor) {
    const owner = actor.kind === "staff" ? eq(keys.userId, actor.userId) : eq(keys.passwordId, actor.passwordId);
    const unused = db
      .select({ id: keys.id })
      .from(keys)
      .where(and(owner, isNull(keys.lastUsedAt)))
      .orderBy(desc(keys.createdAt))
      .all();
    stale.push(...unused.slice(keep).map((row) => row.id));
  }
  if (stale.length === 0) return;
  db.transaction((tx) => {
    tx.delete(keys).where(inArray(keys.id, stale)).run();
    tx.delete(schema.whatsappHelperRevocations).where(inArray(schema.whatsappHelperRevocations.id, stale)).run();
  });
}

/**
 * Makes a key for the actor's new start script; returns its written form (`<id>.<secret>`), shown
 * nowhere else. The actor's oldest never-used key goes when MAX_UNUSED_KEYS_PER_OWNER already live.
 */
export function issueHelperKey(actor: WhatsappActor, platform: HelperPlatform): string {
  dropUnusedKeys(clockNow(), actor, MAX_UNUSED_KEYS_PER_OWNER - 1);
  const key = generateKey();
  db.insert(schema.whatsappHelperKeys)
    .values({
      id: key.id,
      secretHash: key.hash,
      passwordId: actor.kind === "password" ? actor.passwordId : null,
      userId: actor.kind === "staff" ? actor.userId : null,
      createdBy: sentByOf(actor),
      platform,
      createdAt: clockNow().toISOString(),
    })
    .run();
  return key.key;
}

/**
 * The key `id` when it lives: its row exists (its password or user too), a staff owner may still use
 * the tool, and it was used at least once or downloaded less than UNUSED_KEY_DAYS ago.
 */
export function liveHelperKey(id: string, at: Date = clockNow()): LiveKey | null {
  const row = db
    .select({
      id: schema.whatsappHelperKeys.id,
      hash: schema.whatsappHelperKeys.secretHash,
      createdBy: schema.whatsappHelperKeys.createdBy,
      passwordId: schema.whatsappHelperKeys.passwordId,
      userId: schema.whatsappHelperKeys.userId,
      createdAt: schema.whatsappHelperKeys.createdAt,
      lastUsedAt: schema.whatsappHelperKeys.lastUsedAt,
      role: schema.adminUsers.role,
    })
    .from(schema.whatsappHelperKeys)
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.id, schema.whatsappHelperKeys.userId))
    .where(eq(schema.whatsappHelperKeys.id, id))
    .get();
  if (!row) return null;
  if (row.lastUsedAt === null && row.createdAt < unusedCutoff(at)) return null;
  if (row.userId !== null && !(row.role && isRole(row.role) && can(row.role, "whatsapp"))) return null;
  return { id: row.id, hash: row.hash, createdBy: row.createdBy, passwordId: row.passwordId, userId: row.userId };
}

/**
 * The live key a helper's API request carries in `Authorization: Bearer <id>.<secret>`, or null.
 * The secret is compared by its hash, timing-safe; a use is noted (the list of installed helpers
 * shows it).
 */
export function helperKeyOfRequest(request: Request): LiveKey | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  const given = match ? parseKey(match[1]) : null;
  if (!given) return null;
  const live = liveHelperKey(given.id);
  if (!live) return null;
  if (!sameHash(given.hash, live.hash)) return null;
  noteUse(live.id);
  return live;
}

/** Notes a key's use, at most once a minute (the helper asks before every command). */
function noteUse(id: string): void {
  const at = clockNow();
  db.update(schema.whatsappHelperKeys)
    .set({ lastUsedAt: at.toISOString() })
    .where(
      and(
        eq(schema.whatsappHelperKeys.id, id),
        or(
          isNull(schema.whatsappHelperKeys.lastUsedAt),
          lt(schema.whatsappHelperKeys.lastUsedAt, new Date(at.getTime() - 60_000).toISOString()),
        ),
      ),
    )
    .run();
}

// ---- The challenge the page relays to whatever answers on the helper's port ---------------------

/** How long a challenge may be answered. */
export const CHALLENGE_SECONDS = 10 * 60;

/** The challenges' MAC key: derived from SESSION_SECRET under its own label (never the key itself). */
const CHALLENGE_KEY = createHmac("sha256", config.sessionSecret).update("whatsapp-helper-challenge").digest();

function challengeMac(body: string): string {
  return createHmac("sha256", CHALLENGE_KEY).update(body).digest("base64url");
}

/** A fresh challenge: `<nonce>.<expiry epoch s>.<MAC>`, stateless, valid CHALLENGE_SECONDS. */
export function issueChallenge(at: Date = clockNow()): string {
  const body = `${randomBytes(16).toString("base64url")}.${Math.floor(at.getTime() / 1000) + CHALLENGE_SECONDS}`;
  return `${body}.${challengeMac(body)}`;
}

function challengeValid(challenge: string, at: Date): boolean {
  const match = /^([A-Za-z0-9_-]{22}\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(challenge);
  if (!match) return false;
  const expected = Buffer.from(challengeMac(match[1]));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(match[2]) * 1000 > at.getTime();
}

export type HelperVerification =
  | { ok: true; token: string; expiresAt: string; keyId: string }
  | { ok: false; code: "challenge" | "impostor" | "revoked-key" | "not-yours"; message: string };

/** Whether the key was downloaded by this actor: a staff user's own keys, or the keys of this access password. */
export function keyBelongsTo(key: Pick<LiveKey, "passwordId" | "userId">, actor: WhatsappActor): boolean {
  return actor.kind === "staff" ? key.userId === actor.userId : key.passwordId === actor.passwordId;
}

const IMPOSTOR_MESSAGE = HELPER_IMPOSTOR_TEXT;
const REVOKED_KEY_MESSAGE = HELPER_KEY_REVOKED_TEXT;

/**
 * Checks what the helper's port answered to `challenge` and, when it proves a live key that belongs to
 * `actor` (keyBelongsTo), signs the token the page hands that helper (12 h, for that key only). A
 * proven key of someone else gets no token: another operator's helper is not this page's to drive.
 */
export function verifyHelper(
  input: { challenge: unknown; keyId: unknown; proof: unknown },
  actor: WhatsappActor,
  at: Date = clockNow(),
): HelperVerification {
  const { challenge, keyId, proof } = input;
  if (typeof challenge !== "string" || !challengeValid(challenge, at)) {
    return { ok: false, code: "challenge", message: "O pedido de verificação expirou. Recarregue a página e tente novamente." };
  }
  if (typeof keyId !== "string" || !/^[A-Za-z0-9_-]{16}$/.test(keyId) || typeof proof !== "string") {
    return { ok: false, code: "impostor", message: IMPOSTOR_MESSAGE };
  }
  const key = liveHelperKey(keyId);
  if (!key) {
    const exists = db
      .select({ id: schema.whatsappHelperKeys.id })
      .from(schema.whatsappHelperKeys)
      .where(eq(schema.whatsappHelperKeys.id, keyId))
      .get();
    // A revoked key's helper proves it with the revocation's hash: it is told its key was revoked, not
    // that another program answered (an invented id, or a proof that does not match, is an impostor).
    const revoked = exists
      ? null
      : db
          .select({ id: schema.whatsappHelperRevocations.id, hash: schema.whatsappHelperRevocations.secretHash })
          .from(schema.whatsappHelperRevocations)
          .where(eq(schema.whatsappHelperRevocations.id, keyId))
          .get();
    return exists || (revoked && verifyProof(revoked, challenge, proof))
      ? { ok: false, code: "revoked-key", message: REVOKED_KEY_MESSAGE }
      : { ok: false, code: "impostor", message: IMPOSTOR_MESSAGE };
  }
  if (!verifyProof(key, challenge, proof)) return { ok: false, code: "impostor", message: IMPOSTOR_MESSAGE };
  if (!keyBelongsTo(key, actor)) return { ok: false, code: "not-yours", message: HELPER_NOT_YOURS_TEXT };
  const token = signToken(key, undefined, at.getTime());
  return { ok: true, token, keyId: key.id, expiresAt: (tokenExpiry(token) as Date).toISOString() };
}

// ---- The list of installed helpers (the password page) ---------------------------------------------

export type InstalledHelper = {
  id: string;
  owner: string;
  platform: string;
  createdAt: string;
  lastUsedAt: string | null;
  live: boolean;
};

/** Every key, newest first, with whose it is (pt-BR) and whether it still lives (never-used expired ones are deleted here). */
export function listHelperKeys(): InstalledHelper[] {
  dropUnusedKeys(clockNow());
  return db
    .select({
      id: schema.whatsappHelperKeys.id,
      createdBy: schema.whatsappHelperKeys.createdBy,
      platform: schema.whatsappHelperKeys.platform,
      createdAt: schema.whatsappHelperKeys.createdAt,
      lastUsedAt: schema.whatsappHelperKeys.lastUsedAt,
    })
    .from(schema.whatsappHelperKeys)
    .orderBy(desc(schema.whatsappHelperKeys.createdAt))
    .all()
    .map((row) => ({
      id: row.id,
      owner: describeSentBy(row.createdBy),
      platform: row.platform,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      live: liveHelperKey(row.id) !== null,
    }));
}

// ---- Revoked keys (decision 115) ------------------------------------------------------------------

/** How long a revoked helper may still post the results it had before it learnt of the revocation. */
export const REVOKED_RESULTS_HOURS = 24;
/** How long the list of revoked helpers keeps a row (the admin checks the phone within that time). */
export const REVOKED_LIST_DAYS = 90;

export type RevokedKey = { id: string; createdBy: string; revokedAt: string };

/** The bearer key of `request` when it is a revoked one (its hash matches the revocation's), or null. */
export function revokedKeyOfRequest(request: Request): RevokedKey | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  const given = match ? parseKey(match[1]) : null;
  if (!given) return null;
  const row = db
    .select({
      id: schema.whatsappHelperRevocations.id,
      hash: schema.whatsappHelperRevocations.secretHash,
      createdBy: schema.whatsappHelperRevocations.createdBy,
      revokedAt: schema.whatsappHelperRevocations.revokedAt,
    })
    .from(schema.whatsappHelperRevocations)
    .where(eq(schema.whatsappHelperRevocations.id, given.id))
    .get();
  if (!row || !sameHash(given.hash, row.hash)) return null;
  return { id: row.id, createdBy: row.createdBy, revokedAt: row.revokedAt };
}

/**
 * The revoked key of `request` while it may still post its last results (REVOKED_RESULTS_HOURS after
 * the revocation), or null: what the helper sent before it learnt of the revocation reaches the log.
 */
export function revokedKeyForLastResults(request: Request, at: Date = clockNow()): RevokedKey | null {
  const key = revokedKeyOfRequest(request);
  if (!key) return null;
  return Date.parse(key.revokedAt) + REVOKED_RESULTS_HOURS * 3600_000 > at.getTime() ? key : null;
}

/**
 * A dead helper's word that it logged out of WhatsApp (`whatsappLoggedOut`) and deleted its session:
 * noted on its revocation. A key that is dead but still has its row (its staff owner lost the
 * permission) is revoked here first. Whether the key was a dead one (a live key confirms nothing).
 */
export function confirmUnlinked(request: Request, whatsappLoggedOut: boolean, at: Date = clockNow()): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  const given = match ? parseKey(match[1]) : null;
  if (!given) return false;
  const row = db
    .select({ hash: schema.whatsappHelperKeys.secretHash })
    .from(schema.whatsappHelperKeys)
    .where(eq(schema.whatsappHelperKeys.id, given.id))
    .get();
  if (row) {
    if (liveHelperKey(given.id) || !sameHash(given.hash, row.hash)) return false;
    revokeHelperKey(given.id);
  }
  const revoked = revokedKeyOfRequest(request);
  if (!revoked) return false;
  db.update(schema.whatsappHelperRevocations)
    .set({ unlinkedAt: at.toISOString(), whatsappLoggedOut })
    .where(eq(schema.whatsappHelperRevocations.id, revoked.id))
    .run();
  return true;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export type RevokedHelper = {
  id: string;
  owner: string;
  platform: string;
  revokedAt: string;
  lastUsedAt: string | null;
  unlinkedAt: string | null;
  whatsappLoggedOut: boolean | null;
};

/** The helpers revoked in the last REVOKED_LIST_DAYS, newest first (older rows are deleted here). */
export function listRevokedHelpers(at: Date = clockNow()): RevokedHelper[] {
  const cutoff = new Date(at.getTime() - REVOKED_LIST_DAYS * 86_400_000).toISOString();
  db.delete(schema.whatsappHelperRevocations).where(lt(schema.whatsappHelperRevocations.revokedAt, cutoff)).run();
  return db
    .select()
    .from(schema.whatsappHelperRevocations)
    .orderBy(desc(schema.whatsappHelperRevocations.revokedAt))
    .all()
    .map((row) => ({
      id: row.id,
      owner: describeSentBy(row.createdBy),
      platform: row.platform,
      revokedAt: row.revokedAt,
      lastUsedAt: row.lastUsedAt,
      unlinkedAt: row.unlinkedAt,
      whatsappLoggedOut: row.whatsappLoggedOut,
    }));
}

/** 'Revogar': the key is deleted; its helper is refused at its next request. Whether there was one. */
export function revokeHelperKey(id: string): boolean {
  return db.delete(schema.whatsappHelperKeys).where(eq(schema.whatsappHelperKeys.id, id)).run().changes > 0;
}
