import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { redirect } from "react-router";

import { getAdmin } from "~/features/staff/auth.server";
import {
  accessPasswordTagKey,
  dummyPasswordHash,
  hashPassword,
  lookupTagPrefix,
  passwordLookupTag,
  verifyPassword,
} from "~/features/staff/password.server";
import { can, ROLES } from "~/features/staff/roles";
import { PASSWORD_LABEL_MAX } from "~/features/whatsapp/tool/tool";
import { config } from "~/platform/config.server";
import { db, schema } from "~/platform/db/client.server";
import { createRateLimiter } from "~/platform/rate-limit.server";
import { commitOperator, getOperatorSession, OPERATOR_SESSION_SECONDS, operatorStorage } from "~/platform/session.server";
import { WHATSAPP_PATH } from "~/shared/area-paths";

/**
 * Who may use the WhatsApp tool. Access passwords live in SQLite as scrypt hashes, each beside a
 * keyed lookup tag that names the one hash to verify (decision 060); the master
 * password (WHATSAPP_MASTER_PASSWORD) or a signed-in admin may add and remove them, each named
 * ("Senha da equipe do polo X"); an operator who passes the gate gets the `__operador` cookie
 * session, which names a row of `operator_sessions`. A signed-in staff user whose role holds the
 * "whatsapp" permission (admin, comercial) needs no access password: the tool opens as that person
 * (decision 069), and the send log names them.
 */

export { WHATSAPP_PATH };

// ---- Rate limits (like the admin login: failures per IP per 15 minutes) ------------------------

export const GATE_MAX_FAILURES = config.rateLimitLogin;
export const GATE_WINDOW_MS = 15 * 60_000;
/** Wrong gate passwords per IP. */
export const gateLimiter = createRateLimiter(GATE_MAX_FAILURES, GATE_WINDOW_MS, "entrada do WhatsApp");
/** Wrong master passwords per IP on the management page. */
export const masterLimiter = createRateLimiter(GATE_MAX_FAILURES, GATE_WINDOW_MS, "senha mestra do WhatsApp");

/** The pt-BR sentence for a 429. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas incorretas. Aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} e tente novamente.`;
}

// ---- Access passwords ---------------------------------------------------------------------------

export type StoredPassword = { id: number; label: string; createdAt: string };

/** The stored passwords (ids, names and dates only: the hashes never leave this module). */
export function listAccessPasswords(): StoredPassword[] {
  return db
    .select({
      id: schema.whatsappPasswords.id,
      label: schema.whatsappPasswords.label,
      createdAt: schema.whatsappPasswords.createdAt,
    })
    .from(schema.whatsappPasswords)
    .orderBy(asc(schema.whatsappPasswords.id))
    .all();
}

/**
 * The lookup tags' key (decision 060): derived from SESSION_SECRET under its own label, so it is
 * never the session-signing key itself, every instance that shares the sessions shares it too, and
 * nothing new has to be configured. HELPER_SECRET was set aside: the start scripts hand it to every
 * operator. If SESSION_SECRET changes, the tags made before carry another key id and are treated
 * like missing ones (below) until each password is next used.
 */
const TAG_KEY = accessPasswordTagKey(config.sessionSecret);

/** The tag a password has under today's key. */
export function accessPasswordTag(password: string): string {
  return passwordLookupTag(password, TAG_KEY);
}

const TAG_PREFIX = lookupTagPrefix(TAG_KEY);

/**
 * Rows whose tag cannot be trusted to find them: none yet (stored before tags existed) or made
 * under another key. Only they are still tried one scrypt each; the first time their password is
 * used (gate or a refused duplicate), they get today's tag.
 */
function untaggedPasswords(): { id: number; hash: string }[] {
  const tag = schema.whatsappPasswords.lookupTag;
  return db
    .select({ id: schema.whatsappPasswords.id, hash: schema.whatsappPasswords.passwordHash })
    .from(schema.whatsappPasswords)
    .where(or(isNull(tag), sql`substr(${tag}, 1, ${TAG_PREFIX.length}) <> ${TAG_PREFIX}`))
    .orderBy(asc(schema.whatsappPasswords.id))
    .all();
}

/** The first untagged row this password matches (now tagged), or null; and how many rows were tried. */
async function matchUntagged(password: string, tag: string): Promise<{ id: number | null; tried: number }> {
  const rows = untaggedPasswords();
  for (const row of rows) {
    if (await verifyPassword(password, row.hash)) {
      try {
        db.update(schema.whatsappPasswords).set({ lookupTag: tag }).where(eq(schema.whatsappPasswords.id, row.id)).run();
      } catch {
        // Another row already has this tag (the same password added again under a race): the row
        // still matched and stays untagged; the next use tries again.
      }
      return { id: row.id, tried: rows.length };
    }
  }
  return { id: null, tried: rows.length };
}

/**
 * Stores a new access password (hash, tag and its name: whose it is, decision 069); null when it is
 * already stored. One scrypt (the new hash) once every row has a tag: a duplicate is found by its
 * tag, and the unique index on the tag also refuses one added by a concurrent request. Untagged
 * rows are still compared one by one. The form requires the name (manageSchema).
 */
export async function addAccessPassword(password: string, label: string): Promise<number | null> {
  const lookupTag = accessPasswordTag(password);
  if ((await matchUntagged(password, lookupTag)).id !== null) return null;
  const passwordHash = await hashPassword(password);
  const inserted = db
    .insert(schema.whatsappPasswords)
    .values({ passwordHash, lookupTag, label: label.trim().slice(0, PASSWORD_LABEL_MAX) })
    .onConflictDoNothing({ target: schema.whatsappPasswords.lookupTag })
    .returning({ id: schema.whatsappPasswords.id })
    .get();
  return inserted?.id ?? null;
}

/** Removes one password; false when there was none with that id. */
export function removeAccessPassword(id: number): boolean {
  return db.delete(schema.whatsappPasswords).where(eq(schema.whatsappPasswords.id, id)).run().changes > 0;
}

/**
 * The id of the stored password this one matches, or null. The tag finds the one row that can
 * match, and exactly one scrypt verifies it; when no row has the tag, one scrypt runs against a
 * dummy hash, so a wrong password costs what a right one does. Untagged rows (see above) are the
 * exception: each costs one scrypt more until its password is next used.
 */
export async function matchAccessPassword(password: string): Promise<number | null> {
  if (!password) return null;
  const tag = accessPasswordTag(password);
  const row = db
    .select({ id: schema.whatsappPasswords.id, hash: schema.whatsappPasswords.passwordHash })
    .from(schema.whatsappPasswords)
    .where(eq(schema.whatsappPasswords.lookupTag, tag))
    .get();
  if (row) return (await verifyPassword(password, row.hash)) ? row.id : null;
  const untagged = await matchUntagged(password, tag);
  if (untagged.id !== null) return untagged.id;
  if (untagged.tried === 0) await verifyPassword(password, await dummyPasswordHash());
  return null;
}

// ---- Master password ----------------------------------------------------------------------------

export function masterPasswordConfigured(): boolean {
  return !!config.whatsappMasterPassword;
}

/** Constant-time comparison with WHATSAPP_MASTER_PASSWORD; always false when none is configured. */
export function checkMasterPassword(given: string | undefined, expected = config.whatsappMasterPassword): boolean {
  if (!expected || !given) return false;
  const a = createHash("sha256").update(given.normalize("NFC"), "utf8").digest();
  const b = createHash("sha256").update(expected.normalize("NFC"), "utf8").digest();
  return timingSafeEqual(a, b);
}

/** True when the path segment is the configured admin slug (compared in constant time). */
export function isAdminSlug(slug: string | undefined): boolean {
  if (!slug) return false;
  const a = createHash("sha256").update(slug).digest();
  const b = createHash("sha256").update(config.whatsappAdminSlug).digest();
  return timingSafeEqual(a, b);
}

// ---- Operator session ---------------------------------------------------------------------------

const OPERATOR_KEY = "operator";
/** What the signed cookie holds: the session row's random id, the password that opened it, when. */
type OperatorCookie = { sid: string; passwordId: number; since: string };
export type Operator = { passwordId: number; since: string };

function readOperatorCookie(value: unknown): OperatorCookie | null {
  const cookie = value as Partial<OperatorCookie> | undefined;
  if (!cookie || typeof cookie.sid !== "string" || typeof cookie.passwordId !== "number" || typeof cookie.since !== "string") {
    return null;
  }
  return { sid: cookie.sid, passwordId: cookie.passwordId, since: cookie.since };
}

/**
 * The operator, or null. The cookie must name an open session row of the password it claims: a
 * row is deleted by 'Desconectar', by removing that access password, and refused after 12 h.
 */
export async function getOperator(request: Request, now: Date = new Date()): Promise<Operator | null> {
  const cookie = readOperatorCookie((await getOperatorSession(request)).get(OPERATOR_KEY));
  if (!cookie) return null;
  const open = db
    .select({ id: schema.operatorSessions.id })
    .from(schema.operatorSessions)
    .where(
      and(
        eq(schema.operatorSessions.id, cookie.sid),
        eq(schema.operatorSessions.passwordId, cookie.passwordId),
        gt(schema.operatorSessions.expiresAt, now.getTime()),
      ),
    )
    .get();
  return open ? { passwordId: cookie.passwordId, since: cookie.since } : null;
}

/** Opens a session row for the access password and returns the Set-Cookie value naming it. */
export async function startOperatorSession(request: Request, passwordId: number, now: Date = new Date()): Promise<string> {
  const session = await getOperatorSession(request);
  const previous = readOperatorCookie(session.get(OPERATOR_KEY));
  if (previous) closeOperatorSession(previous.sid);
  const sid = randomBytes(24).toString("base64url");
  db.delete(schema.operatorSessions).where(lte(schema.operatorSessions.expiresAt, now.getTime())).run();
  db.insert(schema.operatorSessions)
    .values({ id: sid, passwordId, expiresAt: now.getTime() + OPERATOR_SESSION_SECONDS * 1000 })
    .run();
  session.set(OPERATOR_KEY, { sid, passwordId, since: now.toISOString() } satisfies OperatorCookie);
  return commitOperator(session);
}

function closeOperatorSession(sid: string): void {
  db.delete(schema.operatorSessions).where(eq(schema.operatorSessions.id, sid)).run();
}

/** Ends the operator session on the server (its row) and returns the Set-Cookie value clearing the cookie. */
export async function endOperatorSession(request: Request): Promise<string> {
  const session = await getOperatorSession(request);
  const cookie = readOperatorCookie(session.get(OPERATOR_KEY));
  if (cookie) closeOperatorSession(cookie.sid);
  return operatorStorage.destroySession(session);
}

// ---- Who is using the tool (decision 069) -------------------------------------------------------

/**
 * The person or password behind a request to the tool: a signed-in staff user whose role holds the
 * "whatsapp" permission, or an operator session opened with an access password.
 */
export type WhatsappActor =
  | { kind: "staff"; userId: number; email: string; roleLabel: string }
  | { kind: "password"; passwordId: number; label: string; since: string };

/**
 * Who uses the tool, or null (the gate). A staff session comes first: a person is accountable, a
 * shared password only names a team. A role without the permission (marketing) is not a way in;
 * it still may pass the gate with an access password like anyone.
 */
export async function getWhatsappActor(request: Request, now: Date = new Date()): Promise<WhatsappActor | null> {
  const staff = await getAdmin(request);
  if (staff && can(staff.role, "whatsapp")) {
    return { kind: "staff", userId: staff.id, email: staff.email, roleLabel: ROLES[staff.role] };
  }
  const operator = await getOperator(request, now);
  if (!operator) return null;
  const row = db
    .select({ label: schema.whatsappPasswords.label })
    .from(schema.whatsappPasswords)
    .where(eq(schema.whatsappPasswords.id, operator.passwordId))
    .get();
  return { kind: "password", passwordId: operator.passwordId, label: row?.label ?? "", since: operator.since };
}

/**
 * What the send log stores of the actor (whatsapp_send_log.sent_by): "usuario:<id>:<e-mail>" or
 * "senha:<id>:<name>". Text, so it outlives a removed user or password.
 */
export function sentByOf(actor: WhatsappActor): string {
  return actor.kind === "staff" ? `usuario:${actor.userId}:${actor.email}` : `senha:${actor.passwordId}:${actor.label}`;
}

/** The pt-BR words for a sent_by value ('Registro de Envios'); "" for none (rows from before it). */
export function describeSentBy(sentBy: string | null): string {
  if (!sentBy) return "";
  const match = /^(usuario|senha):(\d+):(.*)$/s.exec(sentBy);
  if (!match) return "";
  const [, kind, id, name] = match;
  if (kind === "usuario") return name;
  return name ? `Senha #${id} (${name})` : `Senha #${id}`;
}

/**
 * The guard for the tool's resources (log, scripts): the staff user or operator behind the request,
 * or a thrown 401 for API-like requests (`as: "status"`) or a redirect to the gate for documents.
 */
export async function requireOperator(
  request: Request,
  { as = "redirect" }: { as?: "redirect" | "status" } = {},
): Promise<WhatsappActor> {
  const actor = await getWhatsappActor(request);
  if (actor) return actor;
  if (as === "status") {
    throw new Response("Acesso restrito: entre com a senha de acesso em /whatsapp.", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  throw redirect(WHATSAPP_PATH, { headers: { "Cache-Control": "no-store" } });
}
